/**
 * Re-anchoring: where does a thread's code live in today's file? Pure functions, no I/O.
 * Deployed as `.consider/shared/reconcile.js` (spec §4.1); the CLI and the extension run
 * this same code, so they always agree.
 *
 * The order of evidence (DESIGN.md §6):
 *  1. With the snapshot of the file as it was when the anchor was confirmed: diff snapshot →
 *     current. Target lines the diff leaves untouched (or changes only in whitespace) map
 *     exactly. Touched target lines make the thread stale — unless the exact code re-appears
 *     as a distinctive block of inserted lines (a move), which it then follows.
 *  2. Without a usable snapshot: find the target (ignoring whitespace) in the file; rank
 *     the copies by how well their surroundings match the remembered context; accept only
 *     a clear winner. A tie is stale, never a guess.
 * A thread is only ever "anchored" on lines equal to its code up to whitespace: edited code
 * is stale, whatever a fuzzy score says. Fuzzy scores only choose where a stale thread is shown.
 */
import type { Anchor } from '../model';
import { splitLines } from '../text';
import { CONTEXT_LINES } from './anchor';
import { commonLength, mapLines, mapLinesMyers, withoutWhitespace } from './diff';
import type { LineMapping } from './diff';
import { contextSimilarity, isDistinctive } from './similarity';

export interface ReanchorResult {
  anchorState: 'anchored' | 'stale';
  startLine: number;
  endLine: number;
  /** Which rule decided (for tests, benchmarks and the triage view). */
  method: string;
  /** Why the thread is stale, in words a human can read. */
  reason?: string;
  /** 0..1 */
  confidence: number;
}

export interface ReanchorOptions {
  /**
   * The file as it was when the anchor was last confirmed (its content-addressed snapshot), or
   * a function that reads it: then it is read only when needed (see Anchor.uniqueWindow).
   */
  snapshotText?: string | (() => string | undefined);
}

/** A unique copy without a snapshot is accepted only if its surroundings look at least this much alike (unless distinctive). */
export const MIN_CONTEXT_UNIQUE = 0.85;
/** Among several copies, the best must beat the runner-up's context score by this much. */
export const CONTEXT_MARGIN = 0.15;
/** …and must itself match the remembered context at least this well. */
export const MIN_CONTEXT_BEST = 0.4;

export function reanchor(anchor: Anchor, currentText: string, opts: ReanchorOptions = {}): ReanchorResult {
  if (currentText.includes('\u0000')) {
    return stale(anchor.startLine, anchor.endLine, anchor.endLine, 'binary', 'the file now looks binary (it contains NUL bytes)');
  }
  const lines = linesOf(currentText);
  if (lines.length === 0) return stale(1, 1, 1, 'empty-file', 'the file is now empty');
  const target = anchor.targetContent.split('\n');
  if (anchor.uniqueWindow !== undefined && anchor.uniqueWindow === uniqueWindowProof(anchor, target.length)) {
    // findUntouchedWindow's test with its snapshot half settled when the anchor was captured.
    const found = findOnly(lines, rememberedWindow(anchor, target));
    if (found !== undefined) return anchored(found + anchor.contextBefore.length, target.length, 'window', 1);
  }
  const snapshotText = typeof opts.snapshotText === 'function' ? opts.snapshotText() : opts.snapshotText;
  if (snapshotText !== undefined) {
    const snapshot = linesOf(snapshotText);
    const at = locateInSnapshot(anchor, snapshot, target);
    if (at !== undefined) {
      const unmoved = findUntouchedWindow(snapshot, at, target.length, lines);
      if (unmoved !== undefined) return anchored(unmoved, target.length, 'window', 1);
      return reanchorByDiff(snapshot, at, target, lines, anchor);
    }
  }
  return reanchorByContent(anchor, lines, target);
}

/**
 * splitLines, remembering the last few texts (same text → same array, which keeps the diff
 * cache hitting, and lets the pass capture the new anchor without splitting the file again).
 * Huge texts are not kept: the extension host is a long-lived process. Callers must not
 * change the array.
 */
const splitCache = new Map<string, string[]>();
const MAX_CACHED_TEXT = 4 * 1024 * 1024;
export function linesOf(text: string): readonly string[] {
  let lines = splitCache.get(text);
  if (!lines) {
    lines = splitLines(text);
    if (text.length > MAX_CACHED_TEXT) return lines;
    if (splitCache.size >= 4) splitCache.delete(splitCache.keys().next().value!);
    splitCache.set(text, lines);
  }
  return lines;
}

