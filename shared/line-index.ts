/**
 * Lines of a text addressed by offsets, without splitting it: where each line starts, and
 * where a run of whole lines occurs. For texts with no CR only (LF line ends), where these
 * agree exactly with splitLines; callers fall back to splitLines otherwise.
 *
 * Why: re-anchoring a thread whose code merely shifted needs two searches, not the 2,000
 * strings a split makes. In a short-lived CLI process those strings cost more in garbage
 * collection than the searches themselves (bench/anchoring/speed.mjs).
 */

/** Whether the offset-based functions here apply to `text`. */
export function hasOnlyLf(text: string): boolean {
  return !text.includes('\r');
}

/**
 * Start offset of each line, as splitLines counts lines: a final newline does not start
 * another line, and '' has none. Remembers the last few texts (the threads on a file share them).
 */
export function lineStarts(text: string): readonly number[] {
  let starts = startsCache.get(text);
  if (!starts) {
    starts = [];
    if (text !== '') {
      starts.push(0);
      for (let p = text.indexOf('\n'); p >= 0 && p + 1 < text.length; p = text.indexOf('\n', p + 1)) starts.push(p + 1);
    }
    if (startsCache.size >= 4) startsCache.delete(startsCache.keys().next().value!);
    startsCache.set(text, starts);
  }
  return starts;
}

const startsCache = new Map<string, number[]>();

/** End offset (exclusive, before its newline) of line `k` (0-based). */
export function lineEnd(text: string, starts: readonly number[], k: number): number {
  if (k + 1 < starts.length) return starts[k + 1]! - 1;
  return text.endsWith('\n') ? text.length - 1 : text.length;
}

/** Lines [from, to) (0-based) as strings. */
export function linesBetween(text: string, from: number, to: number): string[] {
  const starts = lineStarts(text);
  const out: string[] = [];
  for (let k = Math.max(0, from); k < Math.min(to, starts.length); k++) out.push(text.slice(starts[k], lineEnd(text, starts, k)));
  return out;
}

/** 0-based index of the line that starts at or contains `offset`. */
export function lineIndexAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Offset of the only occurrence of `run` (whole lines joined by '\n') in `text` that starts
 * at a line start and ends at a line end; undefined when there is none or more than one.
 */
export function onlyLineAlignedMatch(text: string, run: string): number | undefined {
  if (run === '') return undefined; // matches everywhere; leave it to the line-based search
  const endsWithNewline = text.endsWith('\n');
  let found: number | undefined;
  for (let o = text.indexOf(run); o >= 0; o = text.indexOf(run, o + 1)) {
    const end = o + run.length;
    const startsLine = o === 0 || text.charCodeAt(o - 1) === 10;
    // At the very end, a text ending in a newline has no line after it (splitLines drops it).
    const endsLine = end < text.length ? text.charCodeAt(end) === 10 : !endsWithNewline;
    if (!startsLine || !endsLine) continue;
    if (found !== undefined) return undefined;
    found = o;
  }
  return found;
}
