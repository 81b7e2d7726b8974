import { useApp, useBoard } from '../lib/context';
import { SUMMARY_STATS, threadsInFiles, type StatKey } from '../../../shared/board/summaryStats';
import { nextAction } from '../../../shared/board/projection';
import { Button, Codicon } from '../ui/primitives';
import { l10n } from '../../../shared/board/l10n';

/** Compact counts that stay in view, the next useful action, and the store-wide actions. */
export function SummaryBar() {
  const { store, actions } = useApp();
  const s = useBoard((st) => st.summary);
  const busy = useBoard((st) => !!st.progress);
  const next = nextAction(s);
  const setFilter = store.getState().setFilter;
  const doNext = () => {
    if (next.kind === 'triage') store.getState().setView('triage');
    else if (next.kind === 'check') setFilter('awaitingCheck', true);
    else if (next.kind === 'unseen') setFilter('unseen', true);
    else if (next.kind === 'archive') void actions.archiveResolved();
    else if (next.kind === 'recover') document.querySelector<HTMLElement>('[data-testid="recovery-banner"]')?.scrollIntoView();
  };
  const show: Record<StatKey, () => void> = {
    open: () => setFilter('workflow', 'open'),
    unseen: () => setFilter('unseen', true),
    awaitingCheck: () => setFilter('awaitingCheck', true),
    stale: () => setFilter('anchor', 'stale'),
    orphaned: () => setFilter('anchor', 'orphaned'),
  };
  return (
    <div className="summary-bar" data-testid="summary-bar">
      <div className="stats">
        {SUMMARY_STATS.map(({ key, label, icon, cls }) => (
          <button key={key} type="button" className={`stat ${cls}${s[key] ? '' : ' zero'}`} onClick={show[key]} title={l10n.t('Show {0}', label)} data-testid={`stat-${key}`}>
            <Codicon name={icon} /> <b>{s[key]}</b> {label}
          </button>
        ))}
        <span className="muted stat-files">{threadsInFiles(s)}</span>
      </div>
      <div className="summary-actions">
        {next.kind !== 'none' ? (
          <button type="button" className="next-action" onClick={doNext} data-testid="next-action">
            <Codicon name="arrow-right" /> {next.label}
          </button>
        ) : <span className="muted" data-testid="next-action">{next.label}</span>}
        <Button appearance="secondary" icon="sync" disabled={busy} onClick={() => void actions.reconcileAll()} testId="reconcile-all" title={l10n.t('Re-check every thread\'s anchor against today\'s files')}>{l10n.t('Reconcile all')}</Button>
        <Button appearance="secondary" icon="copy" onClick={() => void actions.copyDigest()} testId="copy-digest" title={l10n.t('Copy the review digest: the whole review as one Markdown page, for a new agent session or a teammate')}>{l10n.t('Digest')}</Button>
        {next.kind !== 'archive' && <Button appearance="secondary" icon="archive" disabled={busy || s.resolved === 0} onClick={() => void actions.archiveResolved()} testId="archive-resolved" title={l10n.t('Move resolved threads to .consider/archive.json (undoable)')}>{l10n.t('Archive resolved')}</Button>}
      </div>
    </div>
  );
}
