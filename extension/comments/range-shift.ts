/**
 * Moves a thread's line range as the text above or inside it is edited. VS Code does not move
 * CommentThread.range on edits (microsoft/vscode#243834), so the extension applies every
 * content change itself. Pure (no `vscode` import): unit-tested in vitest. Lines are 0-based here.
 */

export interface LineRange {
  start: number;
  end: number; // inclusive
}

/** A content change as VS Code reports it: the replaced range (in the text before the edit) and the new text. */
export interface TextChange {
  startLine: number;
  startChar: number;
  endLine: number;
  endChar: number;
  text: string;
}

export interface Shifted {
  range: LineRange;
  /** The edit touched the commented lines themselves: their content must be checked again. */
  touched: boolean;
}

function newlineCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) n++;
    else if (ch === 13 && text.charCodeAt(i + 1) !== 10) n++; // a lone CR
  }
  return n;
}

/** Applies one change to a range. */
export function shiftRange(range: LineRange, change: TextChange): Shifted {
  const delta = newlineCount(change.text) - (change.endLine - change.startLine);
  // Whole lines inserted or removed in front of the range leave its lines as they were.
  const wholeLinesBefore = change.endLine === range.start && change.endChar === 0 && change.startChar === 0
    && (change.text === '' || /[\r\n]$/.test(change.text));
  if (change.endLine < range.start || wholeLinesBefore) {
    return { range: { start: range.start + delta, end: range.end + delta }, touched: false };
  }
  if (change.startLine > range.end) return { range, touched: false };
  // The change overlaps the commented lines: keep the range over the edited text; the content
  // check that follows decides whether the thread still fits or has gone stale.
  const start = Math.max(0, Math.min(range.start, change.startLine));
  const end = Math.max(start, range.end + delta);
  return { range: { start, end }, touched: true };
}

/**
 * Applies all changes of one edit event. VS Code describes each change against the text before
 * the event, so they are applied bottom-up: a lower change never moves the position of a higher one.
 */
export function shiftRangeByChanges(range: LineRange, changes: readonly TextChange[]): Shifted {
  const ordered = [...changes].sort((a, b) => b.startLine - a.startLine || b.startChar - a.startChar);
  let current: Shifted = { range, touched: false };
  for (const ch of ordered) {
    const next = shiftRange(current.range, ch);
    current = { range: next.range, touched: current.touched || next.touched };
  }
  return current;
}

/** Clamps a range into a document of `lineCount` lines (at least one line long). */
export function clampRange(range: LineRange, lineCount: number): LineRange {
  const last = Math.max(0, lineCount - 1);
  const start = Math.min(Math.max(0, range.start), last);
  return { start, end: Math.min(Math.max(start, range.end), last) };
}
