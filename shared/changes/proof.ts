/**
 * Proof of fix, per thread: does the code a thread was written on (Comment.origin) still stand
 * as it was? Pure, no Node: the extension, the board (in the browser) and tests share it.
 *  - `changed`: the thread's lines differ from what it was written on (or they are gone: stale,
 *    orphaned) — *Show Changes* diffs the two;
 *  - `unchanged`: byte for byte the lines it was written on (they may have moved);
 *  - `unknown`: a thread written before origins were recorded, or about removed code.
 * An `addressed` thread still awaiting the human's check whose code is `unchanged` is flagged:
 * the agent says it fixed something it never touched.
 */
import { awaitsHumanCheck, type Comment } from '../model';
import { mapLines, withoutWhitespace } from '../anchoring/diff';
import { lineSimilarity } from '../anchoring/similarity';

export type CodeSinceWritten = 'changed' | 'unchanged' | 'unknown';

export function codeSinceWritten(c: Pick<Comment, 'origin' | 'removed' | 'anchorState' | 'anchor'>): CodeSinceWritten {
  if (c.removed !== undefined || c.origin === undefined) return 'unknown';
  if (c.anchorState !== 'anchored') return 'changed'; // a stale anchor keeps the old lines as evidence: they say nothing of today
  return c.anchor.targetContent === c.origin.text ? 'unchanged' : 'changed';
}

/** "Addressed, but its code did not change". */
export function addressedButUnchanged(c: Comment): boolean {
  return awaitsHumanCheck(c) && codeSinceWritten(c) === 'unchanged';
}

export const ADDRESSED_UNCHANGED_TITLE = 'The agent says it addressed this, but the code the thread was written on did not change';

/**
 * The lines of today's file that stand where a thread's lines stood when it was written, for
 * "Changed since written" beside a stale thread (issue 40). Not the stale thread's shown place:
 * that is a guess at the edited block (its start), which set the old line against whatever new
 * line came first there (a line the agent put before it). Here the file as it was written on (the
 * origin's snapshot) is diffed with today's: a kept line is where it went; the thread's edited
 * lines take, from the block of lines that replaced theirs, the same offsets when the block kept
 * its length, else the run of as many lines most like them (character bigrams), else the whole
 * block. 1-based `start`..`end` of the old file; undefined when every line is gone.
 */
export function linesNowFor(then: readonly string[], now: readonly string[], start: number, end: number): { startLine: number; endLine: number } | undefined {
  if (start < 1 || end < start || end > then.length) return undefined;
  const { oldToNew } = mapLines(then, now);
  let first = Infinity;
  let last = -Infinity;
  const take = (from: number, to: number): void => { if (from <= to) { first = Math.min(first, from); last = Math.max(last, to); } };
  for (let k = start - 1; k <= end - 1;) {
    if (oldToNew[k]! >= 0) { take(oldToNew[k]!, oldToNew[k]!); k++; continue; }
    // The edited block holding line k (between the nearest kept lines), and the thread's run in it.
    let i = k;
    while (i >= 0 && oldToNew[i]! < 0) i--;
    let j = k;
    while (j < then.length && oldToNew[j]! < 0) j++;
    const runEnd = Math.min(j - 1, end - 1);
    const newFrom = i >= 0 ? oldToNew[i]! + 1 : 0;
    const newTo = j < then.length ? oldToNew[j]! - 1 : now.length - 1;
    const [oldLength, newLength, run] = [j - i - 1, newTo - newFrom + 1, runEnd - k + 1];
    if (newLength === oldLength) take(newFrom + (k - i - 1), newFrom + (runEnd - i - 1));
    else if (newLength > run) {
      const at = mostAlike(then.slice(k, runEnd + 1), now, newFrom, newTo - run + 1);
      if (at === undefined) take(newFrom, newTo);
      else take(at, at + run - 1);
    } else take(newFrom, newTo);
    k = runEnd + 1;
  }
  return first <= last ? { startLine: first + 1, endLine: last + 1 } : undefined;
}

/** The start (in `from`..`to`) of the run of `old.length` lines of `now` most like `old`; undefined when none resembles it. */
function mostAlike(old: readonly string[], now: readonly string[], from: number, to: number): number | undefined {
  let best: number | undefined;
  let bestScore = 0;
  for (let at = from; at <= to; at++) {
    let score = 0;
    old.forEach((line, n) => { score += lineSimilarity(withoutWhitespace(line), withoutWhitespace(now[at + n]!)); });
    if (score > bestScore) { best = at; bestScore = score; }
  }
  return best;
}
