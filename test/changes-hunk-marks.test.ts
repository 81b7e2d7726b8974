/**
 * Where reviewed changes are kept (shared/changes/hunk-marks.ts): per baseline and file, with the
 * shape they were shown in; read as data (a damaged, linked or oversized file is no marks, and is
 * said); the baselines used last are kept; and the review progress of a folder's changes
 * (extension/changes/hunk-index.ts): marked or ticked changes are reviewed, a file is Viewed when
 * all are, an edit elsewhere keeps a mark and an edit of the change clears it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_MARK_BASELINES, MAX_MARKS_BYTES, hunkMarksFile, readHunkMarks, setHunkMarks, type FileMarks } from '../shared/changes/hunk-marks';
import { computeHunks, shapeOf } from '../shared/changes/hunks';
import type { FileChange } from '../shared/changes/model';
import { HunkIndex, type HunkSource } from '../extension/changes/hunk-index';

const roots: string[] = [];
afterEach(() => { for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true }); });
function workspace(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-marks-'));
  roots.push(root);
  return root;
}

describe('hunk marks', () => {
  it('are kept per baseline and file, with their shape, and read back', () => {
    const root = workspace();
    const base = ['a', 'b', 'c'];
    const now = ['a', 'B', 'c'];
    const hunks = computeHunks(base, now);
    setHunkMarks(root, 'head', [{ path: 'f.ts', reviewed: [hunks[0]!.id], shape: shapeOf(now, hunks) }]);
    setHunkMarks(root, 'capture:mark-1-aaaa', [{ path: 'g.ts', reviewed: ['h1'] }]);
    const marks = readHunkMarks(root);
    expect([...marks.get('head')!.get('f.ts')!.reviewed]).toEqual([hunks[0]!.id]);
    expect(marks.get('head')!.get('f.ts')!.shape).toEqual(shapeOf(now, hunks));
    expect(marks.get('capture:mark-1-aaaa')!.get('g.ts')!.shape).toBeUndefined();
    setHunkMarks(root, 'head', [{ path: 'f.ts', reviewed: [] }]); // unmarking all forgets the file
    expect(readHunkMarks(root).get('head')).toBeUndefined();
  });

  it('keep the baselines used last', () => {
    const root = workspace();
    for (let i = 0; i < KEPT_MARK_BASELINES + 3; i++) setHunkMarks(root, `b${i}`, [{ path: 'f', reviewed: ['x'] }]);
    setHunkMarks(root, 'b0', [{ path: 'g', reviewed: ['y'] }]); // used again
    const kept = [...readHunkMarks(root).keys()];
    expect(kept).toHaveLength(KEPT_MARK_BASELINES);
    expect(kept).toContain('b0');
    expect(kept).not.toContain('b1');
  });

  it('read a damaged, linked or oversized file as no marks, and say why', () => {
    const root = workspace();
    fs.mkdirSync(path.join(root, '.consider'));
    const problems: string[] = [];
    fs.writeFileSync(hunkMarksFile(root), '{"version":1,"baselines":');
    expect(readHunkMarks(root, (m) => problems.push(m)).size).toBe(0);
    fs.writeFileSync(hunkMarksFile(root), JSON.stringify({ version: 2, baselines: {} }));
    expect(readHunkMarks(root, (m) => problems.push(m)).size).toBe(0);
    fs.rmSync(hunkMarksFile(root));
    const elsewhere = path.join(workspace(), 'marks.json');
    fs.writeFileSync(elsewhere, JSON.stringify({ version: 1, baselines: { head: { f: { reviewed: ['x'] } } } }));
    fs.symlinkSync(elsewhere, hunkMarksFile(root));
    expect(readHunkMarks(root, (m) => problems.push(m)).size).toBe(0);
    fs.rmSync(hunkMarksFile(root));
    fs.writeFileSync(hunkMarksFile(root), Buffer.alloc(MAX_MARKS_BYTES + 1, 32));
    expect(readHunkMarks(root, (m) => problems.push(m)).size).toBe(0);
    expect(problems).toEqual([
      expect.stringContaining('is not read'), expect.stringContaining('not a marks file'), expect.stringContaining('not a regular file'), expect.stringContaining('larger than'),
    ]);
  });

  it('drop the largest shapes, never the marks, when the file would outgrow its budget', () => {
    const root = workspace();
    const big = (n: number) => ({ text: 't', hunks: [[0, 0, [('x'.repeat(1000) + '\n').repeat(n)]]] as [number, number, string[]][] });
    setHunkMarks(root, 'head', [{ path: 'large.ts', reviewed: ['h1'], shape: big(6000) }, { path: 'small.ts', reviewed: ['h2'], shape: big(1) }, { path: 'mid.ts', reviewed: ['h3'], shape: big(3000) }]);
    const head = readHunkMarks(root).get('head')!;
    expect([...head.keys()].sort()).toEqual(['large.ts', 'mid.ts', 'small.ts']);
    expect(head.get('large.ts')!.shape).toBeUndefined();
    expect(head.get('mid.ts')!.shape).toBeDefined();
    expect(head.get('small.ts')!.shape).toBeDefined();
    expect([...head.get('large.ts')!.reviewed]).toEqual(['h1']);
  });

  it('leave out entries that do not validate, keeping the rest', () => {
    const root = workspace();
    fs.mkdirSync(path.join(root, '.consider'));
    fs.writeFileSync(hunkMarksFile(root), JSON.stringify({ version: 1, baselines: {
      head: { good: { reviewed: ['h1', 7] }, bad: { reviewed: 'h1' }, badShape: { reviewed: ['h2'], shape: { text: 't', hunks: [[0, 1]] } } },
    } }));
    const head = readHunkMarks(root).get('head')!;
    expect([...head.get('good')!.reviewed]).toEqual(['h1']);
    expect(head.has('bad')).toBe(false);
    expect(head.get('badShape')!.shape).toBeUndefined();
  });
});

/** A folder's files as texts, the way the extension reads them. */
function source(base: Record<string, string>, now: Record<string, string>): HunkSource {
  return { baselineText: async (c) => base[c.oldPath ?? c.path], currentText: async (c) => now[c.path] };
}
const change = (p: string, current: string, kind: FileChange['kind'] = 'modified'): FileChange => ({ path: p, kind, current });
const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`);
const text = (ls: string[]) => `${ls.join('\n')}\n`;

describe('review progress', () => {
  it('counts marked and ticked changes, and a file is Viewed when all its changes are', async () => {
    const base = { 'a.ts': text(lines(30)), 'b.bin': '' };
    const a = lines(30);
    a[2] = 'changed 3';
    a[20] = 'changed 21';
    const now = { 'a.ts': text(a) };
    const index = new HunkIndex('head@');
    const marks = new Map<string, FileMarks>();
    await index.sync([change('a.ts', 'v1'), { ...change('b.bin', 'mm3-bin'), note: 'binary' }], source(base, now), (p) => marks.get(p), () => false);
    const f = index.files.get('a.ts')!;
    expect(f.ids).toHaveLength(2);
    expect(index.files.get('b.bin')!.ids).toEqual(['file:mm3-bin']); // no line diff: one change, the file
    expect(index.progress()).toEqual({ reviewed: 0, total: 3, filesViewed: 0, files: 2 });
    marks.set('a.ts', { reviewed: new Set([f.ids[0]!]), shape: shapeOf(f.lines!, f.hunks) });
    index.applyMarks('a.ts', marks.get('a.ts'), false);
    expect(index.progress()).toMatchObject({ reviewed: 1, total: 3 });
    expect(index.viewed('a.ts')).toBe(false);
    index.applyMarks('b.bin', undefined, true); // ticked Viewed
    expect(index.viewed('b.bin')).toBe(true);

    // An edit elsewhere: the mark stays on its change, the new change is not reviewed.
    a[10] = 'changed 11';
    now['a.ts'] = text(a);
    expect(await index.refresh(change('a.ts', 'v1'), source(base, now), marks.get('a.ts'), false)).toBe(true);
    expect(index.files.get('a.ts')!.reviewed).toEqual([true, false, false]);
    // An edit of the marked change: its mark no longer applies.
    a[2] = 'changed 3 again';
    now['a.ts'] = text(a);
    await index.refresh(change('a.ts', 'v1'), source(base, now), marks.get('a.ts'), false);
    expect(index.files.get('a.ts')!.reviewed).toEqual([false, false, false]);
    // The same text again: nothing to diff.
    expect(await index.refresh(change('a.ts', 'v1'), source(base, now), marks.get('a.ts'), false)).toBe(false);
  });

  it('reuses a file whose content did not change, and drops files no longer listed', async () => {
    const base = { 'a.ts': 'x\n', 'b.ts': 'y\n' };
    const now = { 'a.ts': 'X\n', 'b.ts': 'Y\n' };
    let reads = 0;
    const counting: HunkSource = { baselineText: async (c) => { reads++; return base[c.path as 'a.ts']; }, currentText: async (c) => now[c.path as 'a.ts'] };
    const index = new HunkIndex('head@');
    await index.sync([change('a.ts', '1'), change('b.ts', '1')], counting, () => undefined, () => false);
    expect(reads).toBe(2);
    await index.sync([change('a.ts', '1')], counting, () => undefined, () => false);
    expect(reads).toBe(2);
    expect([...index.files.keys()]).toEqual(['a.ts']);
  });
});
