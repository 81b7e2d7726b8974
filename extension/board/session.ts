/**
 * One connection between the host and a board webview, free of `vscode` so tests and the e2e
 * fake host run the same code:
 *  - the `ready` handshake: nothing is posted until the webview says ready with our
 *    PROTOCOL_VERSION (queued meanwhile; snapshots coalesce to the newest);
 *  - every inbound message is validated (parseWebviewMessage) and logged+ignored when bad;
 *  - requests are routed to the handler of their scope and answered with one `host/response`.
 */
import {
  PROTOCOL_VERSION, isSafeLink, parseWebviewMessage,
  type HostMessage, type RequestType, type ViewName, type WebviewMessage, type WebviewRequest,
} from '../../shared/board/protocol';
import type { FirstScreen } from '../../shared/board/firstScreen';
import { FirstScreenCache } from './first-screen-cache';
import { anchorHandlers } from './handlers/anchor';
import { BoardError, message, type HandlerContext, type Handlers } from './handlers/context';
import { reviewHandlers } from './handlers/review';
import { setupHandlers } from './handlers/setup';
import { storeHandlers } from './handlers/store';
import { threadHandlers } from './handlers/thread';
import type { BoardServices } from './services';
import { toFolderDetails, toFolderSnapshot, withRoundProgress } from './snapshot';
import { NO_WORKTREES, type WorktreeFolders } from './worktrees';
import { resolveInWorkspace } from '../../shared';
import type { FolderStoreState } from '../api';
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
  /** The first screen and first snapshot, made from one set of summaries while the webview loads. */
  private readonly first = new FirstScreenCache();
  /** The view the webview last reported; re-sent after a reload so a hidden panel comes back where it was asked to be. */
  view: ViewName;
  /** The other worktrees and their threads, as last read (refreshWorktrees); none until then. */
  private worktrees: WorktreeFolders = NO_WORKTREES;
  private worktreesReading: Promise<void> | undefined;
  private worktreesAgain = false;
  /** Told after each read of the other worktrees (the panel watches their store files). */
  onWorktreesRead: ((others: readonly FolderStoreState[]) => void) | undefined;
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
   * The board's first screen, for the panel's HTML (html.ts): see FirstScreenCache.screen. The
   * summaries built here serve the first snapshot too, so the threads are summarised once.
   */
  firstScreen(savedUiState: unknown): FirstScreen | undefined {
    if (this.ready) return undefined;
    return this.first.screen(this.services.host.folders(), this.services.host.visibility(), savedUiState, this.view);
  }

  /** Serialises the first snapshot while the webview loads (call right after setting its HTML): FirstScreenCache.prepare. */
  prepareFirstSnapshot(): void {
    if (!this.ready) this.first.prepare(this.services.host.folders());
  }

  sendSnapshotNow(): void {
    clearTimeout(this.snapshotTimer);
    this.snapshotTimer = undefined;
    if (!this.ready) return; // `ready` sends a fresh one: nothing to build before
    const folders = this.services.host.folders();
    const first = this.snapshotsSinceReady++ === 0;
    const prepared = this.first.take(folders);
    const { views, others } = this.worktrees;
    if (views.size === 0) {
      this.post({
        type: 'host/snapshot', folders: withRoundProgress(prepared ?? folders.map((f) => toFolderSnapshot(f)), folders, this.services.changeProgress), visibility: this.services.host.visibility(),
        ...(first ? {} : { details: folders.map(toFolderDetails) }),
      });
      return;
    }
    // Grouped by worktree (issue 39): every folder says which worktree it is, the others' folders follow this checkout's.
    const all = [...folders, ...others];
    const withWorktree = (f: FolderStoreState) => {
      const worktree = views.get(f.root);
      return worktree ? { ...toFolderSnapshot(f), worktree } : toFolderSnapshot(f);
    };
    this.post({
      type: 'host/snapshot', folders: withRoundProgress(all.map(withWorktree), all, this.services.changeProgress), visibility: this.services.host.visibility(),
      ...(first ? {} : { details: all.map(toFolderDetails) }),
    });
  }

  /**
   * Reads the other worktrees again (board opened, panel shown, one of their stores changed):
   * never on a keystroke, and one read at a time (a call during a read asks for one more after it).
   */
  refreshWorktrees(): Promise<void> {
    const read = this.services.readWorktrees;
    if (!read) return Promise.resolve();
    if (this.worktreesReading) {
      this.worktreesAgain = true;
      return this.worktreesReading;
    }
    this.worktreesReading = (async () => {
      do {
        this.worktreesAgain = false;
        try {
          const started = Date.now();
          this.worktrees = await read(this.services.host.folders().map((f) => f.root));
          const { others } = this.worktrees;
          if (others.length) this.services.log(`read ${others.length} other worktree(s), ${others.reduce((n, f) => n + (f.store?.comments.length ?? 0), 0)} threads, in ${Date.now() - started} ms`);
        } catch (e) {
          this.services.log(`reading the other worktrees failed: ${message(e)}`);
        }
      } while (this.worktreesAgain);
      this.worktreesReading = undefined;
      this.onWorktreesRead?.(this.worktrees.others);
      this.pushSnapshot();
    })();
    return this.worktreesReading;
  }

  /** Another worktree's folder state, when `root` is one the board shows. */
  private otherWorktree(root: string): FolderStoreState | undefined {
    return this.worktrees.others.find((f) => f.root === root);
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
    void this.refreshWorktrees();
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
        const other = f ? undefined : this.otherWorktree(root);
        // Another worktree's threads are shown, not written here (docs/worktrees.md).
        if (other) throw new BoardError(l10n.t('This thread is in worktree {0}: reply and resolve it in a window open on that worktree.', other.name), 'usage');
        if (!f) throw new BoardError(l10n.t('that folder is not part of this workspace'), 'usage');
        return f;
      },
      shownFolders: () => [...this.services.host.folders(), ...this.worktrees.others],
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
        case 'thread/reveal': {
          if (known(m.root)) await this.services.host.revealThread(m.root, m.id);
          // Another worktree's thread: its file in that worktree's folder (resolved inside it, never leading out).
          const c = this.otherWorktree(m.root)?.store?.comments.find((x) => x.id === m.id);
          if (c && c.anchorState !== 'orphaned') this.services.openFileAt?.(resolveInWorkspace(m.root, c.file).abs, c.anchor.startLine);
          break;
        }
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
