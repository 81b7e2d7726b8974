import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { useApp, useBoard } from '../lib/context';
import type { Disposition } from '../../../shared/model';
import { DISPOSITION_TITLES, addressedUnchangedTitle, anchorBadge, dispositionWord, pendingTitle, pullRequestBadge } from '../../../shared/board/rowBadges';
import { l10n } from '../../../shared/board/l10n';
import { lineLabel, relativeTime } from '../../../shared/board/time';
import type { Row } from '../../../shared/board/projection';
import { Button, Codicon, Spinner, TextArea, type TextFieldHandle } from '../ui/primitives';
import { Markdown } from './Markdown';
import { CodeSinceWritten } from './CodeSinceWritten';
import { SuggestedMove } from './SuggestedMove';

export interface ThreadDetailHandle { focusReply(): void }

/** The selected thread: the conversation, and reply / resolve / reopen inline. */
export const ThreadDetail = forwardRef<ThreadDetailHandle, { row: Row | undefined }>(function ThreadDetail({ row }, handle) {
  const { actions } = useApp();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const replyRef = useRef<TextFieldHandle>(null);
  const details = useBoard((s) => (row ? s.details.get(row.key) : undefined));
  useImperativeHandle(handle, () => ({ focusReply: () => replyRef.current?.focus() }), []);

  if (!row) {
    return (
      <aside className="detail empty-detail" data-testid="detail">
        <Codicon name="list-selection" />
        <p className="muted">{l10n.t('Select a thread to read it and reply.')}<br />{l10n.t('↑↓ move · Enter opens the code · r reply · x resolve · / search')}</p>
      </aside>
    );
  }
  const t = row.thread;
  const resolved = t.workflowState === 'resolved';
  const send = async () => {
    const body = draft.trim();
    if (!body || sending) return;
    setSending(true);
    const ok = await actions.reply(row, body);
    setSending(false);
    if (ok) { setDraft(''); replyRef.current?.clear(); }
  };

  return (
    <aside className="detail" data-testid="detail" aria-label={l10n.t('Selected thread')}>
      {/* Where the file, the code since written and the conversation are, scrolling as one: on a
          short panel the code and the header scroll away before the conversation shrinks, and the
          reply box below stays on screen. */}
      <div className="detail-scroll">
        <header className="detail-header">
          {t.anchorState === 'orphaned' ? (
          // Its file is gone: no link to open it (it would open nothing), but the way to deal with it.
          <div className="file-link gone" data-testid="detail-file-gone">
            <Codicon name="debug-disconnect" /> <span className="gone-path">{t.file}</span> <span className="muted">{lineLabel(t.startLine, t.endLine)} · {l10n.t('file gone')}</span>
            <button type="button" className="link-button" onClick={() => actions.reveal(row)} data-testid="detail-triage">{l10n.t('Re-anchor in Triage')}</button>
          </div>
        ) : (
          <button type="button" className="link-button file-link" onClick={() => actions.reveal(row)} title={l10n.t('Open in editor')} data-testid="detail-open">
            <Codicon name="go-to-file" /> {t.file} <span className="muted">{lineLabel(t.startLine, t.endLine)}</span>
          </button>
        )}
          <div className="detail-tags">
            {t.pending && <span className="tag pending" data-testid="detail-pending">{pendingTitle()}</span>}
            {t.awaitingCheck && <span className="tag addressed" data-testid="detail-awaiting-check">{l10n.t('addressed, awaiting your check')}</span>}
            {t.addressedUnchanged && <span className="tag unchanged" title={addressedUnchangedTitle()} data-testid="detail-addressed-unchanged">{l10n.t('but its code did not change')}</span>}
            {t.pr && <a className={`tag ${pullRequestBadge(t.pr).cls}`} href={t.pr.url} title={pullRequestBadge(t.pr).title} data-testid="detail-pr">{pullRequestBadge(t.pr).title}</a>}
            {t.removedIn && <span className="tag removed" data-testid="detail-removed">{l10n.t('about code removed since {0}', t.removedIn)}</span>}
            <span className={`tag ${t.workflowState}`}>{t.workflowState === 'open' ? l10n.t('open') : l10n.t('resolved')}</span>
            {t.anchorState !== 'anchored' && <span className={`tag ${anchorBadge(t).cls}`} data-testid="detail-anchor">{anchorBadge(t).label}</span>}
            {t.unseen && <span className="tag unseen">{l10n.t('unseen by agent')}</span>}
          </div>
          {t.reason && t.anchorState !== 'anchored' && <p className="muted reason"><Codicon name="info" /> {t.reason}</p>}
          <SuggestedMove row={row} />
          {t.movedFrom && <p className="muted moved-from" data-testid="detail-moved-from"><Codicon name="move" /> {l10n.t('Moved from {0} {1}: its code moved into this file.', t.movedFrom.file, lineLabel(t.movedFrom.startLine, t.movedFrom.endLine))}</p>}
        </header>
        {details?.code && <CodeSinceWritten code={details.code} onShowChanges={() => actions.showThreadChanges(row)} />}
        <div className="conversation">
          {details ? <>
            <Message author={t.author} prAuthor={t.pr?.via === 'pulled' ? t.pr.author : undefined} at={details.createdAt} body={details.body} />
            {details.replies.map((r) => <Message key={r.id} author={r.author} prAuthor={r.prAuthor} at={r.createdAt} body={r.body} disposition={r.disposition} />)}
          </> : <div className="muted" data-testid="conversation-loading"><Spinner /> {l10n.t('Loading the conversation…')}</div>}
        </div>
      </div>
      {row.otherWorktree ? (
        // Read here, written there (docs/worktrees.md): its store belongs to the session working in that worktree.
        <footer className="reply-box worktree-elsewhere" data-testid="detail-other-worktree">
          <p className="muted"><Codicon name="git-branch" /> {l10n.t('In worktree {0} ({1}). Reply and resolve it in a window open on that worktree; here it is read-only.', row.otherWorktree.branch ?? l10n.t('(detached)'), row.otherWorktree.folder)}</p>
        </footer>
      ) : (
      <footer className="reply-box">
        {resolved ? (
          <p className="muted">{l10n.t('Resolved threads take no replies. Reopen to continue the discussion.')}</p>
        ) : (
          <TextArea ref={replyRef} value={draft} onInput={setDraft} placeholder={l10n.t('Reply… (Ctrl+Enter to send)')} label={l10n.t('Reply')} testId="reply-input"
            onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void send(); } if (e.key === 'Escape') document.querySelector<HTMLElement>('[data-testid="thread-list"]')?.focus(); }} />
        )}
        <div className="reply-actions">
          {!resolved && <Button icon="send" disabled={sending || !draft.trim()} onClick={() => void send()} testId="reply-send">{l10n.t('Reply')}</Button>}
          <Button appearance={resolved ? 'primary' : 'secondary'} icon={resolved ? 'issue-reopened' : 'check'} testId="detail-toggle-state"
            onClick={() => void actions.setState([row], resolved ? 'open' : 'resolved')}>{resolved ? l10n.t('Reopen') : l10n.t('Resolve')}</Button>
        </div>
      </footer>
      )}
    </aside>
  );
});

/** One comment of the conversation; an agent reply that says what the agent did shows it (its disposition). */
function Message({ author, prAuthor, at, body, disposition }: { author: 'human' | 'agent'; prAuthor?: string | undefined; at: string; body: string; disposition?: Disposition | undefined }) {
  return (
    <article className={`message ${author}`} data-testid="message">
      <div className="message-head">
        <Codicon name={author === 'agent' ? 'hubot' : prAuthor !== undefined ? 'github' : 'account'} />
        {/* Written on the pull request by a teammate or a bot: their login, not "You". */}
        <b data-testid="message-author">{author === 'agent' ? l10n.t('Agent') : prAuthor !== undefined ? `@${prAuthor}` : l10n.t('You')}</b>
        <span className="muted" title={at}>{relativeTime(at)}</span>
        {disposition && <span className={`tag ${disposition}`} title={DISPOSITION_TITLES[disposition]} data-testid="message-disposition">{dispositionWord(disposition)}</span>}
      </div>
      <Markdown body={body} />
    </article>
  );
}
