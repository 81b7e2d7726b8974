/**
 * Line diff for re-anchoring: which lines of an old text survive, untouched, into a new one.
 * Pure, no dependencies. Shaped after git's histogram diff (xdiff/xhistogram.c): match the
 * rarest common line first and grow it into a run, recurse left and right, and fall back to
 * a classic Myers diff when a region has no rare line. Rare-line-first keeps `}` and blank
 * lines from gluing unrelated code together, which is what makes a moved block map right.
 * Removed/added blocks next to identical lines slide down as git's do. mapLinesMyers gives
 * git's default (Myers) alignment too, so callers can tell when two valid diffs disagree.
 */

/** How an old line reached the new text (values of LineMapping.kind). */
export const LineMatch = {
  None: 0,
  /** Identical line. */
  Exact: 1,
  /** Same line once whitespace is ignored. */
  Whitespace: 2,
} as const;

export interface LineMapping {
  /** For each old line (0-based), the new line it maps to, or -1 when it was removed or edited. */
  oldToNew: Int32Array;
  /** For each new line, the old line it came from, or -1 when it was inserted or edited. */
  newToOld: Int32Array;
  /** For each old line, how it was matched (LineMatch). */
  kind: Uint8Array;
}

/** Lines occurring more often than this in a region are never used as a match seed (git uses 64 too). */
const MAX_CHAIN = 64;
/** Above this many cells (old × new lines) a region with no rare line is left unmatched instead of Myers-diffed. */
const MYERS_MAX_CELLS = 4_000_000;

/** A line with all whitespace removed: what `git diff -w` compares. */
export function withoutWhitespace(line: string): string {
  return line.replace(/\s+/g, '');
}

/**
 * Maps old lines to new lines with a diff. `ignoreWhitespace` diffs lines with their
 * whitespace removed, so a re-indented block lines up as a whole (kind tells which
 * matched lines are identical and which differ in whitespace only).
 */
export function mapLines(oldLines: readonly string[], newLines: readonly string[], ignoreWhitespace = false): LineMapping {
  const oldToNew = new Int32Array(oldLines.length).fill(-1);
  const newToOld = new Int32Array(newLines.length).fill(-1);
  const kind = new Uint8Array(oldLines.length);
  const pair = prepare(oldLines, newLines, ignoreWhitespace);
  pair.matchEnds(oldToNew, newToOld);
  const { a, b, from } = pair;
  matchRegion(a, b, pair.distinct, { oldToNew, newToOld, offset: from });
  slideDown(pair.oldKeys, oldToNew, newToOld);
  slideDown(pair.newKeys, newToOld, oldToNew);
  for (let i = 0; i < oldLines.length; i++) {
    const j = oldToNew[i]!;
    // Lines matched by the exact diff are equal by construction: only compare when whitespace was ignored.
    if (j >= 0) kind[i] = !ignoreWhitespace || oldLines[i] === newLines[j] ? LineMatch.Exact : LineMatch.Whitespace;
  }
  return { oldToNew, newToOld, kind };
}

/**
 * A block removed (or added) next to identical lines can be placed in several ways: delete
 * `}\n}` here or `}\n}` two lines further. Like git, slide each such group down as far as
 * it goes, so the lines that stay are the first copies (which is what `git diff` reports).
 * `lines`/`map`/`back` are one side's ids, its mapping, and the other side's mapping.
 */
function slideDown(lines: readonly string[], map: Int32Array, back: Int32Array): void {
  let i = 0;
  while (i < lines.length) {
    if (map[i]! >= 0) { i++; continue; }
    let end = i;
    while (end < lines.length && map[end]! < 0) end++;
    // Only a pure deletion/insertion slides: nothing on the other side between its neighbours.
    const before = i > 0 ? map[i - 1]! : -1;
    let start = i;
    if (end < lines.length && map[end]! === before + 1) {
      while (end < lines.length && map[end]! >= 0 && lines[start] === lines[end]) {
        const j = map[end]!;
        map[start] = j;
        back[j] = start;
        map[end] = -1;
        start++;
        end++;
      }
    }
    i = Math.max(end, i + 1);
  }
}

/** Above this much work ((old + new lines) × edits), the cross-check diff is skipped. */
const CROSS_CHECK_MAX_WORK = 20_000_000;

