/**
 * Text output helpers. Comment bodies and code are untrusted text: printed to a terminal
 * they must stay inert, so control characters (ANSI escapes, carriage returns, bidi
 * overrides) are shown as visible escapes instead of being sent to the terminal.
 * The same goes for every other field of a store a person or a tool may have edited by hand
 * (ids, timestamps, paths, reasons): every field text output prints passes through inert.
 * JSON output is never escaped this way: it round-trips the exact text.
 */
import type { Comment } from '../shared/store';
import { dispositionOf, isUnseen, plural } from '../shared/store';
import { writeStdout } from './stdio';

// C0 controls except tab and newline, DEL, C1 controls, and the bidi/invisible-direction marks.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Idempotent: what it returns holds nothing it escapes, so text built from inert parts may pass through it again. */
export function inert(text: string): string {
  return text.replace(UNSAFE, (ch) => `\\u{${ch.codePointAt(0)!.toString(16)}}`);
}

/** One line of text: newlines and tabs shown as spaces, cut at `max` characters. */
export function oneLine(text: string, max = 100): string {
  const flat = inert(text).replace(/[\n\t]+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max - 1) + '…' : flat;
}

/** Indents every line of a (possibly multi-line) untrusted text. */
export function indented(text: string, prefix: string): string {
  return inert(text).split('\n').map((l) => prefix + l).join('\n');
}

export { plural };

export function location(c: Comment): string {
  const { startLine, endLine } = c.anchor;
  return `${inert(c.file)}:${startLine === endLine ? startLine : `${startLine}-${endLine}`}`;
}

/** `[c_abc123] src/a.ts:45-47 (workflow=open, anchor=anchored, unseen)` — spec §6.3. */
export function headline(c: Comment): string {
  const disposition = dispositionOf(c);
  const round = c.round !== undefined ? `, round ${c.round}` : '';
  const removed = c.removed !== undefined ? ', about removed code' : '';
  return `[${inert(c.id)}] ${location(c)} (workflow=${c.workflowState}, anchor=${c.anchorState}${removed}, ${isUnseen(c) ? 'unseen' : 'seen'}${disposition ? `, ${disposition}` : ''}${round})`;
}

export function repliesLine(c: Comment): string {
  const n = c.thread.length;
  if (n === 0) return '0 replies';
  return `${plural(n, 'reply', 'replies')}, last reply from: ${c.thread[n - 1]!.author}`;
}

export function writeOut(text: string): void {
  writeStdout(text.endsWith('\n') ? text : text + '\n');
}

/** Writes output that is already bytes (ending in a newline). */
export function writeOutBytes(bytes: Uint8Array): void {
  writeStdout(bytes);
}

export function writeJson(value: unknown): void {
  writeStdout(JSON.stringify(value, null, 2) + '\n');
}
