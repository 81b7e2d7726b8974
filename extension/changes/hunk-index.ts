/**
 * The hunks of one folder's changes since its baseline, and which are reviewed (no `vscode`
 * here: the benchmark runs it as it is). Each changed file is diffed once and kept while it
 * stays the same text; a file the agent edits is diffed again on its own (`refresh`), so marks
 * after a file event cost one file's diff, not the change set's. Computing a whole change set
 * (`sync`) yields to the event loop between files (SLICE_MS), so the extension host's thread is
 * never held longer than one file's diff.
 *
 * Reviewed, per hunk: marked (hunk-marks.ts), or its file ticked Viewed while it is the content
 * it was ticked on (viewed.ts). A file is Viewed when every one of its hunks is reviewed — the
 * two views of one fact never disagree. A file with no line diff (binary, too large, a rename
 * with no edit, a copy the baseline lost) counts as one change, identified by its content.
 */
import type { FileChange } from '../../shared/changes/model';
import type { FileMarks } from '../../shared/changes/hunk-marks';
import { computeHunks, hashLines, wholeFileHunkId, type HunkText } from '../../shared/changes/hunks';
import { splitLines } from '../../shared/text';

/** Where the texts come from: the baseline's copy of a changed file, and today's (an open editor's, else the disk's). */
export interface HunkSource {
  baselineText(change: FileChange): Promise<string | undefined>;
  currentText(change: FileChange): Promise<string | undefined>;
}

export interface FileReview {
  change: FileChange;
  /** The file's line hunks (empty: no line diff, see `ids`). */
  hunks: HunkText[];
  /** Each change's identity, in file order: the hunks', or one for the whole file. */
  ids: string[];
  reviewed: boolean[];
  /** Today's lines and the baseline's, as the hunks were computed on (undefined when not text). */
  lines?: string[];
  base?: string[];
  /** hashLines(lines): whether a text read later is still this one. */
  textKey?: string;
}

export interface Progress {
  reviewed: number;
  total: number;
  /** Files whose changes are all reviewed, and files computed. */
  filesViewed: number;
  files: number;
}

/** Longest stretch of diffing between two yields to the event loop. */
export const SLICE_MS = 12;

const yieldNow = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class HunkIndex {
  readonly files = new Map<string, FileReview>();

  /** `key`: the baseline (baselineKey, and the commit a git baseline resolved to) the hunks are counted from. */
  constructor(readonly key: string) {}

  /**
   * Brings the index to `changes`: drops files no longer changed, diffs the ones new or changed
   * since (by FileChange.current), reuses the rest. `onSlice` is called after each slice with the
   * files done in it. Stops early when `signal` fires.
   */
  async sync(
    changes: readonly FileChange[], source: HunkSource, marks: (path: string) => FileMarks | undefined, ticked: (c: FileChange) => boolean,
    opts: { signal?: AbortSignal; onSlice?: (paths: string[]) => void } = {},
  ): Promise<void> {
    const wanted = new Set(changes.map((c) => c.path));
    for (const p of [...this.files.keys()]) if (!wanted.has(p)) this.files.delete(p);
    let started = Date.now();
    let done: string[] = [];
    for (const change of changes) {
      if (opts.signal?.aborted) return;
      const known = this.files.get(change.path);
      if (known && known.change.current === change.current) {
        known.change = change;
        continue;
      }
      await this.compute(change, source, marks(change.path), ticked(change));
      done.push(change.path);
      if (Date.now() - started >= SLICE_MS) {
        opts.onSlice?.(done);
        done = [];
        await yieldNow();
        started = Date.now();
      }
    }
    if (done.length) opts.onSlice?.(done);
  }

  /**
   * Diffs one file again when its text is no longer the one its hunks were computed on (an edit
   * seen before the change list caught up). Returns whether its hunks changed.
   */
  async refresh(change: FileChange, source: HunkSource, marks: FileMarks | undefined, ticked: boolean): Promise<boolean> {
    const known = this.files.get(change.path);
    if (!known) return false;
    const text = await source.currentText(change);
    const lines = text === undefined ? undefined : splitLines(text);
    const key = lines === undefined ? undefined : hashLines(lines);
    if (key === known.textKey) return false;
    // The lines and their hash are handed on: hashing a long file again cost as much as its diff's slower half.
    await this.compute(change, source, marks, ticked, text, lines && key !== undefined ? { lines, key } : undefined);
    return true;
  }

  private async compute(change: FileChange, source: HunkSource, marks: FileMarks | undefined, ticked: boolean, knownText?: string, known?: { lines: string[]; key: string }): Promise<void> {
    const [baseText, text] = await Promise.all([
      change.kind === 'added' ? Promise.resolve('') : source.baselineText(change),
      knownText !== undefined ? Promise.resolve(knownText) : change.kind === 'deleted' ? Promise.resolve('') : source.currentText(change),
    ]);
    const entry: FileReview = { change, hunks: [], ids: [], reviewed: [] };
    if (baseText !== undefined && text !== undefined && !(change.note && change.note !== 'missing-content')) {
      const base = splitLines(baseText);
      const lines = known?.lines ?? splitLines(text);
      entry.hunks = computeHunks(base, lines, marks?.shape);
      entry.lines = lines;
      entry.base = base;
      entry.textKey = known?.key ?? hashLines(lines);
    }
    entry.ids = entry.hunks.length ? entry.hunks.map((h) => h.id) : [wholeFileHunkId(change.current)];
    this.files.set(change.path, entry);
    this.applyMarks(change.path, marks, ticked);
  }

  /** Works out which of a file's changes are reviewed, after its marks or its tick changed. */
  applyMarks(path: string, marks: FileMarks | undefined, ticked: boolean): void {
    const f = this.files.get(path);
    if (f) f.reviewed = f.ids.map((id) => ticked || (marks?.reviewed.has(id) ?? false));
  }

  /** Whether every change of a file is reviewed; undefined while the file is not computed. */
  viewed(path: string): boolean | undefined {
    const f = this.files.get(path);
    return f ? f.reviewed.every(Boolean) : undefined;
  }

  progress(): Progress {
    const p: Progress = { reviewed: 0, total: 0, filesViewed: 0, files: 0 };
    for (const f of this.files.values()) {
      const n = f.reviewed.filter(Boolean).length;
      p.reviewed += n;
      p.total += f.ids.length;
      p.files++;
      if (n === f.ids.length) p.filesViewed++;
    }
    return p;
  }
}
