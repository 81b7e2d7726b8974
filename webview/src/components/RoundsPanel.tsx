import { useMemo, useState } from 'react';
import type { ReviewView } from '../../../shared/board/protocol';
import { relativeTime } from '../../../shared/board/time';
import { countOf, l10n } from '../../../shared/board/l10n';
import { sessionLabel } from '../../../shared/board/session-label';
import { useApp, useBoard } from '../lib/context';
import { Button, Codicon } from '../ui/primitives';

interface RoundRow { readonly root: string; readonly folderName: string; readonly r: ReviewView }

/** What the agent did with a round's threads: "2 addressed, 1 declined · 1 open". */
function outcome(r: ReviewView): string {
  const parts: string[] = [];
  const d = r.dispositions;
  const words = { addressed: (n: number) => l10n.t('{0} addressed', n), declined: (n: number) => l10n.t('{0} declined', n), question: (n: number) => l10n.t('{0} question', n) };
  if (d) for (const k of ['addressed', 'declined', 'question'] as const) if (d[k]) parts.push(words[k](d[k]));
  const open = r.open !== undefined ? l10n.t('{0} open', r.open) : '';
  return [parts.join(', '), open].filter(Boolean).join(' · ');
}

/** Whom an addressed round is for, and what its session last did here: "for claude 1a2b3c4d · working now". */
function Addressee({ to }: { to: NonNullable<ReviewView['forSession']> }) {
  const state = to.working ? l10n.t('working now') : to.lastActedAt ? l10n.t('last acted {0}', relativeTime(to.lastActedAt)) : l10n.t('no turn of it recorded here');
  return (
    <span className="round-addressee" data-testid="round-addressee" title={l10n.t('Only this agent session is shown the round ({0})', to.session)}>
      {' · '}<Codicon name="person" /> {l10n.t('for {0}', sessionLabel(to.session))} <span className="muted">({state})</span>
    </span>
  );
}

/**
 * The submitted review rounds (newest first): when, how many comments, what the agent did
 * with them, how many of the changes since it are reviewed (when the Changes view counts from
 * it: extension/board/snapshot.ts withRoundProgress), the overall message, and "Changes since
 * this round", which opens the Changes view on the capture taken at that submit. Folded to one
 * line until opened.
 */
export function RoundsPanel() {
  const { actions } = useApp();
  const folders = useBoard((s) => s.folders);
  const [open, setOpen] = useState(false);
  const rounds = useMemo(() => {
    const all: RoundRow[] = [];
    for (const f of folders) for (const r of f.reviews ?? []) all.push({ root: f.root, folderName: f.name, r });
    return all.sort((a, b) => (a.r.submittedAt < b.r.submittedAt ? 1 : a.r.submittedAt > b.r.submittedAt ? -1 : 0));
  }, [folders]);
  if (!rounds.length) return null;
  const multi = folders.length > 1;
  return (
    <div className={`rounds${open ? ' open' : ''}`} role="region" aria-label={l10n.t('Review rounds')} data-testid="rounds">
      <button type="button" className="rounds-toggle" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="rounds-toggle">
        <Codicon name={open ? 'chevron-down' : 'chevron-right'} /> <b>{l10n.t('Review rounds')}</b>
        <span className="muted"> · {l10n.t('{0}, the last {1}', countOf(rounds.length, l10n.t('{0} round'), l10n.t('{0} rounds')), relativeTime(rounds[0]!.r.submittedAt))}</span>
      </button>
      {open && (
        <ol className="rounds-list">
          {rounds.map(({ root, folderName, r }) => (
            <li key={`${root}\u0000${r.round}`} className="round" data-testid="round" data-round={r.round}>
              <div className="round-head">
                <b>{l10n.t('Round {0}', r.round)}</b>{multi && <span className="muted"> · {folderName}</span>}
                <span className="muted" title={r.submittedAt}> · {relativeTime(r.submittedAt)}</span>
                <span className="muted"> · {countOf(r.threads, l10n.t('{0} comment'), l10n.t('{0} comments'))}</span>
                {r.forSession && <Addressee to={r.forSession} />}
                {outcome(r) && <span className="round-outcome"> · {outcome(r)}</span>}
                {r.changes && (
                  <span className="round-progress" data-testid="round-progress" title={l10n.t('Changes since this round marked reviewed in the Changes view (or in files ticked Viewed)')}>
                    {' · '}{l10n.t('{0} of {1} changes reviewed', r.changes.reviewed, r.changes.total)}
                  </span>
                )}
                <span className="round-actions">
                  {r.forSession && (
                    <Button appearance="secondary" icon="broadcast" onClick={() => void actions.sendRoundToAnySession(root, r.round)} testId="round-send-any" title={l10n.t('Let whichever agent session stops or waits first receive this round (use it when the session it was for has ended)')}>{l10n.t('Send to any session')}</Button>
                  )}
                  {r.hasBaseline
                    ? <Button appearance="secondary" icon="diff-multiple" onClick={() => actions.showChangesSince(root, r.round)} testId="round-changes" title={l10n.t('Open the Changes view on the files as they were when this round was submitted')}>{l10n.t('Changes since this round')}</Button>
                    : <span className="muted" title={l10n.t('Rounds submitted before Consider captured the workspace, or older than the 20 newest, keep no baseline')}>{l10n.t('no baseline kept')}</span>}
                </span>
              </div>
              {r.message && <p className="round-message" data-testid="round-message">{r.message}</p>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