function stale(startLine: number, endLine: number, lineCount: number, method: string, reason: string): ReanchorResult {
  const start = Math.min(Math.max(1, startLine), Math.max(1, lineCount));
  const end = Math.min(Math.max(start, endLine), Math.max(1, lineCount));
  return { anchorState: 'stale', startLine: start, endLine: end, method, reason, confidence: 1 };
}

function anchored(start0: number, length: number, method: string, confidence: number): ReanchorResult {
  return { anchorState: 'anchored', startLine: start0 + 1, endLine: start0 + length, method, confidence };
}

/** 0-based start of the target inside the snapshot, or undefined when the snapshot does not hold it there (then it is ignored). */
function locateInSnapshot(anchor: Anchor, snapshot: readonly string[], target: readonly string[]): number | undefined {
  const start = startInSnapshot(anchor) - 1;
  if (start < 0 || start + target.length > snapshot.length) return undefined;
  for (let k = 0; k < target.length; k++) if (snapshot[start + k] !== target[k]) return undefined;
  return start;
}

// ---------------------------------------------------------------- snapshot diff

/**
 * The quick answer before any diff: the target with CONTEXT_LINES of its snapshot
 * surroundings each side occurs exactly once in the snapshot and exactly once, unchanged, in
 * today's file. Then the code and everything around it are the same lines, merely shifted, and
 * any diff maps them there. Most threads on an edited file are like this, and a short-lived
 * CLI process then never pays for diffing a 2,000-line file. Returns the new 0-based start.
 */
function findUntouchedWindow(snapshot: readonly string[], at: number, n: number, lines: readonly string[]): number | undefined {
  const from = Math.max(0, at - CONTEXT_LINES);
  const to = Math.min(snapshot.length, at + n + CONTEXT_LINES);
  const window = snapshot.slice(from, to);
  if (!occursOnce(snapshot, window)) return undefined;
  const found = findOnly(lines, window);
  return found === undefined ? undefined : found + (at - from);
}

/**
 * What Anchor.uniqueWindow holds when it is true for this anchor: the snapshot, the target's
 * place in it and the window's shape. An anchor changed by code that does not know the field
 * (earlier versions copy unknown anchor fields along) no longer matches it, and is simply
 * checked against its snapshot again.
 */
function uniqueWindowProof(anchor: Anchor, targetLines: number): string | undefined {
  if (anchor.snapshot === undefined) return undefined;
  return `${anchor.snapshot}@${startInSnapshot(anchor)}+${targetLines}/${anchor.contextBefore.length}/${anchor.contextAfter.length}`;
}

/** Where the anchor's target starts in its snapshot (1-based): a stale anchor keeps its place there in snapshotLine. */
function startInSnapshot(anchor: Anchor): number {
  return anchor.snapshotLine ?? anchor.startLine;
}

/**
 * Records in `anchor` (just captured from `snapshotLines`, the text of anchor.snapshot) whether
 * its window, the target with its remembered context, occurs exactly once in the snapshot.
 * `foundOnce`: the anchor was placed by a 'window' result, whose window was just found exactly
 * once in these lines with the target at this place. This anchor's window holds that one (the
 * same target, as much context or more), so it occurs once too: no search needed.
 */
export function noteUniqueWindow(anchor: Anchor, snapshotLines: readonly string[], foundOnce = false): void {
  const target = anchor.targetContent.split('\n');
  const start = startInSnapshot(anchor) - 1 - anchor.contextBefore.length;
  if (foundOnce || findOnly(snapshotLines, rememberedWindow(anchor, target)) === start) {
    anchor.uniqueWindow = uniqueWindowProof(anchor, target.length);
  }
}

/** The anchor's remembered lines in file order: context before, the target (its lines), context after. */
function rememberedWindow(anchor: Anchor, target: readonly string[]): string[] {
  return [...anchor.contextBefore, ...target, ...anchor.contextAfter];
}

function occursOnce(lines: readonly string[], window: readonly string[]): boolean {
  return findOnly(lines, window) !== undefined;
}

