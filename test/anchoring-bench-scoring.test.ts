/**
 * How the anchoring benchmark scores an answer (bench/anchoring/evaluate.mjs `classify`): the
 * truth is git's Myers diff; for a case git's Myers and histogram diffs disagree on, the case
 * file (git-cases.mjs v3) also carries the histogram diff's answer, and a place either diff
 * gives, in the same category, is right. A place neither gives is still misplaced; cases
 * without the histogram answer (the public corpus) are scored as before.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module of the benchmark, without types
import { classify, keptByAnEquallyMinimalDiff } from '../bench/anchoring/evaluate.mjs';

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

  describe('a place an equally minimal diff gives (a block sliding over identical lines)', () => {
    // gson #454's shape: two identical lines, one deleted. Myers deletes the first; deleting the
    // second is as minimal, and keeps the thread (on `try {` + the first) exactly where it was.
    // A first test holds the same two lines, so the thread's text is no unique copy (not a "move").
    const first = ['void once() {', '  try {', '    reader.skipValue();', '  }', '}'];
    const textA = [...first, 'void test() {', '  try {', '    reader.skipValue();', '    reader.skipValue();', '  }', '}', ''].join('\n');
    const textB = [...first, 'void test() {', '  try {', '    reader.skipValue();', '  }', '}', ''].join('\n');
    const twoIdentical = { category: 'modified', path: 'T.java', textA, textB, start: 7, end: 8, expected: { lo: 7, hi: 7, kept: 1 } };

    it('scores the thread kept in place as right (kept), by the equal-diff truth', () => {
      expect(keptByAnEquallyMinimalDiff(twoIdentical, anchored(7, 8))).toBe(true);
      expect(classify(twoIdentical, anchored(7, 8))).toBe('kept');
    });

    it('refuses a place whose lines are not the thread\'s own', () => {
      expect(classify(twoIdentical, anchored(8, 9))).toBe('misplaced');
      // the first test's copy of the same two lines: an equal diff never pairs them with it
      expect(classify(twoIdentical, anchored(2, 3))).toBe('misplaced');
    });

    // gson #636's shape: a Javadoc removed from between two others; which `/**` went is the slide.
    const doc = (name: string) => ['  /**', `   * ${name}`, '   */', `  void ${name}() {}`, ''];
    const javadocA = [...doc('a'), ...doc('b'), ...doc('c')].join('\n');
    const javadocB = [...doc('a'), ...doc('c')].join('\n');

    it('accepts an identical line a deleted block could have slid onto, for a deleted case and an unchanged one', () => {
      // the thread on b's `/**` (line 6); b's block went. Lines 5–6 at A are '' + '  /**', as c's are.
      const deleted = { category: 'deleted', path: 'J.java', textA: javadocA, textB: javadocB, start: 6, end: 6, expected: { moved: [] } };
      expect(classify(deleted, anchored(6, 6))).toBe('kept');
      // a's `/**` (line 1) is no slide: matching b's there gives up a's own lines
      expect(classify(deleted, anchored(1, 1))).toBe('misplaced');
      const unchanged = { category: 'unchanged', path: 'J.java', textA: javadocA, textB: javadocB, start: 11, end: 11, expected: { start: 6, end: 6 } };
      expect(classify(unchanged, anchored(6, 6))).toBe('exact');
      expect(classify(unchanged, anchored(1, 1))).toBe('misplaced');
    });

    it('refuses a twin further off: reaching it costs the lines in between', () => {
      // A: x, T, y, z  B: x, T, y, T, z: the second T is a new copy; matching the thread there loses y
      const far = { category: 'unchanged', path: 'f', textA: 'x\nT\ny\nz\n', textB: 'x\nT\ny\nT\nz\n', start: 2, end: 2, expected: { start: 2, end: 2 } };
      expect(classify(far, anchored(2, 2))).toBe('exact');
      expect(keptByAnEquallyMinimalDiff(far, anchored(4, 4))).toBe(false);
      expect(classify(far, anchored(4, 4))).toBe('misplaced');
    });

    it('never applies to an answer in another file, nor to a case without both texts', () => {
      expect(keptByAnEquallyMinimalDiff(twoIdentical, { ...anchored(7, 8), file: 'Other.java' })).toBe(false);
      expect(keptByAnEquallyMinimalDiff({ ...twoIdentical, textB: undefined }, anchored(7, 8))).toBe(false);
      expect(keptByAnEquallyMinimalDiff(twoIdentical, { state: 'stale', start: 7, end: 8 })).toBe(false);
    });
  });
});
