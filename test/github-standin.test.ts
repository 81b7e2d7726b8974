/**
 * The GitHub API stand-in (test/github-standin/) holds requests to GitHub's published schema:
 * these tests prove it refuses what GitHub would refuse (a field GitHub does not have, a
 * variable of the wrong type, a REST path or parameter GitHub does not take), and that it answers
 * as GitHub does for the things Consider must cope with (pagination limits, outdated threads
 * after a force-push, a line outside the diff, ETags, bad credentials, the rate limit).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHubStandIn } from './github-standin/server.mjs';
import { makePrRepo } from './github-standin/pr-repo.mjs';

type StandIn = Awaited<ReturnType<typeof startGitHubStandIn>>;

let gh: StandIn;
let repo: ReturnType<typeof makePrRepo>;
let pull: ReturnType<StandIn['openPull']>;

const lines = (n: number, tag = 'line') => Array.from({ length: n }, (_, i) => `${tag} ${i + 1}`).join('\n') + '\n';

async function gql(query: string, variables?: Record<string, unknown>, token = gh.token) {
  const r = await fetch(gh.graphqlUrl, { method: 'POST', headers: { authorization: `bearer ${token}`, 'user-agent': 'consider-test' }, body: JSON.stringify({ query, variables }) });
  return { status: r.status, body: await r.json() as { data?: any; errors?: { type?: string; message: string }[] } };
}

async function rest(pathAndQuery: string, headers: Record<string, string> = {}) {
  const r = await fetch(gh.url + pathAndQuery, { headers: { authorization: `token ${gh.token}`, 'user-agent': 'consider-test', ...headers } });
  return { status: r.status, etag: r.headers.get('etag'), body: r.status === 304 ? undefined : await r.json() };
}

beforeAll(async () => {
  repo = makePrRepo({ files: { 'src/app.ts': lines(30) } });
  repo.branch('feature');
  repo.commit({ 'src/app.ts': lines(30).replace('line 10\n', 'line 10 changed\n') });
  repo.push();
  gh = await startGitHubStandIn();
  gh.addRepo({ owner: 'acme', name: 'widgets', gitDir: repo.bare });
  pull = gh.openPull({ owner: 'acme', name: 'widgets', head: 'feature', author: 'teammate' });
});

afterAll(async () => {
  await gh?.close();
  fs.rmSync(repo.top, { recursive: true, force: true });
});

describe('GitHub API stand-in', () => {
  it('serves a valid GraphQL document and records no violation', async () => {
    const t = gh.addThread(pull, { path: 'src/app.ts', line: 10, body: 'why?', author: 'reviewer' });
    const r = await gql(`query Threads($owner: String!, $name: String!, $number: Int!) {
      repository(owner: $owner, name: $name) { pullRequest(number: $number) { headRefOid reviewThreads(first: 10) { nodes { id isOutdated originalLine diffSide comments(first: 5) { nodes { body diffHunk author { login } originalCommit { oid } } } } } } } }`,
    { owner: 'acme', name: 'widgets', number: pull.number });
    expect(r.body.errors).toBeUndefined();
    const thread = r.body.data.repository.pullRequest.reviewThreads.nodes.find((n: { id: string }) => n.id === t.id);
    expect(thread.originalLine).toBe(10);
    expect(thread.comments.nodes[0].diffHunk.split('\n').at(-1)).toBe('+line 10 changed');
    expect(thread.comments.nodes[0].originalCommit.oid).toBe(repo.head());
    expect(gh.violations).toEqual([]);
  });

  it('refuses a field GitHub does not have, and a variable of the wrong type, as violations', async () => {
    const before = gh.violations.length;
    const a = await gql('query { viewer { login favouriteColour } }');
    expect(a.body.errors?.[0]?.message).toMatch(/favouriteColour/);
    const b = await gql('query Q($n: Int!) { repository(owner: "acme", name: "widgets") { pullRequest(number: $n) { id } } }', { n: 'forty-two' });
    expect(b.body.errors?.[0]?.message).toMatch(/Int/);
    expect(gh.violations.slice(before)).toHaveLength(2);
    gh.violations.length = before;
  });

  it('refuses a connection without first/last or over 100, as GitHub does', async () => {
    const before = gh.violations.length;
    const r = await gql('query { repository(owner: "acme", name: "widgets") { pullRequests(first: 101) { nodes { id } } } }');
    expect(r.body.errors?.[0]?.message).toMatch(/limit of 100/);
    // GitHub's own refusal, not a schema violation: the document itself is valid.
    expect(gh.violations.length).toBe(before);
  });

  it('holds REST calls to the OpenAPI description: paths, parameter types, unknown parameters', async () => {
    const ok = await rest(`/repos/acme/widgets/pulls/${pull.number}/comments?per_page=100`);
    expect(ok.status).toBe(200);
    expect(gh.violations).toEqual([]);
    const badType = await rest(`/repos/acme/widgets/pulls/${pull.number}/comments?per_page=lots`);
    expect(badType.status).toBe(422);
    const unknown = await rest(`/repos/acme/widgets/pulls/${pull.number}/comments?colour=red`);
    expect(unknown.status).toBe(422);
    const noPath = await rest('/repos/acme/widgets/pulls/1/threads');
    expect(noPath.status).toBe(404);
    expect(gh.violations).toHaveLength(3);
    expect(gh.violations.join('\n')).toMatch(/per_page.*not an integer[\s\S]*colour[\s\S]*(no such path|has no GET)/);
    gh.violations.length = 0;
  });

  it('answers a repeated REST list with 304 Not Modified for its ETag, which costs no rate limit', async () => {
    const first = await rest(`/repos/acme/widgets/pulls/${pull.number}/comments`);
    const second = await rest(`/repos/acme/widgets/pulls/${pull.number}/comments`, { 'if-none-match': first.etag! });
    expect(second.status).toBe(304);
    gh.reply(gh.threadsOf(pull)[0]!, { author: 'reviewer', body: 'ping' });
    const third = await rest(`/repos/acme/widgets/pulls/${pull.number}/comments`, { 'if-none-match': first.etag! });
    expect(third.status).toBe(200);
  });

  it('refuses a thread on a line outside the diff, as GitHub does', () => {
    expect(() => gh.addThread(pull, { path: 'src/app.ts', line: 25, body: 'far away' })).toThrow(/must be part of the diff/);
  });

  it('marks a thread outdated once a force-push changes its code, and keeps its original commit', async () => {
    const t = gh.addThread(pull, { path: 'src/app.ts', line: 10, body: 'rename this', author: 'reviewer' });
    const original = repo.head();
    repo.git('reset', '-q', '--hard', 'main');
    repo.commit({ 'src/app.ts': 'header\n' + lines(30).replace('line 10\n', 'line 10 rewritten\n') });
    repo.push({ force: true });
    const r = await gql('query Q($id: ID!) { node(id: $id) { ... on PullRequestReviewThread { isOutdated line originalLine comments(first: 1) { nodes { originalCommit { oid } } } } } }', { id: t.id });
    expect(r.body.data.node).toMatchObject({ isOutdated: true, line: null, originalLine: 10 });
    expect(r.body.data.node.comments.nodes[0].originalCommit.oid).toBe(original);
  });

  it('answers bad credentials with 401 and the rate limit with GitHub\'s errors', async () => {
    const bad = await gql('query { viewer { login } }', undefined, 'gho_wrong');
    expect(bad.status).toBe(401);
    gh.mode.rateLimited = true;
    try {
      const g = await gql('query { viewer { login } }');
      expect(g.body.errors?.[0]?.type).toBe('RATE_LIMITED');
      const r = await rest('/user');
      expect(r.status).toBe(403);
    } finally {
      gh.mode.rateLimited = false;
    }
  });
});