/**
 * Start of the only occurrence of `window` in `lines`, or undefined when there is none or more
 * than one. Candidates come from the native Array#indexOf on the window's longest line (a
 * long line is rarely repeated, so few candidates need checking); a JS loop over every line
 * would run in V8's interpreter in a short-lived CLI process, several times slower.
 */
function findOnly(lines: readonly string[], window: readonly string[]): number | undefined {
  let pivot = 0;
  for (let k = 1; k < window.length; k++) if (window[k]!.length > window[pivot]!.length) pivot = k;
  const key = window[pivot]!;
  const last = lines.length - window.length;
  let found: number | undefined;
  for (let q = lines.indexOf(key, pivot); q >= 0; q = lines.indexOf(key, q + 1)) {
    const p = q - pivot;
    if (p > last) break;
    let k = 0;
    while (k < window.length && (k === pivot || lines[p + k] === window[k])) k++;
    if (k < window.length) continue;
    if (found !== undefined) return undefined;
    found = p;
  }
  return found;
}

function reanchorByDiff(snapshot: readonly string[], at: number, target: readonly string[], lines: readonly string[], anchor: Anchor): ReanchorResult {
  const n = target.length;
  // Exact diff first: it lines up with what `git diff` shows. Only when it says the target
  // was touched, diff again ignoring whitespace, so a re-indented block lines up as a whole.
  const exact = cachedMapLines(snapshot, lines, false);
  const exactHit = mappedRange(exact.oldToNew, at, n);
  // A place the diff found is taken only if no other copy of the target in the snapshot has
  // a better claim to it (see claimedByTwin); else the whitespace-blind diff is asked next.
  if (exactHit !== undefined && !claimedByTwin(snapshot, at, lines, exactHit, n, sameLine)) {
    // Two equally valid diffs may place the target differently (identical lines around a
    // change). When git's Myers algorithm disagrees, let the remembered context decide
    // between the two places; no clear winner is stale, never a guess. A target holding a
    // line that occurs once in both texts can only be placed one way: no second diff needed.
    if (hasLineUniqueInBoth(snapshot, at, lines, exactHit, n, sameLine)) return anchored(exactHit, n, 'diff', 1);
    // The whitespace-blind diff pairing the target with a re-indented copy elsewhere says
    // the exact diff may have matched a look-alike (a lone `});` or `pass` of other code
    // that kept its indentation): two of our own diffs disagree, so neither is trusted.
    // Both places hold the same text up to whitespace, so the context cannot tell them apart
    // reliably either: stale.
    const looseHit = mappedRange(cachedMapLines(snapshot, lines, true).oldToNew, at, n);
    if (looseHit !== undefined && looseHit !== exactHit) {
      return stale(exactHit + 1, exactHit + n, lines.length, 'diff-ambiguous',
        'the file changed around look-alike lines; the diffs disagree about which copy is the commented one');
    }
    // Lines with no word in them (a lone `}`, `end`-less punctuation, blanks) that the diff kept
    // while everything around them was rewritten say nothing of whose they are: the diff pairs
    // the closing brace of a deleted function with the brace of whichever new function lines up
    // (hiredis #518, bench/anchoring/RESULTS.md). Kept in place only when the nearest worded line
    // on one side at least was kept beside it.
    if (target.every(isWordless) && target.some(isLoneMark) && !keptBeside(exact.oldToNew, snapshot, lines, at, n, exactHit)) {
      return stale(exactHit + 1, exactHit + n, lines.length, 'diff-ambiguous',
        'the code around these lines was rewritten; nothing tells which copy of them is the commented one');
    }
    const myers = cachedMyers(snapshot, lines);
    const other = myers ? mappedRange(myers, at, n) : undefined;
    if (other === undefined || other === exactHit) return anchored(exactHit, n, 'diff', 1);
    const score = (p: number): number => contextAt(lines, p, n, anchor);
    const [mine, theirs] = [score(exactHit), score(other)];
    if (mine - theirs >= CONTEXT_MARGIN) return anchored(exactHit, n, 'diff', 0.9);
    if (theirs - mine >= CONTEXT_MARGIN) return anchored(other, n, 'diff-myers', 0.9);
    return stale(exactHit + 1, exactHit + n, lines.length, 'diff-ambiguous',
      'the file changed around identical lines; the diff cannot tell which copy is the commented one');
  }
  // The whitespace-blind diff may pair lines across the file (a deleted block with a
  // look-alike inserted elsewhere): accept its answer only between the nearest lines both
  // diffs agree on, i.e. where the target's region went.
  const loose = cachedMapLines(snapshot, lines, true);
  const window = regionOf(exact.oldToNew, at, n, snapshot.length, lines.length, loose.oldToNew);
  const looseHit = mappedRange(loose.oldToNew, at, n);
  if (looseHit !== undefined && looseHit >= window.lo && looseHit + n - 1 <= window.hi && !claimedByTwin(snapshot, at, lines, looseHit, n, withoutWhitespace)) {
    return anchored(looseHit, n, 'diff-whitespace', 0.95);
  }

  const moved = findMovedCopy(target, lines, exact.newToOld, at, anchor);
  // A copy another old copy of the code may own (the diff's own place, refused above) is no move either.
  if (moved !== undefined && !claimedByTwin(snapshot, at, lines, moved, n, withoutWhitespace)) return anchored(moved, n, 'moved', 0.8);

  const slid = keptWholeBySlide(snapshot, at, n, lines, exact.oldToNew, loose.oldToNew);
  if (slid !== undefined) return anchored(slid, n, 'diff-slide', 0.9);

  // The target was touched: show the thread where its lines went.
  const { oldToNew } = loose;
  const place = staleRegion(oldToNew, at, n, snapshot.length, lines.length);
  if (place === undefined) {
    const { lo } = regionOf(oldToNew, at, n, snapshot.length, lines.length);
    return stale(lo + 1, lo + 1, lines.length, 'diff-deleted', 'the commented lines were deleted');
  }
  return stale(place.from + 1, place.to + 1, lines.length, 'diff-edited',
    place.kept > 0 ? 'some of the commented lines were edited' : 'the commented lines were edited');
}

