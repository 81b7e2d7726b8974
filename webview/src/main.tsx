/**
 * Webview boot entry: as small as possible, so `webview/ready` goes out before the heavy app
 * code (React, the UI toolkit, Markdown) is even parsed. The bridge keeps what the host sends
 * until the app listens.
 *
 * On the board, the boot script waits a moment for the first snapshot and draws the first
 * screen from it (preview/paintPreview.ts) before the app runs: the threads show up without
 * waiting for the app, and the app's own start-up cannot hold the snapshot up on the main
 * thread. The app starts right after that paint, or after PREVIEW_WAIT_MS without a snapshot
 * (a slow host: the app's loading state then shows), or at once on other views.
 * (The dynamic import inherits this script's CSP nonce; html.ts preloads ./app.js.)
 */
import '@vscode/codicons/dist/codicon.css';
import './styles.css';
import { afterNextPaint } from './lib/afterPaint';
import { startBridge } from './lib/bridge';
import { vscodeApi } from './lib/vscodeApi';
import { paintPreview } from './preview/paintPreview';
import { initialUiState } from './state/uiState';

/** How long the app waits for a snapshot to preview before it starts anyway. */
const PREVIEW_WAIT_MS = 400;

const bridge = startBridge();
const root = document.getElementById('root')!;
const ui = initialUiState(vscodeApi().getState(), root.dataset.view);

let appStarted = false;
function startApp(): void {
  if (appStarted) return;
  appStarted = true;
  void import('./app').then((app) => app.start(bridge, ui));
}

if (ui.view === 'board') {
  bridge.peekEarlySnapshots((snapshot) => {
    if (appStarted) return;
    let painted = false;
    try {
      painted = paintPreview(root, snapshot, ui);
    } catch (e) {
      // Only a head start: without it the app shows the same rows a little later.
      console.warn('[consider] could not draw the preview', e);
      root.replaceChildren();
    }
    // After the frame with the preview is on screen, not before: the app's start-up would delay it.
    if (painted) afterNextPaint(startApp);
    else startApp();
  });
  setTimeout(startApp, PREVIEW_WAIT_MS);
} else {
  startApp();
}
