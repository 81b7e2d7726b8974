/**
 * Hunk identity on real histories: the anchoring corpus (../shared/anchoring-corpus) holds
 * versions of the same files from four public repositories. For each chain of three versions
 * a → b → c of a file: the reviewer looks at the changes since baseline `a` while the file is `b`
 * and marks every hunk reviewed; the next commit makes it `c`. Ground truth comes from a diff of
 * `b` and `c` alone, never from hunk identities:
 *  - unchanged: `b → c` touches neither the hunk's lines nor anything within 3 lines of it (git's
 *    context): it must stay reviewed, where it now is (≥ 99%);
 *  - changed: `b → c` edits or removes one of its lines, inserts inside it or right beside it, or
 *    edits the line beside it: it must never stay reviewed (0);
 *  - near: an edit 2-3 lines away (counted, no target).
 * The figures are printed; the same for a fresh diff without the shape kept with the marks, which
 * is what the shape is for.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { mapLines } from '../shared/anchoring/diff';
import { computeHunks, shapeOf, type HunkText } from '../shared/changes/hunks';
import { splitLines } from '../shared/text';

const CORPUS = path.resolve(__dirname, '../../shared/anchoring-corpus');
const present = fs.existsSync(path.join(CORPUS, 'cases.jsonl'));

interface Case { repo: string; path: string; blobA: string; blobB: string | null }

function chains(): [string, string, string][] {
  const cases = fs.readFileSync(path.join(CORPUS, 'cases.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Case);
  const edges = new Map<string, Set<string>>();
  for (const c of cases) {
    if (!c.blobB || c.blobA === c.blobB) continue;
    const key = `${c.repo}:${c.path}`;
    if (!edges.has(key)) edges.set(key, new Set());
    edges.get(key)!.add(`${c.blobA}>${c.blobB}`);
  }
  const out: [string, string, string][] = [];
  for (const pairs of edges.values()) {
    const list = [...pairs].map((e) => e.split('>') as [string, string]);
    for (const [a, b] of list) for (const [b2, c] of list) if (b === b2 && c !== a) out.push([a, b, c]);
  }
  return out;
}

const blob = (id: string): string[] => splitLines(zlib.gunzipSync(fs.readFileSync(path.join(CORPUS, 'blobs', id.slice(0, 2), `${id.slice(2)}.gz`))).toString('utf8'));

/** Whether lines [lo, hi) of `b` all survive into `c`, in a row, with nothing inserted between them (nor before/after them at a file's edge the range runs past). */
function intact(oldToNew: Int32Array, nB: number, nC: number, lo: number, hi: number): boolean {
  const from = Math.max(0, lo);
  const to = Math.min(nB, hi);
  for (let k = from; k < to; k++) {
    if (oldToNew[k]! < 0) return false;
    if (k > from && oldToNew[k] !== oldToNew[k - 1]! + 1) return false;
  }
  if (to > from && lo < 0 && oldToNew[from] !== 0) return false;
  if (to > from && hi > nB && oldToNew[to - 1] !== nC - 1) return false;
  return true;
}

type Category = 'unchanged' | 'near' | 'changed';

interface Tally { unchanged: number; unchangedKept: number; near: number; nearKept: number; changed: number; changedKept: number; misplaced: number }

function run(withShape: boolean): Tally {
  const t: Tally = { unchanged: 0, unchangedKept: 0, near: 0, nearKept: 0, changed: 0, changedKept: 0, misplaced: 0 };
  for (const [ia, ib, ic] of chains()) {
    const a = blob(ia);
    const b = blob(ib);
    const c = blob(ic);
    const shown = computeHunks(a, b);
    const reviewed = new Set(shown.map((h) => h.id)); // every hunk marked reviewed
    const later = computeHunks(a, c, withShape ? shapeOf(b, shown) : undefined);
    const byId = new Map(later.map((h) => [h.id, h]));
    const bc = mapLines(b, c).oldToNew;
    const truth = new Map<string, { category: Category; at: number }>();
    for (const h of shown) {
      const s = h.newStart;
      const e = h.newStart + h.newCount;
      const category: Category = !intact(bc, b.length, c.length, s - 1, e + 1) ? 'changed' : intact(bc, b.length, c.length, s - 3, e + 3) ? 'unchanged' : 'near';
      // Where the hunk is in `c` when it survived: its first line's place, or (a pure deletion) after the line before it.
      const at = h.newCount ? bc[s]! : s > 0 ? bc[s - 1]! + 1 : 0;
      truth.set(h.id, { category, at });
      const still = byId.get(h.id);
      const kept = still !== undefined;
      t[category]++;
      if (kept) t[`${category}Kept`]++;
      if (kept && category !== 'changed' && still.newStart !== at) t.misplaced++;
    }
    // A reviewed mark on any hunk of `c` must be one of those carried over, where it went.
    for (const h of later) {
      if (!reviewed.has(h.id)) continue;
      const was = truth.get(h.id)!;
      if (was.category !== 'changed' && h.newStart !== was.at) t.misplaced++;
    }
  }
  return t;
}

const rate = (n: number, of: number): string => `${((100 * n) / of).toFixed(2)}%`;

describe.skipIf(!present)('hunk identity on the anchoring corpus', () => {
  it('keeps ≥ 99% of untouched reviewed hunks reviewed across the next commit, and no changed one', () => {
    const followed = run(true);
    const fresh = run(false);
    const line = (name: string, x: Tally): string => `${name}: unchanged kept ${x.unchangedKept}/${x.unchanged} (${rate(x.unchangedKept, x.unchanged)}), near kept ${x.nearKept}/${x.near}, changed kept ${x.changedKept}/${x.changed}, misplaced ${x.misplaced}`;
    console.log(`${chains().length} chains of three versions\n${line('with the shape kept with the marks', followed)}\n${line('fresh diff', fresh)}`);
    expect(followed.unchanged).toBeGreaterThan(500);
    expect(followed.changed).toBeGreaterThan(100);
    expect(followed.unchangedKept / followed.unchanged).toBeGreaterThanOrEqual(0.99);
    expect(followed.changedKept).toBe(0);
    expect(followed.misplaced).toBe(0);
    // A fresh diff never keeps a changed hunk either: the identity alone guarantees that part.
    expect(fresh.changedKept).toBe(0);
  });
});

export type { HunkText };
