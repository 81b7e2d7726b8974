/**
 * The line diff's unique-region fast path (shared/anchoring/diff.ts) must not change a single
 * answer: mapLines is what re-anchoring, the line counts and the hunks of the Changes view all
 * stand on. The previous mapLines is kept verbatim in test/helpers/diff-reference.ts; here both
 * diff the same pairs, from texts the fast path takes whole (every line distinct), texts it takes
 * in pieces (distinct lines between repeated braces and blank lines), texts where moved blocks
 * make its runs cross (the sides it must hand back to the ordinary path) and texts it never
 * takes (few distinct lines), with and without whitespace ignored.
 */
import { describe, expect, it } from 'vitest';
import { mapLines, mapLinesMyers } from '../shared/anchoring/diff';
import { mapLines as referenceMapLines, mapLinesMyers as referenceMapLinesMyers } from './helpers/diff-reference';

/** A small seeded generator (mulberry32): the same pairs on every run, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Line = (k: number) => string;

const distinct: Line = (k) => `  const v${k} = compute(x, ${k});`;
/** Mostly distinct statements, with the braces and blank lines real code repeats. */
const codeLike = (rnd: () => number): Line => (k) => {
  const r = rnd();
  if (r < 0.12) return '}';
  if (r < 0.2) return '';
  if (r < 0.23) return '  return;';
  return distinct(k);
};
/** Few different lines: no region is unique, the fast path never runs. */
const fewLines = (rnd: () => number, kinds: number): Line => () => `line ${Math.floor(rnd() * kinds)}`;

/**
 * An edited copy of `old`: changed, inserted and deleted lines, and blocks moved elsewhere
 * (what makes a run cross the chosen one), `edits` of them.
 */
function edit(old: string[], rnd: () => number, line: Line, edits: number, fresh: { n: number }): string[] {
  const out = [...old];
  for (let e = 0; e < edits && out.length > 0; e++) {
    const at = Math.floor(rnd() * out.length);
    const r = rnd();
    if (r < 0.35) out[at] = `${out[at]} // edited ${fresh.n++}`;
    else if (r < 0.55) out.splice(at, 0, ...Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => line(fresh.n++)));
    else if (r < 0.75) out.splice(at, 1 + Math.floor(rnd() * 3));
    else if (r < 0.9) {
      const block = out.splice(at, 2 + Math.floor(rnd() * 12));
      out.splice(Math.floor(rnd() * (out.length + 1)), 0, ...block);
    } else out[at] = out[at]!.replace(/^\s+/, '\t'); // whitespace only
  }
  return out;
}

function expectSameMapping(a: string[], b: string[], label: string): void {
  for (const ignoreWhitespace of [false, true]) {
    const got = mapLines(a, b, ignoreWhitespace);
    const want = referenceMapLines(a, b, ignoreWhitespace);
    expect(Array.from(got.oldToNew), `${label} oldToNew (ignoreWhitespace ${ignoreWhitespace})`).toEqual(Array.from(want.oldToNew));
    expect(Array.from(got.newToOld), `${label} newToOld (ignoreWhitespace ${ignoreWhitespace})`).toEqual(Array.from(want.newToOld));
    expect(Array.from(got.kind), `${label} kind (ignoreWhitespace ${ignoreWhitespace})`).toEqual(Array.from(want.kind));
  }
  const myers = mapLinesMyers(a, b);
  const wantMyers = referenceMapLinesMyers(a, b);
  expect(myers && Array.from(myers), `${label} Myers`).toEqual(wantMyers && Array.from(wantMyers));
}

