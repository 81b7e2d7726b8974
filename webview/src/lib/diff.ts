/**
 * The triage view's side-by-side marks: which stored lines and which of today's lines the
 * diff does not pair. The diff is the re-anchoring's own (shared/anchoring/diff.ts, whitespace ignored,
 * so a re-indented line is not marked): one line diff in the code base, not two.
 */
import { mapLines } from '../../../shared/anchoring/diff';

export interface DiffLine { readonly text: string; readonly changed: boolean }

export function sideBySide(before: readonly string[], after: readonly string[]): { before: DiffLine[]; after: DiffLine[] } {
  const { oldToNew, newToOld } = mapLines(before, after, true);
  return {
    before: before.map((text, i) => ({ text, changed: oldToNew[i]! < 0 })),
    after: after.map((text, j) => ({ text, changed: newToOld[j]! < 0 })),
  };
}
