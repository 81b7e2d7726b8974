/**
 * The Changes view's tree as data (extension/changes/tree-model.ts): compact folders, the
 * explorer's order, a file row's description and a folder's viewed state.
 */
import { describe, expect, it } from 'vitest';
import { ago, msUntilAgoChanges, buildTree, fileDescription, filesUnder, shownOfResult, type TreeNode } from '../extension/changes/tree-model';
import type { ChangesSince } from '../shared/changes';
import type { FileChange } from '../shared/changes/model';

const change = (path: string, extra: Partial<FileChange> = {}): FileChange => ({ path, kind: 'modified', added: 1, removed: 0, current: `mm3-${path}`, ...extra });

/** The tree as indented lines: `dir/` for folders, `[x]` for viewed. */
function outline(nodes: TreeNode[], depth = 0): string[] {
  return nodes.flatMap((n) => {
    const line = `${'  '.repeat(depth)}${n.viewed ? '[x] ' : ''}${n.name}${n.kind === 'dir' ? '/' : ''}`;
    return n.kind === 'dir' ? [line, ...outline(n.children, depth + 1)] : [line];
  });
}

describe('the Changes tree', () => {
  it('groups by folder, joins folders that hold only one folder, puts folders first, sorts as the explorer', () => {
    const tree = buildTree([change('src/auth/login/a.ts'), change('src/auth/login/b.ts'), change('README.md'), change('src/z10.ts'), change('src/z9.ts'), change('docs/x/y/z.md')], () => false, () => 0);
    expect(outline(tree)).toEqual([
      'docs/x/y/',
      '  z.md',
      'src/',
      '  auth/login/',
      '    a.ts',
      '    b.ts',
      '  z9.ts',
      '  z10.ts',
      'README.md',
    ]);
    const compact = tree[1]!.kind === 'dir' ? tree[1]!.children[0]! : undefined;
    expect(compact).toMatchObject({ kind: 'dir', path: 'src/auth/login', files: 2 });
  });

  it('a folder is viewed when every file below it is', () => {
    const viewed = new Set(['src/a.ts', 'src/deep/b.ts']);
    const tree = buildTree([change('src/a.ts'), change('src/deep/b.ts'), change('lib/c.ts')], (c) => viewed.has(c.path), () => 0);
    expect(outline(tree)).toEqual(['lib/', '  c.ts', '[x] src/', '  [x] deep/', '    [x] b.ts', '  [x] a.ts']);
    expect(filesUnder(tree[1]!).map((f) => f.change.path)).toEqual(['src/deep/b.ts', 'src/a.ts']);
  });

  it('a file row says its counts and its open threads, or why it has no counts', () => {
    expect(fileDescription({ change: change('a.ts', { added: 12, removed: 3 }), openThreads: 2 })).toBe('+12 −3 · 2 threads');
    expect(fileDescription({ change: change('a.ts', { added: 0, removed: 0 }), openThreads: 0 })).toBe('+0 −0');
    // One side only: the other is left out, so the threads fit a sidebar's width.
    expect(fileDescription({ change: change('a.ts', { added: 3, removed: 0 }), openThreads: 2 })).toBe('+3 · 2 threads');
    expect(fileDescription({ change: change('a.ts', { added: 0, removed: 6 }), openThreads: 1 })).toBe('−6 · 1 thread');
    expect(fileDescription({ change: { path: 'i.png', kind: 'modified', note: 'binary', current: 'x' }, openThreads: 1 })).toBe('binary · 1 thread');
    expect(fileDescription({ change: { path: 'a.ts', kind: 'modified', note: 'missing-content', current: 'x' }, openThreads: 0 })).toBe('baseline copy missing');
  });

  it('knows when an age is next said differently: not before, and within a second after', () => {
    const at = '2024-05-01T12:00:00Z';
    const t0 = Date.parse(at);
    // elapsed times around every kind of step: seconds, minutes, the hour, hours, the day, days
    for (const elapsed of [0, 1_000, 29_700, 59_400, 59_600, 60_000, 89_000, 90_400, 754_321, 3_569_000, 3_599_600, 5_399_000, 7_300_000, 86_399_000, 90_000_000, 3 * 86_400_000 + 12_345]) {
      const now = t0 + elapsed;
      const wait = msUntilAgoChanges(at, now);
      expect(wait).toBeGreaterThanOrEqual(1000);
      expect(wait).toBeLessThanOrEqual(3_600_000);
      if (wait === 3_600_000) continue; // days apart: said again within the hour, unchanged
      expect(ago(at, now + wait), `said again ${wait} ms after ${elapsed} ms`).not.toBe(ago(at, now));
      // no change was missed before (past the one-second floor, at most 0.1 s early)
      if (wait > 1000) expect(ago(at, now + wait - 100), `just before, after ${elapsed} ms`).toBe(ago(at, now));
    }
    expect(msUntilAgoChanges(at, t0 + 10_000)).toBe(49_550); // "just now" until 59.5 s: 50 ms past it
  });

  it('says how long ago a baseline was taken', () => {
    const now = Date.parse('2024-05-01T12:00:00Z');
    expect(ago('2024-05-01T11:59:30Z', now)).toBe('just now');
    expect(ago('2024-05-01T11:48:00Z', now)).toBe('12 min ago');
    expect(ago('2024-05-01T09:00:00Z', now)).toBe('3 h ago');
    expect(ago('2024-04-29T12:00:00Z', now)).toBe('2 days ago');
  });

  it('a list computed again with the same files shows the same rows, however long it took (no redraw to lose a click in)', () => {
    const list = (ms: number, extra: Partial<Extract<ChangesSince, { ok: true }>['list']> = {}): ChangesSince => ({
      ok: true, name: { kind: 'round', round: 1 }, label: 'review round 1', capturedAt: '2024-05-01T11:59:30Z',
      list: { changes: [change('a.ts'), change('b.ts')], skipped: [], missingContent: [], ms, ...extra },
    });
    expect(shownOfResult(list(17))).toBe(shownOfResult(list(4)));
    // What the rows and notes do show still counts: a file not compared, a baseline copy missing.
    expect(shownOfResult(list(4, { skipped: [{ path: 'i.png', reason: 'binary' }] }))).not.toBe(shownOfResult(list(4)));
    expect(shownOfResult(list(4, { missingContent: ['a.ts'] }))).not.toBe(shownOfResult(list(4)));
    expect(shownOfResult(undefined)).not.toBe(shownOfResult(list(4)));
  });
});
