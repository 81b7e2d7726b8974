/** The current code around a thread's anchor, read from disk for `get` and `context`. */
import fs from 'node:fs';
import type { Comment } from '../shared';
import { resolveInWorkspace, splitLines } from '../shared';
import { inert } from './output';

export interface CodeLine {
  number: number;
  text: string;
  /** True for the anchored lines themselves. */
  target: boolean;
}

export interface CodeContext {
  file: string;
  startLine: number;
  endLine: number;
  lines: CodeLine[];
  /** A thread about removed code: these are the lines as they were in this baseline, not today's file. */
  removedIn?: string;
}

/**
 * The code of a thread about removed code (Comment.removed): the removed lines with the context
 * kept when the comment was written, numbered as in the baseline they were in.
 */
export function removedCodeContext(c: Comment): CodeContext {
  const { startLine, endLine } = c.anchor;
  const before = c.anchor.contextBefore;
  const lines: CodeLine[] = [];
  before.forEach((text, i) => lines.push({ number: startLine - before.length + i, text, target: false }));
  c.anchor.targetContent.split('\n').forEach((text, i) => lines.push({ number: startLine + i, text, target: true }));
  c.anchor.contextAfter.forEach((text, i) => lines.push({ number: endLine + 1 + i, text, target: false }));
  return { file: c.file, startLine, endLine, lines, removedIn: c.removed?.label ?? 'a baseline' };
}

/** The thread's file on disk, or undefined when its path (through a symlink) leaves the workspace. */
function fileOf(root: string, c: Comment): string | undefined {
  try {
    return resolveInWorkspace(root, c.file).abs;
  } catch {
    return undefined;
  }
}

/** Why there is no code to show, or undefined when there is. */
export function missingCodeReason(root: string, c: Comment): string | undefined {
  if (c.anchorState === 'orphaned') return `there is no file to show: ${c.file} no longer exists (the thread is orphaned)`;
  const abs = fileOf(root, c);
  if (!abs) return `${c.file} leads outside the workspace; it is not shown`;
  if (!fs.existsSync(abs)) return `there is no file to show: ${c.file} does not exist`;
  return undefined;
}

/** Lines startLine-around .. endLine+around of the current file, clipped to the file. */
export function readCodeContext(root: string, c: Comment, around: number): CodeContext | undefined {
  const abs = fileOf(root, c);
  if (!abs) return undefined;
  let text: string;
  try {
    text = fs.readFileSync(abs, 'utf8');
  } catch {
    return undefined;
  }
  const all = splitLines(text);
  const { startLine, endLine } = c.anchor;
  const from = Math.max(1, startLine - around);
  const to = Math.min(all.length, endLine + around);
  const lines: CodeLine[] = [];
  for (let n = from; n <= to; n++) lines.push({ number: n, text: all[n - 1]!, target: n >= startLine && n <= endLine });
  return { file: c.file, startLine, endLine, lines };
}

/** `> 45 | code` for the commented lines (`-` when they are removed code), `  44 | code` around them; `escape` shapes each line's text. */
export function codeLines(ctx: CodeContext, escape: (text: string) => string = (text) => text): string[] {
  const width = String(ctx.lines.at(-1)?.number ?? 0).length;
  const mark = ctx.removedIn !== undefined ? '-' : '>';
  return ctx.lines.map((l) => `${l.target ? mark : ' '} ${String(l.number).padStart(width)} | ${escape(l.text)}`);
}

/** The code for the terminal: codeLines, indented, control characters escaped. */
export function formatCode(ctx: CodeContext): string {
  return codeLines(ctx, inert).map((line) => `  ${line}`).join('\n');
}