/** Above this many lines (both sides of the stretch together), keptWholeBySlide does not diff the stretch. */
const MAX_SLIDE_STRETCH = 2_000;

/**
 * A target re-indented in place, which the whitespace-blind diff split because some of its
 * lines equal their neighbours up to whitespace (an `else … fi` that a new nested `if` wraps:
 * the old `else` pairs with the outer, unchanged `else`, the old `fi` with the inner, re-indented
 * one; cobra #646, bench/anchoring/RESULTS.md). The diff's choice among identical lines is a
 * convention; the target is kept whole at p when all of this holds:
 *  - it has at least two lines, and one of them, with a word in it, occurs exactly once in the
 *    snapshot and exactly once today (whitespace ignored): whatever maps that line maps it to p;
 *  - p is the only place in the stretch between the nearest lines both diffs kept where the
 *    target's lines stand, equal up to whitespace, one after another;
 *  - keeping them there costs nothing: a longest common subsequence of the stretch (whitespace
 *    ignored) that keeps the target whole at p is as long as the best one. So an equally minimal
 *    diff gives p; no line around is given up for it.
 * Returns the new 0-based start, or undefined.
 */
function keptWholeBySlide(snapshot: readonly string[], at: number, n: number, lines: readonly string[], exact: Int32Array, loose: Int32Array): number | undefined {
  if (n < 2) return undefined;
  const key = withoutWhitespace;
  const oldCounts = lineCounts(snapshot, key);
  const newCounts = lineCounts(lines, key);
  const wanted = snapshot.slice(at, at + n).map(key);
  const pivot = wanted.findIndex((w, k) => !isWordless(snapshot[at + k]!) && oldCounts.get(w) === 1 && newCounts.get(w) === 1);
  if (pivot < 0) return undefined;
  const agreed = (i: number): boolean => exact[i]! >= 0 && loose[i] === exact[i];
  let before = at - 1;
  while (before >= 0 && !agreed(before)) before--;
  let after = at + n;
  while (after < snapshot.length && !agreed(after)) after++;
  const lo = before >= 0 ? exact[before]! + 1 : 0;
  const hi = after < snapshot.length ? exact[after]! - 1 : lines.length - 1;
  const stretchB = lines.slice(lo, hi + 1).map(key);
  const q = stretchB.indexOf(wanted[pivot]!) - pivot; // the unique line fixes the only candidate
  if (q < 0 || q + n > stretchB.length) return undefined;
  for (let k = 0; k < n; k++) if (stretchB[q + k] !== wanted[k]) return undefined;
  const stretchA = snapshot.slice(before + 1, after).map(key);
  const s = at - (before + 1);
  const best = commonLength(stretchA, stretchB, MAX_SLIDE_STRETCH);
  const head = commonLength(stretchA.slice(0, s), stretchB.slice(0, q), MAX_SLIDE_STRETCH);
  const tail = commonLength(stretchA.slice(s + n), stretchB.slice(q + n), MAX_SLIDE_STRETCH);
  if (best === undefined || head === undefined || tail === undefined || head + n + tail !== best) return undefined;
  return lo + q;
}

