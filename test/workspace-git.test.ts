/**
 * Consider's git calls (shared/workspace/git.ts, the one runner) on real repositories:
 *  - they never take git's index.lock: every git path of the product — the file list, the
 *    Changes view's baselines, renames, history, cross-file following, the reconcile pass, the
 *    digest as a process — runs on a repository whose index git would refresh, with the index
 *    and .git/ watched; then again while a real `.git/index.lock` is held (the user's own
 *    `git commit` in the middle of its work), and none of them fails or touches it;
 *  - the async queue runs at most MAX_RUNNING at once, and a cancelled call never starts, or
 *    is killed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addThread, readStore } from '../shared';
import { reconcileWorkspace } from '../shared/store/reconcile/pass';
import { baselineText, captureMark, changesSince, defaultBaseline } from '../shared/changes';
import { gitRenames } from '../shared/anchoring/renames';
import { GitHistory } from '../shared/anchoring/git-history';
import { listWorkspaceFiles, untrackedFiles } from '../shared/workspace/files';
import { GitAborted, MAX_RUNNING, gitQueueState, runGit, runGitAsync } from '../shared/workspace/git';
import { fileAtCommitAsync, listBranches, listBranchesAsync, mayBeInRepository, repoState } from '../shared/workspace/repository';
import { ensureBuilt, runCliAsync } from './helpers/cli';
import { commitAll, git, writeFile as write } from './helpers/git-repo';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});
beforeAll(() => ensureBuilt());

function folder(): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-git-')));
  roots.push(root);
  return root;
}

const code = (name: string): string => [
  `export function ${name}(order: Order): number {`,
  '  const subtotal = order.lines.reduce((sum, line) => sum + line.price * line.quantity, 0);',
  '  const discounted = subtotal - Math.min(subtotal, order.coupon?.amount ?? 0);',
  '  return Math.round(discounted * (1 + order.taxRate) * 100) / 100;',
  '}',
].join('\n') + '\n';

/**
 * A repository on which git has something to do: a file renamed with `git mv`, one moved with
 * a plain `mv`, one edited, one new, a branch, threads on the moved and edited code, and every
 * tracked file touched since the index was written (a `git status` refreshes and rewrites it).
 */
async function busyRepository(): Promise<string> {
  const root = folder();
  commitAll(root, { 'src/total.ts': code('total'), 'src/tax.ts': code('tax'), 'src/keep.ts': 'export const k = 1;\n', 'docs/a.md': '# a\n' });
  git(root, 'branch', 'feature');
  await addThread(root, { file: 'src/total.ts', startLine: 2, endLine: 3, body: 'why round here?', author: 'human' });
  await addThread(root, { file: 'src/tax.ts', startLine: 2, endLine: 3, body: 'and here?', author: 'human' });
  captureMark(root, readStore(root).store);
  git(root, 'mv', 'src/total.ts', 'src/sum.ts');
  fs.renameSync(path.join(root, 'src/tax.ts'), path.join(root, 'src/levy.ts'));
  write(root, 'src/keep.ts', 'export const k = 2;\n');
  write(root, 'src/new.ts', 'export const n = 1;\n');
  const later = new Date(Date.now() + 10_000);
  for (const rel of ['docs/a.md', 'src/keep.ts']) fs.utimesSync(path.join(root, rel), later, later);
  return root;
}

/** Every way the product runs git, with what each answered (to compare with and without a held lock). */
async function everyGitCall(root: string): Promise<unknown[]> {
  const store = readStore(root).store;
  const mark = store && defaultBaseline(root, store);
  const head = changesSince(root, { kind: 'head' }, store);
  const digest = await runCliAsync(root, ['digest', '--json', '--since', 'head']);
  const digestBranch = await runCliAsync(root, ['digest', '--json', '--since', 'branch:feature']);
  const list = await runCliAsync(root, ['list', '--json']);
  const sha = runGit(root, ['rev-parse', 'HEAD']).stdout.toString('utf8').trim();
  return [
    repoState(root).kind,
    listWorkspaceFiles(root),
    untrackedFiles(root),
    [...gitRenames(root)],
    new GitHistory(root).textBefore('src/keep.ts', Date.now() + 5_000),
    head.ok && head.list.changes.map((c) => [c.path, c.kind, c.added, c.removed]),
    changesSince(root, { kind: 'branch', ref: 'feature' }, store).ok,
    mark && changesSince(root, mark, store).ok,
    baselineText(root, { kind: 'head' }, 'src/keep.ts'),
    listBranches(root),
    await listBranchesAsync(root),
    (await fileAtCommitAsync(root, sha, 'docs/a.md'))?.toString('utf8'),
    [digest.code, digest.stderr, JSON.parse(digest.stdout).baseline.files],
    [digestBranch.code, digestBranch.stderr],
    [list.code, list.stderr],
    await reconcileWorkspace(root, { force: true }),
  ];
}

/** Watches .git/ for an index.lock coming or going, and the index for a rewrite. */
function watchIndex(root: string): { stop(): { lockEvents: number; indexRewritten: boolean } } {
  const gitDir = path.join(root, '.git');
  const before = fs.statSync(path.join(gitDir, 'index'));
  let lockEvents = 0;
  const watcher = fs.watch(gitDir, (_event, name) => { if (name === 'index.lock') lockEvents++; });
  return {
    stop() {
      watcher.close();
      const after = fs.statSync(path.join(gitDir, 'index'));
      return { lockEvents, indexRewritten: after.ino !== before.ino || after.mtimeMs !== before.mtimeMs };
    },
  };
}

