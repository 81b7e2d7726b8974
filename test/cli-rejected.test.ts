/**
 * What the agent learns of a rejected change through the built CLI, as it runs it: `list`,
 * `review` (with a round), `get`, the digest and the agent view (`--lean`, what MCP returns) say
 * which change was rejected, that the comment is why, and what became of the revert; `--json`
 * keeps the store's shape. And what the hooks record of the agent's turns
 * (shared/store/agent-turns.ts): a prompt starts one, a stop that lets the agent go ends it, a
 * blocked stop does not.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { diffHunks } from '../shared/changes/hunks';
import { addRejectionThread, setRevertOutcome } from '../shared/changes/rejections';
import { addThread, replyToThread, runningTurns, submitReview, TURN_STALE_MS } from '../shared';
import { cliUnderTest, ensureBuilt, makeWorkspace, runCli, type Workspace } from './helpers/cli';

beforeAll(() => ensureBuilt());
const spaces: Workspace[] = [];
afterEach(() => { for (const w of spaces.splice(0)) w.cleanup(); });

const BASE = 'export function load() {\n  return read();\n}\n';
const NOW = 'export function load() {\n  try { return read(); } catch { return null; }\n}\n';

async function rejected(ws: Workspace, pending: boolean): Promise<string> {
  ws.write('src/load.ts', NOW);
  const [h] = diffHunks(BASE, NOW);
  const c = await addRejectionThread(ws.root, {
    file: 'src/load.ts', baselineFile: 'src/load.ts', baseline: { key: 'capture:round-1-abcd', label: 'review round 1' },
    baselineText: BASE, hunk: h!, reason: 'Do not swallow the error: the caller reports it.', pending,
  });
  return c.id;
}

describe('a rejected change, as the agent reads it', () => {
  it('is named in list, review, get, the digest and --lean, with what became of its revert', async () => {
    const ws = makeWorkspace();
    spaces.push(ws);
    const id = await rejected(ws, true);
    await setRevertOutcome(ws.root, id, { state: 'applied' });
    await submitReview(ws.root, { message: 'One change rejected.' });

    const list = runCli(ws.root, ['list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`[${id}]`);
    expect(list.stdout).toMatch(/rejected change \(\+1 line −1 line against review round 1\): the comment says why; the developer reverted it/);

    const review = runCli(ws.root, ['review']);
    expect(review.stdout).toContain('1 comment of this round rejects a change you made (1 reverted by the developer already)');
    expect(review.stdout).toContain('rejected change');

    const get = runCli(ws.root, ['get', id]);
    expect(get.stdout).toContain('- \treturn read();'.replace('\t', '  '));
    expect(get.stdout).toContain('+   try { return read(); } catch { return null; }');
    expect(get.stdout).toContain('do not write it back');

    const digest = runCli(ws.root, ['digest']);
    expect(digest.code).toBe(0);
    expect(digest.stdout).toContain('**Rejected change** (against `review round 1`');
    expect(digest.stdout).toContain('Revert: **made**');

    const lean = runCli(ws.root, ['list', '--lean']).json<{ threads: { id: string; rejected?: Record<string, unknown> }[] }>();
    expect(lean.threads.find((t) => t.id === id)!.rejected).toMatchObject({ against: 'review round 1', removed: '  return read();', added: '  try { return read(); } catch { return null; }', revert: { state: 'applied' } });

    const json = runCli(ws.root, ['get', id, '--json']).json<{ rejected: { hunk: string } }>();
    expect(json.rejected.hunk).toMatch(/^h[0-9a-f]{24}$/);
  });

  it('says a queued revert waits for the end of the turn, and a refused one why', async () => {
    const ws = makeWorkspace();
    spaces.push(ws);
    const id = await rejected(ws, false);
    await setRevertOutcome(ws.root, id, { state: 'queued' });
    expect(runCli(ws.root, ['get', id]).stdout).toContain('reverted when your turn ends (not reverted yet)');
    await setRevertOutcome(ws.root, id, { state: 'refused', reason: 'the file no longer holds that change' });
    const get = runCli(ws.root, ['get', id]).stdout;
    expect(get).toContain('which was not made (the file no longer holds that change): revert it yourself, or answer why not');
  });
});

describe('a reverted change is told apart from code that changed under a thread (stale)', () => {
  it('list, get, --lean and the digest say "reverted", and a thread whose code changed still says stale', async () => {
    const ws = makeWorkspace({ 'src/other.ts': 'const a = 1;\nconst b = 2;\nconst c = 3;\n', 'src/b.txt': 'a\nb\nc\nd\n' });
    spaces.push(ws);
    const id = await rejected(ws, false);
    // A change that only removed a line: its thread is about the removed line.
    ws.write('src/b.txt', 'a\nc\nd\n');
    const [removal] = diffHunks('a\nb\nc\nd\n', 'a\nc\nd\n');
    const removedId = (await addRejectionThread(ws.root, {
      file: 'src/b.txt', baselineFile: 'src/b.txt', baseline: { key: 'capture:round-1-abcd', label: 'review round 1' },
      baselineText: 'a\nb\nc\nd\n', hunk: removal!, reason: 'Keep b.', pending: false,
    })).id;
    const other = await addThread(ws.root, { file: 'src/other.ts', startLine: 2, endLine: 2, body: 'Why 2?', author: 'human' });
    // The developer's revert puts the baseline back; elsewhere the agent edits the commented line.
    ws.write('src/load.ts', BASE);
    ws.write('src/b.txt', 'a\nb\nc\nd\n');
    await setRevertOutcome(ws.root, id, { state: 'applied' });
    await setRevertOutcome(ws.root, removedId, { state: 'applied' });
    ws.write('src/other.ts', 'const a = 1;\nconst b = 20;\nconst c = 3;\n');

    const list = runCli(ws.root, ['list']).stdout;
    const block = (tid: string) => list.split('\n\n').find((b) => b.includes(`[${tid}]`)) ?? list.slice(list.indexOf(`[${tid}]`));
    expect(block(id)).toContain('reverted: the change was reverted: the baseline\'s lines are back (not stale: no edit under the thread)');
    expect(block(id)).not.toContain('stale: the commented lines were edited');
    expect(list).toContain('stale: the commented lines were edited'); // the thread whose code did change
    expect(list).toMatch(/about removed code \(lines 2-2 in review round 1, back in the file: the revert put them back\)/);

    const get = runCli(ws.root, ['get', id]).stdout;
    expect(get).toContain('The rejected change was reverted: these are the baseline\'s lines again');
    expect(get).not.toContain('The anchor is stale');
    expect(runCli(ws.root, ['get', other.id]).stdout).toContain('The anchor is stale: the code changed since the comment');
    expect(runCli(ws.root, ['get', removedId]).stdout).toContain('the revert put them back in the file');

    const lean = runCli(ws.root, ['get', id, '--lean']).json<{ reason?: string; writtenAbout?: string }>();
    expect(lean.reason).toMatch(/^the change was reverted/);
    expect(lean.writtenAbout).toBeUndefined();
    expect(runCli(ws.root, ['get', other.id, '--lean']).json<{ reason?: string }>().reason).toBe('the commented lines were edited');

    const digest = runCli(ws.root, ['digest']).stdout;
    expect(digest).toContain('**change reverted**');
    expect(digest).toContain('Why not on its code: `the change was reverted');
    expect(digest).toContain('Why stale: `the commented lines were edited`');

    // Once the agent has answered, the digest files them under their own heading, not "Stale or orphaned".
    await replyToThread(ws.root, id, { body: 'Understood, I will not write it back.', author: 'agent' });
    await replyToThread(ws.root, other.id, { body: 'It is 20 now.', author: 'agent' });
    const answered = runCli(ws.root, ['digest', '--json']).json<{ threads: { id: string; group: string }[]; markdown: string }>();
    expect(answered.threads.filter((t) => t.id === id || t.id === other.id).map((t) => [t.id, t.group])).toEqual([[other.id, 'stale-orphaned'], [id, 'rejected-left']]);
    const page = answered.markdown;
    const stale = page.indexOf('### Stale or orphaned');
    const gone = page.indexOf('### Rejected changes no longer in the file: reverted, or taken out since');
    expect(stale).toBeGreaterThan(0);
    expect(gone).toBeGreaterThan(stale);
    expect(page.indexOf(`\`${other.id}\``)).toBeGreaterThan(stale);
    expect(page.indexOf(`\`${other.id}\``)).toBeLessThan(gone);
    expect(page.indexOf(`\`${id}\``)).toBeGreaterThan(gone);
    expect(page).toMatch(/1 stale or orphaned, 1 rejected change gone/);
  });
});

describe('a rejected change, as an agent reads it over MCP', () => {
  let client: Client | undefined;
  afterEach(async () => { await client?.close(); client = undefined; });
  type Result = { isError?: boolean; content: { type: string; text?: string }[] };
  const text = (r: Result): string => {
    expect(r.isError).toBeFalsy();
    return r.content[0]!.text!;
  };

  it('review, get, list and digest name the rejected changes, what became of their reverts, and the tools say so', async () => {
    const ws = makeWorkspace();
    spaces.push(ws);
    const reverted = await rejected(ws, true);
    await setRevertOutcome(ws.root, reverted, { state: 'applied' });
    ws.write('src/other.ts', 'one\n');
    const other = await addThread(ws.root, { file: 'src/other.ts', startLine: 1, endLine: 1, body: 'Name this better.', author: 'human', pending: true });
    await submitReview(ws.root, { message: 'One change rejected.' });

    client = new Client({ name: 'consider-test', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cliUnderTest(), 'mcp', '--root', ws.root], stderr: 'pipe' }));
    const call = async (name: string, args: Record<string, unknown> = {}) => text((await client!.callTool({ name, arguments: args })) as Result);

    // The tools an agent reads first tell it what to look for.
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'review')!.description).toContain('rejects a change you made carries `rejected`');
    expect(tools.find((t) => t.name === 'get')!.description).toContain('for a rejected change, the change and what became of its revert');

    // The round says, as data, which of its threads reject a change and how many were reverted already.
    const review = JSON.parse(await call('review'));
    expect(review.rejectedChanges).toMatchObject({ count: 1, reverted: 1, ids: [reverted] });
    expect(review.rejectedChanges.note).toContain('its body says why');
    expect(review.threads.find((t: { id: string }) => t.id === reverted).rejected).toMatchObject({ against: 'review round 1', revert: { state: 'applied' } });
    expect(review.threads.find((t: { id: string }) => t.id === other.id).rejected).toBeUndefined();

    const get = JSON.parse(await call('get', { id: reverted }));
    expect(get.body).toBe('Do not swallow the error: the caller reports it.');
    expect(get.rejected).toMatchObject({ removed: '  return read();', added: '  try { return read(); } catch { return null; }', revert: { state: 'applied' } });

    const list = JSON.parse(await call('list'));
    expect(list.threads.filter((t: { rejected?: unknown }) => t.rejected).map((t: { id: string }) => t.id)).toEqual([reverted]);

    const digest = await call('digest');
    expect(digest).toContain('**Rejected change** (against `review round 1`');
    expect(digest).toContain('Revert: **made**');
  });

  it('a round without a rejected change says nothing of them', async () => {
    const ws = makeWorkspace({ 'a.ts': 'one\n' });
    spaces.push(ws);
    await addThread(ws.root, { file: 'a.ts', startLine: 1, endLine: 1, body: 'why?', author: 'human', pending: true });
    await submitReview(ws.root, {});
    const lean = runCli(ws.root, ['review', '--lean']).json<Record<string, unknown>>();
    expect(lean.threads).toHaveLength(1);
    expect(lean).not.toHaveProperty('rejectedChanges');
  });
});

describe('turns, as the hooks record them', () => {
  const turn = (ws: Workspace) => JSON.parse(fs.readFileSync(path.join(ws.root, '.consider', 'turns', 'claude_s-1.json'), 'utf8'));
  const hook = (ws: Workspace, event: string, input: object = {}) => runCli(ws.root, ['hook', event, '--agent', 'claude', '--root', ws.root], { input: JSON.stringify({ session_id: 's-1', ...input }) });

  it('a prompt starts a turn, a stop ends it, a stop blocked for the review keeps it running', async () => {
    const ws = makeWorkspace({ 'a.ts': 'one\ntwo\n' });
    spaces.push(ws);
    fs.mkdirSync(path.join(ws.root, '.consider'));
    expect(hook(ws, 'UserPromptSubmit').code).toBe(0);
    expect(turn(ws)).toMatchObject({ version: 1, session: 'claude:s-1', state: 'running' });
    expect(runningTurns(ws.root).map((t) => t.session)).toEqual(['claude:s-1']);
    hook(ws, 'Stop');
    expect(turn(ws).state).toBe('ended');
    expect(runningTurns(ws.root)).toEqual([]);
    await addThread(ws.root, { file: 'a.ts', startLine: 1, endLine: 1, body: 'why?', author: 'human' });
    const blocked = hook(ws, 'Stop');
    expect(blocked.stdout).toContain('"decision":"block"');
    expect(turn(ws).state).toBe('running'); // the agent goes on with the review
  });

  it('records nothing where there is no .consider/, and ignores a turn too old or dated in the future', () => {
    const ws = makeWorkspace();
    spaces.push(ws);
    hook(ws, 'UserPromptSubmit');
    expect(fs.existsSync(path.join(ws.root, '.consider'))).toBe(false);
    fs.mkdirSync(path.join(ws.root, '.consider', 'turns'), { recursive: true });
    const write = (name: string, at: string) => fs.writeFileSync(path.join(ws.root, '.consider', 'turns', name), JSON.stringify({ version: 1, session: name, state: 'running', at }));
    write('old.json', new Date(Date.now() - TURN_STALE_MS - 1000).toISOString());
    write('future.json', new Date(Date.now() + 3_600_000).toISOString());
    write('garbled.json', 'yesterday');
    fs.writeFileSync(path.join(ws.root, '.consider', 'turns', 'broken.json'), '{');
    expect(runningTurns(ws.root)).toEqual([]);
  });
});
