/**
 * `consider-cli pr pull` against the GitHub stand-in and real git repositories (a bare repo as
 * `origin`, a PR branch with several commits and force-pushes, a developer clone that lacks the
 * force-pushed commits): every thread comes in, rebuilt from its original commit (fetched when
 * missing, the diff hunk when the commit is gone) and placed on today's code by Consider's own
 * re-anchoring — moved, stale or orphaned, never on the wrong code; LEFT threads about removed
 * code; a second pull updates and never duplicates; each failure is one line, a documented exit
 * code, and the store untouched. The stand-in fails any request GitHub would refuse.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, StoreFile } from '../shared/model';
import { ensureBuilt, runCliAsync } from './helpers/cli';
import { codeLines, fileText, standInEnv } from './helpers/pr-standin';
import { startGitHubStandIn } from './github-standin/server.mjs';
import { gitIn, makePrRepo } from './github-standin/pr-repo.mjs';

type StandIn = Awaited<ReturnType<typeof startGitHubStandIn>>;

const replaceLine = (lines: string[], n: number, line: string) => lines.map((l, i) => (i === n - 1 ? line : l));

let gh: StandIn;
let repo: ReturnType<typeof makePrRepo>;
let dev: string;
let pull: ReturnType<StandIn['openPull']>;
const t: Record<string, ReturnType<StandIn['addThread']>> = {};
const at: Record<string, string> = {};

const appA = replaceLine(replaceLine(codeLines(40), 10, 'const v10 = computeBetter(10);'), 20, 'const v20 = compute(20) + offset;');
const appB = ['// header 1', '// header 2', '// header 3', '// header 4', '// header 5', ...replaceLine(appA, 20, 'const v20 = computeWithOffset(20);')];

const pr = (args: string[], root = dev, extra: Record<string, string> = {}) => runCliAsync(root, ['pr', ...args, '--root', root], { env: standInEnv(gh, extra) });
const storeOf = (root = dev): StoreFile => JSON.parse(fs.readFileSync(path.join(root, '.consider', 'store.json'), 'utf8')) as StoreFile;
const byThread = (s: StoreFile, id: string): Comment => s.comments.find((c) => c.pr?.threadId === id)!;
const lineOf = (root: string, file: string, n: number) => fs.readFileSync(path.join(root, file), 'utf8').split('\n')[n - 1];

beforeAll(async () => {
  ensureBuilt();
  repo = makePrRepo({ files: { 'src/app.ts': fileText(codeLines(40)), 'src/old.ts': fileText(codeLines(8, 'o')), 'src/util.ts': fileText(codeLines(12, 'u')) } });
  gh = await startGitHubStandIn({ viewer: 'dev' });
  gh.addRepo({ owner: 'acme', name: 'widgets', gitDir: repo.bare });
  repo.branch('feature');
  // Commit A: the reviewed version.
  at.A = repo.commit({ 'src/app.ts': fileText(appA), 'src/old.ts': fileText(replaceLine(codeLines(8, 'o'), 3, 'const o3 = legacy(3);')), 'src/util.ts': fileText(codeLines(12, 'u').filter((_, i) => i !== 4)) });
  repo.push();
  pull = gh.openPull({ owner: 'acme', name: 'widgets', head: 'feature', author: 'dev', title: 'Compute better' });
  t.moved = gh.addThread(pull, { path: 'src/app.ts', line: 10, body: 'Why computeBetter?', author: 'alice', commit: at.A });
  t.edited = gh.addThread(pull, { path: 'src/app.ts', line: 20, body: 'Where does offset come from?', author: 'alice', commit: at.A });
  t.goneFile = gh.addThread(pull, { path: 'src/old.ts', line: 3, body: 'Legacy call', author: 'bob', commit: at.A });
  t.left = gh.addThread(pull, { path: 'src/util.ts', line: 5, side: 'LEFT', body: 'Was u5 unused?', author: 'alice', commit: at.A });
  t.bot = gh.addThread(pull, {
    path: 'src/app.ts', startLine: 9, line: 10, body: 'Consider caching compute results.', author: 'coderabbitai', bot: true, commit: at.A,
    replies: [{ author: 'dev', body: 'Later.' }], resolved: true,
  });
  // A3: force-pushed away, and gone from the remote (collected): only its diff hunk is left.
  at.A3 = repo.commit({ 'src/app.ts': fileText(replaceLine(appA, 25, 'const v25 = experimental(25);')) });
  repo.push({ force: true });
  t.pruned = gh.addThread(pull, { path: 'src/app.ts', line: 25, body: 'Experimental?', author: 'alice', commit: at.A3 });
  repo.git('reset', '-q', '--hard', at.A);
  repo.push({ force: true });
  repo.pruneOrigin();
  // A2: force-pushed away but still on the remote: the pull fetches it.
  at.A2 = repo.commit({ 'src/app.ts': fileText(replaceLine(appA, 27, 'const v27 = tweaked(27);')) });
  repo.push({ force: true });
  t.fetched = gh.addThread(pull, { path: 'src/app.ts', line: 29, body: 'Is v29 still needed?', author: 'carol', commit: at.A2 });
  // B: the head today. Five lines above everything, line 20 edited again, old.ts deleted.
  repo.git('reset', '-q', '--hard', at.A);
  at.B = repo.commit({ 'src/app.ts': fileText(appB), 'src/old.ts': null });
  repo.push({ force: true });
  // The developer's clone: made after the force-pushes, so it has neither A2 nor A3.
  dev = path.join(repo.top, 'dev');
  gitIn(repo.top, 'clone', '-q', '--no-local', '--branch', 'feature', repo.remoteUrl, dev, '-c', `url.${repo.bare}.insteadOf=${repo.remoteUrl}`);
  gitIn(dev, 'config', `url.${repo.bare}.insteadOf`, repo.remoteUrl);
}, 120_000);

afterEach(() => {
  expect(gh.violations, 'requests GitHub would refuse').toEqual([]);
});

afterAll(async () => {
  await gh?.close();
  if (repo) fs.rmSync(repo.top, { recursive: true, force: true });
});

describe('consider-cli pr pull', () => {
  it('brings every thread in, rebuilt from its original commit and placed on today\'s code', async () => {
    expect(() => gitIn(dev, 'cat-file', '-e', `${at.A2}^{commit}`)).toThrow();
    const r = await pr(['pull', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = r.json() as { added: number; fetchedCommits: number; fromHunk: number; apiCalls: number; placed: Record<string, number> };
    expect(report).toMatchObject({ added: 7, fromHunk: 1, fetchedCommits: 1 });
    const s = storeOf();
    expect(s.comments).toHaveLength(7);

    // Outdated, its code moved 5 lines down: shown there, on that very code.
    const moved = byThread(s, t.moved!.id);
    expect(moved).toMatchObject({ file: 'src/app.ts', anchorState: 'anchored', workflowState: 'open', author: 'human', body: 'Why computeBetter?' });
    expect(moved.anchor.startLine).toBe(15);
    expect(lineOf(dev, 'src/app.ts', 15)).toBe('const v10 = computeBetter(10);');
    expect(moved.pr).toMatchObject({ provider: 'github', host: 'github.com', repo: 'acme/widgets', number: pull.number, via: 'pulled', outdated: true, rebuiltFrom: 'commit', originalCommit: at.A });
    expect(moved.pr!.author).toEqual({ login: 'alice' });
    expect(moved.pr!.url).toMatch(/^https:\/\/github\.com\/acme\/widgets\/pull\/\d+#discussion_r\d+$/);

    // Its code edited since: stale, keeping the code it was written on.
    const edited = byThread(s, t.edited!.id);
    expect(edited.anchorState).toBe('stale');
    expect(edited.anchor.targetContent).toBe('const v20 = compute(20) + offset;');
    expect(edited.anchor.startLine).toBeGreaterThan(0);

    // Its file deleted: orphaned, with a reason.
    const gone = byThread(s, t.goneFile!.id);
    expect(gone).toMatchObject({ file: 'src/old.ts', anchorState: 'orphaned' });
    expect(gone.anchor.targetContent).toBe('const o3 = legacy(3);');

    // On a removed line: about removed code, quoting the base's line.
    const left = byThread(s, t.left!.id);
    expect(left.removed).toMatchObject({ baseline: `pr:${pull.number}`, startLine: 5, endLine: 5, text: 'const u5 = compute(5);' });

    // The bot's range thread: resolved there, resolved here, its reply kept with its author.
    const bot = byThread(s, t.bot!.id);
    expect(bot).toMatchObject({ workflowState: 'resolved', anchorState: 'anchored' });
    expect([bot.anchor.startLine, bot.anchor.endLine]).toEqual([14, 15]);
    expect(bot.pr!.author).toEqual({ login: 'coderabbitai', bot: true });
    expect(bot.thread).toHaveLength(1);
    expect(bot.thread[0]).toMatchObject({ author: 'human', body: 'Later.', pr: { author: { login: 'dev' } } });

    // Force-pushed but still on the remote: fetched, then followed onto today's line 34.
    const fetched = byThread(s, t.fetched!.id);
    expect(fetched).toMatchObject({ anchorState: 'anchored', pr: { rebuiltFrom: 'commit', originalCommit: at.A2 } });
    expect(fetched.anchor.startLine).toBe(34);
    expect(lineOf(dev, 'src/app.ts', 34)).toBe('const v29 = compute(29);');

    // Force-pushed and collected: rebuilt from the diff hunk; its code is not in the file, so stale.
    const pruned = byThread(s, t.pruned!.id);
    expect(pruned.pr!.rebuiltFrom).toBe('hunk');
    expect(pruned.anchorState).toBe('stale');
    expect(pruned.anchor.targetContent).toBe('const v25 = experimental(25);');

    // Never on line 0, and an anchored thread always sits on exactly its code.
    for (const c of s.comments) {
      expect(c.anchor.startLine).toBeGreaterThanOrEqual(1);
      if (c.anchorState === 'anchored' && !c.removed) {
        const lines = fs.readFileSync(path.join(dev, c.file), 'utf8').split('\n').slice(c.anchor.startLine - 1, c.anchor.endLine).join('\n');
        expect(lines).toBe(c.anchor.targetContent);
      }
    }
    expect(s.pullRequests).toEqual([expect.objectContaining({ repo: 'acme/widgets', number: pull.number, headRefName: 'feature', title: 'Compute better' })]);
    // One page of threads, the pull request: a handful of calls, not one per thread.
    expect(report.apiCalls).toBeLessThanOrEqual(3);
  });

  it('marks PR threads as such wherever the agent reads them: list, get, the agent view, the digest, the stop hook', async () => {
    const id = byThread(storeOf(), t.moved!.id).id;
    const botId = byThread(storeOf(), t.bot!.id).id;
    const list = await runCliAsync(dev, ['list', '--root', dev]);
    expect(list.stdout).toContain(`[${id}] src/app.ts:15 (workflow=open, anchor=anchored, unseen, from PR #${pull.number} by @alice)`);
    const get = await runCliAsync(dev, ['get', botId, '--root', dev]);
    expect(get.stdout).toContain(`from PR #${pull.number} by @coderabbitai (bot)`);
    expect(get.stdout).toMatch(/\[r_\w+\] @dev on PR #\d+ · /);
    const lean = await runCliAsync(dev, ['list', '--lean', '--root', dev]);
    const item = (lean.json() as { threads: { id: string; pr?: unknown }[] }).threads.find((x) => x.id === id);
    expect(item?.pr).toEqual({ number: pull.number, via: 'pulled', author: 'alice', outdated: true, url: byThread(storeOf(), t.moved!.id).pr!.url });
    const digest = await runCliAsync(dev, ['digest', '--root', dev]);
    expect(digest.stdout).toContain(`\`from PR #${pull.number} by @alice\``);
    const hook = await runCliAsync(dev, ['hook', 'stop', '--agent', 'claude', '--root', dev], { input: '' });
    expect((hook.json() as { reason: string }).reason).toMatch(new RegExp(`\\(all of them from PR #${pull.number} on GitHub\\)`));
  });

  it('pulls again without duplicates: new replies, edits and resolutions on GitHub come in, a local resolve stays', async () => {
    gh.reply(t.moved!, { author: 'alice', body: 'Any news?' });
    gh.editComment(t.edited!.comments[0]!, 'Where does offset come from? (edited)');
    gh.unresolve(t.bot!);
    // Resolved here, still open there: the next pull must not reopen it.
    const goneId = byThread(storeOf(), t.goneFile!.id).id;
    expect((await runCliAsync(dev, ['resolve', goneId, '--root', dev])).code).toBe(0);
    const r = await pr(['pull', '--json']);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ added: 0, newReplies: 1, stateChanges: 1 });
    const s = storeOf();
    expect(s.comments).toHaveLength(7);
    expect(byThread(s, t.moved!.id).thread.map((x) => x.body)).toEqual(['Any news?']);
    expect(byThread(s, t.edited!.id).body).toBe('Where does offset come from? (edited)');
    expect(byThread(s, t.bot!.id).workflowState).toBe('open');
    expect(byThread(s, t.goneFile!.id).workflowState).toBe('resolved');
    // Nothing new: the store is not rewritten with changes (same threads, same replies).
    const again = await pr(['pull', '--json']);
    expect(again.json()).toMatchObject({ added: 0, updated: 0, newReplies: 0 });
  });

  it('shows where the pull request stands (status, no network) and the PR origin in list', async () => {
    const st = await pr(['status', '--json'], dev, { GITHUB_API_URL: 'http://127.0.0.1:9' });
    expect(st.code).toBe(0);
    expect(st.json()).toMatchObject({ pullRequests: [{ number: pull.number, threads: 7, removedCode: 1, orphaned: 1 }] });
    const text = await pr(['status']);
    expect(text.stdout).toMatch(new RegExp(`PR #${pull.number} "Compute better" \\(acme/widgets, feature\\)`));
    // The token is in no file Consider wrote.
    const written = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? written(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    for (const f of written(path.join(dev, '.consider'))) expect(fs.readFileSync(f, 'utf8').includes(gh.token), f).toBe(false);
  });
});

describe('consider-cli pr pull: bad input is one line, a documented exit code, and the store untouched', () => {
  const cases: { name: string; setup?: () => void | Promise<void>; undo?: () => void; args?: string[]; env?: Record<string, string>; root?: () => string; exit: number; message: RegExp }[] = [
    { name: 'no token', env: { GH_TOKEN: '' }, exit: 9, message: /no GitHub token for github\.com \(set GH_TOKEN/ },
    { name: 'an expired token', setup: () => { gh.mode.badCredentials = true; }, undo: () => { gh.mode.badCredentials = false; }, exit: 9, message: /GitHub refused the token \(401 Bad credentials\)/ },
    { name: 'the rate limit', setup: () => { gh.mode.rateLimited = true; }, undo: () => { gh.mode.rateLimited = false; }, exit: 3, message: /rate limit is used up until \d\d:\d\d UTC/ },
    { name: 'a pull request that does not exist (404)', args: ['--pr', '999'], exit: 2, message: /PullRequest with the number of 999/ },
    { name: 'no pull request for the branch', setup: () => gitIn(dev, 'checkout', '-qb', 'lonely'), undo: () => gitIn(dev, 'checkout', '-q', 'feature'), exit: 2, message: /no open pull request for the branch lonely/ },
    { name: 'no origin remote', setup: () => gitIn(dev, 'remote', 'rename', 'origin', 'upstream'), undo: () => gitIn(dev, 'remote', 'rename', 'upstream', 'origin'), exit: 1, message: /no remote named origin/ },
    {
      name: 'a remote that is not GitHub', setup: () => gitIn(dev, 'remote', 'set-url', 'origin', 'git@gitlab.com:acme/widgets.git'),
      undo: () => gitIn(dev, 'remote', 'set-url', 'origin', repo.remoteUrl), exit: 1, message: /on gitlab\.com, not GitHub/,
    },
    { name: 'no answer from the API', env: { GITHUB_API_URL: 'http://127.0.0.1:9', GITHUB_GRAPHQL_URL: 'http://127.0.0.1:9/graphql' }, exit: 5, message: /cannot reach 127\.0\.0\.1:9/ },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const before = fs.readFileSync(path.join(dev, '.consider', 'store.json'));
      await c.setup?.();
      try {
        const r = await pr(['pull', ...(c.args ?? [])], dev, c.env);
        expect(r.code).toBe(c.exit);
        expect(r.stdout).toBe('');
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(r.stderr).toMatch(c.message);
        expect(r.stderr).not.toContain(gh.token);
        expect(r.stderr).not.toMatch(/\n\s+at /);
      } finally {
        c.undo?.();
      }
      expect(fs.readFileSync(path.join(dev, '.consider', 'store.json')).equals(before)).toBe(true);
    });
  }
});
