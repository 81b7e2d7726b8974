/**
 * Table-driven re-anchoring tests from fixture triples (style.md item 14): each folder of
 * test/fixtures/reanchor holds before.txt, after.txt (absent = file deleted) and
 * expected.json { description, range: [start, end] at before, expected, withoutSnapshot? }.
 * Every fixture runs in-process (reanchor with the snapshot, as the store keeps one) and,
 * in reconcile-pass.test.ts, through the real workspace pass.
 */
import { describe, expect, it } from 'vitest';
import { captureAnchor } from '../shared/anchoring/anchor';
import { reanchor } from '../shared/anchoring/reconcile';
import { commonLength, mapLines } from '../shared/anchoring/diff';
import { contextSimilarity, isDistinctive, lineSimilarity } from '../shared/anchoring/similarity';
import { loadFixtures } from './reanchor-fixtures';
import type { Fixture } from './reanchor-fixtures';

const NOW = '2026-01-01T00:00:00.000Z';

function expectOutcome(actual: { anchorState: string; startLine: number; endLine: number }, expected: Fixture['expected']): void {
  expect(actual.anchorState).toBe(expected.anchorState);
  if (expected.startLine !== undefined) expect([actual.startLine, actual.endLine]).toEqual([expected.startLine, expected.endLine]);
}

describe('re-anchoring fixtures (in-process, with the snapshot)', () => {
  const fixtures = loadFixtures().filter((f) => f.after !== undefined);
  it('has the spec\'s edit patterns', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(15);
  });
  it.each(fixtures.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    const anchor = captureAnchor(f.before, f.range[0], f.range[1], NOW);
    const result = reanchor(anchor, f.after!, { snapshotText: f.before });
    expectOutcome(result, f.expected);
    if (result.anchorState === 'stale') expect(result.reason).toBeTruthy();
  });
});

describe('re-anchoring fixtures without a snapshot (content + context fallback)', () => {
  const fixtures = loadFixtures().filter((f) => f.after !== undefined);
  it.each(fixtures.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    const anchor = captureAnchor(f.before, f.range[0], f.range[1], NOW);
    const result = reanchor(anchor, f.after!);
    const expected = f.withoutSnapshot ?? f.expected;
    expectOutcome(result, expected);
  });
});

describe('a 50,000-line file', () => {
  // Lines are numbered statements (unique) with repeated braces and blank lines between.
  const block = (i: number): string[] => [`function f${i}(x) {`, `  const v${i} = x * ${i % 97};`, '  return null;', '}', ''];
  const lines: string[] = [];
  for (let i = 0; lines.length < 50_000; i++) lines.push(...block(i));
  const before = lines.join('\n') + '\n';
  // After: 120 lines inserted near the top, one function in the middle edited, and near the end
  // one `return null;` (of 10,000 identical ones) deleted. (Deleting a whole block would be a
  // genuine diff ambiguity: its `return null; }` tail can slide onto the neighbour's.)
  const after = [...Array.from({ length: 120 }, (_, k) => `// inserted ${k}`), ...lines];
  const edited = after.indexOf('  const v5000 = x * 53;');
  after[edited] = '  const v5000 = x * 54;';
  const gone = after.indexOf('function f9900(x) {');
  after.splice(gone + 2, 1);
  const afterText = after.join('\n') + '\n';

  it('follows untouched code, flags edited and deleted code', () => {
    const at = (text: string): number => lines.indexOf(text) + 1;
    const cases = [
      { range: [at('  const v7000 = x * 16;'), at('  const v7000 = x * 16;') + 2], expected: { anchorState: 'anchored', startLine: at('  const v7000 = x * 16;') + 120, endLine: at('  const v7000 = x * 16;') + 2 + 120 } },
      { range: [at('  const v5000 = x * 53;'), at('  const v5000 = x * 53;')], expected: { anchorState: 'stale' } },
      { range: [at('function f9900(x) {') + 2, at('function f9900(x) {') + 2], expected: { anchorState: 'stale' } },
      { range: [at('function f10(x) {'), at('function f10(x) {') + 3], expected: { anchorState: 'anchored', startLine: at('function f10(x) {') + 120, endLine: at('function f10(x) {') + 123 } },
    ] as const;
    for (const c of cases) {
      const anchor = captureAnchor(before, c.range[0], c.range[1], NOW);
      expectOutcome(reanchor(anchor, afterText, { snapshotText: before }), c.expected);
    }
  });

  it('without a snapshot ranks the 10,000 `return null;` twins by context and picks the right one', () => {
    const s = lines.indexOf('  const v7000 = x * 16;') + 1;
    expectOutcome(reanchor(captureAnchor(before, s, s, NOW), afterText), { anchorState: 'anchored', startLine: s + 120, endLine: s + 120 });
    expectOutcome(reanchor(captureAnchor(before, s + 1, s + 2, NOW), afterText), { anchorState: 'anchored', startLine: s + 121, endLine: s + 122 });
  });

  it('without a snapshot, a true tie (two identical copies, context and all) is stale, never a guess', () => {
    const twice = [...block(1), ...block(2), ...block(1)];
    const text = twice.join('\n') + '\n';
    const anchor = captureAnchor(text, 2, 3, NOW);
    const r = reanchor(anchor, '// moved on\n' + text);
    expect(r.anchorState).toBe('stale');
    expect(r.reason).toMatch(/appear 2 times/);
  });
});