/**
 * The same mapping computed by a classic Myers diff (git's default algorithm), or undefined
 * when that would cost too much. Where it and the histogram diff disagree about a line, the
 * line's place is ambiguous: two equally short diffs put it in different places.
 */
export function mapLinesMyers(oldLines: readonly string[], newLines: readonly string[]): Int32Array | undefined {
  const oldToNew = new Int32Array(oldLines.length).fill(-1);
  const pair = prepare(oldLines, newLines, false);
  pair.matchEnds(oldToNew);
  const { a, b, from } = pair;
  if (a.length > 0 && b.length > 0) {
    const maxD = Math.floor(CROSS_CHECK_MAX_WORK / (a.length + b.length));
    if (!boundedMyers(a, b, 0, a.length, 0, b.length, (i, j) => { oldToNew[from + i] = from + j; }, maxD)) return undefined;
  }
  const newToOld = invert(oldToNew, newLines.length);
  slideDown(pair.oldKeys, oldToNew, newToOld);
  slideDown(pair.newKeys, newToOld, oldToNew);
  return oldToNew;
}

/** Two texts ready to diff: comparison keys, and the changed middle (after the common ends) as small integers. */
interface PreparedPair {
  oldKeys: readonly string[];
  newKeys: readonly string[];
  /** Index where the middle starts on both sides (the common prefix length). */
  from: number;
  /** Ids of the middle lines only: the common ends are matched without hashing them. */
  a: Int32Array;
  b: Int32Array;
  /** How many different lines there are (ids run from 0 to distinct - 1). */
  distinct: number;
  /** Records the common prefix and suffix as matched in the given mappings. */
  matchEnds(oldToNew: Int32Array, newToOld?: Int32Array): void;
}

let lastPrepared: { oldLines?: readonly string[]; newLines?: readonly string[]; ignoreWhitespace?: boolean; pair?: PreparedPair } = {};

/**
 * Strips the common prefix and suffix by plain string comparison and interns only what is
 * left: a typical edit touches a few lines of a long file, so this is most of the work saved.
 * The last pair is kept, so the histogram diff and the Myers cross-check share it.
 */
function prepare(oldLines: readonly string[], newLines: readonly string[], ignoreWhitespace: boolean): PreparedPair {
  if (lastPrepared.oldLines === oldLines && lastPrepared.newLines === newLines && lastPrepared.ignoreWhitespace === ignoreWhitespace) return lastPrepared.pair!;
  const oldKeys = ignoreWhitespace ? oldLines.map(withoutWhitespace) : oldLines;
  const newKeys = ignoreWhitespace ? newLines.map(withoutWhitespace) : newLines;
  let from = 0;
  while (from < oldKeys.length && from < newKeys.length && oldKeys[from] === newKeys[from]) from++;
  let tail = 0;
  while (tail < oldKeys.length - from && tail < newKeys.length - from && oldKeys[oldKeys.length - 1 - tail] === newKeys[newKeys.length - 1 - tail]) tail++;
  const { a, b, distinct } = intern(oldKeys.slice(from, oldKeys.length - tail), newKeys.slice(from, newKeys.length - tail));
  const pair: PreparedPair = {
    oldKeys, newKeys, from, a, b, distinct,
    matchEnds(oldToNew, newToOld) {
      for (let i = 0; i < from; i++) oldToNew[i] = i;
      for (let k = 1; k <= tail; k++) oldToNew[oldKeys.length - k] = newKeys.length - k;
      if (!newToOld) return;
      for (let i = 0; i < from; i++) newToOld[i] = i;
      for (let k = 1; k <= tail; k++) newToOld[newKeys.length - k] = oldKeys.length - k;
    },
  };
  lastPrepared = { oldLines, newLines, ignoreWhitespace, pair };
  return pair;
}

function invert(oldToNew: Int32Array, newLength: number): Int32Array {
  const newToOld = new Int32Array(newLength).fill(-1);
  oldToNew.forEach((j, i) => { if (j >= 0) newToOld[j] = i; });
  return newToOld;
}

/**
 * Turns lines into small integers (0 … distinct-1) so comparisons are cheap. Plain loops, no
 * callback per line: in a short-lived CLI process this code runs cold, where a call per line
 * doubles the cost.
 */
