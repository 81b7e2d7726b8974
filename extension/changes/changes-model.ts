/**
 * The Changes view's state, per workspace folder: which baseline it compares with (the newest
 * capture unless the user picked one, remembered per workspace), what changed since (computed
 * when the view needs it, again when files or the store change), and the Viewed ticks.
 * Computing happens on the Changes view's worker thread (compute-client.ts): the extension
 * host's thread only debounces file events (soon while the view is visible, after a few seconds
 * while it is hidden: the badge on Consider's icon still counts the files not viewed), sends a
 * request and takes the answer. A newer request for a folder cancels the one before it.
 */
import * as vscode from 'vscode';
import type { FolderStores } from '../store/folder-stores';
import { baselineKey, baselineLabel, readViewed, requestedName, setViewed, type BaselineName, type BaselineRef, type ChangesSince, type ViewedState } from '../../shared/changes';
import { isNeverListed } from '../../shared/workspace/files';
import { toStoredPath } from '../../shared/paths';
import { Disposable, toDisposable } from '../util/dispose';
import type { WorkspaceFileEvents } from '../util/file-events';
import type { BaselineChoice } from './compute';
import type { WorktreeChanges } from '../../shared/changes/worktree-changes';
import { ComputeCancelled, type ChangesWorker } from './compute-client';
import { changesMaxFileBytes } from './settings';

export type { BaselineChoice } from './compute';

export interface FolderChanges {
  root: string;
  name: string;
  choice: BaselineChoice;
  /** The baseline compared with (undefined: there is none to compare with). */
  ref?: BaselineRef;
  result?: ChangesSince;
  viewed: ViewedState;
}

const CHOICE_KEY = 'consider.changes.baselines';
/** File events are coalesced for this long before the list is computed again. */
export const FILE_CHANGE_DEBOUNCE_MS = 300;
/** While the view is hidden the list is still kept for the badge on Consider's icon, less eagerly. */
export const HIDDEN_DEBOUNCE_MS = 3_000;

/** A folder's computation in flight: cancelled by the next one. */
interface Computing {
  abort: AbortController;
  done: Promise<void>;
}

export class ChangesModel extends Disposable {
  private readonly folders = new Map<string, FolderChanges>();
  private readonly dirty = new Set<string>();
  private readonly computing = new Map<string, Computing>();
  private readonly emitter = this.register(new vscode.EventEmitter<readonly string[]>());
  /** Fires with the folders whose list or ticks changed. */
  readonly onDidChange = this.emitter.event;
  private readonly fileEmitter = this.register(new vscode.EventEmitter<{ root: string; rel: string }>());
  /** Fires at once for each workspace file written, created or deleted (before the list is computed again): per-hunk marks follow the file. */
  readonly onDidChangeFile = this.fileEmitter.event;
  private timer: NodeJS.Timeout | undefined;
  /** Whether the view is visible: else computing waits longer. */
  private active = false;
  /** The store's part that decides the newest capture, per folder: a change there moves a "latest" baseline. */
  private roundsSeen = new Map<string, string>();
  /**
   * The repository's other worktrees and what changed in each (issue 39): read-only groups the
   * view shows below the folders. Computed on the worker when the view is shown, on Refresh, and
   * on the view's clock (another worktree's files send this window no events).
   */
  private others: readonly WorktreeChanges[] = [];
  private othersComputing: AbortController | undefined;
  private readonly worktreesEmitter = this.register(new vscode.EventEmitter<void>());
  /** Fires when the other worktrees' lists were computed again. */
  readonly onDidChangeWorktrees = this.worktreesEmitter.event;