/**
 * Where an edited target is shown (0-based, inclusive), or undefined when its lines were
 * deleted with nothing in their place. The target's old lines sit in a changed stretch (a
 * hunk) between the nearest lines the diff kept; the hunk's new lines are where they went.
 * Inside it the target keeps its place: aligned on a line of it the diff kept; else the
 * hunk's lines above and below the target are taken to have become as many new lines at its
 * ends, and the target is shown between them, from the end nearer to it. So two lines
 * rewritten under a rewritten signature are shown on the new body, not one line higher on
 * the signature (the hunk's first line), and *Re-anchor to suggestion* lands on them.
 */
function staleRegion(oldToNew: Int32Array, at: number, n: number, oldLength: number, newLength: number): { from: number; to: number; kept: number } | undefined {
  let before = at - 1;
  while (before >= 0 && oldToNew[before]! < 0) before--;
  let after = at + n;
  while (after < oldLength && oldToNew[after]! < 0) after++;
  const lo = before >= 0 ? oldToNew[before]! + 1 : 0;
  const hi = after < oldLength ? oldToNew[after]! - 1 : newLength - 1;
  let kept = 0;
  let firstKept = -1;
  for (let k = 0; k < n; k++) {
    if (oldToNew[at + k]! < 0) continue;
    kept++;
    if (firstKept < 0) firstKept = k;
  }
  if (hi < lo && kept === 0) return undefined;
  if (firstKept >= 0) {
    const from = oldToNew[at + firstKept]! - firstKept;
    return { from: Math.max(lo, Math.min(from, hi)), to: Math.max(lo, Math.min(from + n - 1, hi)), kept };
  }
  const headroom = at - (before + 1); // hunk lines above the target
  const footroom = after - (at + n); // …and below it
  const midLo = lo + headroom;
  const midHi = hi - footroom;
  const fromTop = headroom <= footroom;
  if (midLo > midHi) {
    // The hunk shrank below its lines around the target: show the one line where it went.
    const p = Math.max(lo, Math.min(fromTop ? midLo : midHi, hi));
    return { from: p, to: p, kept };
  }
  return fromTop
    ? { from: midLo, to: Math.min(midHi, midLo + n - 1), kept }
    : { from: Math.max(midLo, midHi - n + 1), to: midHi, kept };
}

/**
 * Whether one of the target's lines (snapshot[at .. at+n), placed at lines[hit .. hit+n))
 * occurs exactly once in the snapshot and exactly once in today's lines, compared by `key`.
 * Then every diff that maps that line maps it, and with it the whole range, here. A line
 * unique today but twice in the snapshot is not enough: another diff may keep the other old
 * copy and count the target's lines as removed.
 */
function hasLineUniqueInBoth(snapshot: readonly string[], at: number, lines: readonly string[], hit: number, n: number, key: (line: string) => string): boolean {
  const oldCounts = lineCounts(snapshot, key);
  const newCounts = lineCounts(lines, key);
  for (let k = 0; k < n; k++) {
    if (newCounts.get(key(lines[hit + k]!)) === 1 && oldCounts.get(key(snapshot[at + k]!)) === 1) return true;
  }
  return false;
}

const sameLine = (line: string): string => line;

/**
 * Whether the copy of the target at lines[hit .. hit+n) may belong to another copy of it in
 * the snapshot. When the snapshot held the target's lines (compared by `key`) more often than
 * today's file does, some copies were removed, and which ones survived is the diff's choice:
 * two equally short diffs can keep either. Here the surroundings decide, the snapshot's own
 * around each old copy against today's around the found one: the target keeps the place only
 * if its own old surroundings match it better than any twin's, by CONTEXT_MARGIN. Else the
 * place is claimed (a twin's code, or undecidable), and the thread must not be shown there as
 * valid: a lost thread costs less than one on the wrong code. Only for distinctive code (see
 * below), and only reached when no line of the target is unique in both texts.
 */