function intern(oldLines: readonly string[], newLines: readonly string[]): { a: Int32Array; b: Int32Array; distinct: number } {
  const ids = new Map<string, number>();
  const a = idsOf(oldLines, ids);
  const b = idsOf(newLines, ids);
  return { a, b, distinct: ids.size };
}

/** Each line's id in `ids`, adding the lines not seen yet. */
function idsOf(lines: readonly string[], ids: Map<string, number>): Int32Array {
  const out = new Int32Array(lines.length);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    let id = ids.get(line);
    if (id === undefined) {
      id = ids.size;
      ids.set(line, id);
    }
    out[i] = id;
  }
  return out;
}

type OnMatch = (oldIndex: number, newIndex: number) => void;

/**
 * Where each id occurs in the old region being diffed, as linked lists in flat arrays (git's
 * xhistogram keeps the same chains): no Map or array per line, which keeps a cold CLI process
 * fast and the garbage collector idle. `count` and `head` are indexed by id and reset after
 * every region, so one allocation serves the whole diff.
 */
class Occurrences {
  readonly count: Int32Array;
  readonly head: Int32Array;
  readonly next: Int32Array;

  constructor(distinct: number, oldLength: number) {
    this.count = new Int32Array(distinct);
    this.head = new Int32Array(distinct);
    this.next = new Int32Array(oldLength);
  }

  /** Indexes a[s1..e1): afterwards head[id] is the first index of id there, next[i] the following one (-1 at the end). */
  index(a: Int32Array, s1: number, e1: number): void {
    for (let i = e1 - 1; i >= s1; i--) {
      const id = a[i]!;
      this.next[i] = this.count[id] === 0 ? -1 : this.head[id]!;
      this.head[id] = i;
      this.count[id]!++;
    }
  }

  /**
   * For the fast path (matchUniqueRegion): when no line of the indexed a[s1..e1) occurs there
   * between 2 and MAX_CHAIN times, the places of each line occurring more often (`}`, blank
   * lines: never a seed), ascending; undefined when some line does.
   */
  commonLines(a: Int32Array, s1: number, e1: number): Int32Array[] | undefined {
    const common: Int32Array[] = [];
    for (let i = s1; i < e1; i++) {
      const id = a[i]!;
      const c = this.count[id]!;
      if (c === 1) continue;
      if (c <= MAX_CHAIN) return undefined;
      if (this.head[id] !== i) continue; // collected at its first place
      const places = new Int32Array(c);
      for (let k = 0, at = i; at >= 0; k++, at = this.next[at]!) places[k] = at;
      common.push(places);
    }
    return common;
  }

  clear(a: Int32Array, s1: number, e1: number): void {
    for (let i = s1; i < e1; i++) this.count[a[i]!] = 0;
  }
}

/** Where matched pairs are written: region indexes plus `offset` are indexes into the full texts. */
interface Matches {
  oldToNew: Int32Array;
  newToOld: Int32Array;
  offset: number;
}

function match(m: Matches, i: number, j: number): void {
  m.oldToNew[m.offset + i] = m.offset + j;
  m.newToOld[m.offset + j] = m.offset + i;
}

/** Histogram diff of all of a against all of b, recording matched pairs. Iterative: no deep recursion on big files. */
function matchRegion(a: Int32Array, b: Int32Array, distinct: number, out: Matches): void {
  const occurrences = new Occurrences(distinct, a.length);
  const stack: number[] = [0, a.length, 0, b.length];
  while (stack.length > 0) {
    let e2 = stack.pop()!;
    let s2 = stack.pop()!;
    let e1 = stack.pop()!;
    let s1 = stack.pop()!;
    while (s1 < e1 && s2 < e2 && a[s1] === b[s2]) match(out, s1++, s2++);
    while (s1 < e1 && s2 < e2 && a[e1 - 1] === b[e2 - 1]) match(out, --e1, --e2);
    if (s1 === e1 || s2 === e2) continue;
    occurrences.index(a, s1, e1);
    const common = occurrences.commonLines(a, s1, e1);
    const runs = common && uniqueRuns(a, b, s1, e1, s2, e2, occurrences);
    if (runs && runs.size > 0) {
      occurrences.clear(a, s1, e1);
      matchUniqueRegion(runs, common!, { s1, e1, s2, e2 }, out, stack);
      continue;
    }
    // No run at all in a unique region: no rare line, as longestRareRun would find.
    const run = runs ? undefined : longestRareRun(a, b, s1, e1, s2, e2, occurrences);
    occurrences.clear(a, s1, e1);
    if (!run) {
      // A region with no rare line: classic Myers, unbounded (the region is small enough).
      if ((e1 - s1) * (e2 - s2) <= MYERS_MAX_CELLS) boundedMyers(a, b, s1, e1, s2, e2, (i, j) => match(out, i, j), Infinity);
      continue;
    }
    for (let k = 0; k < run.length; k++) match(out, run.a + k, run.b + k);
    stack.push(s1, run.a, s2, run.b);
    stack.push(run.a + run.length, e1, run.b + run.length, e2);
  }
}

