/**
 * `consider-cli pr push` from a workspace folder that is a subfolder of its repository (a
 * package in a monorepo): the pull request's diff is read for the file's path from the
 * repository's top, so a comment on a changed line goes out as a line comment there, not as a
 * paragraph of the review message for a file "the pull request does not change".
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addThread, submitReview } from '../shared/store';
import { ensureBuilt, runCliAsync } from './helpers/cli';
import { startGitHubStandIn } from './github-standin/server.mjs';
import type { StandIn } from './github-standin/server.mjs';
import { makePrRepo } from './github-standin/pr-repo.mjs';
import type { PrRepo } from './github-standin/pr-repo.mjs';

const code = (n: number) => Array.from({ length: n }, (_, i) => `const v${i + 1} = compute(${i + 1});`);
const text = (lines: string[]) => lines.join('\n') + '\n';

let gh: StandIn;
let repo: PrRepo;
let pkg: string;
let threadId: string;

beforeAll(async () => {
  ensureBuilt();
  repo = makePrRepo({ files: { 'pkg/src/app.ts': text(code(20)), 'README.md': 'monorepo\n' } });
  gh = await startGitHubStandIn({ viewer: 'dev' });
  gh.addRepo({ owner: 'acme', name: 'widgets', gitDir: repo.bare });
  repo.branch('feature');
  repo.commit({ 'pkg/src/app.ts': text(code(20).map((l, i) => (i === 9 ? 'const v10 = computeBetter(10);' : l))) });
  repo.push();
  gh.openPull({ owner: 'acme', name: 'widgets', head: 'feature', author: 'alice', title: 'Better v10' });
  pkg = path.join(repo.work, 'pkg');
  threadId = (await addThread(pkg, { file: 'src/app.ts', startLine: 10, endLine: 10, body: 'Why better?', author: 'human', pending: true })).id;
  await submitReview(pkg, { message: 'One question.' });
}, 120_000);

afterEach(() => {
  expect(gh.violations, 'requests GitHub would refuse').toEqual([]);
});

afterAll(async () => {
  await gh?.close();
  if (repo) fs.rmSync(repo.top, { recursive: true, force: true });
});

describe('consider-cli pr push in a subfolder of the repository', () => {
  it('places a comment on a changed line as a line comment on the file\'s repository path', async () => {
    const env = { GH_TOKEN: gh.token, GITHUB_API_URL: gh.url, GITHUB_GRAPHQL_URL: gh.graphqlUrl, CONSIDER_NO_GH: '1', GITHUB_TOKEN: '' };
    const r = await runCliAsync(pkg, ['pr', 'push', '--dry-run', '--json', '--root', pkg], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const plan = r.json() as { items: { threadId: string; kind: string; path?: string; side?: string; line?: number }[] };
    expect(plan.items.find((i) => i.threadId === threadId)).toMatchObject({ kind: 'line', path: 'pkg/src/app.ts', side: 'RIGHT', line: 10 });
  });
});
