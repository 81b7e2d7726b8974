/**
 * Review per change (issue 38): each folder's hunks since the Changes view's baseline
 * (hunk-index.ts), which of them are marked reviewed (shared/changes/hunk-marks.ts), and the
 * progress the view, its badge and the board show. Hunks are computed when the view's list
 * changes, off the critical path (the index yields between files); a file the agent or the user
 * edits is diffed again on its own at once, so its marks follow within a few milliseconds.
 *
 * Marks and Viewed never disagree: a file is Viewed when all its changes are reviewed; ticking
 * Viewed marks all its changes (with the shape they were shown in), unticking clears them;
 * unmarking one change of a ticked file unticks it and keeps the others marked.
 */
import * as vscode from 'vscode';
import * as notify from '../notify';
import { baselineKey, isViewed, type BaselineRef } from '../../shared/changes';
import { readHunkMarks, setHunkMarks, type FileMarks } from '../../shared/changes/hunk-marks';
import { shapeOf, type HunkText } from '../../shared/changes/hunks';
import { toStoredPath } from '../../shared/paths';
import { Disposable, toDisposable } from '../util/dispose';
import type { ChangesModel, FolderChanges } from './changes-model';
import { HunkIndex, type FileReview, type Progress } from './hunk-index';
import { hunkSource } from './hunk-sources';
import { errorText } from '../error-words';

/** A file event is diffed after this much quiet (an agent's tool writes a file in one go; a save fires twice). */
export const EDIT_DEBOUNCE_MS = 30;
/** Slices of a long computation are announced at most this often (each redraws the view). */
const ANNOUNCE_MS = 100;

interface FolderHunks {
  /** `baselineKey@sha`: the hunks are for this baseline. */
  key: string;
  ref: BaselineRef;
  sha: string | undefined;
  index: HunkIndex;
  /** This baseline's marks, by file (as last read or written). */
  marks: Map<string, FileMarks>;
  abort: AbortController;
  /** The computation of the change list in flight (or done). */
  ready: Promise<void>;
  /** Whether every file of the list has been computed. */
  complete: boolean;
}

/** A change of a file as the editor and the commands name it. */
export interface ChangeAt {
  root: string;
  path: string;
  file: FileReview;
  /** Index in file.ids (and file.hunks when it has line hunks). */
  index: number;
}

export class HunkReview extends Disposable {
  private readonly folders = new Map<string, FolderHunks>();
  private readonly emitter = this.register(new vscode.EventEmitter<readonly string[]>());
  /** Fires with the folders whose hunks or marks changed. */
  readonly onDidChange = this.emitter.event;
  private readonly edits = new Map<string, NodeJS.Timeout>();
  private announceTimer: NodeJS.Timeout | undefined;
  private readonly toAnnounce = new Set<string>();

