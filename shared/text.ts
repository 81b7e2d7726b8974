/** Line handling shared by anchor capture and re-anchoring. Lines are 1-based everywhere outside this file. */

/** Splits file text into lines, accepting LF, CRLF and lone CR. A trailing newline does not make an extra line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  // Most files have no CR at all: splitting on one character is V8's fast path (several times
  // faster than the regex, which matters to a cold CLI process splitting 2,000-line files).
  const lines = text.includes('\r') ? text.split(/\r\n|\r|\n/) : text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * 12345 → "12,345". Not toLocaleString: its first call loads ICU data, which costs a
 * short-lived CLI tens of milliseconds.
 */
export function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Whitespace-insensitive form of a line, for comparisons that must survive re-indentation. */
export function normalizeLine(line: string): string {
  return line.replace(/\s+/g, ' ').trim();
}

/** "1 thread", "2 threads", "12,345 threads": the count and the word agreeing with it (the CLI, the extension and the board alike). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${groupDigits(n)} ${n === 1 ? one : many}`;
}