describe('reanchor edge cases', () => {
  const text = 'a\nb\nc\nd\n';
  it('treats NUL bytes as binary: stale with a reason, no crash', () => {
    const r = reanchor(captureAnchor(text, 2, 2, NOW), 'a\u0000b\n', { snapshotText: text });
    expect(r).toMatchObject({ anchorState: 'stale', method: 'binary' });
    expect(r.reason).toMatch(/binary/);
  });
  it('ignores a snapshot that does not hold the target and falls back to content', () => {
    const code = 'let total = 0;\nfor (const item of cart.items) total += item.price * item.count;\nreturn total;\n';
    const r = reanchor(captureAnchor(code, 2, 2, NOW), '// sum\n' + code, { snapshotText: 'something else\n' });
    expect(r).toMatchObject({ anchorState: 'anchored', startLine: 3, endLine: 3 });
    expect(r.method).toMatch(/^content/);
  });
  it('a stale thread whose code comes back is anchored again (diff from the kept snapshot)', () => {
    const anchor = captureAnchor(text, 2, 2, NOW);
    expect(reanchor(anchor, 'a\nB!\nc\nd\n', { snapshotText: text }).anchorState).toBe('stale');
    expect(reanchor(anchor, 'new\na\nb\nc\nd\n', { snapshotText: text })).toMatchObject({ anchorState: 'anchored', startLine: 3, endLine: 3 });
  });
  it('lines inserted inside the commented range make it stale', () => {
    const anchor = captureAnchor(text, 2, 3, NOW);
    expect(reanchor(anchor, 'a\nb\nnew\nc\nd\n', { snapshotText: text }).anchorState).toBe('stale');
  });
  it('a shown position always lies inside the file', () => {
    const anchor = captureAnchor('1\n2\n3\n4\n5\n6\n7\n8\n', 7, 8, NOW);
    const r = reanchor(anchor, '1\n2\n', { snapshotText: '1\n2\n3\n4\n5\n6\n7\n8\n' });
    expect(r.anchorState).toBe('stale');
    expect(r.startLine).toBeGreaterThanOrEqual(1);
    expect(r.endLine).toBeLessThanOrEqual(2);
  });
});

describe('line diff', () => {
  it('maps untouched lines exactly and leaves edited ones unmapped', () => {
    const m = mapLines(['a', 'b', 'c', 'd'], ['x', 'a', 'B', 'c', 'd']);
    expect(Array.from(m.oldToNew)).toEqual([1, -1, 3, 4]);
    expect(Array.from(m.newToOld)).toEqual([-1, 0, -1, 2, 3]);
  });
  it('anchors on rare lines, so a moved block maps as a whole', () => {
    const old = ['function a() {', '  one();', '}', 'function b() {', '  two();', '}'];
    const now = ['function b() {', '  two();', '}', 'function a() {', '  one();', '}'];
    const m = mapLines(old, now);
    // Either function may be the one that "moved", but each maps as a block, never brace to brace across functions.
    const pairs = Array.from(m.oldToNew).map((j, i) => (j < 0 ? '' : `${old[i]}=>${now[j]}`)).filter(Boolean);
    for (const p of pairs) expect(p.split('=>')[0]).toBe(p.split('=>')[1]);
    expect(pairs.length).toBeGreaterThanOrEqual(3);
  });
  it('with ignoreWhitespace lines up re-indented code', () => {
    const m = mapLines(['if (x) {', 'go();', '}'], ['  if (x) {', '    go();', '  }'], true);
    expect(Array.from(m.oldToNew)).toEqual([0, 1, 2]);
    expect(Array.from(m.kind)).toEqual([2, 2, 2]);
  });
  it('slides a removed block down past identical lines, as git does', () => {
    // `}\nq\n}` loses `q` and one `}`: the suffix match keeps the second `}`, the slide the first.
    const m = mapLines(['X', 'a', '}', 'q', '}', 'z'], ['Y', 'a', '}', 'z']);
    expect(Array.from(m.oldToNew)).toEqual([-1, 1, 2, -1, -1, 3]);
  });
  it('falls back to Myers when no line is rare', () => {
    const old = Array.from({ length: 100 }, (_, i) => (i % 2 ? '}' : ''));
    const now = ['x', ...old];
    const m = mapLines(old, now);
    expect(Array.from(m.oldToNew).every((j, i) => j === i + 1)).toBe(true);
  });
});

