import { useApp, useBoard } from '../lib/context';
import { nextAction } from '../state/projection';
import { Button, Codicon } from '../ui/primitives';

/** Compact counts that stay in view, the next useful action, and the store-wide actions. */
export function SummaryBar() {
  const { store, actions } = useApp();
  const s = useBoard((st) => st.summary);
  const busy = useBoard((st) => !!st.progress);
  const next = nextAction(s);
  const setFilter = store.getState().setFilter;
  const doNext = () => {
    if (next.kind === 'triage') store.getState().setView('triage');
    else if (next.kind === 'unseen') setFilter('unseen', true);
    else if (next.kind === 'archive') void actions.archiveResolved();
    else if (next.kind === 'recover') document.querySelector<HTMLElement>('[data-testid="recovery-banner"]')?.scrollIntoView();
  };
  const stat = (icon: string, n: number, label: string, onClick: () => void, cls = '') => (
    <button type="button" className={`stat ${cls}${n ? '' : ' zero'}`} onClick={onClick} title={`Show ${label}`} data-testid={`stat-${label}`}>
      <Codicon name={icon} /> <b>{n}</b> {label}
    </button>
  );
  return (
    <div className="summary-bar" data-testid="summary-bar">
      <div className="stats">
        {stat('circle-large-outline', s.open, 'open', () => setFilter('workflow', 'open'))}
        {stat('eye-closed', s.unseen, 'unseen', () => setFilter('unseen', true), 'unseen')}
        {stat('warning', s.stale, 'stale', () => setFilter('anchor', 'stale'), 'stale')}
        {stat('debug-disconnect', s.orphaned, 'orphaned', () => setFilter('anchor', 'orphaned'), 'orphaned')}
        <span className="muted stat-files">{s.total} threads in {s.files} {s.files === 1 ? 'file' : 'files'}</span>
      </div>
      <div className="summary-actions">
        {next.kind !== 'none' ? (
          <button type="button" className="next-action" onClick={doNext} data-testid="next-action">
            <Codicon name="arrow-right" /> {next.label}
          </button>
        ) : <span className="muted" data-testid="next-action">{next.label}</span>}
        <Button appearance="secondary" icon="sync" disabled={busy} onClick={() => void actions.reconcileAll()} testId="reconcile-all" title="Re-check every thread's anchor against today's files">Reconcile all</Button>
        {next.kind !== 'archive' && <Button appearance="secondary" icon="archive" disabled={busy || s.resolved === 0} onClick={() => void actions.archiveResolved()} testId="archive-resolved" title="Move resolved threads to .consider/archive.json (undoable)">Archive resolved</Button>}
      </div>
    </div>
  );
}
