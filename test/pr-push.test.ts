/**
 * `consider-cli pr push`: a submitted review round goes out as one GitHub review, against the
 * stand-in (which refuses, as GitHub does, a line comment outside the diff and anything its
 * schema does not take). The dry run says exactly what goes where — a line or range comment on
 * either side, a file comment for lines outside the diff, the review message for a file the pull
 * request does not change, and what cannot be posted (uncommitted code) with why — and posts
 * nothing; the push links each posted thread, so a pull afterwards adds no duplicate.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addThread, readStore, submitReview } from '../shared';
import { addRemovedCodeThread } from '../shared/changes/removed-threads';
import { ensureBuilt, runCliAsync } from './helpers/cli';
import { codeLines, fileText, standInEnv } from './helpers/pr-standin';
import { startGitHubStandIn } from './github-standin/server.mjs';
import type { StandIn, StandInPull } from './github-standin/server.mjs';
import { makePrRepo } from './github-standin/pr-repo.mjs';
import type { PrRepo } from './github-standin/pr-repo.mjs';

let gh: StandIn;
let repo: PrRepo;
let pull: StandInPull;
let mono: PrRepo | undefined;
const ids: Record<string, string> = {};

// HOME: the user's own folder (pr sync on makes its key there), a temp one, never the real one.
const env = (home = path.join(repo.top, 'home')) => standInEnv(gh, { HOME: home });
const pr = (...args: string[]) => runCliAsync(repo.work, ['pr', ...args, '--root', repo.work], { env: env() });
const storeBytes = () => fs.readFileSync(path.join(repo.work, '.consider', 'store.json'));

beforeAll(async () => {
  ensureBuilt();
  const utilBase = codeLines(12, 'u');
  repo = makePrRepo({ files: { 'src/app.ts': fileText(codeLines(40)), 'src/util.ts': fileText(utilBase), 'src/other.ts': fileText(codeLines(5, 'o')) } });
  const baseSha = repo.head();
  gh = await startGitHubStandIn({ viewer: 'dev' });
  gh.addRepo({ owner: 'acme', name: 'widgets', gitDir: repo.bare });
  repo.branch('feature');
  repo.commit({ 'src/app.ts': fileText(codeLines(40).map((l, i) => (i === 9 ? 'const v10 = computeBetter(10);' : l))), 'src/util.ts': fileText(utilBase.filter((_, i) => i !== 4)) });
  repo.push();
  pull = gh.openPull({ owner: 'acme', name: 'widgets', head: 'feature', author: 'alice', title: 'Better v10' });
  // Uncommitted: line 20 edited in the working tree only.
  fs.writeFileSync(path.join(repo.work, 'src/app.ts'), fileText(codeLines(40).map((l, i) => (i === 9 ? 'const v10 = computeBetter(10);' : i === 19 ? 'const v20 = draft(20);' : l))));
  const root = repo.work;
  const add = async (file: string, startLine: number, endLine: number, body: string) =>
    (await addThread(root, { file, startLine, endLine, body, author: 'human', pending: true })).id;
  ids.line = await add('src/app.ts', 10, 10, 'Why better?');
  ids.range = await add('src/app.ts', 9, 10, 'These two belong together.');
  ids.outside = await add('src/app.ts', 30, 30, 'Unrelated, but v30 is odd.');
  ids.uncommitted = await add('src/app.ts', 20, 20, 'Is draft() final?');
  ids.notInPr = await add('src/other.ts', 2, 2, 'o2 could go.');
  ids.left = (await addRemovedCodeThread(root, {
    file: 'src/util.ts', baseline: { key: 'branch:main', label: 'main', sha: baseSha }, baselineText: fileText(utilBase), startLine: 5, endLine: 5,
    body: 'Was u5 really unused?', author: 'human', pending: true,
  })).id;
  await submitReview(root, { message: 'A few things before this goes in.' });
}, 120_000);

afterEach(() => {
  expect(gh.violations, 'requests GitHub would refuse').toEqual([]);
});

afterAll(async () => {
  await gh?.close();
  if (repo) fs.rmSync(repo.top, { recursive: true, force: true });
  if (mono) fs.rmSync(mono.top, { recursive: true, force: true });
});

describe('consider-cli pr push', () => {
  it('--dry-run lists what goes where and what cannot be posted and why, and posts nothing', async () => {
    const before = storeBytes();
    const r = await pr('push', '--dry-run', '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const plan = r.json() as { dryRun: boolean; items: { threadId: string; kind: string; side?: string; startLine?: number; line?: number; why?: string }[]; body: string };
    const item = (id: string) => plan.items.find((i) => i.threadId === id);
    expect(plan.dryRun).toBe(true);
    expect(item(ids.line!)).toMatchObject({ kind: 'line', side: 'RIGHT', startLine: 10, line: 10 });
    expect(item(ids.range!)).toMatchObject({ kind: 'line', side: 'RIGHT', startLine: 9, line: 10 });
    expect(item(ids.left!)).toMatchObject({ kind: 'line', side: 'LEFT', startLine: 5, line: 5 });
    expect(item(ids.outside!)).toMatchObject({ kind: 'file', startLine: 30, line: 30 });
    expect(item(ids.outside!)!.why).toMatch(/outside the pull request's diff/);
    expect(item(ids.notInPr!)).toMatchObject({ kind: 'message' });
    expect(item(ids.uncommitted!)).toMatchObject({ kind: 'skip' });
    expect(item(ids.uncommitted!)!.why).toMatch(/uncommitted changes, or commits not pushed yet/);
    expect(plan.body).toContain('A few things before this goes in.');
    expect(plan.body).toContain('o2 could go.');
    expect(gh.reviewsOf(pull)).toHaveLength(0);
    expect(storeBytes().equals(before)).toBe(true);
    const textRun = await pr('push', '--dry-run');
    expect(textRun.stdout).toMatch(/not posted c_\w+ src\/app\.ts: its code is not in the pull request's head/);
  });

  it('posts the round as one review with the chosen verdict, and links the posted threads', async () => {
    const r = await pr('push', '--verdict', 'request-changes', '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ dryRun: false, posted: 4 });
    const reviews = gh.reviewsOf(pull);
    expect(reviews.map((x) => x.state)).toEqual(['CHANGES_REQUESTED']);
    expect(reviews[0]!.body).toContain('**src/other.ts:2**');
    const threads = gh.threadsOf(pull);
    const on = (p: string) => threads.filter((t) => t.path === p).map((t) => {
      const x = t as unknown as { side: string; originalLine: number | null; originalStartLine: number | null; subjectType: string };
      return [x.subjectType, x.side, x.originalStartLine, x.originalLine];
    });
    expect(on('src/app.ts')).toEqual([['LINE', 'RIGHT', null, 10], ['LINE', 'RIGHT', 9, 10], ['FILE', 'RIGHT', null, null]]);
    expect(on('src/util.ts')).toEqual([['LINE', 'LEFT', null, 5]]);
    const s = readStore(repo.work).store;
    const linked = s.comments.filter((c) => c.pr?.via === 'pushed').map((c) => c.id).sort();
    expect(linked).toEqual([ids.line, ids.range, ids.outside, ids.left].sort());
    expect(s.comments.find((c) => c.id === ids.uncommitted)!.pr).toBeUndefined();
  });

  it('a pull afterwards finds the posted threads linked: nothing is added twice', async () => {
    const r = await pr('pull', '--json');
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ added: 0, remoteThreads: 4 });
    expect(readStore(repo.work).store.comments).toHaveLength(6);
  });

  it('sync (opt-in per PR): replies and resolutions made here after it was turned on go back once; nothing before it', async () => {
    const cli = (...args: string[]) => runCliAsync(repo.work, [...args, '--root', repo.work], { env: env() });
    expect((await cli('reply', ids.outside!, '--message', 'Before sync: stays here.')).code).toBe(0);
    let r = await pr('pull', '--json');
    expect(r.json()).toMatchObject({ sent: { replies: 0, resolved: 0, reopened: 0 } });
    expect((await pr('sync', 'on')).stdout).toMatch(/Sync on for PR #\d+/);
    await new Promise((res) => setTimeout(res, 20)); // the reply's time must be after sync began (ms resolution)
    expect((await cli('reply', ids.line!, '--message', 'Renamed to computeScaled.', '--addressed')).code).toBe(0);
    expect((await cli('resolve', ids.range!)).code).toBe(0);
    r = await pr('pull', '--json');
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ sent: { replies: 1, resolved: 1, reopened: 0 }, newReplies: 0, added: 0 });
    const threads = gh.threadsOf(pull);
    const lineThread = threads.find((t) => t.path === 'src/app.ts' && t.comments[0]!.body === 'Why better?')!;
    expect(lineThread.comments.map((c) => c.body)).toEqual(['Why better?', 'Renamed to computeScaled.\n\n— *the agent, via Consider (addressed)*']);
    expect(threads.find((t) => t.comments[0]!.body === 'These two belong together.')!.resolvedBy).not.toBeNull();
    expect(threads.find((t) => t.comments[0]!.body.includes('v30 is odd'))!.comments).toHaveLength(1);
    // Nothing twice: neither on GitHub nor here.
    r = await pr('pull', '--json');
    expect(r.json()).toMatchObject({ sent: { replies: 0, resolved: 0 }, newReplies: 0 });
    expect(readStore(repo.work).store.comments.find((c) => c.id === ids.line)!.thread).toHaveLength(1);
    // Posted with the developer's account, still the agent's words: `get` names who wrote it, as VS Code does.
    const got = await cli('get', ids.line!);
    expect(got.stdout).toMatch(/\[r_\w+\] agent · /);
    expect(got.stdout).not.toMatch(/@\w+ on PR #\d+ · /);
  });

  it('sync counts only where this user turned it on: a store that says so (committed, copied) sends nothing', async () => {
    // The same store read by another user (another HOME, so another key): what a repository that
    // commits its .consider/ folder would hand to whoever clones it.
    const other = { env: env(path.join(repo.top, 'other-home')) };
    expect(readStore(repo.work).store.pullRequests![0]).toMatchObject({ sync: true, syncSeal: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await runCliAsync(repo.work, ['reply', ids.line!, '--message', 'Posted only by its owner.', '--root', repo.work], other)).code).toBe(0);
    const lineThread = () => gh.threadsOf(pull).find((t) => t.path === 'src/app.ts' && t.comments[0]!.body === 'Why better?')!;
    const before = lineThread().comments.length;
    let r = await runCliAsync(repo.work, ['pr', 'pull', '--root', repo.work], other);
    expect(r.code).toBe(0);
    expect(lineThread().comments).toHaveLength(before);
    expect(r.stdout).toMatch(/Sync is on in the store, but was not turned on by you in this folder .*nothing was sent to GitHub/);
    r = await runCliAsync(repo.work, ['pr', 'status', '--json', '--root', repo.work], other);
    expect(r.json()).toMatchObject({ pullRequests: [{ sync: false }] });
    // The user who turned it on: the same reply goes.
    r = await pr('pull', '--json');
    expect(r.json()).toMatchObject({ sent: { replies: 1 } });
    expect(lineThread().comments).toHaveLength(before + 1);
  });

  it('pushing the same round again posts nothing, and says why in one line', async () => {
    const r = await pr('push');
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/review round 1 was posted to PR #\d+ already \(https:\/\/github\.com\/acme\/widgets\/pull\/\d+#pullrequestreview-\d+\)/);
    expect(gh.reviewsOf(pull)).toHaveLength(1);
  });
});

/**
 * From a workspace folder that is a subfolder of its repository (a package in a monorepo): the
 * pull request's diff is read for the file's path from the repository's top, so a comment on a
 * changed line goes out as a line comment there, not as a paragraph of the review message for
 * a file "the pull request does not change".
 */