function claimedByTwin(snapshot: readonly string[], at: number, lines: readonly string[], hit: number, n: number, key: (line: string) => string): boolean {
  if (hasLineUniqueInBoth(snapshot, at, lines, hit, n, key)) return false;
  // Braces and blank lines are placed by the diff's conventions, which no context can check
  // (git's own choice among them is a convention too): only real code has twins to ask.
  if (!isDistinctive(snapshot.slice(at, at + n))) return false;
  const wanted = snapshot.slice(at, at + n).map(key);
  const oldCopies = copiesOf(snapshot, wanted, key);
  if (oldCopies.length < 2 || copiesOf(lines, wanted, key).length >= oldCopies.length) return false;
  const around = (text: readonly string[], p: number): { before: string[]; after: string[] } => ({
    before: text.slice(Math.max(0, p - CONTEXT_LINES), p).map(withoutWhitespace),
    after: text.slice(p + n, p + n + CONTEXT_LINES).map(withoutWhitespace),
  });
  const from = Math.max(0, hit - CONTEXT_LINES);
  const here = lines.slice(from, hit + n + CONTEXT_LINES).map(withoutWhitespace);
  const claim = (p: number): number => {
    const { before, after } = around(snapshot, p);
    return contextSimilarity(here, hit - from, n, before, after, CONTEXT_LINES);
  };
  const own = claim(at);
  return oldCopies.some((p) => p !== at && own - claim(p) < CONTEXT_MARGIN);
}

/** 0-based starts of every occurrence of `wanted` (keys) in `text` compared by `key`. */
function copiesOf(text: readonly string[], wanted: readonly string[], key: (line: string) => string): number[] {
  const out: number[] = [];
  for (let p = 0; p + wanted.length <= text.length; p++) {
    let k = 0;
    while (k < wanted.length && key(text[p + k]!) === wanted[k]) k++;
    if (k === wanted.length) out.push(p);
  }
  return out;
}

/** How often each line occurs, counted once per text (the threads on a file share it). */
const countCache = new WeakMap<readonly string[], Map<string, number>>();
const looseCountCache = new WeakMap<readonly string[], Map<string, number>>();
function lineCounts(lines: readonly string[], key: (line: string) => string): Map<string, number> {
  const cache = key === withoutWhitespace ? looseCountCache : countCache;
  let counts = cache.get(lines);
  if (!counts) {
    counts = new Map();
    for (let j = 0; j < lines.length; j++) {
      const line = key(lines[j]!);
      counts.set(line, (counts.get(line) ?? 0) + 1);
    }
    cache.set(lines, counts);
  }
  return counts;
}

/**
 * Threads on one file are re-anchored one after another against the same two texts: keep
 * the last diffs so a file with many threads is diffed once, not once per thread.
 */
const lastDiffs: { snapshot?: readonly string[]; lines?: readonly string[]; exact?: LineMapping; loose?: LineMapping } = {};

function cachedMapLines(snapshot: readonly string[], lines: readonly string[], ignoreWhitespace: boolean): LineMapping {
  if (lastDiffs.snapshot !== snapshot || lastDiffs.lines !== lines) {
    lastDiffs.snapshot = snapshot;
    lastDiffs.lines = lines;
    lastDiffs.exact = undefined;
    lastDiffs.loose = undefined;
  }
  const key = ignoreWhitespace ? 'loose' : 'exact';
  return (lastDiffs[key] ??= mapLines(snapshot, lines, ignoreWhitespace));
}

let lastMyers: { snapshot?: readonly string[]; lines?: readonly string[]; map?: Int32Array } = {};
function cachedMyers(snapshot: readonly string[], lines: readonly string[]): Int32Array | undefined {
  if (lastMyers.snapshot !== snapshot || lastMyers.lines !== lines) lastMyers = { snapshot, lines, map: mapLinesMyers(snapshot, lines) };
  return lastMyers.map;
}

/**
 * The stretch of the new text (0-based, inclusive; empty when hi < lo) between the images of
 * the nearest mapped old lines before and after the target: where its region went. With
 * `agreeWith`, only lines both mappings send to the same place count.
 */
