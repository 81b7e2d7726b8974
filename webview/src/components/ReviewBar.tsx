import { useMemo, useRef, useState } from 'react';
import type { FolderSnapshot, ReviewView } from '../../../shared/board/protocol';
import { useApp, useBoard } from '../lib/context';
import { relativeTime } from '../../../shared/board/time';
import { Button, Codicon, TextField, type TextFieldHandle } from '../ui/primitives';
import { l10n } from '../../../shared/board/l10n';

const comments = (n: number): string => (n === 1 ? l10n.t('1 pending comment') : l10n.t('{0} pending comments', n));

/** The newest submitted round of any folder (each folder numbers its own rounds). */
function latestReview(folders: readonly FolderSnapshot[]): ReviewView | undefined {
  let latest: ReviewView | undefined;
  for (const f of folders) {
    const r = f.reviews?.at(-1);
    if (r && (!latest || r.submittedAt > latest.submittedAt)) latest = r;
  }
  return latest;
}

/**
 * The pending review (docs/agent-loop.md): threads the human has written but not sent to the
 * agent yet. Shown while there are any: an optional overall message, Submit Review, and
 * Discard…, which asks first, here in the page (a second click, as the uninstall wizard does:
 * no round trip to a VS Code dialog), and can still be undone from the notice afterwards.
 */
export function ReviewBar() {
  const { actions } = useApp();
  const pending = useBoard((s) => s.summary.pending);
  const folders = useBoard((s) => s.folders);
  const last = useMemo(() => latestReview(folders), [folders]);
  const [message, setMessage] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const messageRef = useRef<TextFieldHandle>(null);
  if (!pending) return null;

  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    try { await what(); } finally { setBusy(false); }
  };
  const submit = () => run(async () => {
    if (await actions.submitReview(message)) { setMessage(''); messageRef.current?.clear(); }
  });
  const discard = () => run(async () => { setConfirming(false); await actions.discardReview(); });

  return (
    <div className="review-bar" role="region" aria-label={l10n.t('Pending review')} data-testid="review-bar">
      <span className="review-title">
        <Codicon name="git-pull-request-draft" /> <b>{l10n.t('Review:')}</b> <span data-testid="review-count">{comments(pending)}</span>
        {last && (
          // The round's message as a tooltip: an attribute, never markup.
          <span className="muted review-last" title={last.message ? `${last.submittedAt}\n${last.message}` : last.submittedAt} data-testid="review-last">
            {' '}· {l10n.t('round {0} sent {1}', last.round, relativeTime(last.submittedAt))}
          </span>
        )}
      </span>
      {confirming ? (
        <div className="confirm" role="alert" data-testid="review-discard-confirm">
          <Codicon name="warning" /> {l10n.t('Discard {0}? They are deleted; Undo brings them back.', comments(pending))}
          <Button icon="trash" disabled={busy} onClick={() => void discard()} testId="review-discard-yes">{l10n.t('Discard')}</Button>
          <Button appearance="secondary" onClick={() => setConfirming(false)} testId="review-discard-cancel">{l10n.t('Cancel')}</Button>
        </div>
      ) : (
        <>
          <TextField ref={messageRef} value={message} onInput={setMessage} label={l10n.t('Overall review message (optional)')} placeholder={l10n.t('Overall message for the agent (optional)')}
            testId="review-message" onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void submit(); } }} />
          <span className="review-actions">
            <Button icon="send" disabled={busy} onClick={() => void submit()} testId="review-submit" title={l10n.t('Send the pending comments (and the message) to the agent')}>{l10n.t('Submit Review')}</Button>
            <Button appearance="secondary" icon="trash" disabled={busy} onClick={() => setConfirming(true)} testId="review-discard" title={l10n.t('Delete the pending comments (asks first; undoable)')}>{l10n.t('Discard…')}</Button>
          </span>
        </>
      )}
    </div>
  );
}
