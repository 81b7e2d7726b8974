/**
 * One connection between the host and a board webview, free of `vscode` so tests and the e2e
 * fake host run the same code:
 *  - the `ready` handshake: nothing is posted until the webview says ready with our
 *    PROTOCOL_VERSION (queued meanwhile; snapshots coalesce to the newest);
 *  - every inbound message is validated (parseWebviewMessage) and logged+ignored when bad;
 *  - requests are routed to the handler of their scope and answered with one `host/response`.
 */
import {
  PROTOCOL_VERSION, isSafeLink, parseWebviewMessage, prepareFolders,
  type HostMessage, type RequestType, type ViewName, type WebviewMessage, type WebviewRequest,
} from '../../shared/board/protocol';
import { HOST_SCREEN_HEIGHT, firstScreen, type FirstScreen } from '../../shared/board/firstScreen';
import { initialUiState } from '../../shared/board/uiState';
import type { FolderStoreState } from '../api';
import { anchorHandlers } from './handlers/anchor';
import { BoardError, message, type HandlerContext, type Handlers } from './handlers/context';
import { makeNonce } from './html';
import { reviewHandlers } from './handlers/review';
import { setupHandlers } from './handlers/setup';
import { storeHandlers } from './handlers/store';
import { threadHandlers } from './handlers/thread';
import type { BoardServices } from './services';
import { SnapshotDraft, toFolderDetails, toFolderSnapshot } from './snapshot';
import { UndoStack } from './undo';
import { l10n } from '../../shared/board/l10n';

const REQUEST_HANDLERS: Handlers<RequestType> = { ...threadHandlers, ...anchorHandlers, ...storeHandlers, ...reviewHandlers, ...setupHandlers };

type Notification = Exclude<WebviewMessage, WebviewRequest>;

export class BoardSession {
  private ready = false;
  /** Snapshots posted since the last `ready`: the first goes without conversations (see HostMessage). */
  private snapshotsSinceReady = 0;
  private queue: HostMessage[] = [];
  private snapshotTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly undo = new UndoStack();
  /** The first snapshot's summaries, built while the webview loads (firstScreen, prepareFirstSnapshot); used once, if still current. */
  private prepared: { folders: readonly FolderStoreState[]; draft: SnapshotDraft } | undefined;
  /** The HTML carries the first screen (firstScreen): the page draws without the first snapshot. */
  private pageDrawsFirstScreen = false;
  /** The view the webview last reported; re-sent after a reload so a hidden panel comes back where it was asked to be. */
  view: ViewName;
  /** Told whenever the view changes (the panel keeps its title in step). */
  onViewChanged: ((view: ViewName) => void) | undefined;

  constructor(private readonly services: BoardServices, private readonly post: (m: HostMessage) => void, initialView: ViewName = 'board') {
    this.view = initialView;
  }

  get isReady(): boolean { return this.ready; }

  /** Entry point for everything the webview posts. Never throws. */
  async receive(raw: unknown): Promise<void> {
    const parsed = parseWebviewMessage(raw);
    if (!parsed.ok) {
      this.services.log(`ignored malformed webview message: ${parsed.error}`);
      return;
    }
    const m = parsed.message;
    if (m.type === 'webview/ready') return this.onReady(m.protocolVersion);
    if (!this.ready) {
      this.services.log(`ignored ${m.type} before the ready handshake`);
      return;
    }
    if ('requestId' in m) return this.onRequest(m);
    return this.onNotification(m as Notification);
  }

  /** Sends a fresh snapshot soon (coalesced: a burst of store changes sends one). */
  pushSnapshot(): void {
    clearTimeout(this.snapshotTimer);
    this.snapshotTimer = setTimeout(() => this.sendSnapshotNow(), 15);
  }

  /**
   * The board's first screen, for the panel's HTML (html.ts): the rows the webview will show
   * first under the UI state it will start from — `savedUiState` is what VS Code restores a
   * panel with (undefined for a new panel, as the webview's getState will be). Undefined on other
   * views, or when the board shows no plain list. The summaries built here serve the first
   * snapshot too, so the threads are summarised once.
   */
  firstScreen(savedUiState: unknown): FirstScreen | undefined {
    if (this.ready) return undefined;
    const ui = initialUiState(savedUiState, this.view);
    if (ui.view !== 'board') return undefined;
    const draft = this.summaries();
    if (ui.filters.text) draft.complete(); // the text filter looks at every title
    // A fresh token for every HTML: the webview tells a reload of this same HTML by it. Only
    // the rows in view need their titles now.
    const screen = firstScreen(draft.snapshots, this.services.host.visibility(), ui, HOST_SCREEN_HEIGHT, makeNonce(), (t) => draft.title(t));
    this.pageDrawsFirstScreen = screen !== undefined;
    return screen;
  }

  /**
   * Serialises the first snapshot now, while the webview is still loading its page (call right
   * after setting its HTML), so `ready` finds it made (thousands of threads take tens of ms).
   * Used only if no folder's store has changed since; otherwise `ready` builds afresh as always.
   * Not when the page draws the first screen from its HTML: nothing on screen waits for the
   * snapshot then (the app that needs it loads for longer than `ready` takes to build it), and
   * that work would only compete with the page's loading (measured: ~90 ms later first paint
   * at 5,000 threads on 2 cores).
   */
  prepareFirstSnapshot(): void {
    if (this.ready || this.pageDrawsFirstScreen) return;
    prepareFolders(this.summaries().complete());
  }

  /** The thread summaries of the folders as they are now: the prepared ones while still current. */
  private summaries(): SnapshotDraft {
    const folders = this.services.host.folders();
    if (!this.prepared || !sameFolderStates(this.prepared.folders, folders)) this.prepared = { folders, draft: new SnapshotDraft(folders) };
    return this.prepared.draft;
  }

