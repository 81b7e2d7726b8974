/**
 * Capture baselines and the change list since one, on real files in temporary workspaces and
 * real git repositories: what is captured (and what never is), incremental captures, the edge
 * cases of issue 23 (binary, huge, unreadable, symlinks, deleted then re-created, renamed,
 * copies removed by hand, a damaged manifest), pruning and the snapshot collection.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureBaseline } from '../shared/changes/capture';
import { changesSinceCapture } from '../shared/changes/capture-changes';
import {
  KEPT_MARK_BASELINES, KEPT_ROUND_BASELINES, MAX_CHAIN, type Baseline, baselinesDir, forgetBaselines, listBaselines, newBaselineId, packFile, pruneBaselines, readBaseline, writeBaseline,
} from '../shared/changes/baselines';
import { baselineText, captureChoices, changesSince, defaultBaseline } from '../shared/changes';
import { listWorkspaceFiles } from '../shared/workspace/files';
import type { StoreFile } from '../shared/model';
import type { FileChange } from '../shared/changes/model';
import { commitAll, git, writeFile as write } from './helpers/git-repo';

const roots: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

function workspace(prefix = 'consider-changes-'): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  roots.push(root);
  return root;
}

const repo = (files: Record<string, string>): string => commitAll(workspace(), files);

const lines = (n: number, tag = 'line'): string => Array.from({ length: n }, (_, i) => `${tag} ${i + 1}`).join('\n') + '\n';
const byPath = (changes: FileChange[]): Record<string, FileChange> => Object.fromEntries(changes.map((c) => [c.path, c]));
/** A capture dated a few seconds ahead: files written by the test are then outside its racy window. */
const later = (): Date => new Date(Date.now() + 5_000);

describe('what a baseline captures', () => {
  it('tracked and untracked files that are not ignored; never .consider/, node_modules/ or ignored files; git status unchanged', () => {
    const root = repo({ 'src/a.ts': lines(3), '.gitignore': 'build/\n*.log\n' });
    write(root, 'src/new.ts', 'new\n');
    write(root, 'build/out.js', 'x');
    write(root, 'debug.log', 'x');
    write(root, 'node_modules/dep/index.js', 'x');
    const statusBefore = git(root, 'status', '--porcelain=v1', '--untracked-files=all');
    const { baseline } = captureBaseline(root, { kind: 'round' });
    expect([...baseline.files.keys()].sort()).toEqual(['.gitignore', 'src/a.ts', 'src/new.ts']);
    expect(git(root, 'status', '--porcelain=v1', '--untracked-files=all')).toBe(statusBefore);
    expect(fs.existsSync(path.join(baselinesDir(root), `${baseline.id}.json`))).toBe(true);
  });

  it('a workspace folder inside a larger repository lists only its own files, with paths relative to it', () => {
    const top = repo({ 'app/src/a.ts': 'a\n', 'other/b.ts': 'b\n' });
    const root = path.join(top, 'app');
    expect(listWorkspaceFiles(root).files).toEqual(['src/a.ts']);
    write(top, 'app/src/a.ts', 'a\nchanged\n');
    write(top, 'other/b.ts', 'b\nchanged\n');
    const r = changesSince(root, { kind: 'head' }, undefined);
    expect(r.ok && r.list.changes.map((c) => c.path)).toEqual(['src/a.ts']);
  });

  it('binary, too large, unreadable and links leading outside are listed as skipped, their content not kept', () => {
    const root = repo({ 'a.txt': 'a\n' });
    const outside = workspace('consider-outside-');
    write(outside, 'secret.txt', 'SECRET CONTENT\n');
    write(root, 'img.bin', Buffer.from([1, 2, 0, 3]));
    write(root, 'big.txt', 'x'.repeat(2048));
    write(root, 'locked.txt', 'locked\n');
    write(root, 'target.txt', 'inside target\n');
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'out-link.txt'));
    fs.symlinkSync('target.txt', path.join(root, 'in-link.txt'));
    const real = fs.readFileSync;
    vi.spyOn(fs, 'readFileSync').mockImplementation(((p: fs.PathOrFileDescriptor, o?: unknown) => {
      if (typeof p === 'string' && p.endsWith('locked.txt')) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      return (real as (p: fs.PathOrFileDescriptor, o?: unknown) => unknown)(p, o);
    }) as typeof fs.readFileSync);
    const report = captureBaseline(root, { kind: 'mark', maxFileBytes: 1024 });
    vi.restoreAllMocks();
    expect(Object.fromEntries(report.skipped.map((s) => [s.path, s.reason]))).toEqual({
      'img.bin': 'binary', 'big.txt': 'too-large', 'locked.txt': 'unreadable', 'out-link.txt': 'symlink-outside',
    });
    const files = report.baseline.files;
    expect(files.get('img.bin')!.hash).toMatch(/^mm3-/); // a change to a binary file is still seen
    expect(files.get('big.txt')!.hash).toBeUndefined();
    expect(files.get('in-link.txt')!.hash).toBe(files.get('target.txt')!.hash); // a link inside: the content the editor shows
    const pack = fs.readFileSync(packFile(root, report.baseline.id), 'latin1');
    expect(pack).toContain('inside target');
    expect(pack).not.toContain('SECRET CONTENT');
    expect(pack).not.toContain('\u0000');
    expect(pack).not.toContain('x'.repeat(2048));
  });
});

