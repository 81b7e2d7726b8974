/**
 * Webview entry. Initial data comes from data-* attributes on #root (no inline script, CSP):
 * data-view = the view the command asked for. Saved UI state (vscode.getState) restores
 * filters, selection and scroll; the host's snapshot fills in the data.
 */
import '@vscode/codicons/dist/codicon.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { VIEW_NAMES, type HostMessage, type ViewName } from '../../shared/protocol';
import { App } from './components/App';
import { createActions } from './lib/actions';
import { startBridge } from './lib/bridge';
import { AppContext } from './lib/context';
import { vscodeApi } from './lib/vscodeApi';
import { createBoardStore } from './state/store';
import { migrateUiState } from './state/uiState';
import { registerToolkit } from './ui/toolkit';

registerToolkit();
const rootEl = document.getElementById('root')!;
const requested = rootEl.dataset.view as ViewName | undefined;
const api = vscodeApi();
const saved = migrateUiState(api.getState());
const ui = requested && VIEW_NAMES.includes(requested) ? { ...saved, view: requested } : saved;
const store = createBoardStore(ui);

// Only the UI state is persisted; it survives the panel being hidden and VS Code restarting.
store.subscribe((s, prev) => { if (s.ui !== prev.ui) api.setState(s.ui); });
api.setState(ui);

function onHostMessage(m: HostMessage): void {
  const s = store.getState();
  switch (m.type) {
    case 'host/snapshot': s.applySnapshot(m.folders, m.visibility); break;
    case 'host/visibility': s.setVisibility(m.visibility); break;
    case 'host/view': s.setView(m.view); break;
    case 'host/incompatible': s.setIncompatible(m.hostVersion); break;
    default: break; // responses and progress are handled by the bridge
  }
}

const bridge = startBridge(onHostMessage);
const actions = createActions(bridge, store);
// Every view change (tabs, "next action", empty-state buttons, host/view) is reported once, here.
store.subscribe((s, prev) => { if (s.ui.view !== prev.ui.view) actions.viewChanged(s.ui.view); });
createRoot(rootEl).render(
  <AppContext.Provider value={{ store, bridge, actions }}>
    <App />
  </AppContext.Provider>,
);