describe('mapLines with the unique-region fast path gives the previous answers', () => {
  it('every line distinct: changes spread evenly, the case the fast path was made for', () => {
    for (const [lines, every] of [[10_000, 5], [400, 40], [50, 2], [7, 1]] as const) {
      const a = Array.from({ length: lines }, (_, k) => distinct(k));
      const b = a.map((l, k) => (k % every === 2 % every ? `${l} + 1` : l));
      expectSameMapping(a, b, `${lines} lines, a change every ${every}`);
    }
  });

  it('random edits, moved blocks and whitespace changes on distinct, code-like and repetitive texts', () => {
    let pairs = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const rnd = random(seed);
      const kind = seed % 3;
      const line = kind === 0 ? distinct : kind === 1 ? codeLike(rnd) : fewLines(rnd, 2 + (seed % 7));
      const size = Math.floor(rnd() * (seed % 10 === 0 ? 3_000 : 200));
      const old = Array.from({ length: size }, (_, k) => line(k));
      const fresh = { n: size + 1 };
      const edits = 1 + Math.floor(rnd() * Math.max(1, size / 4));
      const now = edit(old, rnd, line, edits, fresh);
      expectSameMapping(old, now, `seed ${seed}`);
      pairs++;
    }
    expect(pairs).toBe(300);
  });

  it('code whose braces and blank lines occur more than 64 times (never a seed): changes spread evenly, blocks moved, braces added and removed', () => {
    // The common lines fall to 1-64 occurrences in smaller regions (they would seed runs there), and a
    // region with no distinct line left holds only them (Myers matches them): both go back to the ordinary path.
    const shape = (k: number): string => (k % 10 === 9 ? '  }' : k % 10 === 0 ? '' : k % 10 === 5 ? '}' : distinct(k));
    for (const [lines, every] of [[10_000, 5], [3_000, 3], [1_200, 7], [700, 2]] as const) {
      const a = Array.from({ length: lines }, (_, k) => shape(k));
      const b = a.map((l, k) => (k % every === 2 && l.startsWith('  const') ? `${l} // changed` : l));
      expectSameMapping(a, b, `${lines} code lines, a change every ${every}`);
      const moved = [...b.slice(lines / 2, lines / 2 + 97), ...b.slice(0, lines / 2), ...b.slice(lines / 2 + 97)];
      expectSameMapping(a, moved, `${lines} code lines, a block moved`);
      const braces = b.flatMap((l, k) => (k % 37 === 0 ? [] : k % 53 === 0 ? [l, '  }', ''] : [l]));
      expectSameMapping(a, braces, `${lines} code lines, braces and blank lines added and removed`);
    }
  });

  it('a stretch of nothing but braces and blank lines between two changes (matched by Myers, as before)', () => {
    const block = Array.from({ length: 160 }, (_, k) => (k % 2 ? '}' : ''));
    const before = Array.from({ length: 10 }, (_, k) => distinct(k));
    const after = Array.from({ length: 10 }, (_, k) => distinct(100 + k));
    // Changed first and last lines, so the common ends do not swallow the stretch's neighbours.
    const a = ['old first', ...before, ...block, ...after, 'old last'];
    const b = ['new first', ...before, 'inserted before', ...block.slice(3, 90), ...block.slice(95), 'inserted after', ...after, 'new last'];
    expectSameMapping(a, b, 'braces between two changes');
    expect(Array.from(mapLines(a, b).oldToNew).filter((j) => j >= 0).length).toBeGreaterThan(150); // the braces are matched
  });

  it('a block moved across many changes (runs that cross the chosen one) and a reversed file', () => {
    const a = Array.from({ length: 600 }, (_, k) => distinct(k));
    const changed = a.map((l, k) => (k % 7 === 3 ? `${l} // changed` : l));
    const moved = [...changed.slice(300, 420), ...changed.slice(0, 300), ...changed.slice(420)];
    expectSameMapping(a, moved, 'moved block');
    expectSameMapping(a, [...a].reverse(), 'reversed');
    const swapped = [...changed.slice(500), ...changed.slice(100, 500), ...changed.slice(0, 100)];
    expectSameMapping(a, swapped, 'ends swapped');
  });
});