interface Run { a: number; b: number; length: number }

/*
 * The unique-region fast path. Where every line of the old region occurs once there, or more
 * than MAX_CHAIN times (a long source file's `}` and blank lines: never a seed), every run is
 * seeded by a line occurring once, its rarest count is 1, so longestRareRun keeps the first
 * longest run of its scan. Diffing such a
 * region by the steps above splits off the first longest run and scans what is left again: a
 * file holding N changes evenly spread is scanned N times (quadratic; 2,000 changes in 10,000
 * lines took 200-400 ms). Instead, scan it once, keep every run that scan saw (in scan order),
 * and recurse on slices of that list: the left side of the chosen run is the slice before it,
 * the right side the slice after it.
 *
 * Why a slice is exactly what scanning that side again would find: in a unique region a line
 * has one place, so the scan of a side visits the same new lines and grows the same runs as the
 * whole region's scan did there, unless a run of the slice reaches out of the side (a moved
 * block, whose run crosses the chosen one), or a common line occurs on the side 1 to MAX_CHAIN
 * times (it would seed runs there). Both are checked (RunTable's range queries, and a binary
 * search per common line: O(log n) per side), and such a side is diffed the ordinary way, by the
 * stack. Neither side needs the
 * common-ends trim matchRegion starts with: the region was trimmed (or is such a side) and the
 * chosen run was grown as far as it goes, so the lines next to a side's ends differ. A slice
 * with no run is a side where no distinct old line occurs in the new lines: nothing to match
 * unless common lines are there, which Myers matches (by the stack, as the ordinary path would). test/diff-fast-path.test.ts holds the previous mapLines and checks the two agree.
 */

/** Every run the histogram scan of a unique region grows, in scan order (as longestRareRun visits them). */
function uniqueRuns(a: Int32Array, b: Int32Array, s1: number, e1: number, s2: number, e2: number, occ: Occurrences): RunTable {
  const { count, head } = occ;
  const starts: number[] = [];
  const bStarts: number[] = [];
  const lengths: number[] = [];
  for (let j = s2; j < e2;) {
    let next = j + 1;
    if (count[b[j]!]! === 1) {
      const i = head[b[j]!]!;
      let as = i;
      let bs = j;
      while (as > s1 && bs > s2 && a[as - 1] === b[bs - 1]) { as--; bs--; }
      let ae = i + 1;
      let be = j + 1;
      while (ae < e1 && be < e2 && a[ae] === b[be]) { ae++; be++; }
      if (next < be) next = be;
      starts.push(as);
      bStarts.push(bs);
      lengths.push(ae - as);
    }
    j = next;
  }
  return new RunTable(starts, bStarts, lengths);
}

interface Bounds { s1: number; e1: number; s2: number; e2: number }

