/**
 * Code that left its file for another (issue 26): what a lost thread's code is searched for in
 * the rest of the workspace, and where a file holds a copy of it. Pure, no I/O; the search over
 * the workspace's files is cross-file.ts.
 *
 * The rules are those of in-file re-anchoring (reconcile.ts, findMovedCopy), made stricter
 * because a workspace holds far more look-alikes than one file:
 *  - only distinctive code is followed: at least two substantial lines, or one long one, not
 *    counting import/include/use lines (the same import sits at the top of many files) — never
 *    a `}`, a `return null;` or an import;
 *  - a copy is the target's lines, equal exactly or once whitespace is removed (re-indented
 *    into a class, reformatted);
 *  - only a copy that is the only one counts (cross-file.ts counts them over every file looked at).
 */
import type { Anchor } from '../model';
import { withoutWhitespace } from './diff';
import { isDistinctive } from './similarity';

/** A lost thread's code, ready to be looked for. */
export interface MovedCodeNeedle {
  /** The target lines as stored. */
  target: readonly string[];
  /** The same lines without whitespace: a copy must equal these. */
  keys: readonly string[];
  /**
   * The target's longest word (letters, digits, `_`, `$`): any copy contains it, since removing
   * or adding whitespace never splits a word of code. Files without it are not even decoded.
   */
  word: string;
  /** Index of the first target line holding `word`. */
  pivot: number;
}

/**
 * Statements that bring in other modules, in the languages people comment on: `import`,
 * `from … import`, `export … from`, `require(…)`, `#include`, Rust's `use`, C#'s `using`,
 * Go/Java `package`. Lines like these are repeated across files by nature.
 */
const IMPORT_LINE = /^\s*(?:import\b|from\s+\S+\s+import\b|export\s+(?:\*|\{[^}]*\}?|type\s+\{[^}]*\}?)\s*(?:as\s+\w+\s*)?from\b|#\s*include\b|#\s*import\b|(?:pub\s+)?use\s+[\w:]|using\s+[\w.]+\s*;|package\s+[\w.]+|(?:const|let|var)\s+[^=]+=\s*require\s*\(|require\s*\()/;

export function isImportLine(line: string): boolean {
  return IMPORT_LINE.test(line);
}

/** Whether code this shape may be followed into another file (see the module comment). */
export function followableAcrossFiles(target: readonly string[]): boolean {
  const counted = target.filter((l) => !isImportLine(l));
  return counted.length > 0 && isDistinctive(counted);
}

const WORD = /[A-Za-z0-9_$\u0080-\uffff]+/g;

/** The needle for an anchor's code, or undefined when that code must not be followed across files. */
export function movedCodeNeedle(anchor: Pick<Anchor, 'targetContent'>): MovedCodeNeedle | undefined {
  const target = anchor.targetContent.split('\n');
  if (!followableAcrossFiles(target)) return undefined;
  let word = '';
  let pivot = -1;
  target.forEach((line, k) => {
    for (const m of line.matchAll(WORD)) {
      if (m[0].length > word.length) {
        word = m[0];
        pivot = k;
      }
    }
  });
  if (pivot < 0) return undefined;
  return { target, keys: target.map(withoutWhitespace), word, pivot };
}

/** A copy of the target in some file's lines. */
export interface CodeCopy {
  /** 0-based first line. */
  start: number;
  /** Equal line for line, whitespace and all (else equal once whitespace is removed). */
  exact: boolean;
}

/**
 * Every place in `lines` holding the needle's lines (exactly, or equal without whitespace).
 * Only lines containing the needle's word are candidates, so a file is never normalised whole.
 */
export function findCopies(needle: MovedCodeNeedle, lines: readonly string[]): CodeCopy[] {
  const { target, keys, word, pivot } = needle;
  const n = target.length;
  const copies: CodeCopy[] = [];
  let lastStart = -1;
  for (let i = pivot; i <= lines.length - n + pivot; i++) {
    if (!lines[i]!.includes(word)) continue;
    const start = i - pivot;
    if (start <= lastStart) continue;
    let exact = true;
    let k = 0;
    for (; k < n; k++) {
      const line = lines[start + k]!;
      if (line === target[k]) continue;
      exact = false;
      if (withoutWhitespace(line) !== keys[k]) break;
    }
    if (k < n) continue;
    copies.push({ start, exact });
    lastStart = start;
  }
  return copies;
}

/** Whether lines[start …] hold a copy of the anchor's code (see findCopies). */
export function holdsCopyAt(anchor: Pick<Anchor, 'targetContent'>, lines: readonly string[], start: number): boolean {
  const target = anchor.targetContent.split('\n');
  if (start < 0 || start + target.length > lines.length) return false;
  return target.every((t, k) => lines[start + k] === t || withoutWhitespace(lines[start + k]!) === withoutWhitespace(t));
}
