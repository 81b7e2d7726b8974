import { useEffect, useState } from 'react';
import type { ViewName } from '../../../shared/board/protocol';
import { PROTOCOL_VERSION } from '../../../shared/board/protocol';
import { useApp, useBoard } from '../lib/context';
import { TABS } from '../../../shared/board/tabs';
import { l10n } from '../../../shared/board/l10n';
import { Codicon, IconButton, ProgressBar, Spinner } from '../ui/primitives';
import { Board } from './Board';
import { KeyboardHelp } from './KeyboardHelp';
import { Notices } from './Notices';
import { RecoveryBanners } from './RecoveryBanner';
import { SetupWizard } from './SetupWizard';
import { Triage } from './Triage';
import { UninstallWizard } from './UninstallWizard';

const tabId = (v: ViewName): string => `tab-${v}`;

export function App() {
  const { store } = useApp();
  const view = useBoard((s) => s.ui.view);
  const loaded = useBoard((s) => s.loaded);
  const flagged = useBoard((s) => s.summary.stale + s.summary.orphaned);
  const incompatible = useBoard((s) => s.incompatibleHostVersion);
  const progress = useBoard((s) => s.progress);
  const go = (v: ViewName) => store.getState().setView(v);
  const [helpOpen, setHelpOpen] = useState(false);

  // "?" opens the keyboard help from anywhere (not while typing in a field).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing = (e.target as HTMLElement).closest('vscode-text-field, vscode-text-area, input, textarea');
      if (e.key === '?' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) { e.preventDefault(); setHelpOpen(true); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const active = TABS.find((t) => t.view === view) ?? TABS[0]!;
  // The ARIA tabs pattern: one tab stop (the selected tab), ←/→/Home/End move and switch views.
  const onTabKey = (e: React.KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.view === view);
    const to = e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i + TABS.length - 1) % TABS.length
      : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : -1;
    if (to < 0) return;
    e.preventDefault();
    go(TABS[to]!.view);
    document.getElementById(tabId(TABS[to]!.view))?.focus();
  };

  return (
    // The page's main landmark, named after the selected view; the tab bar is a navigation landmark inside it.
    <main className="app" data-view={view} aria-labelledby={tabId(active.view)}>
      <nav className="tabs" aria-label={l10n.t('Consider views')}>
        <div className="tab-list" role="tablist" onKeyDown={onTabKey}>
          {TABS.map((t) => (
            <button key={t.view} id={tabId(t.view)} type="button" role="tab" aria-selected={view === t.view} tabIndex={view === t.view ? 0 : -1}
              className={`tab${view === t.view ? ' active' : ''}${t.view === 'setup' ? ' push-right' : ''}`}
              onClick={() => go(t.view)} data-testid={`tab-${t.view}`}>
              <Codicon name={t.icon} /> {t.label}
              {t.view === 'triage' && flagged > 0 && <span className="count-pill" data-testid="triage-count">{flagged}</span>}
            </button>
          ))}
        </div>
        <IconButton icon="keyboard" label={l10n.t('Keyboard shortcuts (?)')} onClick={() => setHelpOpen(true)} testId="keyboard-help-open" />
      </nav>
      {helpOpen && <KeyboardHelp onClose={() => setHelpOpen(false)} />}
      {/* The view's heading, for screen readers: the tab bar shows its name. */}
      <h1 className="visually-hidden">{active.label}</h1>
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
    </main>
  );
}