describe('consider-cli pr push in a subfolder of the repository', () => {
  it('places a comment on a changed line as a line comment on the file\'s repository path', async () => {
    mono = makePrRepo({ name: 'mono', files: { 'pkg/src/app.ts': fileText(codeLines(20)), 'README.md': 'monorepo\n' } });
    gh.addRepo({ owner: 'acme', name: 'mono', gitDir: mono.bare });
    mono.branch('feature');
    mono.commit({ 'pkg/src/app.ts': fileText(codeLines(20).map((l, i) => (i === 9 ? 'const v10 = computeBetter(10);' : l))) });
    mono.push();
    gh.openPull({ owner: 'acme', name: 'mono', head: 'feature', author: 'alice', title: 'Better v10' });
    const pkg = path.join(mono.work, 'pkg');
    const id = (await addThread(pkg, { file: 'src/app.ts', startLine: 10, endLine: 10, body: 'Why better?', author: 'human', pending: true })).id;
    await submitReview(pkg, { message: 'One question.' });
    const r = await runCliAsync(pkg, ['pr', 'push', '--dry-run', '--json', '--root', pkg], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const plan = r.json() as { items: { threadId: string; kind: string; path?: string; side?: string; line?: number }[] };
    expect(plan.items.find((i) => i.threadId === id)).toMatchObject({ kind: 'line', path: 'pkg/src/app.ts', side: 'RIGHT', line: 10 });
  });
});
