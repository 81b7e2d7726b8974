/**
 * Text output helpers. Comment bodies and code are untrusted text: printed to a terminal
 * they must stay inert, so control characters (ANSI escapes, carriage returns, bidi
 * overrides) are shown as visible escapes instead of being sent to the terminal.
 * The same goes for every other field of a store a person or a tool may have edited by hand
 * (ids, timestamps, paths, reasons): every field text output prints passes through inert.
 * JSON output is never escaped this way: it round-trips the exact text.
 */
import type { BroughtFrom, Comment } from '../shared';
import { dispositionOf, isUnseen, offeredMove, placeText, plural, pullRequestOrigin } from '../shared';
import { writeStdout } from './stdio';

// C0 controls except tab and newline, DEL, C1 controls, and the bidi/invisible-direction marks.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Idempotent: what it returns holds nothing it escapes, so text built from inert parts may pass through it again. */
export function inert(text: string): string {
  return text.replace(UNSAFE, (ch) => `\\u{${ch.codePointAt(0)!.toString(16)}}`);
}

/**
 * A body on one line, as `list` shows it: newlines and tabs as spaces, cut at `max` characters
 * (… marks the cut). Not escaped: for JSON; text output uses oneLine.
 */
export function flatten(text: string, max = 100): string {
  const flat = text.replace(/[\n\t]+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max - 1) + '…' : flat;
}

/** One line of text for the terminal: flatten, with control characters escaped (inert). */
export function oneLine(text: string, max = 100): string {
  return flatten(inert(text), max);
}

/** Indents every line of a (possibly multi-line) untrusted text. */
export function indented(text: string, prefix: string): string {
  return inert(text).split('\n').map((l) => prefix + l).join('\n');
}

export { plural };

/** `45-47`, or `12` for one line: the one way every output names a thread's lines (spec §6.3). */
export function lineSpan(c: Comment): string {
  const { startLine, endLine } = c.anchor;
  return startLine === endLine ? String(startLine) : `${startLine}-${endLine}`;
}

/** `src/a.ts:45-47`, `src/a.ts:12` (shared/model.ts placeText: every surface writes a place so). */
export function location(c: Comment): string {
  return placeText(inert(c.file), c.anchor.startLine, c.anchor.endLine);
}

/** "moved from src/a.ts:40-42" for a thread that followed its code into another file (Comment.movedFrom), else undefined. */
export function movedFromText(c: Comment): string | undefined {
  const m = c.movedFrom;
  return m ? `moved from ${placeText(inert(m.file), m.startLine, m.endLine)}` : undefined;
}

/**
 * "may have moved to src/b.ts:40 — re-anchor there?" for a stale or orphaned thread whose code
 * was found once in another file but not followed (Anchor.suggestedMove, issue 35), else undefined.
 */
export function suggestedMoveText(c: Comment): string | undefined {
  const s = offeredMove(c);
  return s ? `may have moved to ${placeText(inert(s.file), s.startLine, s.endLine)} — re-anchor there?` : undefined;
}

/**
 * "feature-a, src/a.ts:40-42 there" for a thread brought home from another worktree
 * (Comment.broughtFrom): its branch (else its folder's name) and its place in that worktree. Not escaped: for JSON.
 */
export function broughtFromText(b: BroughtFrom): string {
  const folder = b.worktree.split(/[\\/]/).filter(Boolean).pop() ?? b.worktree;
  return `${b.branch ?? folder}, ${placeText(b.file, b.startLine, b.endLine)} there`;
}

/** `[c_abc123] src/a.ts:45-47 (workflow=open, anchor=anchored, unseen)` — spec §6.3. */
export function headline(c: Comment): string {
  const disposition = dispositionOf(c);
  const round = c.round !== undefined ? `, round ${c.round}` : '';
  const removed = c.removed !== undefined ? ', about removed code' : '';
  const origin = pullRequestOrigin(c);
  const from = origin ? `, ${inert(origin)}` : '';
  return `[${inert(c.id)}] ${location(c)} (workflow=${c.workflowState}, anchor=${c.anchorState}${removed}, ${isUnseen(c) ? 'unseen' : 'seen'}${disposition ? `, ${disposition}` : ''}${round}${from})`;
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

/** The agent view (`--lean`): compact, every character is paid for by a token-counting agent. */
export function writeLean(value: unknown): void {
  writeStdout(JSON.stringify(value) + '\n');
}