describe('Consider\'s git calls never take index.lock', () => {
  it('a git status of ours leaves the index alone where a plain one rewrites it (the repository is one git would write)', async () => {
    const root = await busyRepository();
    const watch = watchIndex(root);
    await everyGitCall(root);
    expect(watch.stop()).toEqual({ lockEvents: 0, indexRewritten: false });
    // The same repository, a plain `git status` (the user's, or a runner without GIT_OPTIONAL_LOCKS=0): git takes the lock and writes.
    const plain = watchIndex(root);
    git(root, 'status', '--porcelain');
    await new Promise((r) => setTimeout(r, 100)); // the watcher's events come in on the next turns
    const seen = plain.stop();
    expect(seen.indexRewritten || seen.lockEvents > 0).toBe(true);
  }, 60_000);

  it('while the user\'s git holds .git/index.lock, every call answers as it does without it, and the lock stays the user\'s', async () => {
    const root = await busyRepository();
    await everyGitCall(root); // the first pass re-anchors the threads; the next finds them settled
    const free = await everyGitCall(root);
    const lockFile = path.join(root, '.git', 'index.lock');
    // What git commit does first: create index.lock exclusively, and keep it until it is done.
    const fd = fs.openSync(lockFile, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY);
    fs.writeSync(fd, 'the user\'s commit in progress');
    try {
      const held = await everyGitCall(root);
      expect(JSON.parse(JSON.stringify(held))).toEqual(JSON.parse(JSON.stringify(free)));
      expect(fs.readFileSync(lockFile, 'utf8')).toBe('the user\'s commit in progress');
    } finally {
      fs.closeSync(fd);
      fs.rmSync(lockFile);
    }
  }, 60_000);
});

describe('the async runner (the extension host\'s git)', () => {
  it(`runs at most ${MAX_RUNNING} git processes at once; the rest wait their turn, and all answer`, async () => {
    const root = folder();
    commitAll(root, { 'a.ts': 'a\n' });
    let most = 0;
    const calls = Array.from({ length: 12 }, () => runGitAsync(root, ['rev-parse', 'HEAD']));
    const sampler = setInterval(() => { most = Math.max(most, gitQueueState().running); }, 1);
    const results = await Promise.all(calls);
    clearInterval(sampler);
    expect(results.every((r) => r.ok && /^[0-9a-f]{40}\n$/.test(r.stdout.toString('utf8')))).toBe(true);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(MAX_RUNNING);
    expect(gitQueueState()).toEqual({ running: 0, waiting: 0 });
  });

  it('a call cancelled while it waits never starts; one cancelled while it runs is killed; neither answers', async () => {
    const root = folder();
    commitAll(root, { 'a.ts': 'a\n' });
    // Fill every turn with a git that hangs (an alias running `sleep` stands for a slow repository or a prompt).
    const blockers = new AbortController();
    const running = Array.from({ length: MAX_RUNNING }, () => runGitAsync(root, ['-c', 'alias.hang=!sleep 3', 'hang'], { signal: blockers.signal }).catch((e: unknown) => e));
    const waiting = new AbortController();
    const queued = runGitAsync(root, ['rev-parse', 'HEAD'], { signal: waiting.signal });
    expect(gitQueueState()).toEqual({ running: MAX_RUNNING, waiting: 1 });
    waiting.abort();
    await expect(queued).rejects.toBeInstanceOf(GitAborted);
    expect(gitQueueState()).toEqual({ running: MAX_RUNNING, waiting: 0 });
    blockers.abort();
    for (const r of await Promise.all(running)) expect(r).toBeInstanceOf(GitAborted);
    await new Promise((r) => setTimeout(r, 50));
    expect(gitQueueState()).toEqual({ running: 0, waiting: 0 });
    await expect(runGitAsync(root, ['rev-parse', 'HEAD'], { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(GitAborted);
  });

  it('no git on PATH is an answer, not an exception', async () => {
    const saved = process.env.PATH;
    process.env.PATH = folder();
    try {
      expect(runGit(folder(), ['status'])).toMatchObject({ ok: false, missing: true });
      expect(await runGitAsync(folder(), ['status'])).toMatchObject({ ok: false, missing: true });
    } finally {
      process.env.PATH = saved;
    }
  });
});

describe('whether a folder may be in a repository, without git (the bring-home check asks it first)', () => {
  it('yes at the top, in a subfolder and in a linked worktree (its .git is a file); no where git says none', () => {
    const repo = folder();
    git(repo, 'init', '-q');
    write(repo, 'src/deep/a.ts', 'export const a = 1;\n');
    commitAll(repo);
    const worktree = path.join(folder(), 'wt');
    git(repo, 'worktree', 'add', '-q', worktree, '-b', 'feature');
    const plain = folder();
    fs.mkdirSync(path.join(plain, 'sub'));
    expect([repo, path.join(repo, 'src/deep'), worktree].map(mayBeInRepository)).toEqual([true, true, true]);
    // The check agrees with git wherever it says no (a folder under the temp folder, no .git above).
    expect(mayBeInRepository(path.join(plain, 'sub'))).toBe(false);
    expect(repoState(path.join(plain, 'sub')).kind).toBe('not-repo');
  });
});
