/**
 * The small fake host for Playwright: it serves the BUILT webview (dist/webview) in a page
 * made by the extension's own buildBoardHtml (same CSP), injects an `acquireVsCodeApi` that
 * forwards to Node, and answers with the REAL BoardSession (extension/board/session.ts) over
 * the REAL store and setup modules on a temporary workspace. Only the VS Code surface is
 * fake: folders come from readStore, reveals/links/selection are recorded.
 * Transport: page → host through a Playwright binding; host → page as JSON over a WebSocket,
 * parsed and `window.postMessage`d in the page as VS Code does (host-channel.ts). The one
 * addition to the extension's CSP is `connect-src` for that socket: in VS Code the messages
 * travel outside the webview's document, so its policy never has to allow them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { FolderStoreState, Visibility } from '../../extension/api';
import { buildBoardHtml, inlineStylesheet, makeNonce } from '../../extension/board/html';
import type { L10nBundle } from '../../shared/board/l10n';
import type { BoardServices, ChangeProgress } from '../../extension/board/services';
import { BoardSession } from '../../extension/board/session';
import { readOtherWorktrees } from '../../extension/board/worktrees';
import * as setupApi from '../../setup';
import { packHostMessage, type HostMessage, type ViewName } from '../../shared/board/protocol';
import * as storeApi from '../../shared';
import { HostChannel, acceptHostChannels, channelPath, channelSource } from './host-channel';

const repo = path.resolve(__dirname, '../..');
const webviewDist = path.join(repo, 'dist/webview');
const themesDir = path.join(__dirname, 'themes');

export type Theme = 'light' | 'dark' | 'high-contrast';
const BODY_CLASS: Record<Theme, string> = { light: 'vscode-light', dark: 'vscode-dark', 'high-contrast': 'vscode-high-contrast' };

const MIME: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.ttf': 'font/ttf', '.html': 'text/html' };

/**
 * The board pages of this process's fake hosts, by id. Each is built on its first request, so
 * the host's work on the HTML (the first screen) happens inside the page's navigation as it
 * does when VS Code opens a panel; a reload gets the very same HTML, as a VS Code panel that is
 * hidden and shown again does.
 */
const pages = new Map<string, { render(origin: string): string; html?: string; loading(): void }>();
let pageCount = 0;

const themeCss = (theme: Theme): string => fs.readFileSync(path.join(themesDir, `${theme}.css`), 'utf8');

/** Serves the fake hosts' pages (see `pages`) and dist/webview/assets. */
export async function startServer(): Promise<{ origin: string; close(): Promise<void> }> {
  if (!fs.existsSync(path.join(webviewDist, 'assets/index.js'))) throw new Error('dist/webview is not built: run `node scripts/build.mjs` first');
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/favicon.ico') { res.writeHead(204).end(); return; }
    if (url.pathname === '/board.html') {
      const page = pages.get(url.searchParams.get('page') ?? '');
      if (!page) { res.writeHead(404).end(); return; }
      page.loading();
      page.html ??= page.render(`http://${req.headers.host}`);
      res.writeHead(200, { 'content-type': 'text/html' }).end(page.html);
      return;
    }
    const file = url.pathname.startsWith('/assets/') ? path.join(webviewDist, 'assets', path.basename(url.pathname)) : undefined;
    if (!file || !fs.existsSync(file)) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
  });
  const closeChannels = acceptHostChannels(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((r) => { closeChannels(); server.close(() => r()); }) };
}

export interface FakeHostOptions {
  /** Workspace folders (absolute roots); default: one fresh temp folder. */
  roots?: string[];
  /** Serve these folder states instead of reading stores (benchmarks). */
  staticFolders?: FolderStoreState[];
  /** Keep the webview's `thread/details` requests from the session until releaseDetails(). */
  holdDetails?: boolean;
  /** The string bundle the page carries, as BoardPanel passes VS Code's (l10n.spec.ts: the pseudo-locale). */
  l10n?: L10nBundle;
  /** Read the repository's other git worktrees as the extension does (extension/board/worktrees.ts); off by default. */
  worktrees?: boolean;
}