describe('similarity', () => {
  it('scores lines and contexts', () => {
    expect(lineSimilarity('return a;', 'return a;')).toBe(1);
    expect(lineSimilarity('return alpha;', 'return alpha + 1;')).toBeGreaterThan(0.6);
    expect(lineSimilarity('foo()', 'bar.baz')).toBeLessThan(0.2);
    const lines = ['x', 'a', 'b', 'T', 'c', 'd'];
    expect(contextSimilarity(lines, 3, 1, ['a', 'b'], ['c', 'd'], 2)).toBe(1);
    expect(contextSimilarity(lines, 3, 1, ['q', 'r'], ['s', 't'], 2)).toBe(0);
  });
  it('tells distinctive code from look-alikes', () => {
    expect(isDistinctive(['}'])).toBe(false);
    expect(isDistinctive(['return null;'])).toBe(false);
    expect(isDistinctive(['const total = items.reduce((sum, item) => sum + item.price, 0);'])).toBe(true);
  });
});

describe('the untouched-window shortcut (no diff when code and surroundings merely shifted)', () => {
  const block = (name: string): string[] => [`function ${name}() {`, '  const x = load();', '  return x + 1;', '}', ''];
  const file = (...names: string[]): string => names.flatMap(block).join('\n') + '\n';

  it('follows a thread whose lines and context only shifted, without diffing', () => {
    const before = file('a', 'b', 'c');
    const anchor = captureAnchor(before, 7, 8, NOW); // b's body
    const r = reanchor(anchor, '// header\n// more\n' + before, { snapshotText: before });
    expect(r).toMatchObject({ anchorState: 'anchored', startLine: 9, endLine: 10, method: 'window' });
  });

  it('is not taken when the window occurs twice today: the diff decides', () => {
    const before = file('a', 'b');
    const anchor = captureAnchor(before, 1, 1, NOW); // "function a() {" with its context
    const after = file('a', 'b') + file('a'); // a second copy of a's whole block
    const r = reanchor(anchor, after, { snapshotText: before });
    expect(r.method).not.toBe('window');
    expect(r).toMatchObject({ anchorState: 'anchored', startLine: 1 });
  });

  it('is not taken when the snapshot held the window twice: a deleted copy never jumps to its twin', () => {
    const twin = ['x();', 'y();', 'z();', 'twin();', 'x();', 'y();', 'z();'];
    const before = ['head();', ...twin, 'mid();', ...twin, 'tail();'].join('\n') + '\n';
    const anchor = captureAnchor(before, 13, 13, NOW); // the second twin()
    const after = ['head();', ...twin, 'mid();', 'tail();'].join('\n') + '\n'; // the second copy deleted
    const r = reanchor(anchor, after, { snapshotText: before });
    expect(r.method).not.toBe('window');
    expect(r.anchorState).toBe('stale');
  });
});

describe('the untouched-window shortcut with CRLF line ends', () => {
  it('gives the same outcome as with LF', () => {
    const lf = ['// head', 'function f() {', '  return 1;', '}', '', 'function g() {', '  return 2;', '}'].join('\n') + '\n';
    const anchor = captureAnchor(lf, 7, 7, NOW);
    const edited = '// new\n' + lf;
    const viaLf = reanchor(anchor, edited, { snapshotText: lf });
    const viaCrlf = reanchor(anchor, edited.replace(/\n/g, '\r\n'), { snapshotText: lf.replace(/\n/g, '\r\n') });
    expect(viaLf).toMatchObject({ anchorState: 'anchored', startLine: 8, method: 'window' });
    expect(viaCrlf).toEqual(viaLf);
  });
});

describe('commonLength (the stretch diff behind a re-indented target kept whole)', () => {
  /** The textbook dynamic programme, to compare against. */
  const reference = (a: readonly string[], b: readonly string[]): number => {
    const t = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
    for (let i = a.length - 1; i >= 0; i--) {
      for (let j = b.length - 1; j >= 0; j--) t[i]![j] = a[i] === b[j] ? t[i + 1]![j + 1]! + 1 : Math.max(t[i + 1]![j]!, t[i]![j + 1]!);
    }
    return t[0]![0]!;
  };
  it('is the length of a longest common subsequence', () => {
    let seed = 7;
    const rnd = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let round = 0; round < 300; round++) {
      const list = (): string[] => Array.from({ length: Math.floor(rnd() * 12) }, () => ['}', '', 'else', 'fi', 'x', 'y'][Math.floor(rnd() * 6)]!);
      const [a, b] = [list(), list()];
      expect(commonLength(a, b, 1_000)).toBe(reference(a, b));
    }
  });
  it('gives up (undefined) when the lists hold more lines than asked, past their common ends', () => {
    expect(commonLength(['a', 'b', 'c'], ['a', 'x', 'c'], 1)).toBeUndefined();
    expect(commonLength(['a', 'b', 'c'], ['a', 'b', 'c'], 1)).toBe(3);
  });
});
