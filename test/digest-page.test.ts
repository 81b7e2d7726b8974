/**
 * The digest's page assembly (cli/digest/page.ts) on its own: whatever the items' sizes, the
 * page never exceeds the cap, each section shows a prefix of its items in order and counts the
 * rest in its "left out" line, and a section that fits whole has no such line. Random sizes
 * from a fixed seed, so a failure is reproducible.
 */
import { describe, expect, it } from 'vitest';
import { assemblePage, type PageSection, type SectionKey } from '../cli/digest/page';

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function section(key: SectionKey, sizes: number[], share: number, itemGap?: '\n'): PageSection<number> {
  return {
    key, heading: `## ${key}`, items: sizes.map((_, i) => i), share, ...(itemGap ? { itemGap } : {}),
    render: (i) => `<${key} ${i}>`.padEnd(sizes[i]!, '.'),
    leftOut: (omitted) => `… and ${omitted.length} more ${key}: see ${key}-list`,
  };
}

describe('assemblePage', () => {
  it('holds the cap for any sizes, shows a prefix of each section and counts the rest', () => {
    const next = random(30);
    for (let round = 0; round < 400; round++) {
      const count = () => Math.floor(next() * 40);
      const sizes = () => Array.from({ length: count() }, () => 1 + Math.floor(next() * next() * 3_000));
      const sections = [
        section('files', sizes(), 0.15, '\n'),
        section('threads', sizes(), 0.6),
        section('rounds', sizes(), 0.15),
        section('resolved', sizes(), 0.1, '\n'),
      ];
      const maxChars = 2_000 + Math.floor(next() * 30_000);
      const page = assemblePage('# header\n\n- one line', sections, ['threads', 'rounds', 'files', 'resolved'], maxChars);
      expect(page.markdown.length).toBeLessThanOrEqual(maxChars);
      for (const s of sections.filter((x) => x.items.length)) {
        const shown = page.shown[s.key]!;
        expect(shown + page.omitted[s.key]!).toBe(s.items.length);
        const rendered = s.items.filter((i) => page.markdown.includes(`<${s.key} ${i}>`));
        expect(rendered).toEqual(s.items.slice(0, shown)); // a prefix, in order
        expect(page.markdown.includes(`… and ${s.items.length - shown} more ${s.key}`)).toBe(shown < s.items.length);
      }
    }
  });

  it('lets the threads take what the other sections leave, and a complete section gives back its reserve', () => {
    const threads = section('threads', Array(30).fill(412), 0.6);
    const page = assemblePage('# h', [section('rounds', [100], 0.15), threads], ['threads', 'rounds'], 6_000);
    expect(page.omitted.rounds).toBe(0);
    // 6,000 − 27 (header, headings, gaps) − 42 (the threads' "left out" line) − 102 (the round) = 5,829: 14 threads of
    // 412 + 2. Only with the 39 set aside for the rounds' "left out" line given back: without it, 5,790 holds 13.
    expect(page.shown.threads).toBe(14);
    expect(page.markdown.length).toBeGreaterThan(5_900);
  });
});