export class FakeHost {
  readonly roots: string[];
  readonly home: string;
  /** Every message the webview posted, valid or not, in order. */
  readonly received: unknown[] = [];
  /** Every message the session posted to the webview. */
  readonly sent: HostMessage[] = [];
  readonly revealed: { root: string; id: string }[] = [];
  readonly openedLinks: string[] = [];
  readonly openedFiles: string[] = [];
  /** Files of other worktrees opened at a line (BoardServices.openFileAt). */
  readonly openedAt: { abs: string; line: number }[] = [];
  readonly logs: string[] = [];
  /** What Copy digest put on the clipboard, in order. */
  readonly clipboard: string[] = [];
  selection: { file: string; startLine: number; endLine: number } | undefined;
  /** Submit Review's session question, as the user answers it (BoardServices.askSession); unset: never asked. */
  askSession: BoardServices['askSession'];
  /** What the Changes view would count per folder (review per change), as the extension's HunkReview reports it. */
  readonly changeProgress = new Map<string, ChangeProgress>();
  private vis: Visibility = { showResolved: true, showStale: true };
  private cache = new Map<string, FolderStoreState>();
  session?: BoardSession;
  private readonly channel = new HostChannel();
  private held: unknown[] | undefined;
  private readonly pageIds: string[] = [];
  private outbox: string[] | undefined;

  constructor(private readonly opts: FakeHostOptions = {}) {
    this.roots = opts.roots ?? [fs.mkdtempSync(path.join(os.tmpdir(), 'consider-board-'))];
    if (opts.holdDetails) this.held = [];
    this.home = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-home-'));
    for (const r of this.roots) this.read(r);
  }

  private read(root: string): void {
    const name = path.basename(root);
    try {
      const r = storeApi.readStore(root);
      this.cache.set(root, { root, name, ...(r.exists ? { store: r.store } : {}), ...(r.readOnlyReason ? { readOnlyReason: r.readOnlyReason } : {}) });
    } catch (e) {
      const err = e as { code?: string; message: string; hint?: string };
      this.cache.set(root, { root, name, error: { code: err.code ?? 'io', message: err.message, ...(err.hint ? { hint: err.hint } : {}) } });
    }
  }

  services(): BoardServices {
    return {
      host: {
        folders: () => this.opts.staticFolders ?? this.roots.map((r) => this.cache.get(r)!),
        visibility: () => this.vis,
        setVisibility: async (v) => { this.vis = { ...this.vis, ...v }; },
        refresh: async (root) => { this.read(root); },
        revealThread: async (root, id) => { this.revealed.push({ root, id }); },
        currentSelection: () => this.selection,
      },
      store: storeApi,
      setup: setupApi,
      documentText: (root, rel) => { try { return fs.readFileSync(path.join(root, rel), 'utf8'); } catch { return undefined; } },
      openExternal: (url) => { this.openedLinks.push(url); },
      openFile: (abs) => { this.openedFiles.push(abs); },
      ...(this.opts.worktrees ? { readWorktrees: (roots: readonly string[]) => readOtherWorktrees(roots), openFileAt: (abs: string, line: number) => { this.openedAt.push({ abs, line }); } } : {}),
      home: this.home,
      runtimeDir: path.join(repo, 'dist/runtime'),
      skillsDir: path.join(repo, 'skills'),
      log: (line) => { this.logs.push(line); },
      changeProgress: (root) => this.changeProgress.get(root),
      askSession: (root) => this.askSession?.(root) ?? Promise.resolve(undefined),
      // As the extension's command does: the built CLI's page for the (first) folder.
      copyDigest: async () => {
        const root = this.roots[0]!;
        const r = spawnSync(process.execPath, [path.join(repo, 'dist/runtime/bin/consider-cli.cjs'), 'digest', '--root', root], { encoding: 'utf8' });
        if (r.status !== 0) throw new Error(r.stderr.trim() || `consider-cli digest exited ${r.status}`);
        this.clipboard.push(r.stdout);
        const store = this.cache.get(root)?.store;
        return { chars: r.stdout.length, pendingLeftOut: store ? storeApi.pendingThreads(store).length : 0 };
      },
    };
  }