function regionOf(oldToNew: Int32Array, at: number, n: number, oldLength: number, newLength: number, agreeWith?: Int32Array): { lo: number; hi: number } {
  const isAnchor = (i: number): boolean => oldToNew[i]! >= 0 && (!agreeWith || agreeWith[i] === oldToNew[i]);
  let before = at - 1;
  while (before >= 0 && !isAnchor(before)) before--;
  let after = at + n;
  while (after < oldLength && !isAnchor(after)) after++;
  return {
    lo: before >= 0 ? oldToNew[before]! + 1 : 0,
    hi: after < oldLength ? oldToNew[after]! - 1 : newLength - 1,
  };
}

/** 0-based new start when all n old lines from `at` map to n consecutive new lines, else undefined. */
/** A line with no word character in it: braces, brackets, punctuation, blank. */
const isWordless = (line: string): boolean => !/[\p{L}\p{N}_$]/u.test(line);
/** A wordless line that is not blank: a lone brace or bracket, a comment's closing mark. */
const isLoneMark = (line: string): boolean => line.trim() !== '' && isWordless(line);

/** How many worded lines on each side of a wordless target are asked whether the diff kept them. */
const NEIGHBOURS_ASKED = 3;

/**
 * Whether the diff kept some of the target's neighbourhood: of the nearest NEIGHBOURS_ASKED lines
 * above it at A that hold a word, or below it, one the diff kept, on the same side of the
 * target's new place and about as near (twice its distance at A, plus a few lines, as code
 * around it may have grown). The file's start or end counts when the target is still by it.
 */
function keptBeside(oldToNew: Int32Array, oldLines: readonly string[], newLines: readonly string[], at: number, n: number, hit: number): boolean {
  const near = (from: number, step: -1 | 1, edge: number, newEdge: number): boolean => {
    let asked = 0;
    for (let i = from; asked < NEIGHBOURS_ASKED; i += step) {
      if (i < 0 || i >= oldLines.length) {
        // the file's edge: still beside it if only wordless lines separate the target from it there too
        for (let j = newEdge; j >= 0 && j < newLines.length; j += step) if (!isWordless(newLines[j]!)) return false;
        return true;
      }
      if (isWordless(oldLines[i]!)) continue;
      asked++;
      const j = oldToNew[i]!;
      if (j < 0 || (j - edge) * step <= 0) continue;
      if (Math.abs(j - edge) <= 2 * Math.abs(i - (step < 0 ? at : at + n - 1)) + 3) return true;
    }
    return false;
  };
  return near(at - 1, -1, hit, hit - 1) || near(at + n, 1, hit + n - 1, hit + n);
}

function mappedRange(oldToNew: Int32Array, at: number, n: number): number | undefined {
  const first = oldToNew[at]!;
  if (first < 0) return undefined;
  for (let k = 1; k < n; k++) if (oldToNew[at + k] !== first + k) return undefined;
  return first;
}

/**
 * The target's exact text re-appearing with new lines in it is a move.
 * Followed only when exactly one such copy exists and the code is distinctive, or its new
 * surroundings match the remembered context — so a deleted `return null;` never jumps to
 * an unrelated new `return null;`. A copy made only of lines that were already there is a
 * twin that existed before, never a move.
 */
function findMovedCopy(target: readonly string[], lines: readonly string[], newToOld: Int32Array, at: number, anchor: Anchor): number | undefined {
  const n = target.length;
  const distinctive = isDistinctive(target);
  // A single line that re-appears re-indented is too often new code that looks the same;
  // a re-indented copy is followed only for a distinctive block of several lines.
  const key = n >= 2 && distinctive ? withoutWhitespace : (l: string): string => l;
  const wanted = target.map(key);
  if (wanted.every((l) => l.trim() === '')) return undefined;
  const found: number[] = [];
  for (let p = 0; p + n <= lines.length; p++) {
    let inserted = 0;
    let k = 0;
    for (; k < n; k++) {
      if (key(lines[p + k]!) !== wanted[k]) break;
      const from = newToOld[p + k]!;
      if (from < 0 || (from >= at && from < at + n)) inserted++;
    }
    if (k === n && inserted > 0) found.push(p);
    if (found.length > 1) return undefined;
  }
  const p = found[0];
  if (p === undefined) return undefined;
  if (distinctive) return p;
  return contextAt(lines, p, n, anchor) >= MIN_CONTEXT_UNIQUE ? p : undefined;
}

