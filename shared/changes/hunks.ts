/**
 * A file's changes ("hunks") since a baseline, each with an identity made of what it shows — the
 * lines it removed, the lines it added and HUNK_CONTEXT_LINES unchanged lines on each side —
 * never of where it is. So a hunk marked reviewed stays reviewed while the agent edits elsewhere
 * in the file (its lines move, its identity does not), and loses the mark as soon as its own
 * lines, or the lines right beside it, change. Identical hunks (the same change with the same
 * context twice in a file) are told apart by their order among themselves: the only position
 * that enters an identity, and only between look-alikes.
 *
 * The line diff is the one re-anchoring and the line counts use (anchoring/diff.ts, shaped after
 * git's histogram diff). VS Code's diff editor computes its own, so a hunk here may span what
 * the editor draws as two blocks, or the other way round; both show the same changed lines.
 * Pure: no Node, no vscode.
 */
import { mapLines } from '../anchoring/diff';
import { splitLines } from '../text';

/** Unchanged lines on each side of a hunk that belong to its identity (measured: test/changes-hunks-corpus.test.ts). */
export const HUNK_CONTEXT_LINES = 1;

export interface Hunk {
  /** The identity: `h` + 24 hex digits of a hash of context, removed and added lines, `#n` for the n-th look-alike (n ≥ 2). */
  id: string;
  /** Lines removed: 0-based index of the first in the baseline's text, and how many. */
  oldStart: number;
  oldCount: number;
  /** Lines added: 0-based index of the first in today's text, and how many (0: a pure deletion, before line newStart). */
  newStart: number;
  newCount: number;
}

/** A hunk with its lines, for the actions that quote or revert it. */
export interface HunkText extends Hunk {
  removed: readonly string[];
  added: readonly string[];
  /** Up to HUNK_CONTEXT_LINES lines before and after it in today's text. */
  before: readonly string[];
  after: readonly string[];
}

/** The hunks between two texts, in file order. */
export function diffHunks(oldText: string, newText: string): HunkText[] {
  if (oldText === newText) return [];
  return hunksOfLines(splitLines(oldText), splitLines(newText));
}

export function hunksOfLines(a: readonly string[], b: readonly string[]): HunkText[] {
  return hunksOfMapping(a, b, mapLines(a, b));
}

/**
 * The shape of a file's hunks as they were shown when the user marked one: where each was in
 * the baseline and what it put there. With the baseline's text it gives back the text the marks
 * were made on and how the baseline's lines mapped into it (stored with the marks, hunk-marks.ts).
 */
export interface HunkShape {
  /** hashLines of the text the hunks were computed on (a check that the shape rebuilds it). */
  text: string;
  /** [oldStart, oldCount, added lines] of each hunk, in file order. */
  hunks: [number, number, string[]][];
}

export function shapeOf(newLines: readonly string[], hunks: readonly HunkText[]): HunkShape {
  return { text: hashLines(newLines), hunks: hunks.map((h) => [h.oldStart, h.oldCount, [...h.added]]) };
}

/** A hash of a text's lines (hunkKey's hash): whether a shape rebuilds exactly the text it was taken from. */
export function hashLines(lines: readonly string[]): string {
  const [whole, counted] = fnv1a64Pair(`${lines.length}\u0000`, lines);
  return `t${whole}${counted.slice(0, 8)}`;
}

/** The text a shape was taken from, and the baseline's mapping into it; undefined when it does not fit this baseline. */
export function rebuild(a: readonly string[], shape: HunkShape): { lines: string[]; oldToNew: Int32Array } | undefined {
  const lines: string[] = [];
  const oldToNew = new Int32Array(a.length).fill(-1);
  let i = 0;
  for (const [oldStart, oldCount, added] of shape.hunks) {
    if (!Number.isInteger(oldStart) || !Number.isInteger(oldCount) || oldStart < i || oldCount < 0 || oldStart + oldCount > a.length || !Array.isArray(added)) return undefined;
    for (; i < oldStart; i++) {
      oldToNew[i] = lines.length;
      lines.push(a[i]!);
    }
    for (const line of added) {
      if (typeof line !== 'string') return undefined;
      lines.push(line);
    }
    i += oldCount;
  }
  for (; i < a.length; i++) {
    oldToNew[i] = lines.length;
    lines.push(a[i]!);
  }
  return hashLines(lines) === shape.text ? { lines, oldToNew } : undefined;
}

/**
 * The hunks between the baseline's lines `a` and today's `c`. With `shape` (how the hunks were
 * shown when the user last marked one, taken on a text `b`), they follow those: a line the
 * baseline and `b` shared and that the edits since left alone is matched through them, so a hunk
 * nobody touched keeps exactly its lines — a fresh diff of `a` and `c` may align a stretch of
 * look-alike lines (`}`, blank lines) differently and reshape a hunk nobody touched (about 2% of
 * untouched hunks across a commit on the anchoring corpus; 0 following). What lies between those
 * matches is diffed afresh. A shape that does not fit `a` is ignored.
 */
export function computeHunks(a: readonly string[], c: readonly string[], shape?: HunkShape): HunkText[] {
  const previous = shape && rebuild(a, shape);
  if (!previous) return hunksOfLines(a, c);
  return hunksOfMapping(a, c, follow(a, c, previous));
}

