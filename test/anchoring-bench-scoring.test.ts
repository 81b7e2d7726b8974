/**
 * How the anchoring benchmark scores an answer (bench/anchoring/evaluate.mjs `classify`): the
 * truth is git's Myers diff; for a case git's Myers and histogram diffs disagree on, the case
 * file (git-cases.mjs v3) also carries the histogram diff's answer, and a place either diff
 * gives, in the same category, is right. A place neither gives is still misplaced; cases
 * without the histogram answer (the public corpus) are scored as before.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module of the benchmark, without types
import { classify } from '../bench/anchoring/evaluate.mjs';

const anchored = (start: number, end: number) => ({ state: 'anchored', start, end });

describe('the anchoring benchmark\'s scoring (bench/anchoring/evaluate.mjs)', () => {
  const lone = { category: 'unchanged', expected: { start: 2933, end: 2933 }, start: 1500, end: 1500 };

  it('scores a case on git\'s Myers truth alone when it carries no other', () => {
    expect(classify(lone, anchored(2933, 2933))).toBe('exact');
    expect(classify(lone, anchored(1612, 1612))).toBe('misplaced');
    expect(classify({ ...lone, ambiguous: true }, anchored(1612, 1612))).toBe('misplaced');
  });

  it('accepts the histogram diff\'s place for an ambiguous case of the same category, and nothing else', () => {
    const ambiguous = { ...lone, ambiguous: true, histogram: { category: 'unchanged', expected: { start: 1612, end: 1612 } } };
    expect(classify(ambiguous, anchored(1612, 1612))).toBe('exact');
    expect(classify(ambiguous, anchored(2933, 2933))).toBe('exact');
    expect(classify(ambiguous, anchored(1613, 1613))).toBe('misplaced');
    expect(classify(ambiguous, { state: 'stale', start: 1500, end: 1500 })).toBe('false-stale');
  });

  it('takes the histogram\'s place when the diffs disagree only on whether the line\'s indentation changed (unchanged / whitespace)', () => {
    const reindented = { ...lone, ambiguous: true, histogram: { category: 'whitespace', expected: { start: 235, end: 235 } } };
    expect(classify(reindented, anchored(235, 235))).toBe('exact');
    expect(classify(reindented, anchored(236, 236))).toBe('misplaced');
  });

  it('does not take the histogram\'s place when the two diffs disagree on the category', () => {
    const other = { ...lone, ambiguous: true, histogram: { category: 'modified', expected: { lo: 1610, hi: 1614, kept: 0 } } };
    expect(classify(other, anchored(1612, 1612))).toBe('misplaced');
  });

  it('checks a modified case\'s moved copies against the diff that lists them', () => {
    const modified = {
      category: 'modified', start: 10, end: 11, expected: { lo: 40, hi: 44, kept: 1, moved: [] },
      ambiguous: true, histogram: { category: 'modified', expected: { lo: 80, hi: 83, kept: 1, moved: [[90, 91]] } },
    };
    expect(classify(modified, anchored(41, 42))).toBe('inside');
    expect(classify(modified, anchored(81, 82))).toBe('inside');
    expect(classify(modified, anchored(90, 91))).toBe('moved');
    expect(classify(modified, anchored(60, 61))).toBe('misplaced');
  });
});
