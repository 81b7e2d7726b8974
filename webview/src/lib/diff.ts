/**
 * A small line diff for the triage view: which stored lines and which of today's lines are
 * not part of their longest common subsequence. Inputs are a few lines, so O(n·m) is fine;
 * beyond MAX lines each side is simply marked changed.
 */
export interface DiffLine { readonly text: string; readonly changed: boolean }

const MAX = 400;
const norm = (s: string) => s.trim().replace(/\s+/g, ' ');

export function sideBySide(before: readonly string[], after: readonly string[]): { before: DiffLine[]; after: DiffLine[] } {
  if (before.length * after.length > MAX * MAX) {
    return { before: before.map((text) => ({ text, changed: true })), after: after.map((text) => ({ text, changed: true })) };
  }
  const a = before.map(norm), b = after.map(norm);
  const n = a.length, m = b.length;
  const L: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) L[i]![j] = a[i] === b[j] ? L[i + 1]![j + 1]! + 1 : Math.max(L[i + 1]![j]!, L[i]![j + 1]!);
  const keepA = new Array<boolean>(n).fill(false), keepB = new Array<boolean>(m).fill(false);
  for (let i = 0, j = 0; i < n && j < m;) {
    if (a[i] === b[j]) { keepA[i++] = true; keepB[j++] = true; }
    else if (L[i + 1]![j]! >= L[i]![j + 1]!) i++;
    else j++;
  }
  return { before: before.map((text, i) => ({ text, changed: !keepA[i] })), after: after.map((text, j) => ({ text, changed: !keepB[j] })) };
}
