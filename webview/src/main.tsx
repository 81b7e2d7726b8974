/**
 * Webview boot entry: as small as possible, so `webview/ready` goes out before the heavy app
 * code (React, the UI toolkit, Markdown) is even parsed. The bridge keeps what the host sends
 * until the app listens.
 *
 * On the board, the boot script draws the first screen (preview/) before the app runs: the
 * threads show up without waiting for the app, and the app's own start-up cannot hold them up.
 * It draws, in order of preference:
 *  - the first screen the host put in the page (#root's data-first-screen): at once, with no
 *    round trip at all;
 *  - else the first screen of the first snapshot, if one comes within PREVIEW_WAIT_MS.
 * The app starts right after that paint, or after PREVIEW_WAIT_MS without a snapshot (a slow
 * host: the app's loading state then shows), or at once on other views.
 * (The dynamic import inherits this script's CSP nonce; html.ts preloads ./app.js.)
 */
import '@vscode/codicons/dist/codicon.css';
import './styles.css';
import { afterNextPaint } from './lib/afterPaint';
import { startBridge } from './lib/bridge';
import { vscodeApi } from './lib/vscodeApi';
import { watchWindowLoad } from './lib/windowLoad';
import { firstScreen, usableFirstScreen, type FirstScreen } from './preview/firstScreen';
import { paintPreview } from './preview/paintPreview';
import { initialUiState, type UiState } from './state/uiState';

/** How long the app waits for a snapshot to preview before it starts anyway. */
const PREVIEW_WAIT_MS = 400;

watchWindowLoad();
const bridge = startBridge();
const root = document.getElementById('root')!;
let ui: UiState = initialUiState(vscodeApi().getState(), root.dataset.view);

let appStarted = false;
function startApp(): void {
  if (appStarted) return;
  appStarted = true;
  void import('./app').then((app) => app.start(bridge, ui));
}

/** Draws the preview; false when it could not (the app then shows the same rows a little later). */
function preview(screen: FirstScreen | undefined): boolean {
  if (!screen) return false;
  try {
    paintPreview(root, screen, ui);
    return true;
  } catch (e) {
    console.warn('[consider] could not draw the preview', e);
    root.replaceChildren();
    return false;
  }
}

const embedded = ui.view === 'board' ? usableFirstScreen(root.dataset.firstScreen, ui) : undefined;
if (embedded && preview(embedded)) {
  // Saved at once (the app saves its state only when it starts): this HTML, reloaded, must not draw it again.
  ui = { ...ui, shownFirstScreen: embedded.token };
  vscodeApi().setState(ui);
  // After the frame with the preview is on screen, not before: the app's start-up would delay it.
  afterNextPaint(startApp);
} else if (ui.view === 'board') {
  bridge.peekEarlySnapshots((snapshot) => {
    if (appStarted) return;
    // The window's height bounds the list's: asking the list would force a layout before the paint.
    if (preview(firstScreen(snapshot.folders, snapshot.visibility, ui, window.innerHeight))) afterNextPaint(startApp);
    else startApp();
  });
  setTimeout(startApp, PREVIEW_WAIT_MS);
} else {
  startApp();
}