describe('changes since a capture', () => {
  it('modified, added, deleted and renamed files with their line counts; untouched files are not read', () => {
    const root = repo({ 'src/a.ts': lines(10), 'src/b.ts': lines(5, 'b'), 'src/gone.ts': lines(4, 'g'), 'src/old-name.ts': lines(6, 'r'), 'src/same.ts': 'same\n' });
    const { baseline } = captureBaseline(root, { kind: 'round', now: later() });
    write(root, 'src/a.ts', lines(10).replace('line 3\n', 'line three\n').replace('line 7\n', '') + 'extra 1\nextra 2\n');
    write(root, 'src/new.ts', 'one\ntwo\n');
    fs.rmSync(path.join(root, 'src/gone.ts'));
    fs.renameSync(path.join(root, 'src/old-name.ts'), path.join(root, 'src/new-name.ts'));
    const spy = vi.spyOn(fs, 'readFileSync');
    const list = changesSinceCapture(root, baseline);
    const read = spy.mock.calls.map((c) => String(c[0]));
    const got = byPath(list.changes);
    expect(Object.keys(got).sort()).toEqual(['src/a.ts', 'src/gone.ts', 'src/new-name.ts', 'src/new.ts']);
    expect(got['src/a.ts']).toMatchObject({ kind: 'modified', added: 3, removed: 2 });
    expect(got['src/new.ts']).toMatchObject({ kind: 'added', added: 2, removed: 0 });
    expect(got['src/gone.ts']).toMatchObject({ kind: 'deleted', added: 0, removed: 4, current: 'deleted' });
    expect(got['src/new-name.ts']).toMatchObject({ kind: 'renamed', oldPath: 'src/old-name.ts', added: 0, removed: 0 });
    expect(read.some((p) => p.endsWith('src/same.ts') || p.endsWith('src/b.ts'))).toBe(false);
  });

  it('a file deleted then re-created: unchanged with the same content, modified with other content', () => {
    const root = repo({ 'a.ts': lines(3), 'b.ts': lines(3, 'b') });
    const { baseline } = captureBaseline(root, { kind: 'round', now: later() });
    for (const f of ['a.ts', 'b.ts']) fs.rmSync(path.join(root, f));
    write(root, 'a.ts', lines(3));
    write(root, 'b.ts', lines(4, 'b'));
    const list = changesSinceCapture(root, baseline);
    expect(list.changes.map((c) => [c.path, c.kind, c.added, c.removed])).toEqual([['b.ts', 'modified', 1, 0]]);
  });

  it('a change to a binary or too-large file is listed without counts, with the reason', () => {
    const root = repo({ 'a.txt': 'a\n' });
    write(root, 'img.bin', Buffer.from([1, 0, 2]));
    write(root, 'big.txt', 'x'.repeat(2048));
    const { baseline } = captureBaseline(root, { kind: 'round', maxFileBytes: 1024, now: later() });
    write(root, 'img.bin', Buffer.from([1, 0, 3]));
    write(root, 'big.txt', 'y'.repeat(2049));
    const got = byPath(changesSinceCapture(root, baseline, { maxFileBytes: 1024 }).changes);
    expect(got['img.bin']).toMatchObject({ kind: 'modified', note: 'binary' });
    expect(got['img.bin']!.added).toBeUndefined();
    expect(got['big.txt']).toMatchObject({ kind: 'modified', note: 'too-large' });
  });

  it('baseline copies removed by hand: the changes are still listed, the baseline is reported incomplete', () => {
    const root = repo({ 'a.ts': lines(3), 'b.ts': lines(3, 'b') });
    const { baseline } = captureBaseline(root, { kind: 'round', now: later() });
    fs.rmSync(packFile(root, baseline.id));
    write(root, 'a.ts', lines(4));
    const list = changesSinceCapture(root, baseline);
    expect(list.changes).toEqual([expect.objectContaining({ path: 'a.ts', kind: 'modified', note: 'missing-content' })]);
    expect(list.missingContent).toEqual(['a.ts']);
    expect(baselineText(root, { kind: 'capture', id: baseline.id }, 'a.ts')).toBeUndefined();
  });

  it('a missing or damaged manifest is a problem the view shows, not an exception', () => {
    const root = repo({ 'a.ts': 'a\n' });
    const { baseline } = captureBaseline(root, { kind: 'round' });
    fs.writeFileSync(path.join(baselinesDir(root), `${baseline.id}.json`), '{"version":1,"files":\n');
    const damaged = changesSince(root, { kind: 'capture', id: baseline.id }, undefined);
    expect(damaged).toMatchObject({ ok: false, problem: { code: 'damaged' } });
    const missing = changesSince(root, { kind: 'capture', id: 'round-zzzz-0000' }, undefined);
    expect(missing).toMatchObject({ ok: false, problem: { code: 'missing' } });
  });

  it('the baseline side of the diff reads the captured text, also after the file changed', () => {
    const root = repo({ 'a.ts': 'before\n' });
    const { baseline } = captureBaseline(root, { kind: 'round' });
    write(root, 'a.ts', 'after\n');
    expect(baselineText(root, { kind: 'capture', id: baseline.id }, 'a.ts')).toBe('before\n');
    expect(baselineText(root, { kind: 'capture', id: baseline.id }, 'nope.ts')).toBeUndefined();
  });
});