function follow(a: readonly string[], c: readonly string[], previous: { lines: readonly string[]; oldToNew: Int32Array }): { oldToNew: Int32Array; newToOld: Int32Array } {
  const bc = mapLines(previous.lines, c);
  const oldToNew = new Int32Array(a.length).fill(-1);
  for (let i = 0; i < a.length; i++) {
    const j = previous.oldToNew[i]!;
    if (j >= 0) oldToNew[i] = bc.oldToNew[j]!;
  }
  // Fill the gaps between the matches carried over with a diff of what lies between them.
  let i0 = -1;
  let j0 = -1;
  for (let i = 0; i <= a.length; i++) {
    const j = i < a.length ? oldToNew[i]! : c.length;
    if (j < 0) continue;
    if (j <= j0) { // out of order: two diffs in a row cannot make it, but it is never trusted
      oldToNew[i] = -1;
      continue;
    }
    if (i - i0 > 1 && j - j0 > 1) {
      const sub = mapLines(a.slice(i0 + 1, i), c.slice(j0 + 1, j));
      for (let k = 0; k < sub.oldToNew.length; k++) if (sub.oldToNew[k]! >= 0) oldToNew[i0 + 1 + k] = j0 + 1 + sub.oldToNew[k]!;
    }
    i0 = i;
    j0 = j;
  }
  const newToOld = new Int32Array(c.length).fill(-1);
  for (let i = 0; i < a.length; i++) if (oldToNew[i]! >= 0) newToOld[oldToNew[i]!] = i;
  return { oldToNew, newToOld };
}

function hunksOfMapping(a: readonly string[], b: readonly string[], m: { oldToNew: Int32Array; newToOld: Int32Array }): HunkText[] {
  const out: HunkText[] = [];
  const seen = new Map<string, number>();
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && m.oldToNew[i] === j) {
      i++;
      j++;
      continue;
    }
    const oldStart = i;
    const newStart = j;
    while (i < a.length && m.oldToNew[i]! < 0) i++;
    while (j < b.length && m.newToOld[j]! < 0) j++;
    if (i === oldStart && j === newStart) {
      // A mapping that is not in order (never made by mapLines): take the crossing line as changed rather than loop.
      if (i < a.length) i++;
      if (j < b.length) j++;
    }
    const removed = a.slice(oldStart, i);
    const added = b.slice(newStart, j);
    const before = b.slice(Math.max(0, newStart - HUNK_CONTEXT_LINES), newStart);
    const after = b.slice(j, j + HUNK_CONTEXT_LINES);
    const key = hunkKey(before, removed, added, after);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    out.push({ id: n === 1 ? key : `${key}#${n}`, oldStart, oldCount: removed.length, newStart, newCount: added.length, removed, added, before, after });
  }
  return out;
}

/** The identity of a hunk's content (without the look-alike number). */
export function hunkKey(before: readonly string[], removed: readonly string[], added: readonly string[], after: readonly string[]): string {
  // Lengths first: no two different line lists join into the same text.
  const parts = [String(before.length), String(removed.length), String(added.length), String(after.length), ...before, ...removed, ...added, ...after];
  let length = parts.length - 1; // the newlines joining them
  for (const p of parts) length += p.length;
  const [whole, counted] = fnv1a64Pair(`${length}\u0000`, parts);
  return `h${whole}${counted.slice(0, 8)}`;
}

/**
 * FNV-1a, 64 bits, over UTF-16 code units, as 16 hex digits: of `lines` joined with "\n", and of
 * `prefix` followed by that text, in one pass over the lines (no joined copy of a long file).
 * Not a security boundary: it tells whether a hunk is the one that was marked; with the second
 * hash an accidental match of two different hunks of one file and baseline is about 2^-96 a
 * pair. Pure JavaScript, so the board and the tests run it anywhere. The 64-bit product
 * h * 0x100000001b3 is worked on two 32-bit halves (h2:h1): h * 0x1b3 + (h << 40). The hashes are
 * stored (marks, shapes): test/changes-hunks.test.ts holds them to the plain one-string form.
 */
function fnv1a64Pair(prefix: string, lines: readonly string[]): [string, string] {
  let b1 = 0x84222325;
  let b2 = 0xcbf29ce4;
  for (let k = 0; k < prefix.length; k++) {
    b1 = (b1 ^ prefix.charCodeAt(k)) >>> 0;
    const lo = b1 * 0x1b3; // < 2^41: exact
    b2 = (Math.imul(b2, 0x1b3) + (b1 << 8) + ((lo / 0x100000000) | 0)) | 0;
    b1 = lo >>> 0;
  }
  let a1 = 0x84222325;
  let a2 = 0xcbf29ce4;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const n = i + 1 < lines.length ? line.length + 1 : line.length;
    for (let k = 0; k < n; k++) {
      const c = k < line.length ? line.charCodeAt(k) : 10;
      a1 = (a1 ^ c) >>> 0;
      const la = a1 * 0x1b3;
      a2 = (Math.imul(a2, 0x1b3) + (a1 << 8) + ((la / 0x100000000) | 0)) | 0;
      a1 = la >>> 0;
      b1 = (b1 ^ c) >>> 0;
      const lb = b1 * 0x1b3;
      b2 = (Math.imul(b2, 0x1b3) + (b1 << 8) + ((lb / 0x100000000) | 0)) | 0;
      b1 = lb >>> 0;
    }
  }
  return [hex64(a2, a1), hex64(b2, b1)];
}

function hex64(high: number, low: number): string {
  return (high >>> 0).toString(16).padStart(8, '0') + (low >>> 0).toString(16).padStart(8, '0');
}

/** The hunk of a file that has no line diff (binary, too large, a rename with no edit): the file as it is now. */
export function wholeFileHunkId(current: string): string {
  return `file:${current}`;
}

/** The hunk with this identity, if the texts still hold it. */
export function findHunk(hunks: readonly HunkText[], id: string): HunkText | undefined {
  return hunks.find((h) => h.id === id);
}
