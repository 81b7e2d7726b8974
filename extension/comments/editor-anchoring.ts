/**
 * Keeps every thread of an open file on the right lines (spec §5.4, §9.1).
 *  - On open, and whenever the store's anchor of a thread changes, the thread is placed by the
 *    shared re-anchoring module run on the editor's text (maybe unsaved).
 *  - While the developer types, ranges are shifted from each change event at once (VS Code
 *    does not move CommentThread.range itself, microsoft/vscode#243834); when an edit touches
 *    the commented lines, a debounced content check decides whether they still match.
 *  - Moved positions are persisted under the store lock (setAnchor), debounced.
 *  - When the file changes on disk (the agent rewrote it, or it was deleted), the shared
 *    reconcile pass re-anchors and writes the result; open editors re-check their text at once.
 *  - When any file is saved or written soon after a thread went stale or orphaned, the pass
 *    looks for that thread's code there too (a cut in one editor, pasted into another): the
 *    thread follows it (cross-file.ts), without waiting for a CLI read.
 */
import path from 'node:path';
import * as vscode from 'vscode';
import { reanchorInText, reconcileWorkspace, setAnchor } from '../../shared';
import type { AnchorState, Comment } from '../../shared/model';
import { splitLines } from '../../shared/text';
import { toStoredPath } from '../../shared/paths';
import type { FolderStores } from '../store/folder-stores';
import { type LineRange, type TextChange, clampRange, shiftRangeByChanges } from './range-shift';
import { Disposable, toDisposable } from '../util/dispose';
import type { WorkspaceFileEvents } from '../util/file-events';

/** A content check this long after the last keystroke that touched commented lines. */
export const CONTENT_CHECK_MS = 300;
/** Shifted positions are written to the store this long after the last edit. */
export const PERSIST_MS = 800;
/** Files changed on disk are reconciled this long after the last event. */
export const DISK_CHANGE_MS = 100;
/**
 * A thread lost (stale or orphaned) this recently is looked for in files saved or written
 * since: long enough for a cut and a paste, short enough that saving files all day does not
 * search for threads lost long ago.
 */
export const RECENT_LOSS_MS = 10 * 60_000;

interface LiveThread {
  root: string;
  id: string;
  docKey: string;
  range: LineRange; // 0-based
  anchorState: AnchorState;
  /** The stored anchor this placement was computed from: when the store's differs, recompute. */
  anchorKey: string;
  /** The commented lines were edited since the last content check. */
  touched: boolean;
}

export interface DisplayPlacement {
  range: LineRange; // 0-based
  anchorState: AnchorState;
}

const key = (root: string, id: string): string => `${root}\0${id}`;
const anchorKey = (c: Comment): string => JSON.stringify([c.file, c.anchor.startLine, c.anchor.endLine, c.anchor.contentHash, c.anchorState]);

export class EditorAnchoring extends Disposable {
  private readonly live = new Map<string, LiveThread>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly displayEmitter = this.register(new vscode.EventEmitter<readonly string[]>());
  /** Fires with roots whose displayed placements changed (the renderer moves the widgets). */
  readonly onDidChangeDisplay = this.displayEmitter.event;
  private readonly diskChanges = new Map<string, Set<string>>();
  private writes: Promise<unknown> = Promise.resolve();
  private pendingWrites = 0;

  constructor(private readonly stores: FolderStores, files: WorkspaceFileEvents, private readonly log: vscode.LogOutputChannel) {
    super();
    this.register(toDisposable(() => {
      for (const t of this.timers.values()) clearTimeout(t);
      this.timers.clear();
    }));
    this.register(vscode.workspace.onDidOpenTextDocument((d) => this.opened(d)));
    this.register(vscode.workspace.onDidCloseTextDocument((d) => this.closed(d)));
    this.register(vscode.workspace.onDidChangeTextDocument((e) => this.changed(e)));
    this.register(vscode.workspace.onDidSaveTextDocument((d) => this.saved(d)));
    this.register(files.onDidChangeFile(({ uri, kind }) => (kind === 'created' ? this.lookForLostCode(uri) : this.diskChanged(uri))));
    for (const d of vscode.workspace.textDocuments) this.opened(d, false);
  }