/** Matches a unique region from its runs (see above); sides that cannot be sliced go on matchRegion's stack. */
function matchUniqueRegion(runs: RunTable, common: readonly Int32Array[], region: Bounds, out: Matches, stack: number[]): void {
  /** Whether no common line would seed a run in a[from..to): it occurs there never or more than MAX_CHAIN times. */
  const noNewSeeds = (from: number, to: number): boolean => common.every((places) => {
    const n = lowerBound(places, to) - lowerBound(places, from);
    return n === 0 || n > MAX_CHAIN;
  });
  const tasks: (Bounds & { lo: number; hi: number })[] = [{ lo: 0, hi: runs.size, ...region }];
  while (tasks.length > 0) {
    const { lo, hi, s1, e1, s2, e2 } = tasks.pop()!;
    if (lo >= hi) {
      // No run on this side: nothing to match, unless common lines are there (Myers matches them, by the stack).
      if (s1 < e1 && s2 < e2 && common.some((places) => lowerBound(places, e1) > lowerBound(places, s1))) stack.push(s1, e1, s2, e2);
      continue;
    }
    const x = runs.longest(lo, hi);
    const ra = runs.start[x]!;
    const rb = runs.bStart[x]!;
    const length = runs.length[x]!;
    for (let k = 0; k < length; k++) match(out, ra + k, rb + k);
    if ((lo < x && (runs.maxEnd(lo, x) > ra || runs.maxBEnd(lo, x) > rb)) || !noNewSeeds(s1, ra)) stack.push(s1, ra, s2, rb);
    else tasks.push({ lo, hi: x, s1, e1: ra, s2, e2: rb });
    if ((x + 1 < hi && (runs.minStart(x + 1, hi) < ra + length || runs.minBStart(x + 1, hi) < rb + length)) || !noNewSeeds(ra + length, e1)) stack.push(ra + length, e1, rb + length, e2);
    else tasks.push({ lo: x + 1, hi, s1: ra + length, e1, s2: rb + length, e2 });
  }
}

