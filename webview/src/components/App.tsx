import type { ViewName } from '../../../shared/board/protocol';
import { PROTOCOL_VERSION } from '../../../shared/board/protocol';
import { useApp, useBoard } from '../lib/context';
import { TABS } from '../../../shared/board/tabs';
import { l10n } from '../../../shared/board/l10n';
import { Codicon, ProgressBar, Spinner } from '../ui/primitives';
import { Board } from './Board';
import { Notices } from './Notices';
import { RecoveryBanners } from './RecoveryBanner';
import { SetupWizard } from './SetupWizard';
import { Triage } from './Triage';
import { UninstallWizard } from './UninstallWizard';

export function App() {
  const { store } = useApp();
  const view = useBoard((s) => s.ui.view);
  const loaded = useBoard((s) => s.loaded);
  const flagged = useBoard((s) => s.summary.stale + s.summary.orphaned);
  const incompatible = useBoard((s) => s.incompatibleHostVersion);
  const progress = useBoard((s) => s.progress);
  const go = (v: ViewName) => store.getState().setView(v);

  return (
    <div className="app" data-view={view}>
      <nav className="tabs" role="tablist" aria-label={l10n.t('Consider views')}>
        {TABS.map((t) => (
          <button key={t.view} type="button" role="tab" aria-selected={view === t.view} className={`tab${view === t.view ? ' active' : ''}${t.view === 'setup' ? ' push-right' : ''}`}
            onClick={() => go(t.view)} data-testid={`tab-${t.view}`}>
            <Codicon name={t.icon} /> {t.label}
            {t.view === 'triage' && flagged > 0 && <span className="count-pill" data-testid="triage-count">{flagged}</span>}
          </button>
        ))}
      </nav>
      {incompatible !== undefined && (
        <div className="banner error" role="alert">
          <Codicon name="error" /> {l10n.t('This panel speaks protocol {0} but the extension speaks {1}. Close and reopen the board to load the matching version.', PROTOCOL_VERSION, incompatible)}
        </div>
      )}
      <RecoveryBanners />
      {progress && <ProgressBar done={progress.done} total={progress.total} label={progress.label} />}
      <Notices />
      {!loaded ? (
        <div className="empty" data-testid="loading"><Spinner /> {l10n.t('Loading review threads…')}</div>
      ) : view === 'board' ? <Board /> : view === 'triage' ? <Triage /> : view === 'setup' ? <SetupWizard /> : <UninstallWizard />}
    </div>
  );
}