  /** Where to show a thread now, and with which anchor state. */
  display(root: string, c: Comment): DisplayPlacement {
    const stored = { range: { start: c.anchor.startLine - 1, end: c.anchor.endLine - 1 }, anchorState: c.anchorState };
    const l = this.live.get(key(root, c.id));
    if (!l || c.anchorState === 'orphaned') return stored;
    return { range: l.range, anchorState: l.anchorState };
  }

  /** The store of these folders was re-read: place threads whose stored anchor changed. */
  storeChanged(roots: readonly string[]): void {
    const changed = new Set<string>();
    for (const doc of vscode.workspace.textDocuments) {
      const where = this.locate(doc);
      if (where && roots.includes(where.root) && this.syncDoc(doc, where.root, where.rel)) changed.add(where.root);
    }
    if (changed.size) this.displayEmitter.fire([...changed]);
  }

  /** Resolves when no content check, position write or reconcile is pending (for tests). */
  async whenIdle(): Promise<void> {
    for (let i = 0; i < 200 && (this.timers.size > 0 || this.pendingWrites > 0); i++) {
      await this.writes;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private locate(doc: vscode.TextDocument): { root: string; rel: string } | undefined {
    if (doc.uri.scheme !== 'file') return undefined;
    const root = this.stores.rootOf(doc.uri.fsPath);
    if (!root) return undefined;
    return { root, rel: toStoredPath(root, doc.uri.fsPath) };
  }

  /** The threads placed on this file's lines (not those about removed code: they are on a baseline's). */
  private threadsOf(root: string, rel: string): Comment[] {
    return this.stores.get(root)?.store?.comments.filter((c) => c.file === rel && c.removed === undefined) ?? [];
  }

  /** Places the doc's threads whose stored anchor changed since last time; returns whether any moved. */
  private syncDoc(doc: vscode.TextDocument, root: string, rel: string): boolean {
    const docKey = doc.uri.toString();
    const threads = this.threadsOf(root, rel);
    const ids = new Set(threads.map((c) => key(root, c.id)));
    let changed = false;
    for (const [k, l] of this.live) {
      if (l.docKey === docKey && !ids.has(k)) { this.live.delete(k); changed = true; }
    }
    let text: string | undefined;
    for (const c of threads) {
      const k = key(root, c.id);
      const l = this.live.get(k);
      if (l && l.anchorKey === anchorKey(c)) continue;
      text ??= doc.getText();
      this.live.set(k, { root, id: c.id, docKey, ...this.place(root, c, text, doc.lineCount), anchorKey: anchorKey(c), touched: false });
      changed = true;
    }
    return changed;
  }

  private place(root: string, c: Comment, text: string, lineCount: number): { range: LineRange; anchorState: AnchorState } {
    if (c.anchorState === 'orphaned') return { range: clampRange({ start: c.anchor.startLine - 1, end: c.anchor.endLine - 1 }, lineCount), anchorState: 'orphaned' };
    try {
      const r = reanchorInText(c, text, { root });
      return { range: clampRange({ start: r.startLine - 1, end: r.endLine - 1 }, lineCount), anchorState: r.anchorState };
    } catch (e) {
      this.log.warn(`re-anchoring ${c.id} failed: ${(e as Error).message}`);
      return { range: clampRange({ start: c.anchor.startLine - 1, end: c.anchor.endLine - 1 }, lineCount), anchorState: c.anchorState };
    }
  }

  private opened(doc: vscode.TextDocument, fire = true): void {
    const where = this.locate(doc);
    if (!where) return;
    if (this.syncDoc(doc, where.root, where.rel) && fire) this.displayEmitter.fire([where.root]);
    // The file may have changed while it was closed: let the shared pass persist the new places.
    if (!doc.isDirty && this.threadsOf(where.root, where.rel).length) this.reconcile(where.root, [where.rel]);
  }

  private closed(doc: vscode.TextDocument): void {
    const docKey = doc.uri.toString();
    let root: string | undefined;
    for (const [k, l] of this.live) if (l.docKey === docKey) { this.live.delete(k); root = l.root; }
    this.clearTimer(`check:${docKey}`);
    if (root) this.displayEmitter.fire([root]);
  }

  private changed(e: vscode.TextDocumentChangeEvent): void {
    if (e.contentChanges.length === 0) return;
    const docKey = e.document.uri.toString();
    const changes: TextChange[] = e.contentChanges.map((c) => ({
      startLine: c.range.start.line, startChar: c.range.start.character, endLine: c.range.end.line, endChar: c.range.end.character, text: c.text,
    }));
    let root: string | undefined;
    let touched = false;
    for (const l of this.live.values()) {
      if (l.docKey !== docKey) continue;
      const s = shiftRangeByChanges(l.range, changes);
      l.range = clampRange(s.range, e.document.lineCount);
      if (s.touched) { l.touched = true; touched = true; }
      root = l.root;
    }
    if (!root) return;
    this.displayEmitter.fire([root]);
    const doc = e.document;
    if (!doc.isDirty) {
      // Not dirty after a change = reloaded from disk (another process wrote it) or undone to the
      // saved text: check every thread now, and let the shared pass persist what it finds.
      for (const l of this.live.values()) if (l.docKey === docKey) l.touched = true;
      this.contentCheck(doc);
      const where = this.locate(doc);
      if (where) this.reconcile(where.root, [where.rel]);
      return;
    }
    if (touched) this.debounce(`check:${docKey}`, CONTENT_CHECK_MS, () => this.contentCheck(doc));
    this.debounce(`persist:${docKey}`, PERSIST_MS, () => this.persist(doc));
  }

  /** Do the touched threads' lines still hold their code? If not, re-anchor them in the editor's text. */
  private contentCheck(doc: vscode.TextDocument): void {
    if (doc.isClosed) return;
    const docKey = doc.uri.toString();
    const where = this.locate(doc);
    if (!where) return;
    const byId = new Map(this.threadsOf(where.root, where.rel).map((c) => [c.id, c]));
    let text: string | undefined;
    let lines: string[] | undefined;
    let changed = false;
    for (const l of this.live.values()) {
      if (l.docKey !== docKey || !l.touched) continue;
      l.touched = false;
      const c = byId.get(l.id);
      if (!c || c.anchorState === 'orphaned') continue;
      text ??= doc.getText();
      lines ??= splitLines(text);
      const here = lines.slice(l.range.start, l.range.end + 1).join('\n');
      const before = JSON.stringify([l.range, l.anchorState]);
      if (here === c.anchor.targetContent) l.anchorState = 'anchored';
      else Object.assign(l, this.place(where.root, c, text, doc.lineCount));
      if (JSON.stringify([l.range, l.anchorState]) !== before) changed = true;
    }
    if (changed) this.displayEmitter.fire([where.root]);
  }

  /** Writes shifted positions of threads that still match their code (stale ones wait for the save). */
  private persist(doc: vscode.TextDocument): void {
    if (doc.isClosed) return;
    const where = this.locate(doc);
    if (!where) return;
    const docKey = doc.uri.toString();
    const byId = new Map(this.threadsOf(where.root, where.rel).map((c) => [c.id, c]));
    const moves: { id: string; startLine: number; endLine: number }[] = [];
    for (const l of this.live.values()) {
      if (l.docKey !== docKey || l.touched || l.anchorState !== 'anchored') continue;
      const c = byId.get(l.id);
      if (!c || c.anchorState === 'orphaned') continue;
      if (c.anchor.startLine === l.range.start + 1 && c.anchor.endLine === l.range.end + 1 && c.anchorState === 'anchored') continue;
      moves.push({ id: l.id, startLine: l.range.start + 1, endLine: l.range.end + 1 });
    }
    if (moves.length === 0) return;
    const text = doc.getText();
    this.queueWrite(async () => {
      for (const m of moves) await setAnchor(where.root, m.id, { startLine: m.startLine, endLine: m.endLine, text }, 'human');
      this.stores.reload(where.root);
    }, `persist positions in ${where.rel}`);
  }

  private saved(doc: vscode.TextDocument): void {
    this.lookForLostCode(doc.uri);
    const where = this.locate(doc);
    if (!where || this.threadsOf(where.root, where.rel).length === 0) return;
    this.clearTimer(`persist:${doc.uri.toString()}`);
    this.persist(doc);
    this.reconcile(where.root, [where.rel]);
  }

  private diskChanged(uri: vscode.Uri): void {
    if (uri.scheme !== 'file' || uri.fsPath.includes(`${path.sep}.consider${path.sep}`)) return;
    this.lookForLostCode(uri);
    const root = this.stores.rootOf(uri.fsPath);
    if (!root) return;
    const rel = toStoredPath(root, uri.fsPath);
    if (this.threadsOf(root, rel).length === 0) return;
    let set = this.diskChanges.get(root);
    if (!set) this.diskChanges.set(root, (set = new Set()));
    set.add(rel);
    this.debounce(`disk:${root}`, DISK_CHANGE_MS, () => {
      const files = [...(this.diskChanges.get(root) ?? [])];
      this.diskChanges.delete(root);
      this.reconcile(root, files);
    });
  }

  /**
   * A file was saved, written or created: threads lost recently (by their last check) may find
   * their code in it. Debounced per folder; the pass searches the files written since each such
   * thread's check, so it finds the code wherever it landed, and writes only on a find.
   */
  private lookForLostCode(uri: vscode.Uri): void {
    if (uri.scheme !== 'file' || uri.fsPath.includes(`${path.sep}.consider${path.sep}`)) return;
    const root = this.stores.rootOf(uri.fsPath);
    if (root === undefined) return;
    this.debounce(`lost:${root}`, DISK_CHANGE_MS, () => {
      const state = this.stores.get(root);
      if (!state?.store || state.error || state.readOnlyReason) return;
      const since = Date.now() - RECENT_LOSS_MS;
      const lost = state.store.comments.filter((c) => c.anchorState !== 'anchored' && Date.parse(c.anchor.lastAnchorCheck) >= since);
      if (lost.length === 0) return;
      this.queueWrite(async () => {
        const report = await reconcileWorkspace(root, { files: [...new Set(lost.map((c) => c.file))], searchMovedCodeOf: lost.map((c) => c.id) });
        if (report.changed) this.stores.reload(root);
      }, 'look for moved code');
    });
  }

  /** The shared lazy pass over these files; it writes (under the lock) only when something changed. */
  private reconcile(root: string, files: string[]): void {
    if (this.stores.get(root)?.error || this.stores.get(root)?.readOnlyReason) return;
    this.queueWrite(async () => {
      const report = await reconcileWorkspace(root, { files });
      if (report.changed) this.stores.reload(root);
    }, `reconcile ${files.join(', ')}`);
  }

  /** Store writes from here run one after another, so two never wait on each other's lock. */
  private queueWrite(fn: () => Promise<void>, what: string): void {
    this.pendingWrites++;
    this.writes = this.writes.then(fn).catch((e) => this.log.warn(`${what}: ${(e as Error).message}`)).finally(() => { this.pendingWrites--; });
  }

  private debounce(id: string, ms: number, fn: () => void): void {
    this.clearTimer(id);
    this.timers.set(id, setTimeout(() => { this.timers.delete(id); fn(); }, ms));
  }

  private clearTimer(id: string): void {
    const t = this.timers.get(id);
    if (t) { clearTimeout(t); this.timers.delete(id); }
  }

}
