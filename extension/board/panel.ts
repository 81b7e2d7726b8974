/** The one board panel: a VS Code WebviewPanel wired to a BoardSession. */
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { ViewName } from '../../shared/board/protocol';
import { VIEW_NAMES, packHostMessage } from '../../shared/board/protocol';
import { l10nBundle } from '../../shared/board/l10n';
import { buildBoardHtml, inlineStylesheet, makeNonce } from './html';
import type { BoardServices } from './services';
import { BoardSession } from './session';
import { watchStore } from '../store/store-watcher';

export const BOARD_VIEW_TYPE = 'consider.board';

const title = (view: ViewName): string => ({
  board: vscode.l10n.t('Consider: Review Board'), triage: vscode.l10n.t('Consider: Triage'), setup: vscode.l10n.t('Consider: Setup'), uninstall: vscode.l10n.t('Consider: Uninstall'),
})[view];

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    // Only the built webview can be loaded: not the workspace, not the rest of the extension.
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview')],
    enableFindWidget: true,
  };
}

export class BoardPanel {
  readonly session: BoardSession;
  private readonly disposables: vscode.Disposable[] = [];

  /** `savedState`: what VS Code restored the panel with (its webview's last setState), for a restored panel. */
  constructor(readonly panel: vscode.WebviewPanel, extensionUri: vscode.Uri, services: BoardServices, view: ViewName, onDispose: () => void, savedState?: unknown) {
    const webview = panel.webview;
    webview.options = webviewOptions(extensionUri);
    this.session = new BoardSession(services, (m) => { void webview.postMessage(packHostMessage(m)); }, view);
    const assets = vscode.Uri.joinPath(extensionUri, 'dist', 'webview', 'assets');
    const asset = (name: string) => webview.asWebviewUri(vscode.Uri.joinPath(assets, name)).toString();
    // The webview's strings: the bundle VS Code loaded for this extension (none in English), handed over in the page.
    const page = { cspSource: webview.cspSource, scriptUri: asset('index.js'), styles: inlineStylesheet(appStylesheet(assets.fsPath), asset('index.css').replace(/index\.css$/, '')), view, l10n: l10nBundle() };
    const started = performance.now();
    const firstScreen = this.session.firstScreen(savedState);
    webview.html = buildBoardHtml({ ...page, nonce: makeNonce(), firstScreen });
    // How long the panel waited on us before VS Code could load its page (bench/vscode-figures.mjs reads it).
    services.log(`opened the ${view} view: page made in ${Math.round(performance.now() - started)} ms${firstScreen ? ` with a first screen of ${firstScreen.items.filter((it) => it.thread).length} rows of ${firstScreen.summary.total} threads` : ''}`);
    panel.title = title(view);
    // Once the HTML is on its way: the snapshot is serialised while the page loads, not after `ready`.
    setTimeout(() => this.session.prepareFirstSnapshot(), 0);
    this.session.onViewChanged = (v) => { panel.title = title(v); };
    this.disposables.push(
      webview.onDidReceiveMessage((m: unknown) => { void this.session.receive(m); }),
      panel.onDidDispose(() => { this.dispose(); onDispose(); }),
      // Other worktrees are read when the board opens (ready), when it is shown again, and when one of their stores changes: never per keystroke.
      panel.onDidChangeViewState(() => { if (panel.visible && this.session.isReady) void this.session.refreshWorktrees(); }),
      { dispose: () => this.watchWorktreeStores([], services) },
    );
    this.session.onWorktreesRead = (others) => this.watchWorktreeStores(others.map((f) => f.root), services);
    if (firstScreen) {
      // A hidden panel's page is gone; VS Code loads its HTML again when it is shown. By then the
      // first screen in it is out of date: it gets a page without one, which draws from the
      // first snapshot instead (webview/src/main.tsx). Once is enough.
      const onHidden = panel.onDidChangeViewState(() => {
        if (panel.visible) return;
        onHidden.dispose();
        webview.html = buildBoardHtml({ ...page, nonce: makeNonce() });
      });
      this.disposables.push(onHidden);
    }
  }

  private worktreeWatchers = new Map<string, { watcher: vscode.Disposable; mtime: number }>();

  /**
   * Watches the store file of each other worktree the board shows (folders git listed). A change
   * that only our own read wrote back (same modification time as after that read) is not news.
   */
  private watchWorktreeStores(roots: readonly string[], services: BoardServices): void {
    const wanted = new Set(roots);
    for (const [root, w] of this.worktreeWatchers) if (!wanted.has(root)) { w.watcher.dispose(); this.worktreeWatchers.delete(root); }
    for (const root of roots) {
      const mtime = storeMtime(root);
      const known = this.worktreeWatchers.get(root);
      if (known) { known.mtime = mtime; continue; }
      const entry = { watcher: { dispose: () => {} } as vscode.Disposable, mtime };
      // The extension's own store watcher (fs.watch on `.consider/` sees the CLI's atomic rename at once).
      entry.watcher = watchStore(root, () => {
        const now = storeMtime(root);
        services.log(`worktree store ${now === entry.mtime ? 'rewritten by our read' : 'changed'}: ${root}`);
        if (now !== entry.mtime) void this.session.refreshWorktrees();
      });
      this.worktreeWatchers.set(root, entry);
    }
  }

  show(view?: ViewName): void {
    this.panel.reveal(undefined, false);
    if (view) this.session.showView(view);
  }

  dispose(): void {
    this.session.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

function storeMtime(root: string): number {
  try { return fs.statSync(path.join(root, '.consider', 'store.json')).mtimeMs; } catch { return -1; }
}

const stylesheets = new Map<string, string>();
/** The built webview's stylesheet (read once: it changes only with the extension). */
function appStylesheet(assetsDir: string): string {
  const file = path.join(assetsDir, 'index.css');
  let css = stylesheets.get(file);
  if (css === undefined) stylesheets.set(file, (css = fs.readFileSync(file, 'utf8')));
  return css;
}

/** The view a restored panel should show, from the webview's own saved UI state. */
export function viewFromState(state: unknown): ViewName {
  const v = (state as { view?: unknown } | undefined)?.view;
  return typeof v === 'string' && (VIEW_NAMES as readonly string[]).includes(v) ? (v as ViewName) : 'board';
}