  constructor(private readonly model: ChangesModel, private readonly log: vscode.LogOutputChannel) {
    super();
    this.register(toDisposable(() => {
      for (const t of this.edits.values()) clearTimeout(t);
      if (this.announceTimer) clearTimeout(this.announceTimer);
      for (const f of this.folders.values()) f.abort.abort();
    }));
    this.register(model.onDidChange((roots) => { for (const r of roots) this.sync(r); }));
    this.register(model.onDidChangeFile(({ root, rel }) => this.edited(root, rel)));
    this.register(vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document.uri.scheme !== 'file' || !e.contentChanges.length) return;
      for (const [root, f] of this.folders) {
        const rel = toStoredPath(root, e.document.uri.fsPath);
        if (f.index.files.has(rel)) this.edited(root, rel);
      }
    }));
    for (const f of model.list()) this.sync(f.root);
  }

  /** The baseline a folder's hunks are counted from, as a key; undefined when its list is not usable. */
  static keyOf(f: FolderChanges | undefined): string | undefined {
    return f?.ref && f.result?.ok ? `${baselineKey(f.ref)}@${f.result.sha ?? ''}` : undefined;
  }

  /** Brings a folder's hunks to its change list (a new list, a new baseline, new ticks). */
  private sync(root: string): void {
    const f = this.model.get(root);
    const key = HunkReview.keyOf(f);
    let state = this.folders.get(root);
    if (!f?.ref || !f.result?.ok || !key) {
      if (state) {
        state.abort.abort();
        this.folders.delete(root);
        this.announce(root);
      }
      return;
    }
    if (!state || state.key !== key) {
      state?.abort.abort();
      state = { key, ref: f.ref, sha: f.result.sha, index: new HunkIndex(key), marks: this.readMarks(root, f.ref), abort: new AbortController(), ready: Promise.resolve(), complete: false };
      this.folders.set(root, state);
    } else {
      state.abort.abort();
      state.abort = new AbortController();
      state.marks = this.readMarks(root, f.ref); // another window may have marked meanwhile
    }
    const s = state;
    const bkey = baselineKey(f.ref);
    const list = f.result.list.changes;
    const started = Date.now();
    s.complete = false;
    s.ready = s.index.sync(list, hunkSource(root, s.ref, s.sha), (p) => s.marks.get(p), (c) => isViewed(f.viewed, bkey, c.path, c.current), {
      signal: s.abort.signal,
      onSlice: () => this.announce(root),
    }).then(() => {
      if (s.abort.signal.aborted) return;
      // Files computed before this list: their marks or ticks may have changed since.
      for (const c of list) s.index.applyMarks(c.path, s.marks.get(c.path), isViewed(f.viewed, bkey, c.path, c.current));
      s.complete = true;
      const p = s.index.progress();
      this.log.info(`changes of ${f.name}: ${p.total} change(s) in ${p.files} file(s), ${p.reviewed} reviewed, in ${Date.now() - started} ms`);
      this.announce(root);
    }, (e: unknown) => this.log.error(`hunks of ${f.name}: ${(e as Error).stack ?? e}`));
  }

  private readMarks(root: string, ref: BaselineRef): Map<string, FileMarks> {
    return readHunkMarks(root, (m) => this.log.warn(m)).get(baselineKey(ref)) ?? new Map();
  }

  /** A file of a folder's list was written or edited: its hunks are diffed again, alone. */
  private edited(root: string, rel: string): void {
    const state = this.folders.get(root);
    if (!state?.index.files.has(rel)) return;
    const k = `${root}\0${rel}`;
    const pending = this.edits.get(k);
    if (pending) clearTimeout(pending);
    this.edits.set(k, setTimeout(() => {
      this.edits.delete(k);
      void this.refreshFile(root, rel);
    }, EDIT_DEBOUNCE_MS));
  }

  /** Diffs one file again now (the debounced edit, and the tests). Resolves when its marks are known. */
  async refreshFile(root: string, rel: string): Promise<void> {
    const state = this.folders.get(root);
    const entry = state?.index.files.get(rel);
    if (!state || !entry) return;
    // An edit made since the file was ticked: the tick is for what it was then.
    const changed = await state.index.refresh(entry.change, hunkSource(root, state.ref, state.sha), state.marks.get(rel), false);
    if (changed && this.folders.get(root) === state) this.announce(root);
  }

  /** Redraws soon (slices of a long computation come in bursts). */
  private announce(root: string): void {
    this.toAnnounce.add(root);
    if (this.announceTimer) return;
    this.announceTimer = setTimeout(() => {
      this.announceTimer = undefined;
      const roots = [...this.toAnnounce];
      this.toAnnounce.clear();
      if (!this.isDisposed) this.emitter.fire(roots);
    }, this.folders.get(root)?.complete === false ? ANNOUNCE_MS : 0);
  }

  /** Resolves when a folder's hunks are computed for its current list (tests, commands). */
  async whenReady(root: string): Promise<void> {
    for (let i = 0; i < 20; i++) {
      const s = this.folders.get(root);
      if (!s) return;
      await s.ready;
      if (this.folders.get(root) === s && s.complete) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  // -------------------------------------------------------------------------------------------
  // What the view, the editor and the board read

  file(root: string, rel: string): FileReview | undefined {
    return this.folders.get(root)?.index.files.get(rel);
  }

  /** Whether all of a file's changes are reviewed; undefined while its hunks are not known. */
  viewed(root: string, rel: string): boolean | undefined {
    return this.folders.get(root)?.index.viewed(rel);
  }

  /** A folder's progress, once every file of its list is computed. */
  progress(root: string): Progress | undefined {
    const s = this.folders.get(root);
    return s?.complete ? s.index.progress() : undefined;
  }

  /** The baseline key a folder's hunks are for (what a rejected change names). */
  baselineOf(root: string): { ref: BaselineRef; sha: string | undefined } | undefined {
    const s = this.folders.get(root);
    return s && { ref: s.ref, sha: s.sha };
  }

  /** The marks of a file (its shape: the hunks as shown when last marked). */
  marksOf(root: string, rel: string): FileMarks | undefined {
    return this.folders.get(root)?.marks.get(rel);
  }

  /** The folders with hunks, and their files in no particular order. */
  roots(): string[] {
    return [...this.folders.keys()];
  }

  // -------------------------------------------------------------------------------------------
  // Marking

  /** Marks (or unmarks) changes of one file, by identity. */
  setReviewed(root: string, rel: string, ids: readonly string[], reviewed: boolean): void {
    const state = this.folders.get(root);
    const f = this.model.get(root);
    const file = state?.index.files.get(rel);
    if (!state || !f?.ref || !file) return;
    const bkey = baselineKey(f.ref);
    const ticked = isViewed(f.viewed, bkey, rel, file.change.current);
    // Start from what shows reviewed now (a tick counts every change).
    const next = new Set(file.ids.filter((_, i) => file.reviewed[i]));
    for (const id of ids) {
      if (reviewed) next.add(id);
      else next.delete(id);
    }
    this.save(root, state, bkey, [{ file, reviewed: next }]);
    // Unmarking a change of a ticked file unticks it (its other changes stay marked, above).
    if (ticked && !reviewed) this.model.setViewed(root, [{ path: rel }]);
    this.announce(root);
  }

  /** The Viewed checkbox: ticks or unticks files (`current` given: ticked) and marks or unmarks all their changes. */
  setViewed(root: string, files: readonly { path: string; current?: string }[]): void {
    // One line per click: when a tick does not show, the log says whether it arrived.
    this.log.info(`viewed: ${files.map((f) => `${f.current !== undefined ? 'ticked' : 'unticked'} ${f.path}`).join(', ')}`);
    this.model.setViewed(root, files);
    const state = this.folders.get(root);
    const f = this.model.get(root);
    if (!state || !f?.ref) return;
    const updates: { file: FileReview; reviewed: Set<string> }[] = [];
    for (const x of files) {
      const file = state.index.files.get(x.path);
      if (file) updates.push({ file, reviewed: new Set(x.current !== undefined ? file.ids : []) });
    }
    if (updates.length) this.save(root, state, baselineKey(f.ref), updates);
    this.announce(root);
  }

  private save(root: string, state: FolderHunks, bkey: string, updates: readonly { file: FileReview; reviewed: ReadonlySet<string> }[]): void {
    try {
      const saved = setHunkMarks(root, bkey, updates.map(({ file, reviewed }) => ({
        path: file.change.path,
        reviewed: file.ids.filter((id) => reviewed.has(id)),
        ...(file.lines && file.hunks.length ? { shape: shapeOf(file.lines, file.hunks) } : {}),
      })));
      state.marks = saved.get(bkey) ?? new Map();
    } catch (e) {
      this.log.warn(`could not save the reviewed changes: ${(e as Error).message}`);
      void notify.warn(vscode.l10n.t('Consider: could not save which changes are reviewed: {0}', errorText(e).message));
      return;
    }
    const f = this.model.get(root);
    for (const { file } of updates) {
      const ticked = !!f?.ref && isViewed(f.viewed, baselineKey(f.ref), file.change.path, file.change.current);
      state.index.applyMarks(file.change.path, state.marks.get(file.change.path), ticked);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Finding changes

  /** The change of a file at a 0-based line of today's text (for a pure deletion: the line it sits before, or the one above). */
  changeAtLine(root: string, rel: string, line: number): ChangeAt | undefined {
    const file = this.file(root, rel);
    if (!file) return undefined;
    if (!file.hunks.length) return { root, path: rel, file, index: 0 };
    let best = -1;
    file.hunks.forEach((h, i) => {
      const hit = h.newCount ? line >= h.newStart && line < h.newStart + h.newCount : line === h.newStart || line === h.newStart - 1;
      if (hit && best < 0) best = i;
    });
    return best >= 0 ? { root, path: rel, file, index: best } : undefined;
  }

  /** The change of a file at a 0-based line of the baseline's text (the left side of the diff). */
  changeAtBaseLine(root: string, rel: string, line: number): ChangeAt | undefined {
    const file = this.file(root, rel);
    if (!file) return undefined;
    const i = file.hunks.findIndex((h) => h.oldCount > 0 && line >= h.oldStart && line < h.oldStart + h.oldCount);
    return i >= 0 ? { root, path: rel, file, index: i } : undefined;
  }

  /** The file a diff's baseline side belongs to (its path today), for a baseline-side path. */
  pathOfBaselineFile(root: string, baselineRel: string): string | undefined {
    const s = this.folders.get(root);
    if (!s) return undefined;
    for (const [p, f] of s.index.files) if ((f.change.oldPath ?? f.change.path) === baselineRel) return p;
    return undefined;
  }
}

/** A hunk's lines in today's text as a range (a pure deletion: the empty line range where it was). */
export function hunkRange(h: HunkText): { start: number; end: number } {
  return { start: h.newStart, end: h.newStart + h.newCount };
}
