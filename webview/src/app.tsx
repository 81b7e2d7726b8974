/**
 * The app, loaded by the boot entry (main.tsx) once `ready` is on its way (and the preview of
 * the first screen is painted, when there is one). `ui` is the state the page starts from
 * (saved filters, selection, scroll, in the view the command asked for: uiState.ts
 * initialUiState); the host's snapshot fills in the data. The first render replaces the preview.
 */
import { createRoot } from 'react-dom/client';
import type { HostMessage } from '../../shared/board/protocol';
import { App } from './components/App';
import { createActions } from './lib/actions';
import type { Bridge } from './lib/bridge';
import { AppContext } from './lib/context';
import { createDetailsLoader } from './lib/details';
import { vscodeApi } from './lib/vscodeApi';
import { createBoardStore } from './state/store';
import type { UiState } from '../../shared/board/uiState';
import { registerToolkit } from './ui/toolkit';

export function start(bridge: Bridge, ui: UiState): void {
  registerToolkit();
  const rootEl = document.getElementById('root')!;
  const api = vscodeApi();
  const store = createBoardStore(ui);

  // Only the UI state is persisted; it survives the panel being hidden and VS Code restarting.
  store.subscribe((s, prev) => { if (s.ui !== prev.ui) api.setState(s.ui); });
  api.setState(ui);

  const details = createDetailsLoader(bridge, store);
  function onHostMessage(m: HostMessage): void {
    const s = store.getState();
    switch (m.type) {
      case 'host/snapshot':
        s.applySnapshot(m.folders, m.visibility);
        if (m.details) details.received(m.details); // an update: the conversations came along
        else details.snapshotApplied(); // the first snapshot: ask for them once it is painted
        break;
      case 'host/visibility': s.setVisibility(m.visibility); break;
      case 'host/view': s.setView(m.view); break;
      case 'host/incompatible': s.setIncompatible(m.hostVersion); break;
      default: break; // responses and progress are handled by the bridge
    }
  }

  bridge.listen(onHostMessage);
  const actions = createActions(bridge, store);
  // Every view change (tabs, "next action", empty-state buttons, host/view) is reported once, here.
  store.subscribe((s, prev) => { if (s.ui.view !== prev.ui.view) actions.viewChanged(s.ui.view); });
  createRoot(rootEl).render(
    <AppContext.Provider value={{ store, bridge, actions }}>
      <App />
    </AppContext.Provider>,
  );
}