/** The first index of the ascending `sorted` whose value is at least `value` (sorted.length if none). */
function lowerBound(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Runs in scan order, with range queries over a slice [lo, hi): the first longest, and how far the slice's runs reach. */
class RunTable {
  readonly size: number;
  readonly start: Int32Array;
  readonly bStart: Int32Array;
  readonly length: Int32Array;
  /** Bottom-up segment trees (leaves at width + k): the first longest run, min starts, max ends. */
  private readonly width: number;
  private readonly best: Int32Array;
  private readonly lowA: Int32Array;
  private readonly lowB: Int32Array;
  private readonly highA: Int32Array;
  private readonly highB: Int32Array;

  constructor(starts: number[], bStarts: number[], lengths: number[]) {
    const n = starts.length;
    this.size = n;
    this.start = Int32Array.from(starts);
    this.bStart = Int32Array.from(bStarts);
    this.length = Int32Array.from(lengths);
    let width = 1;
    while (width < n) width *= 2;
    this.width = width;
    this.best = new Int32Array(2 * width).fill(-1);
    this.lowA = new Int32Array(2 * width).fill(0x7fffffff);
    this.lowB = new Int32Array(2 * width).fill(0x7fffffff);
    this.highA = new Int32Array(2 * width).fill(-1);
    this.highB = new Int32Array(2 * width).fill(-1);
    for (let k = 0; k < n; k++) {
      this.best[width + k] = k;
      this.lowA[width + k] = starts[k]!;
      this.lowB[width + k] = bStarts[k]!;
      this.highA[width + k] = starts[k]! + lengths[k]!;
      this.highB[width + k] = bStarts[k]! + lengths[k]!;
    }
    for (let v = width - 1; v >= 1; v--) {
      this.best[v] = this.better(this.best[2 * v]!, this.best[2 * v + 1]!);
      this.lowA[v] = Math.min(this.lowA[2 * v]!, this.lowA[2 * v + 1]!);
      this.lowB[v] = Math.min(this.lowB[2 * v]!, this.lowB[2 * v + 1]!);
      this.highA[v] = Math.max(this.highA[2 * v]!, this.highA[2 * v + 1]!);
      this.highB[v] = Math.max(this.highB[2 * v]!, this.highB[2 * v + 1]!);
    }
  }

  /** The longer run, the earlier one on ties (what longestRareRun keeps when every rarest count is 1). */
  private better(x: number, y: number): number {
    if (x < 0) return y;
    if (y < 0) return x;
    const lx = this.length[x]!;
    const ly = this.length[y]!;
    return lx > ly || (lx === ly && x < y) ? x : y;
  }

  longest(lo: number, hi: number): number {
    let best = -1;
    for (let l = lo + this.width, r = hi + this.width; l < r; l >>= 1, r >>= 1) {
      if (l & 1) best = this.better(best, this.best[l++]!);
      if (r & 1) best = this.better(best, this.best[--r]!);
    }
    return best;
  }

  minStart(lo: number, hi: number): number { return this.fold(this.lowA, lo, hi, Math.min, 0x7fffffff); }
  minBStart(lo: number, hi: number): number { return this.fold(this.lowB, lo, hi, Math.min, 0x7fffffff); }
  maxEnd(lo: number, hi: number): number { return this.fold(this.highA, lo, hi, Math.max, -1); }
  maxBEnd(lo: number, hi: number): number { return this.fold(this.highB, lo, hi, Math.max, -1); }

  private fold(tree: Int32Array, lo: number, hi: number, pick: (x: number, y: number) => number, none: number): number {
    let acc = none;
    for (let l = lo + this.width, r = hi + this.width; l < r; l >>= 1, r >>= 1) {
      if (l & 1) acc = pick(acc, tree[l++]!);
      if (r & 1) acc = pick(acc, tree[--r]!);
    }
    return acc;
  }
}

/**
 * git's histogram step: among runs of equal lines seeded by a line that occurs at most
 * MAX_CHAIN times in the old region, keep the one whose rarest line is rarest, longest on ties.
 * `occ` indexes the old region a[s1..e1).
 */
function longestRareRun(a: Int32Array, b: Int32Array, s1: number, e1: number, s2: number, e2: number, occ: Occurrences): Run | undefined {
  const { count, head, next: nextOf } = occ;
  let best: Run | undefined;
  let bestCount = MAX_CHAIN + 1;
  for (let j = s2; j < e2;) {
    let next = j + 1;
    const seedCount = count[b[j]!]!;
    if (seedCount > 0 && seedCount <= MAX_CHAIN) {
      for (let i = head[b[j]!]!; i >= 0; i = nextOf[i]!) {
        let as = i;
        let bs = j;
        while (as > s1 && bs > s2 && a[as - 1] === b[bs - 1]) { as--; bs--; }
        let ae = i + 1;
        let be = j + 1;
        while (ae < e1 && be < e2 && a[ae] === b[be]) { ae++; be++; }
        if (next < be) next = be;
        let rarest = seedCount;
        for (let k = as; k < ae; k++) {
          const c = count[a[k]!]!;
          if (c < rarest) rarest = c;
        }
        if (!best || ae - as > best.length || rarest < bestCount) {
          best = { a: as, b: bs, length: ae - as };
          bestCount = rarest;
        }
      }
    }
    j = next;
  }
  return best;
}

/**
 * Myers O(ND) diff that gives up (reporting nothing, returning false) past `maxD` edits
 * (Infinity: never). Used for regions without a rare line and for the cross-check.
 * Keeps only the live band of each round, so memory is O(D²), not O(D·(N+M)).
 */
function boundedMyers(a: Int32Array, b: Int32Array, s1: number, e1: number, s2: number, e2: number, onMatch: OnMatch, maxD: number): boolean {
  const n = e1 - s1;
  const m = e2 - s2;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let done = false;
  for (let d = 0; d <= Math.min(max, maxD) && !done; d++) {
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[s1 + x] === b[s2 + y]) { x++; y++; }
      v[offset + k] = x;
      if (x >= n && y >= m) { done = true; break; }
    }
  }
  if (!done) return false;
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0 && (x > 0 || y > 0); d--) {
    const band = trace[d]!; // v before round d, for k in [-d, d] at index k + d
    const at = (k: number): number => band[k + d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = d === 0 ? 0 : prevX - prevK;
    while (x > prevX && y > prevY) { x--; y--; onMatch(s1 + x, s2 + y); }
    x = prevX;
    y = prevY;
  }
  return true;
}

/**
 * The length of a longest common subsequence of two lists of lines (compared as strings), by
 * Myers's O((N+M)·D) greedy search, or undefined when the lists together hold more than
 * `maxLines` lines (the caller then decides without it). Meant for the short stretch of a file
 * between two lines a diff kept, not for whole files.
 */
export function commonLength(a: readonly string[], b: readonly string[], maxLines: number): number | undefined {
  let lo = 0;
  while (lo < a.length && lo < b.length && a[lo] === b[lo]) lo++;
  let ea = a.length;
  let eb = b.length;
  while (ea > lo && eb > lo && a[ea - 1] === b[eb - 1]) {
    ea--;
    eb--;
  }
  const common = lo + (a.length - ea);
  const n = ea - lo;
  const m = eb - lo;
  if (n === 0 || m === 0) return common;
  if (n + m > maxLines) return undefined;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[lo + x] === b[lo + y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return common + (n + m - d) / 2;
    }
  }
  return common;
}
