/**
 * Webview boot entry: as small as possible, so `webview/ready` goes out before the heavy app
 * code (React, the UI toolkit, Markdown) is even parsed. The bridge keeps what the host sends
 * until the app listens.
 *
 * On the board, the first screen (preview/) is on screen before the app runs: the threads show
 * up without waiting for the app, and the app's own start-up cannot hold them up. It is, in
 * order of preference:
 *  - the first screen the host wrote into the page (previewHtml.ts), painted as the page was
 *    parsed, before this script even loaded; kept if it is this page's (usablePagePreview);
 *  - else the first screen of the first snapshot, drawn here if one comes within PREVIEW_WAIT_MS.
 * The app starts right after that paint, or after PREVIEW_WAIT_MS without a snapshot (a slow
 * host: the app's loading state then shows), or at once on other views.
 * (The dynamic import inherits this script's CSP nonce.)
 */
import '@vscode/codicons/dist/codicon.css';
import './styles.css';
import { afterNextPaint } from './lib/afterPaint';
import { startBridge } from './lib/bridge';
import { vscodeApi } from './lib/vscodeApi';
import { watchWindowLoad } from './lib/windowLoad';
import { loadPageBundle } from './lib/l10n';
import { firstScreen, usablePagePreview, type FirstScreen } from '../../shared/board/firstScreen';
import { paintPreview } from './preview/paintPreview';
import { initialUiState, type UiState } from '../../shared/board/uiState';

/** How long the app waits for a snapshot to preview before it starts anyway. */
const PREVIEW_WAIT_MS = 400;

watchWindowLoad();
const bridge = startBridge();
const root = document.getElementById('root')!;
// Before anything draws a word: the strings of the user's language (lib/l10n.ts).
loadPageBundle(root);
let ui: UiState = initialUiState(vscodeApi().getState(), root.dataset.view);

let appStarted = false;
function startApp(): void {
  if (appStarted) return;
  appStarted = true;
  void import('./app').then((app) => app.start(bridge, ui));
}

/** Draws the preview from a snapshot; false when it could not (the app then shows the same rows a little later). */
function preview(screen: FirstScreen | undefined): boolean {
  if (!screen) return false;
  try {
    paintPreview(root, screen);
    return true;
  } catch (e) {
    console.warn('[consider] could not draw the preview', e);
    root.replaceChildren();
    return false;
  }
}

// The first screen the host wrote into the page (previewHtml.ts), already painted or about to be.
const pagePreview = root.querySelector<HTMLElement>('[data-testid="board-preview"]');
const keptToken = pagePreview && usablePagePreview(pagePreview.dataset, ui) ? pagePreview.dataset.token : undefined;
// What this page load found, for the tests and benchmarks that look from outside (it outlives the preview).
document.documentElement.dataset.pagePreview = keptToken ? 'kept' : pagePreview ? 'refused' : 'none';
if (keptToken) {
  // Saved at once (the app saves its state only when it starts): this HTML, reloaded, must not keep it again.
  ui = { ...ui, shownFirstScreen: keptToken };
  vscodeApi().setState(ui);
  // After the frame with the preview is on screen, not before: the app's start-up would delay it.
  afterNextPaint(startApp);
} else if (ui.view === 'board') {
  // An old page's first screen (a panel shown again): the threads may have changed since.
  root.replaceChildren();
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
