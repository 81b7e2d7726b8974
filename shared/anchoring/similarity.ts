/**
 * Similarity measures for re-anchoring without a snapshot: how well the lines around a
 * candidate place match the context an anchor remembered. Pure, no dependencies.
 * All inputs are lines with their whitespace removed (diff.ts withoutWhitespace).
 */

/** Dice coefficient over character bigrams: 1 for equal lines, near 0 for unrelated ones. */
export function lineSimilarity(x: string, y: string): number {
  if (x === y) return 1;
  if (x.length < 2 || y.length < 2) return 0;
  const grams = new Map<string, number>();
  for (let i = 0; i < x.length - 1; i++) {
    const g = x.slice(i, i + 2);
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < y.length - 1; i++) {
    const g = y.slice(i, i + 2);
    const c = grams.get(g);
    if (c) {
      shared++;
      grams.set(g, c - 1);
    }
  }
  return (2 * shared) / (x.length - 1 + y.length - 1);
}

/**
 * One context line: 1 when equal; a near miss earns at most half, so look-alike code with
 * slightly different neighbours (the same pattern in the next function) stays clearly behind
 * the real place, while an edited neighbour still counts for something.
 */
function contextLineScore(remembered: string, current: string): number {
  return remembered === current ? 1 : 0.5 * lineSimilarity(remembered, current);
}

/** Weight of the k-th context line away from the target (0 = adjacent): near lines say more. */
function weightAt(k: number): number {
  return 1 / (1 + 0.5 * k);
}

/**
 * How well the lines around a candidate at [start, start+length) of `lines` match the
 * remembered context. `before` is nearest-last (as stored), `after` nearest-first.
 * A remembered context that ended at the file edge matches a candidate at the same edge.
 * Returns 0..1; an anchor with no context at all (a one-line file) scores 0.5, no evidence.
 */
export function contextSimilarity(
  lines: readonly string[], start: number, length: number,
  before: readonly string[], after: readonly string[],
  contextLines: number,
): number {
  let score = 0;
  let total = 0;
  const side = (remembered: readonly string[], at: (k: number) => string | undefined): void => {
    for (let k = 0; k < remembered.length; k++) {
      const w = weightAt(k);
      const current = at(k);
      total += w;
      if (current !== undefined) score += w * contextLineScore(remembered[k]!, current);
    }
    // The anchor saw the file edge within reach: the candidate should see it at the same distance.
    if (remembered.length < contextLines) {
      const w = weightAt(remembered.length);
      total += w;
      if (at(remembered.length) === undefined) score += w;
    }
  };
  side([...before].reverse(), (k) => lines[start - 1 - k]);
  side(after, (k) => lines[start + length + k]);
  return total === 0 ? 0.5 : score / total;
}

/** Letters and digits in a line: `}` and `end` have few, a real statement has many. */
function wordChars(line: string): number {
  let n = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c > 127) n++;
  }
  return n;
}

/**
 * Whether a block of code is specific enough that an exact copy of it elsewhere is very
 * likely the same code moved, not a look-alike (`}`, `return null;`, `else {`, blank lines).
 */
export function isDistinctive(lines: readonly string[]): boolean {
  let chars = 0;
  let substantial = 0;
  for (const l of lines) {
    const w = wordChars(l);
    chars += w;
    if (w >= 12) substantial++;
  }
  return substantial >= 2 || (substantial === 1 && chars >= 24);
}