describe('incremental capture', () => {
  it('reads only the files whose stat changed since the previous baseline', () => {
    const root = repo(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}.ts`, lines(5, `f${i}`)])));
    const first = captureBaseline(root, { kind: 'round', now: later() });
    expect(first.read).toBe(30);
    write(root, 'f3.ts', 'changed\n');
    write(root, 'f7.ts', 'changed too\n');
    const second = captureBaseline(root, { kind: 'round', previous: first.baseline, now: later() });
    expect(second.read).toBe(2);
    expect(second.reused).toBe(28);
    expect(second.baseline.files.get('f3.ts')!.hash).not.toBe(first.baseline.files.get('f3.ts')!.hash);
    expect(changesSinceCapture(root, second.baseline).changes).toEqual([]);
  });

  it('a file changed within 2 s of the previous capture is read again (racily clean), not trusted by stat', () => {
    const root = repo({ 'a.ts': 'a\n' });
    const first = captureBaseline(root, { kind: 'round' }); // now: the file is in its racy window
    const second = captureBaseline(root, { kind: 'round', previous: first.baseline });
    expect(second.read).toBe(1);
  });
});

describe('git baselines', () => {
  it('since the last commit: git\'s list with renames and counts, plus untracked files', () => {
    const root = repo({ 'a.ts': lines(10), 'gone.ts': lines(2), 'old.ts': lines(20, 'o') });
    write(root, 'a.ts', lines(10).replace('line 2\n', 'line two\n'));
    fs.rmSync(path.join(root, 'gone.ts'));
    git(root, 'mv', 'old.ts', 'renamed.ts');
    write(root, 'untracked.ts', 'u1\nu2\nu3\n');
    const r = changesSince(root, { kind: 'head' }, undefined);
    if (!r.ok) throw new Error(r.problem.message);
    expect(r.label).toBe(`the last commit (main, ${git(root, 'rev-parse', '--short=7', 'HEAD').trim()})`);
    const got = byPath(r.list.changes);
    expect(got['a.ts']).toMatchObject({ kind: 'modified', added: 1, removed: 1 });
    expect(got['gone.ts']).toMatchObject({ kind: 'deleted', added: 0, removed: 2, current: 'deleted' });
    expect(got['renamed.ts']).toMatchObject({ kind: 'renamed', oldPath: 'old.ts', added: 0, removed: 0 });
    expect(got['untracked.ts']).toMatchObject({ kind: 'added', added: 3, removed: 0 });
    expect(baselineText(root, { kind: 'head' }, 'a.ts')).toBe(lines(10));
  });

  it('since a branch: the merge-base, so the branch\'s own later commits do not count', () => {
    const root = repo({ 'a.ts': 'a\n', 'b.ts': 'b\n' });
    git(root, 'checkout', '-qb', 'feature');
    write(root, 'a.ts', 'a\nfeature\n');
    git(root, 'commit', '-qam', 'feature work');
    git(root, 'checkout', '-q', 'main');
    write(root, 'b.ts', 'b\nmain moved on\n');
    git(root, 'commit', '-qam', 'main work');
    git(root, 'checkout', '-q', 'feature');
    const r = changesSince(root, { kind: 'branch', ref: 'main' }, undefined);
    if (!r.ok) throw new Error(r.problem.message);
    expect(r.label).toMatch(/^merge-base with main \([0-9a-f]{7}\)$/);
    expect(r.list.changes.map((c) => c.path)).toEqual(['a.ts']);
  });

  it('a ref that does not exist, a repository with no commit, a folder that is not a repository: problems, not exceptions', () => {
    const root = repo({ 'a.ts': 'a\n' });
    expect(changesSince(root, { kind: 'branch', ref: 'no-such-branch' }, undefined)).toMatchObject({ ok: false, problem: { code: 'bad-ref' } });
    expect(changesSince(root, { kind: 'branch', ref: '--output=/tmp/x' }, undefined)).toMatchObject({ ok: false, problem: { code: 'bad-ref' } });
    const empty = workspace();
    git(empty, 'init', '-q');
    write(empty, 'a.ts', 'a\n');
    expect(changesSince(empty, { kind: 'head' }, undefined)).toMatchObject({ ok: false, problem: { code: 'no-commits' } });
    const plain = workspace();
    expect(changesSince(plain, { kind: 'head' }, undefined)).toMatchObject({ ok: false, problem: { code: 'not-repo' } });
  });

  it('a link leading outside the workspace is listed, never read, as a capture lists it', () => {
    const root = repo({ 'a.ts': 'a\n' });
    const outside = workspace();
    write(outside, 'secret.txt', 'not the project\'s\n');
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'link.txt'));
    const r = changesSince(root, { kind: 'head' }, undefined);
    expect(r.ok && r.list.changes).toEqual([{ path: 'link.txt', kind: 'added', current: expect.stringMatching(/^stat:/), note: 'symlink-outside' }]);
  });

  it('a detached HEAD is a baseline like any other, named by its commit', () => {
    const root = repo({ 'a.ts': 'a\n' });
    const sha = git(root, 'rev-parse', 'HEAD').trim();
    git(root, 'checkout', '-q', '--detach');
    write(root, 'a.ts', 'a\nb\n');
    const r = changesSince(root, { kind: 'head' }, undefined);
    expect(r).toMatchObject({ ok: true, label: `the last commit (detached at ${sha.slice(0, 7)})` });
    expect(r.ok && r.list.changes.map((c) => [c.path, c.added, c.removed])).toEqual([['a.ts', 1, 0]]);
  });
});

describe('which baseline the view opens on', () => {
  it('an older store without baselines: the last commit in a repository, none elsewhere; the newest capture once there is one', () => {
    const root = repo({ 'a.ts': 'a\n' });
    const store: StoreFile = { version: 1, comments: [], reviews: [{ round: 1, submittedAt: '2024-01-01T00:00:00.000Z', threadIds: [] }] };
    expect(defaultBaseline(root, store)).toEqual({ kind: 'head' });
    expect(defaultBaseline(workspace(), store)).toBeUndefined();
    const { baseline } = captureBaseline(root, { kind: 'round' });
    store.reviews!.push({ round: 2, submittedAt: baseline.createdAt, threadIds: [], baseline: baseline.id });
    expect(defaultBaseline(root, store)).toEqual({ kind: 'capture', id: baseline.id });
    expect(captureChoices(root, store).map((c) => c.label)).toEqual(['review round 2']);
  });
});

describe('pruning and the snapshot collection', () => {
  it('keeps the newest rounds\' and marks\' baselines, and the newest of all', () => {
    const root = workspace();
    const old = Date.now() - 3_600_000;
    const made: string[] = [];
    const store: StoreFile = { version: 1, comments: [], reviews: [] };
    for (let i = 0; i < KEPT_ROUND_BASELINES + 3; i++) {
      const id = newBaselineId('round', new Date(old + i * 1000));
      writeBaseline(root, { id, kind: 'round', createdAt: new Date(old + i * 1000).toISOString(), files: new Map() });
      store.reviews!.push({ round: i + 1, submittedAt: '', threadIds: [], baseline: id });
      made.push(id);
    }
    for (let i = 0; i < KEPT_MARK_BASELINES + 2; i++) {
      const id = newBaselineId('mark', new Date(old + 100_000 + i * 1000));
      writeBaseline(root, { id, kind: 'mark', createdAt: new Date(old + 100_000 + i * 1000).toISOString(), files: new Map() });
      made.push(id);
    }
    const removed = pruneBaselines(root, store);
    expect(removed.sort()).toEqual([...made.slice(0, 3), ...made.slice(KEPT_ROUND_BASELINES + 3, KEPT_ROUND_BASELINES + 5)].sort());
    expect(listBaselines(root)).toHaveLength(KEPT_ROUND_BASELINES + KEPT_MARK_BASELINES);
  });

  it('a round costs the files that changed: a delta manifest and a pack of their contents only', () => {
    const root = repo(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}.ts`, lines(20, `f${i}`)])));
    const first = captureBaseline(root, { kind: 'round', now: later() });
    write(root, 'f1.ts', 'changed\n');
    fs.rmSync(path.join(root, 'f2.ts'));
    fs.renameSync(path.join(root, 'f3.ts'), path.join(root, 'g3.ts')); // same content: not copied again
    const second = captureBaseline(root, { kind: 'round', previous: first.baseline, now: new Date(Date.now() + 6_000) });
    expect(fs.statSync(packFile(root, second.baseline.id)).size).toBe('changed\n'.length);
    const manifest = fs.readFileSync(path.join(baselinesDir(root), `${second.baseline.id}.json`), 'utf8');
    expect(manifest.length).toBeLessThan(fs.readFileSync(path.join(baselinesDir(root), `${first.baseline.id}.json`), 'utf8').length / 5);
    // Read back from disk (not the process's cache): the chain gives every file.
    const fresh = readFreshly(root, second.baseline.id);
    expect(fresh.files.size).toBe(39);
    expect(fresh.files.has('f2.ts')).toBe(false);
    expect(baselineText(root, { kind: 'capture', id: second.baseline.id }, 'g3.ts')).toBe(lines(20, 'f3'));
    expect(baselineText(root, { kind: 'capture', id: second.baseline.id }, 'f1.ts')).toBe('changed\n');
    expect(baselineText(root, { kind: 'capture', id: second.baseline.id }, 'f9.ts')).toBe(lines(20, 'f9'));
  });

  it('pruning drops a baseline\'s manifest and pack, but never one a kept baseline still reads from', () => {
    const root = repo({ 'a.ts': 'a0\n', 'b.ts': 'b never changes\n' });
    const ids: string[] = [];
    let previous;
    const t0 = Date.now() - 3_600_000;
    for (let i = 0; i <= MAX_CHAIN + 3; i++) {
      write(root, 'a.ts', `a${i}\n`);
      const r = captureBaseline(root, { kind: 'mark', previous, now: new Date(t0 + i * 10_000) });
      previous = r.baseline;
      ids.push(r.baseline.id);
    }
    expect(previous!.depth).toBe(2); // a whole manifest came after MAX_CHAIN deltas, then two more
    pruneBaselines(root, undefined);
    const left = listBaselines(root).map((b) => b.id);
    expect(left).toEqual(ids.slice(-KEPT_MARK_BASELINES)); // the whole one and two deltas on it
    expect(fs.existsSync(packFile(root, ids[0]!))).toBe(true); // b.ts is still read from the first pack
    expect(fs.existsSync(packFile(root, ids[1]!))).toBe(false);
    for (const id of left) expect(baselineText(root, { kind: 'capture', id }, 'b.ts')).toBe('b never changes\n');
    expect(baselineText(root, { kind: 'capture', id: ids.at(-1)! }, 'a.ts')).toBe(`a${MAX_CHAIN + 3}\n`);
  });

  it('a baseline whose parent was removed by hand is damaged, not a crash', () => {
    const root = repo({ 'a.ts': 'a\n' });
    const first = captureBaseline(root, { kind: 'round', now: later() });
    write(root, 'a.ts', 'b\n');
    const second = captureBaseline(root, { kind: 'round', previous: first.baseline, now: new Date(Date.now() + 6_000) });
    fs.rmSync(path.join(baselinesDir(root), `${first.baseline.id}.json`));
    forgetBaselines();
    const r = readBaseline(root, second.baseline.id);
    expect(r).toMatchObject({ ok: false, problem: 'damaged' });
  });
});

/** Reads a baseline from disk, not from this process's cache of the last ones read. */
function readFreshly(root: string, id: string): Baseline {
  forgetBaselines();
  const r = readBaseline(root, id);
  if (!r.ok) throw new Error(r.message);
  return r.baseline;
}
