/**
 * The diff hunk a review comment quotes: the hunk's header (`@@ -a,b +c,d @@`) and its lines up
 * to and including the commented one. When the comment's commit cannot be had (force-pushed
 * away), the hunk is what is left of the code: the commented lines and a few before them.
 */
import type { DiffSide } from './provider';

export interface HunkRow {
  text: string;
  /** The line's number on each side of the diff; undefined on the side it is not on. */
  left?: number;
  right?: number;
}

/** The hunk's rows with their line numbers, or undefined when it does not start with a header. */
export function parseDiffHunk(hunk: string): HunkRow[] | undefined {
  const lines = hunk.split(/\r?\n/);
  const h = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(lines[0] ?? '');
  if (!h) return undefined;
  let left = Number(h[1]);
  let right = Number(h[2]);
  const rows: HunkRow[] = [];
  for (const line of lines.slice(1)) {
    const kind = line[0];
    if (kind === '\\') continue; // "\ No newline at end of file"
    const text = line.slice(1);
    if (kind === '+') rows.push({ text, right: right++ });
    else if (kind === '-') rows.push({ text, left: left++ });
    else rows.push({ text, left: left++, right: right++ }); // context (a space, or an empty line a tool trimmed)
  }
  return rows;
}

/** The rows on one side, in order, with their line numbers there. */
export function sideOf(rows: readonly HunkRow[], side: DiffSide): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  for (const r of rows) {
    const n = side === 'LEFT' ? r.left : r.right;
    if (n !== undefined) out.push({ line: n, text: r.text });
  }
  return out;
}
