/**
 * Untrusted text (comment bodies, replies, review messages, file paths, code) made inert in
 * Markdown: whatever it holds, it cannot open a heading, a list, a link, an image, HTML or a
 * code block of its own, nor close one of the page's. Two shapes only, both places where
 * CommonMark (and GitHub's Markdown) interpret nothing:
 *  - multi-line text goes into a fenced code block whose fence is longer than any run of
 *    backticks inside it, at the start of a line (never inside a list, where indentation could
 *    end it early);
 *  - one-line text (a path, an id, an excerpt) goes into a code span, its delimiter longer than
 *    any run of backticks inside, line breaks flattened.
 * Backslash-escaping prose instead would leave an agent, which reads the page as raw text,
 * with `\_` and `&lt;` everywhere; a code span or fence shows the text exactly as written.
 * Control characters are escaped first (inert), as in every text output of the CLI.
 */
import { inert } from '../output';

/** The longest run of backticks in `text`. */
function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/** `text` as a fenced code block: every line shown as it is, nothing in it interpreted. */
export function fenced(text: string): string {
  const shown = inert(text.replace(/\r\n?/g, '\n'));
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(shown) + 1));
  return `${fence}\n${shown}\n${fence}`;
}

/** `text` on one line as a code span: shown as written, nothing in it interpreted. */
export function codeSpan(text: string): string {
  const flat = inert(text.replace(/\r\n?/g, '\n')).replace(/\s*\n\s*/g, ' ');
  if (flat === '') return '(empty)';
  const ticks = '`'.repeat(longestBacktickRun(flat) + 1);
  // A span that starts or ends with a backtick needs a space inside its delimiters, and
  // CommonMark strips one space from each side when both are there: pad so what shows is `flat`.
  const stripped = flat.startsWith(' ') && flat.endsWith(' ') && flat.trim() !== '';
  const pad = flat.startsWith('`') || flat.endsWith('`') || stripped ? ' ' : '';
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

/**
 * `text` cut to `max` characters (code points, so a surrogate pair is never split) on a line
 * boundary where one is near, and how many characters were left out (0: none).
 */
export function cut(text: string, max: number): { text: string; left: number } {
  const chars = [...text];
  if (chars.length <= max) return { text, left: 0 };
  let kept = chars.slice(0, max).join('');
  const lastBreak = kept.lastIndexOf('\n');
  if (lastBreak > max * 0.6) kept = kept.slice(0, lastBreak);
  return { text: kept, left: chars.length - [...kept].length };
}
