/**
 * Hunk identity (shared/changes/hunks.ts): a hunk is known by what it shows, so its identity
 * survives edits elsewhere in the file and changes when its own lines, or the line beside it,
 * change; look-alikes are told apart; a shape taken when the user marked rebuilds the text it was
 * taken from and keeps untouched hunks as they were shown.
 */
import { describe, expect, it } from 'vitest';
import { computeHunks, diffHunks, hashLines, hunkKey, rebuild, shapeOf } from '../shared/changes/hunks';

const lines = (n: number, f = (i: number) => `line ${i}`): string[] => Array.from({ length: n }, (_, i) => f(i + 1));
const text = (ls: readonly string[]): string => `${ls.join('\n')}\n`;

/** A 40-line file with two changes far apart (lines 5 and 30). */
function twoChanges(): { base: string[]; now: string[] } {
  const base = lines(40);
  const now = [...base];
  now[4] = 'changed 5';
  now.splice(30, 0, 'inserted after 30');
  return { base, now };
}

describe('hunks', () => {
  it('lists each change with its lines, in file order', () => {
    const { base, now } = twoChanges();
    const h = diffHunks(text(base), text(now));
    expect(h.map((x) => [x.oldStart, x.oldCount, x.newStart, x.newCount])).toEqual([[4, 1, 4, 1], [30, 0, 30, 1]]);
    expect(h[0]!.removed).toEqual(['line 5']);
    expect(h[0]!.added).toEqual(['changed 5']);
    expect(h[1]!.before).toEqual(['line 30']);
    expect(h[1]!.after).toEqual(['line 31']);
    expect(diffHunks('same\n', 'same\n')).toEqual([]);
  });

  it('keeps a hunk\'s identity when the file changes elsewhere, above it or below it', () => {
    const { base, now } = twoChanges();
    const [first, second] = diffHunks(text(base), text(now));
    const above = [...now];
    above.splice(15, 0, 'a line added in between');
    const after = diffHunks(text(base), text(above));
    expect(after.map((x) => x.id)).toContain(first!.id);
    expect(after.map((x) => x.id)).toContain(second!.id);
    expect(after.find((x) => x.id === second!.id)!.newStart).toBe(second!.newStart + 1); // it moved, it is the same hunk
  });

  it('gives a hunk a new identity when its own lines or the line beside it change', () => {
    const { base, now } = twoChanges();
    const [first] = diffHunks(text(base), text(now));
    const inside = [...now];
    inside[4] = 'changed 5 again';
    expect(diffHunks(text(base), text(inside)).map((x) => x.id)).not.toContain(first!.id);
    const beside = [...now];
    beside[5] = 'line 6 edited';
    expect(diffHunks(text(base), text(beside)).map((x) => x.id)).not.toContain(first!.id);
    const grown = [...now];
    grown.splice(5, 0, 'one more line right after');
    expect(diffHunks(text(base), text(grown)).map((x) => x.id)).not.toContain(first!.id);
  });

  it('tells identical hunks apart by their order among themselves', () => {
    const base = ['a', 'x', 'b', 'x', 'c'];
    const now = ['a', 'y', 'b', 'y', 'c'];
    const h = diffHunks(text(base), text(now));
    expect(h).toHaveLength(2);
    expect(new Set(h.map((x) => x.id)).size).toBe(2);
    const same = ['a', 'x', 'b', 'y', 'c'];
    const h2 = diffHunks(text(['a', 'x', 'b', 'x', 'c']), text(['a', 'y', 'b', 'x', 'c']));
    expect(h2).toHaveLength(1);
    expect(diffHunks(text(base), text(same))).toHaveLength(1);
  });

  it('describes a pure deletion, an added file and a deleted file', () => {
    const del = diffHunks(text(['a', 'b', 'c']), text(['a', 'c']));
    expect(del.map((x) => [x.oldStart, x.oldCount, x.newStart, x.newCount])).toEqual([[1, 1, 1, 0]]);
    expect(diffHunks('', text(['new']))).toMatchObject([{ oldCount: 0, newCount: 1, added: ['new'] }]);
    expect(diffHunks(text(['gone']), '')).toMatchObject([{ oldCount: 1, newCount: 0, removed: ['gone'] }]);
  });

  it('reads CRLF and LF files alike', () => {
    const { base, now } = twoChanges();
    expect(diffHunks(text(base).replace(/\n/g, '\r\n'), text(now)).map((x) => x.id)).toEqual(diffHunks(text(base), text(now)).map((x) => x.id));
  });
});

