/** Line handling shared by anchor capture and re-anchoring. Lines are 1-based everywhere outside this file. */

/** Splits file text into lines, accepting LF, CRLF and lone CR. A trailing newline does not make an extra line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Whitespace-insensitive form of a line, for comparisons that must survive re-indentation. */
export function normalizeLine(line: string): string {
  return line.replace(/\s+/g, ' ').trim();
}
