import { contentHash } from './content-hash';
import type { Anchor } from '../model';
import { splitLines } from '../text';

/** How many lines of context an anchor keeps on each side (spec §4.2 shows two; more helps disambiguation). */
export const CONTEXT_LINES = 3;

/**
 * 16 hex digits of the target text's content hash: an identity check for readers, not a
 * security boundary, and never compared by the re-anchoring (earlier versions wrote a sha256 here).
 */
export function hashContent(text: string): string {
  return contentHash(text).slice(4, 20);
}

/**
 * Captures an anchor for lines startLine..endLine (1-based, inclusive) of `fileText`.
 * The caller has validated the range (see validateRange).
 */
export function captureAnchor(fileText: string, startLine: number, endLine: number, now: string): Anchor {
  const lines = splitLines(fileText);
  return captureAnchorFromLines(lines, startLine, endLine, now);
}

/** `previous`: the anchor this one replaces; its hash is reused when the target text is the same (a move). */
export function captureAnchorFromLines(lines: readonly string[], startLine: number, endLine: number, now: string, previous?: Anchor): Anchor {
  const target = lines.slice(startLine - 1, endLine);
  const targetContent = target.join('\n');
  return {
    startLine,
    endLine,
    contextBefore: lines.slice(Math.max(0, startLine - 1 - CONTEXT_LINES), startLine - 1),
    contextAfter: lines.slice(endLine, endLine + CONTEXT_LINES),
    targetContent,
    contentHash: previous?.targetContent === targetContent && typeof previous.contentHash === 'string' ? previous.contentHash : hashContent(targetContent),
    lastAnchorCheck: now,
  };
}

/**
 * What an anchor may keep of the code: the commented lines and their context, in characters
 * (as a comment body). Every reader parses every anchor: one comment on a huge minified line
 * once put 280 MB into the store and made each later command need gigabytes.
 */
export const MAX_ANCHOR_CHARS = 100_000;

/** Why the lines startLine..endLine (valid, 1-based) are too long to anchor on, or undefined. */
export function anchorSizeProblem(lines: readonly string[], startLine: number, endLine: number): string | undefined {
  let chars = 0;
  const from = Math.max(0, startLine - 1 - CONTEXT_LINES);
  const to = Math.min(lines.length, endLine + CONTEXT_LINES);
  for (let i = from; i < to; i++) chars += lines[i]!.length + 1;
  if (chars <= MAX_ANCHOR_CHARS) return undefined;
  const target = lines.slice(startLine - 1, endLine).reduce((n, l) => n + l.length + 1, 0);
  return target > MAX_ANCHOR_CHARS
    ? `the commented lines hold ${target.toLocaleString('en-US')} characters; an anchor keeps at most ${MAX_ANCHOR_CHARS.toLocaleString('en-US')} (comment on fewer lines)`
    : `the lines around it are too long to keep as context (${chars.toLocaleString('en-US')} characters with the commented lines; at most ${MAX_ANCHOR_CHARS.toLocaleString('en-US')}): a minified or generated file?`;
}

/** Returns an error message when the range does not fit a file of `lineCount` lines, else undefined. */
export function validateRange(startLine: number, endLine: number, lineCount: number): string | undefined {
  if (!Number.isInteger(startLine) || !Number.isInteger(endLine) || startLine < 1 || endLine < 1) {
    return 'line numbers must be whole numbers from 1';
  }
  if (endLine < startLine) return `the range ends (${endLine}) before it starts (${startLine})`;
  if (lineCount === 0) return 'the file is empty: there is no line to comment on';
  if (endLine > lineCount) return `line ${endLine} is past the end of the file (${lineCount} lines)`;
  return undefined;
}
