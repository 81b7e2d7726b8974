/** The list order: by file, then start line, ties in store order (shared/store/location-order.ts, through cli/read-commands.ts sortByLocation). */
import { describe, expect, it } from 'vitest';
import { sortByLocation } from '../cli/read-commands';
import type { Comment } from '../shared';

function thread(id: number, file: string, startLine: number): Comment {
  return { id: `c_${id}`, file, anchor: { startLine, endLine: startLine, contextBefore: [], contextAfter: [], targetContent: '', contentHash: '', lastAnchorCheck: '' }, workflowState: 'open', anchorState: 'anchored', createdAt: '', author: 'human', body: '', thread: [] };
}

/** The reference: a stable sort with the plain comparator. */
const byLocation = (a: Comment, b: Comment): number => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.anchor.startLine - b.anchor.startLine);

describe('sortByLocation', () => {
  it('orders like a stable sort by file then line, on random stores with ties', () => {
    let seed = 7;
    const random = (n: number): number => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed % n; };
    const files = ['src/b.ts', 'src/a.ts', 'src/B.ts', 'z/é.ts', 'src/a.tsx', 'a'];
    for (let round = 0; round < 20; round++) {
      const threads = Array.from({ length: 1 + random(400) }, (_, i) => thread(i, files[random(files.length)]!, 1 + random(30)));
      const expected = [...threads].sort(byLocation).map((c) => c.id);
      expect(sortByLocation([...threads]).map((c) => c.id)).toEqual(expected);
    }
  });

  it('falls back to the comparator for lines past what the packed key holds', () => {
    const threads = [thread(1, 'b', 2 ** 21), thread(2, 'a', 5), thread(3, 'b', 3)];
    expect(sortByLocation(threads).map((c) => c.id)).toEqual(['c_2', 'c_3', 'c_1']);
  });
});