  /**
   * Opens the board in `page` at `view` and waits for the handshake's first snapshot, and for
   * the conversations the webview asks for once it is painted (`thread/details`), so a test
   * starts from a settled page. `settle: false` returns once the page has loaded, without
   * querying the page (the benchmark: Playwright's in-page queries would cost the page time).
   */
  async open(page: Page, origin: string, { view = 'board', theme = 'dark', settle = true, waitUntil = 'load' }: { view?: ViewName; theme?: Theme; settle?: boolean; waitUntil?: 'load' | 'commit' } = {}): Promise<void> {
    this.session = new BoardSession(this.services(), (m) => this.deliver(m), view);
    await page.exposeBinding('__considerPost', (_src, m: unknown) => {
      this.received.push(m);
      if (this.held && (m as { type?: unknown } | null)?.type === 'thread/details') this.held.push(m);
      else void this.session?.receive(m);
    });
    // The VS Code webview API as the page sees it. The state lives in window.name, which
    // survives a reload (VS Code restoring a hidden panel) and, like VS Code's getState, costs
    // nothing to read: sessionStorage's first access took ~20 ms of the board's first paint.
    // Host messages arrive on the channel.
    await page.addInitScript((channel: string) => {
      const socket = new WebSocket(`ws://${location.host}${channel}`);
      socket.onmessage = (e: MessageEvent<string>) => window.postMessage(JSON.parse(e.data), '*');
      const w = window as unknown as { acquireVsCodeApi: () => unknown; __considerPost: (m: unknown) => void };
      w.acquireVsCodeApi = () => ({
        postMessage: (m: unknown) => w.__considerPost(m),
        getState: () => (window.name ? JSON.parse(window.name) : undefined),
        setState: (s: unknown) => { window.name = JSON.stringify(s); },
      });
    }, channelPath(this.channel.id));
    const id = `p${++pageCount}`;
    this.pageIds.push(id);
    pages.set(id, { render: (pageOrigin) => this.pageHtml(pageOrigin, view, theme), loading: () => this.channel.detach() });
    await page.goto(`${origin}/board.html?page=${id}`, { waitUntil });
    if (!settle) return;
    await page.locator('[data-testid="loading"]').waitFor({ state: 'detached' });
    if (!this.held) await this.detailsAnswered();
  }

  /** The page as BoardPanel makes it (a new panel: no saved state), plus what VS Code adds to every webview. */
  private pageHtml(origin: string, view: ViewName, theme: Theme): string {
    const session = this.session!;
    let html = buildBoardHtml({
      cspSource: origin, nonce: makeNonce(), scriptUri: `${origin}/assets/index.js`,
      styles: inlineStylesheet(fs.readFileSync(path.join(webviewDist, 'assets/index.css'), 'utf8'), `${origin}/assets/`), view,
      firstScreen: session.firstScreen(undefined), ...(this.opts.l10n ? { l10n: this.opts.l10n } : {}),
    });
    setTimeout(() => session.prepareFirstSnapshot(), 0); // as BoardPanel does once the HTML is set
    html = html.replace("default-src 'none';", `default-src 'none'; connect-src ${channelSource(origin)};`);
    // The theme's variables, in the page as VS Code puts them (a <style> ahead of the page's
    // own head, so its CSP does not apply), and the body class.
    return html.replace('<head>', `<head>\n<style id="_defaultStyles">\n${themeCss(theme)}</style>`)
      .replace('<body>', `<body class="${BODY_CLASS[theme]}" data-vscode-theme-kind="${BODY_CLASS[theme]}">`);
  }

  /** From now on keeps everything the session posts to the webview until releaseMessages(). */
  holdMessages(): void { this.outbox ??= []; }

  /** Delivers the held messages, in order, and all later ones at once. */
  releaseMessages(): void {
    const held = this.outbox ?? [];
    this.outbox = undefined;
    for (const m of held) this.channel.send(m);
  }

  /** From now on keeps the webview's `thread/details` requests until releaseDetails(). */
  holdDetails(): void { this.held ??= []; }

  /** Lets the held `thread/details` requests through (and any later ones). */
  releaseDetails(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const m of held) void this.session?.receive(m);
  }

  /** Resolves once the host has answered a `thread/details` request (polls the message logs). */
  async detailsAnswered(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const asked = new Set(this.messages<{ requestId: string }>('thread/details').map((m) => m.requestId));
      if (this.sent.some((m) => m.type === 'host/response' && asked.has(m.requestId))) return;
      if (Date.now() > deadline) throw new Error('the webview never received the conversations (thread/details)');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  private deliver(m: HostMessage): void {
    this.sent.push(m);
    const wire = JSON.stringify(packHostMessage(m)); // as BoardPanel posts it
    if (this.outbox) this.outbox.push(wire);
    else this.channel.send(wire);
  }

  /** Simulates the store watcher: re-read every folder and push a snapshot. */
  storesChanged(): void {
    for (const r of this.roots) this.read(r);
    this.session?.pushSnapshot();
  }

  /** Messages of one type the webview posted. */
  messages<T = Record<string, unknown>>(type: string): T[] {
    return this.received.filter((m) => (m as { type?: string }).type === type) as T[];
  }

  cleanup(): void {
    for (const id of this.pageIds) pages.delete(id);
    this.channel.close();
    for (const d of [...(this.opts.roots ? [] : this.roots), this.home]) fs.rmSync(d, { recursive: true, force: true });
  }
}