  sendSnapshotNow(): void {
    clearTimeout(this.snapshotTimer);
    this.snapshotTimer = undefined;
    if (!this.ready) return; // `ready` sends a fresh one: nothing to build before
    const folders = this.services.host.folders();
    const first = this.snapshotsSinceReady++ === 0;
    const prepared = this.prepared && sameFolderStates(this.prepared.folders, folders) ? this.prepared.draft.complete() : undefined;
    this.prepared = undefined;
    this.post({
      type: 'host/snapshot', folders: prepared ?? folders.map((f) => toFolderSnapshot(f)), visibility: this.services.host.visibility(),
      ...(first ? {} : { details: folders.map(toFolderDetails) }),
    });
  }

  showView(view: ViewName): void {
    this.view = view;
    this.onViewChanged?.(view);
    this.send({ type: 'host/view', view });
  }

  pushVisibility(): void {
    this.send({ type: 'host/visibility', visibility: this.services.host.visibility() });
  }

  dispose(): void { clearTimeout(this.snapshotTimer); }

  private send(m: HostMessage): void {
    if (this.ready) { this.post(m); return; }
    this.queue.push(m);
  }

  private onReady(version: number): void {
    if (version !== PROTOCOL_VERSION) {
      this.services.log(`webview speaks protocol ${version}, host ${PROTOCOL_VERSION}: asking it to reload`);
      this.post({ type: 'host/incompatible', hostVersion: PROTOCOL_VERSION });
      return;
    }
    this.ready = true; // a reload of the webview (e.g. after being hidden) says ready again: resend all
    this.snapshotsSinceReady = 0;
    const queued = this.queue.filter((q) => q.type !== 'host/snapshot' && q.type !== 'host/view');
    this.queue = [];
    this.sendSnapshotNow();
    // A webview hidden and shown again reloads from its saved state; a command may have asked
    // for another view meanwhile, so the host's idea of the view wins.
    this.post({ type: 'host/view', view: this.view });
    for (const q of queued) this.post(q);
  }

  private context(requestId: string): HandlerContext {
    return {
      services: this.services,
      undo: this.undo,
      progress: (done, total) => this.post({ type: 'host/progress', requestId, done: Math.round(done), total: Math.round(total) }),
      folder: (root) => {
        const f = this.services.host.folders().find((x) => x.root === root);
        if (!f) throw new BoardError(l10n.t('that folder is not part of this workspace'), 'usage');
        return f;
      },
      afterWrite: async (roots) => {
        for (const r of new Set(roots)) await this.services.host.refresh(r).catch((e: unknown) => this.services.log(`refresh ${r}: ${message(e)}`));
        this.pushSnapshot();
      },
    };
  }

  private async onRequest(m: WebviewRequest): Promise<void> {
    const handler = REQUEST_HANDLERS[m.type] as (p: unknown, ctx: HandlerContext) => Promise<unknown>;
    try {
      const result = await handler(m.params, this.context(m.requestId));
      this.post({ type: 'host/response', requestId: m.requestId, ok: true, result });
    } catch (e) {
      const code = e instanceof BoardError ? e.code : typeof (e as { code?: unknown })?.code === 'string' ? (e as { code: string }).code : undefined;
      this.services.log(`${m.type} failed: ${message(e)}`);
      this.post({ type: 'host/response', requestId: m.requestId, ok: false, error: { message: message(e), ...(code ? { code } : {}) } });
    }
  }

  private async onNotification(m: Notification): Promise<void> {
    const known = (root: string) => this.services.host.folders().some((f) => f.root === root);
    try {
      switch (m.type) {
        case 'thread/reveal':
          if (known(m.root)) await this.services.host.revealThread(m.root, m.id);
          break;
        case 'link/open':
          // The webview only offers safe links, but the host decides: never trust the page.
          if (isSafeLink(m.href)) this.services.openExternal(m.href);
          // The link comes from a comment's text: the log names its scheme only (it must never hold what users wrote).
          else this.services.log(`refused to open link (scheme ${JSON.stringify(/^([a-z][a-z0-9+.-]{0,20}):/i.exec(m.href)?.[1] ?? 'none')})`);
          break;
        case 'visibility/set': {
          const v: { showResolved?: boolean; showStale?: boolean } = {};
          if (m.showResolved !== undefined) v.showResolved = m.showResolved;
          if (m.showStale !== undefined) v.showStale = m.showStale;
          await this.services.host.setVisibility(v);
          this.pushVisibility();
          this.pushSnapshot();
          break;
        }
        case 'store/openFile':
          if (known(m.root)) this.services.openFile(this.services.store.considerPaths(m.root).store);
          break;
        case 'thread/showChanges':
          if (known(m.root)) this.services.showThreadChanges?.(m.root, m.id);
          break;
        case 'changes/showSince':
          if (known(m.root)) this.services.showChangesSince?.(m.root, m.round);
          break;
        case 'webview/viewChanged':
          this.view = m.view;
          this.onViewChanged?.(m.view);
          break;
        case 'webview/ready':
          break; // handled in receive()
      }
    } catch (e) {
      this.services.log(`${m.type} failed: ${message(e)}`);
    }
  }
}

/** Same folders with the same store contents: a store is replaced, never edited in place, when it is read again. */
function sameFolderStates(a: readonly FolderStoreState[], b: readonly FolderStoreState[]): boolean {
  return a.length === b.length && a.every((f, i) => {
    const g = b[i]!;
    return f.root === g.root && f.name === g.name && f.store === g.store && f.error === g.error && f.readOnlyReason === g.readOnlyReason;
  });
}