describe('shapes', () => {
  it('rebuild the text they were taken from, and refuse a baseline they do not fit', () => {
    const { base, now } = twoChanges();
    const shape = shapeOf(now, computeHunks(base, now));
    expect(rebuild(base, shape)?.lines).toEqual(now);
    const other = [...base];
    other[20] = 'another baseline';
    expect(rebuild(other, shape)).toBeUndefined(); // the hash of what it rebuilds differs
    expect(rebuild(base, { text: hashLines(now), hunks: [[39, 5, []]] })).toBeUndefined(); // out of range
    expect(rebuild(base, { ...shape, hunks: [...shape.hunks].reverse() })).toBeUndefined(); // out of order
  });

  it('compute the same hunks with or without a shape when nothing changed since', () => {
    const { base, now } = twoChanges();
    const h = computeHunks(base, now);
    expect(computeHunks(base, now, shapeOf(now, h)).map((x) => x.id)).toEqual(h.map((x) => x.id));
  });
});

describe('the identities are stored (marks, shapes): the one-pass hash gives what the plain FNV-1a of the joined text gave', () => {
  /** FNV-1a 64 over a string's UTF-16 code units, as hunks.ts computed it before the one-pass form. */
  function fnv1a64(str: string): string {
    let h1 = 0x84222325;
    let h2 = 0xcbf29ce4;
    for (let k = 0; k < str.length; k++) {
      h1 = (h1 ^ str.charCodeAt(k)) >>> 0;
      const lo = h1 * 0x1b3;
      const hi = h2 * 0x1b3 + h1 * 0x100 + Math.floor(lo / 0x100000000);
      h1 = lo >>> 0;
      h2 = hi >>> 0;
    }
    return h2.toString(16).padStart(8, '0') + h1.toString(16).padStart(8, '0');
  }
  const plainHashLines = (ls: readonly string[]): string => {
    const t = ls.join('\n');
    return `t${fnv1a64(t)}${fnv1a64(`${ls.length}\u0000${t}`).slice(0, 8)}`;
  };
  const plainHunkKey = (...groups: (readonly string[])[]): string => {
    const t = [...groups.map((g) => g.length), ...groups.flat()].join('\n');
    return `h${fnv1a64(t)}${fnv1a64(`${t.length}\u0000${t}`).slice(0, 8)}`;
  };

  it('on empty, one-line and long texts, and on every kind of character (astral, lone surrogates, NUL, newlines in a line)', () => {
    let seed = 7;
    const rnd = (): number => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed / 2 ** 32; };
    const alphabet = ['a', ' ', '\t', '}', 'ü', '€', '😀', '\ud800', '\udfff', '\u0000', '\n', '\uffff'];
    const line = (): string => Array.from({ length: Math.floor(rnd() * 40) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
    const samples: string[][] = [[], [''], ['', ''], ['x'], lines(3000, (i) => `  const v${i} = f(x, ${i}); // ü€😀`)];
    for (let i = 0; i < 300; i++) samples.push(Array.from({ length: Math.floor(rnd() * 12) }, line));
    for (const ls of samples) expect(hashLines(ls)).toBe(plainHashLines(ls));
    for (let i = 0; i < 300; i++) {
      const g = [0, 1, 2, 3].map(() => Array.from({ length: Math.floor(rnd() * 4) }, line));
      expect(hunkKey(g[0]!, g[1]!, g[2]!, g[3]!)).toBe(plainHunkKey(g[0]!, g[1]!, g[2]!, g[3]!));
    }
    // Values the previous code gave (stored in marks files today), so the two can never drift together.
    expect(hunkKey(['line 4'], ['line 5'], ['changed 5'], ['line 6'])).toBe('hbe926d8c21a0dcf722ecee4b');
    expect(hashLines(['a', 'b'])).toBe('te5beb1190415e6703f902e86');
  });
});
