/**
 * `+added −removed` of a file, from the line diff re-anchoring already uses (a histogram diff
 * shaped after git's, anchoring/diff.ts): so the counts match what the diff editor shows for
 * ordinary edits. A line changed in place counts once on each side, as in `git diff --numstat`.
 */
import { mapLines } from '../anchoring/diff';
import { splitLines } from '../text';

export interface LineStats {
  added: number;
  removed: number;
}

export function lineStats(oldText: string, newText: string): LineStats {
  if (oldText === newText) return { added: 0, removed: 0 };
  const a = splitLines(oldText);
  const b = splitLines(newText);
  const m = mapLines(a, b);
  let removed = 0;
  for (let i = 0; i < a.length; i++) if (m.oldToNew[i]! < 0) removed++;
  let added = 0;
  for (let j = 0; j < b.length; j++) if (m.newToOld[j]! < 0) added++;
  return { added, removed };
}

/** Lines of a text as the diff counts them (a last line without a newline counts). */
export function lineCount(text: string): number {
  return splitLines(text).length;
}