/**
 * How well the lines around [p, p+n) match the anchor's remembered context. Only the
 * candidate and CONTEXT_LINES each side are looked at, so this never normalises the whole file.
 */
function contextAt(lines: readonly string[], p: number, n: number, anchor: Anchor): number {
  const from = Math.max(0, p - CONTEXT_LINES);
  const window = lines.slice(from, p + n + CONTEXT_LINES).map(withoutWhitespace);
  return contextSimilarity(window, p - from, n, anchor.contextBefore.map(withoutWhitespace), anchor.contextAfter.map(withoutWhitespace), CONTEXT_LINES);
}

// ---------------------------------------------------------------- content + context

interface Candidate { start: number; context: number; distance: number }

function reanchorByContent(anchor: Anchor, lines: readonly string[], target: readonly string[]): ReanchorResult {
  const n = target.length;
  // Everything is compared without whitespace, so a re-indented block (target and context
  // alike) still matches line for line.
  const keys = lines.map(withoutWhitespace);
  const wanted = target.map(withoutWhitespace);
  const before = anchor.contextBefore.map(withoutWhitespace);
  const after = anchor.contextAfter.map(withoutWhitespace);
  const home = anchor.startLine - 1;

  const candidates: Candidate[] = [];
  for (let p = 0; p + n <= keys.length; p++) {
    if (keys[p] !== wanted[0]) continue;
    let k = 1;
    while (k < n && keys[p + k] === wanted[k]) k++;
    if (k < n) continue;
    candidates.push({ start: p, context: contextSimilarity(keys, p, n, before, after, CONTEXT_LINES), distance: Math.abs(p - home) });
  }
  if (candidates.length === 0) {
    const guess = likelyRegion(keys, wanted, before, after, home);
    return stale(guess + 1, guess + n, lines.length, 'content-missing', 'the commented lines were edited or removed');
  }
  candidates.sort((x, y) => y.context - x.context || x.distance - y.distance);
  const best = candidates[0]!;
  const methodFor = (c: Candidate): string => (target.every((t, k) => t === lines[c.start + k]) ? 'content' : 'content-whitespace');
  if (candidates.length === 1) {
    if (best.context >= MIN_CONTEXT_UNIQUE || isDistinctive(target)) {
      return anchored(best.start, n, methodFor(best), 0.6 + 0.4 * best.context);
    }
    return stale(best.start + 1, best.start + n, lines.length, 'content-unsure',
      'the commented lines were changed: only a look-alike with different surroundings is left');
  }
  const runnerUp = candidates[1]!;
  if (best.context >= MIN_CONTEXT_BEST && best.context - runnerUp.context >= CONTEXT_MARGIN) {
    return anchored(best.start, n, methodFor(best), 0.6 + 0.4 * best.context);
  }
  return stale(best.start + 1, best.start + n, lines.length, 'content-ambiguous',
    `the commented lines appear ${candidates.length} times and the surroundings do not say which copy is theirs`);
}

/**
 * Where a stale thread is best shown when its code is gone: the offset most lines of the
 * remembered target and context vote for (each exact line match is one vote), nearest to the
 * old place on ties. Only a display choice; it never makes a thread anchored.
 */
function likelyRegion(keys: readonly string[], wanted: readonly string[], before: readonly string[], after: readonly string[], home: number): number {
  // Remembered lines with their offset from the target's first line.
  const remembered = new Map<string, number[]>();
  const remember = (line: string, offset: number): void => {
    if (line.length < 3) return; // blank lines and braces vote everywhere
    const list = remembered.get(line);
    if (list) list.push(offset);
    else remembered.set(line, [offset]);
  };
  before.forEach((l, i) => remember(l, i - before.length));
  wanted.forEach((l, i) => remember(l, i));
  after.forEach((l, i) => remember(l, wanted.length + i));
  const votes = new Map<number, number>();
  keys.forEach((line, i) => {
    for (const offset of remembered.get(line) ?? []) votes.set(i - offset, (votes.get(i - offset) ?? 0) + 1);
  });
  let best = Math.min(Math.max(0, home), Math.max(0, keys.length - 1));
  let bestVotes = 0;
  for (const [start, count] of votes) {
    if (start < 0 || start >= keys.length) continue;
    if (count > bestVotes || (count === bestVotes && Math.abs(start - home) < Math.abs(best - home))) {
      best = start;
      bestVotes = count;
    }
  }
  return best;
}
