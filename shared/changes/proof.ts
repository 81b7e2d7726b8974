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