  constructor(
    private readonly stores: FolderStores,
    private readonly memento: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
    files: WorkspaceFileEvents,
    private readonly worker: ChangesWorker,
  ) {
    super();
    this.register(toDisposable(() => {
      if (this.timer) clearTimeout(this.timer);
      for (const c of this.computing.values()) c.abort.abort();
      this.othersComputing?.abort();
    }));
    this.register(stores.onDidChange((roots) => this.storeChanged(roots)));
    this.register(files.onDidChangeFile(({ uri }) => this.fileChanged(uri)));
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(() => this.sync()));
    this.register(vscode.workspace.onDidChangeConfiguration((e) => { if (e.affectsConfiguration('consider.changes')) this.invalidate(); }));
    this.sync();
  }

  /** The folders, in workspace order. */
  list(): FolderChanges[] {
    return [...this.folders.values()];
  }

  get(root: string): FolderChanges | undefined {
    return this.folders.get(root);
  }

  /** The other worktrees, in git's order, as last computed. */
  worktrees(): readonly WorktreeChanges[] {
    return this.others;
  }

  /**
   * Another worktree's list as a folder's (its diffs open as a folder's do): read only, so no
   * Viewed ticks; its name is its branch.
   */
  worktreeAsFolder(root: string): FolderChanges | undefined {
    const w = this.others.find((x) => x.root === root);
    return w && { root: w.root, name: w.branch ?? w.folder, choice: w.ref, ref: w.ref, result: w.result, viewed: new Map() };
  }

  /** Computes the other worktrees' lists on the worker (the one in flight is cancelled). */
  async refreshWorktrees(): Promise<void> {
    const home = this.list()[0];
    if (!home || this.isDisposed) return;
    this.othersComputing?.abort();
    const abort = new AbortController();
    this.othersComputing = abort;
    try {
      const others = await this.worker.run({ kind: 'worktrees', root: home.root, maxFileBytes: changesMaxFileBytes() }, abort.signal);
      if (abort.signal.aborted || this.isDisposed) return;
      const had = this.others.length;
      this.others = others;
      if (others.length || had) this.worktreesEmitter.fire();
    } catch (e) {
      if (!(e instanceof ComputeCancelled)) this.log.warn(`changes of the other worktrees: ${(e as Error).message}`);
    } finally {
      if (this.othersComputing === abort) this.othersComputing = undefined;
    }
  }

  /**
   * The folder with its list up to date: computed now if it is stale (the tree asks before it
   * draws; VS Code shows the view's progress bar meanwhile), after any computation in flight.
   * `recompute`: computed again even if no file event has said so yet — a command the user runs
   * right after an agent's edits must not act on the list from before them (file events arrive
   * later than the files, all the more under load).
   */
  async fresh(root: string, { recompute = false } = {}): Promise<FolderChanges | undefined> {
    if (recompute && this.folders.has(root)) this.dirty.add(root);
    // A folder is dirty from the moment it is added (sync): it has never been computed.
    for (let rounds = 0; rounds < 10; rounds++) {
      const f = this.folders.get(root);
      const inFlight = this.computing.get(root);
      if (!f || this.isDisposed) return f;
      if (inFlight) await inFlight.done;
      else if (this.dirty.has(root)) await this.compute(f);
      else return f;
    }
    return this.folders.get(root);
  }

  /** The view became visible or hidden: hidden, lists are computed less eagerly (for the badge only). */
  setActive(active: boolean): void {
    this.active = active;
    if (this.dirty.size) this.schedule(0);
    if (active) void this.refreshWorktrees();
  }

  async choose(root: string, choice: BaselineChoice): Promise<void> {
    const f = this.folders.get(root);
    if (!f) return;
    f.choice = choice;
    const saved = { ...this.memento.get<Record<string, BaselineChoice>>(CHOICE_KEY) };
    if (choice.kind === 'latest') delete saved[root];
    else saved[root] = choice;
    await this.memento.update(CHOICE_KEY, saved);
    await this.compute(f);
  }

  /** Ticks or unticks files of a folder for its current baseline. */
  setViewed(root: string, files: readonly { path: string; current?: string }[]): void {
    const f = this.folders.get(root);
    if (!f?.ref) return;
    try {
      f.viewed = setViewed(root, baselineKey(f.ref), files);
    } catch (e) {
      this.log.warn(`could not save the viewed state of ${f.name}: ${(e as Error).message}`);
    }
    this.emitter.fire([root]);
  }

  /** Everything is computed again (Refresh, a setting changed). */
  invalidate(roots: readonly string[] = [...this.folders.keys()]): void {
    for (const r of roots) this.dirty.add(r);
    this.schedule(0);
    if (this.active) void this.refreshWorktrees();
  }

  private sync(): void {
    const want = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
    const saved = this.memento.get<Record<string, BaselineChoice>>(CHOICE_KEY) ?? {};
    const next = new Map<string, FolderChanges>();
    for (const wf of want) {
      const root = wf.uri.fsPath;
      next.set(root, this.folders.get(root) ?? { root, name: wf.name, choice: saved[root] ?? { kind: 'latest' }, viewed: new Map() });
    }
    for (const root of this.folders.keys()) if (!next.has(root)) this.computing.get(root)?.abort.abort();
    this.folders.clear();
    for (const [k, v] of next) this.folders.set(k, v);
    this.invalidate();
  }

  /**
   * Computes a folder's list on the worker, cancelling the folder's computation in flight, and
   * announces the new list. Resolves when this computation is answered, cancelled or failed.
   */
  private compute(f: FolderChanges): Promise<void> {
    this.dirty.delete(f.root);
    this.computing.get(f.root)?.abort.abort();
    const abort = new AbortController();
    const store = this.stores.get(f.root)?.store;
    this.roundsSeen.set(f.root, roundsKey(store));
    const request = { kind: 'changes' as const, root: f.root, choice: f.choice, reviews: store?.reviews, maxFileBytes: changesMaxFileBytes() };
    const done = this.worker.run(request, abort.signal).then(({ ref, result }) => {
      f.viewed = readViewed(f.root);
      f.ref = ref;
      f.result = result;
      if (result?.ok) this.log.info(`changes of ${f.name} since ${result.label}: ${result.list.changes.length} file(s) in ${result.list.ms} ms`);
    }, (e: unknown) => {
      if (e instanceof ComputeCancelled) return;
      // shared/changes answers its known failures; anything else is a bug, shown as a problem rather than a broken view.
      const name: BaselineName = f.ref ? requestedName(f.ref, store) : { kind: 'last-commit' };
      const message = (e as Error).message;
      f.result = { ok: false, name, label: baselineLabel(name), problem: { code: 'git-failed', message, detail: message } };
      this.log.error(`changes of ${f.name}: ${(e as Error).stack ?? e}`);
    }).finally(() => {
      if (this.computing.get(f.root)?.abort !== abort) return; // a newer computation took over
      this.computing.delete(f.root);
      if (abort.signal.aborted || this.isDisposed) return;
      this.emitter.fire([f.root]);
    });
    this.computing.set(f.root, { abort, done });
    return done;
  }

  private storeChanged(roots: readonly string[]): void {
    const moved: string[] = [];
    for (const root of roots) {
      const f = this.folders.get(root);
      if (!f) continue;
      // A new round or mark moves a "latest" baseline; anything else only changes thread counts (drawn, not computed).
      if (f.choice.kind === 'latest' && roundsKey(this.stores.get(root)?.store) !== this.roundsSeen.get(root)) this.dirty.add(root);
      moved.push(root);
    }
    if (moved.length) {
      if (this.dirty.size) this.schedule(0);
      this.emitter.fire(moved);
    }
  }

  private fileChanged(uri: vscode.Uri): void {
    if (uri.scheme !== 'file') return;
    for (const root of this.folders.keys()) {
      const rel = toStoredPath(root, uri.fsPath);
      if (rel.startsWith('..')) continue;
      // A commit or a checkout moves what "the last commit" and "a branch" stand for.
      const refMoved = rel === '.git/HEAD' || rel === '.git/packed-refs' || rel.startsWith('.git/refs/');
      if (isNeverListed(rel) && !(refMoved && this.folders.get(root)?.ref?.kind !== 'capture')) continue;
      this.dirty.add(root);
      if (!isNeverListed(rel)) this.fileEmitter.fire({ root, rel });
    }
    if (this.dirty.size) this.schedule(FILE_CHANGE_DEBOUNCE_MS);
  }

  private schedule(ms: number): void {
    if (this.isDisposed) return;
    if (!this.active) ms = Math.max(ms, HIDDEN_DEBOUNCE_MS);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      for (const r of [...this.dirty]) {
        const f = this.folders.get(r);
        if (f) void this.compute(f);
      }
    }, ms);
  }
}

/** The part of a store that decides which capture is newest: the rounds' baselines. */
function roundsKey(store: { reviews?: { baseline?: string }[] } | undefined): string {
  return (store?.reviews ?? []).map((r) => r.baseline ?? '').join(',');
}
