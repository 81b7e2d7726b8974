/**
 * Is a copy of a lost thread's code, found once in another file, where that code moved — or a
 * twin that was there all along (issue 35)? The two look the same today; only history tells
 * them apart, and when it cannot, the copy is offered to the human instead of followed: a
 * flagged thread is safe, a misplaced one lies. Pure: cross-file.ts gathers the facts.
 *
 * What counts as history:
 *  - git: the file as committed last before the thread's check (git-history.ts). A copy in
 *    it is a twin (never offered); a commit without the copy, or without the file (new since),
 *    says the copy is new: a move, followed.
 *  - nothing else. Without git (or with no commit before the check) the only clue is that the
 *    file was written since the check, and a generator, a formatter over the tree, a sync or an
 *    unzip writes every file: a twin in any of them looks moved. So the copy is offered.
 * And whatever git says, a copy is unique only if every file that could hold another one was
 * read: a file too large to search, unreadable, or not UTF-8 text, whose bytes hold the code's
 * longest word, makes the copy an offer.
 *
 * Known limit (documented in docs/): git knows commits, not the work tree at the check. A twin
 * written into a file after its last commit but before the thread's check, in a file written
 * again since, is taken for a move.
 */
import type { TextBefore } from './git-history';

/** A file that could hold another copy of the code but was not searched, and why. */
export interface SkippedFile {
  file: string;
  why: string;
}

export type CopyVerdict =
  | { kind: 'move' }
  | { kind: 'twin' }
  | { kind: 'offer'; reason: string };

/**
 * The verdict on the only copy found. `before`: what git knows of the copy's file before the
 * thread's check (TextBefore); `heldCopy(text)`: whether a text holds a copy of the code;
 * `skipped`: a file that could hold another copy and was not searched.
 */
export function judgeCopy(before: TextBefore, heldCopy: (text: string) => boolean, skipped?: SkippedFile): CopyVerdict {
  if (typeof before === 'string' && heldCopy(before)) return { kind: 'twin' };
  if (skipped) return { kind: 'offer', reason: `${skipped.file} could hold another copy but was not searched (${skipped.why})` };
  if (before === undefined) return { kind: 'offer', reason: NO_HISTORY };
  return { kind: 'move' };
}

export const NO_HISTORY = 'no git commit from before the thread was last checked tells whether its code moved there or was there all along';
