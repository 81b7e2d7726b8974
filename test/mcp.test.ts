/**
 * `consider-cli mcp` as a process, spoken to with the official MCP SDK's own client: it lists
 * the tools with their input schemas, each tool does what its CLI command does to the store and
 * answers in the agent view (docs/agent-loop.md) once, errors come back as MCP tool errors
 * carrying the CLI's code, and no command it starts outlives the call or the server.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addThread, readStore, replyToThread, submitReview } from '../shared';
import { REPO, cliUnderTest, ensureBuilt, makeWorkspace, runCli, type Workspace } from './helpers/cli';
// @ts-expect-error: a plain ES module script without types
import { createDemoWorkspace } from '../scripts/demo-workspace.mjs';

let ws: Workspace;
let client: Client | undefined;
let transport: StdioClientTransport | undefined;
beforeAll(() => ensureBuilt());
afterEach(async () => {
  await client?.close();
  client = undefined;
  ws?.cleanup();
});

async function connect(root = ws.root): Promise<Client> {
  client = new Client({ name: 'consider-test', version: '1' });
  transport = new StdioClientTransport({ command: process.execPath, args: [cliUnderTest(), 'mcp', '--root', root], stderr: 'pipe' });
  await client.connect(transport);
  return client;
}

type Result = { isError?: boolean; structuredContent?: Record<string, any>; content: { type: string; text?: string }[] };
const call = async (c: Client, name: string, args: Record<string, unknown> = {}) => (await c.callTool({ name, arguments: args })) as Result;
/** A successful tool's answer: one text block of JSON, and nothing besides it. */
function answer(r: Result): any {
  expect(r.isError).toBeUndefined();
  expect(r.structuredContent).toBeUndefined();
  expect(r.content).toHaveLength(1);
  return JSON.parse(r.content[0]!.text!);
}

describe('consider-cli mcp', () => {
  it('lists one tool per CLI command, each with its input schema, and says the product version', async () => {
    ws = makeWorkspace({ 'a.ts': 'one\n' });
    const c = await connect();
    const { version } = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string };
    expect(c.getServerVersion()).toMatchObject({ name: 'consider', version });
    const { tools } = await c.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['add', 'context', 'digest', 'get', 'list', 'plan', 'plan_wait', 'reply', 'resolve', 'review', 'summary', 'unresolve', 'wait']);
    const reply = tools.find((t) => t.name === 'reply')!;
    expect(reply.inputSchema).toMatchObject({ type: 'object', required: expect.arrayContaining(['id', 'message']) });
    expect((reply.inputSchema.properties as Record<string, { enum?: string[] }>).disposition?.enum).toEqual(['addressed', 'declined', 'question']);
    expect((tools.find((t) => t.name === 'list')!.inputSchema.properties as Record<string, { enum?: string[] }>).workflow?.enum).toEqual(['open', 'resolved', 'all']);
  });

  it('every tool acts on the store as its command does, and answers in the agent view', async () => {
    ws = makeWorkspace({ 'src/a.ts': 'one\ntwo\nthree\nfour\n' });
    const human = await addThread(ws.root, { file: 'src/a.ts', startLine: 2, endLine: 2, body: 'Why two?', author: 'human' });
    await addThread(ws.root, { file: 'src/a.ts', startLine: 4, endLine: 4, body: 'pending, not yet for the agent', author: 'human', pending: true });
    const c = await connect();

    expect(answer(await call(c, 'summary'))).toMatchObject({ open: 1, unseenOpen: 1 });
    const listed = answer(await call(c, 'list')).threads;
    // The pending review is not the agent's to see; no anchoring internals.
    expect(listed).toEqual([{ id: human.id, file: 'src/a.ts', lines: '2', workflow: 'open', anchor: 'anchored', unseen: true, excerpt: 'Why two?', replies: 0 }]);
    expect(answer(await call(c, 'wait', { timeoutSeconds: 5 })).threads[0]).toMatchObject({ id: human.id, new: { comment: 'Why two?' } }); // unseen: returns at once

    const ctx = answer(await call(c, 'context', { id: human.id, around: 1 }));
    expect(ctx).toMatchObject({ id: human.id, lines: '2', body: 'Why two?', replies: [], code: '  1 | one\n> 2 | two\n  3 | three' });
    expect(answer(await call(c, 'get', { id: human.id.slice(2, 6) })).id).toBe(human.id);

    const reply = answer(await call(c, 'reply', { id: human.id, message: 'Because of the header.', disposition: 'addressed' }));
    const stored = readStore(ws.root).store.comments.find((t) => t.id === human.id)!;
    expect(stored.thread.at(-1)).toMatchObject({ author: 'agent', body: 'Because of the header.', disposition: 'addressed' });
    expect(reply).toMatchObject({ id: human.id, replyId: stored.thread.at(-1)!.id, disposition: 'addressed', replies: 1, lastReplyFrom: 'agent' });
    expect(answer(await call(c, 'summary'))).toMatchObject({ addressed: 1, unseenOpen: 0 });

    expect(answer(await call(c, 'resolve', { id: human.id })).workflow).toBe('resolved');
    expect(answer(await call(c, 'unresolve', { id: human.id })).workflow).toBe('open');

    const asked = answer(await call(c, 'add', { file: 'src/a.ts', startLine: 3, message: 'Is three right?' }));
    expect(asked).toMatchObject({ file: 'src/a.ts', lines: '3', excerpt: 'Is three right?' });
    expect(readStore(ws.root).store.comments.find((t) => t.id === asked.id)?.author).toBe('agent');

    expect(answer(await call(c, 'review'))).toEqual({ round: null, threads: [] });
    await submitReview(ws.root, { message: 'Round one.' });
    await submitReview(ws.root, { message: 'Round two.' });
    // One round a call, and the tool says another is waiting.
    expect(answer(await call(c, 'review'))).toMatchObject({ round: { round: 1, message: 'Round one.' }, alsoWaiting: [{ round: 2, unreadMessage: true }] });
    // Round 1's message is read now; its thread is not yet.
    expect(answer(await call(c, 'review'))).toMatchObject({ round: { round: 2, message: 'Round two.' }, alsoWaiting: [{ round: 1, unseenThreads: 1 }] });
  });

  it('digest answers the Markdown page itself, once, as the CLI prints it; its mistakes are tool errors', async () => {
    ws = makeWorkspace({ 'src/a.ts': 'one\ntwo\nthree\n' });
    const t = await addThread(ws.root, { file: 'src/a.ts', startLine: 2, endLine: 2, body: 'Why `two`?\n# not a heading', author: 'human' });
    const c = await connect();
    const r = await call(c, 'digest', { maxChars: 5000 });
    expect(r.isError).toBeUndefined();
    expect(r.structuredContent).toBeUndefined();
    expect(r.content).toHaveLength(1);
    const page = r.content[0]!.text!;
    expect(page).toMatch(/^# Review digest: /);
    expect(page).toContain(`#### 1. \`src/a.ts:2\` · \`${t.id}\``);
    expect(page).toContain('```\nWhy `two`?\n# not a heading\n```');
    // The page as `consider-cli digest` prints it (its "made at" minute aside).
    const minute = (text: string) => text.replace(/ at \d{4}-\d\d-\d\d \d\d:\d\d UTC;/, ' at …;').trimEnd();
    expect(minute(page)).toBe(minute(runCli(ws.root, ['digest', '--max-chars', '5000']).stdout));
    expect(await call(c, 'digest', { since: 'round:4' })).toMatchObject({ isError: true, structuredContent: { error: { code: 'not_found', message: 'no review round 4' } } });
    expect(await call(c, 'digest', { since: 'yesterday' })).toMatchObject({ isError: true, structuredContent: { error: { code: 'usage' } } });
    const tooSmall = await c.callTool({ name: 'digest', arguments: { maxChars: 10 } }).then((x) => x as Result, (e: Error) => ({ isError: true, content: [{ type: 'text', text: e.message }] }));
    expect(tooSmall.isError).toBe(true);
  });

  it('errors are MCP tool errors with the CLI\'s code: not found, usage, a timed-out wait', async () => {
    ws = makeWorkspace({ 'a.ts': 'one\n' });
    fs.mkdirSync(path.join(ws.root, '.consider'));
    const c = await connect();
    const missing = await call(c, 'get', { id: 'c_nosuchthread' });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent!.error).toMatchObject({ code: 'not_found', hint: expect.stringContaining('consider-cli list') });
    const outside = await call(c, 'add', { file: '../elsewhere.ts', startLine: 1, message: 'x' });
    expect(outside).toMatchObject({ isError: true, structuredContent: { error: { code: 'usage' } } });
    const waited = await call(c, 'wait', { timeoutSeconds: 1 });
    expect(waited).toMatchObject({ isError: true, structuredContent: { error: { code: 'timeout' } } });
    // Input the schema refuses never reaches the CLI.
    const bad = await c.callTool({ name: 'add', arguments: { file: 'a.ts', startLine: 0, message: 'x' } }).then((r) => r as Result, (e: Error) => ({ isError: true, content: [{ type: 'text', text: e.message }] }));
    expect(bad.isError).toBe(true);
    expect(fs.existsSync(path.join(ws.root, '.consider/store.json'))).toBe(false);
  });

  it('an id or file name is never read as an option: get --help is a thread that does not exist', async () => {
    ws = makeWorkspace({ 'a.ts': 'one\n', '--help': 'a file named like a flag\n' });
    await addThread(ws.root, { file: 'a.ts', startLine: 1, endLine: 1, body: 'x', author: 'human' });
    const c = await connect();
    for (const tool of ['get', 'context', 'resolve', 'unresolve', 'wait']) {
      const r = await call(c, tool, { id: '--help', ...(tool === 'wait' ? { timeoutSeconds: 1 } : {}) });
      expect(r, tool).toMatchObject({ isError: true, structuredContent: { error: { code: 'not_found' } } });
    }
    expect(await call(c, 'reply', { id: '--version', message: 'x' })).toMatchObject({ isError: true, structuredContent: { error: { code: 'not_found' } } });
    // A file that is called --help is a file.
    expect(answer(await call(c, 'add', { file: '--help', startLine: 1, message: 'odd name' }))).toMatchObject({ file: '--help', lines: '1' });
  });

  it('for the demo workspace\'s threads, list and get send at most 1.3× the characters of the CLI\'s text', async () => {
    const parent = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-mcp-demo-')));
    ws = { ...makeWorkspace(), cleanup: () => fs.rmSync(parent, { recursive: true, force: true }) };
    const root = path.join(parent, 'shop');
    const demo = await createDemoWorkspace(root, { repo: REPO }) as { all: { id: string }[] };
    expect(demo.all.length).toBeGreaterThanOrEqual(8);
    const c = await connect(root);
    /** What the agent is given: the text blocks, and structuredContent when there is one. */
    const sent = (r: Result) => r.content.reduce((n, b) => n + (b.text?.length ?? 0), 0) + (r.structuredContent ? JSON.stringify(r.structuredContent).length : 0);
    const text = (...args: string[]) => { const r = runCli(root, args); expect(r.code).toBe(0); return r.stdout.length; };
    const rows: [string, number, number][] = [
      ['list', sent(await call(c, 'list')), text('list')],
      ['list all', sent(await call(c, 'list', { workflow: 'all' })), text('list', '--workflow', 'all')],
    ];
    for (const t of demo.all) rows.push([`get ${t.id}`, sent(await call(c, 'get', { id: t.id })), text('get', t.id)]);
    for (const [what, mcp, cli] of rows) expect(mcp / cli, `${what}: ${mcp} characters against ${cli}`).toBeLessThanOrEqual(1.3);
  }, 120_000);
});

/** The processes whose parent is `pid` (from /proc: Linux). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

/** Whether `pid` runs (a zombie does not). */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function until(what: string, test: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The server as a plain process, spoken to line by line: the test decides how it ends. */
function rawServer(root: string): { server: ChildProcessWithoutNullStreams; send: (m: object) => void } {
  const server = spawn(process.execPath, [cliUnderTest(), 'mcp', '--root', root]);
  const send = (m: object): void => { server.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n'); };
  send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
  send({ method: 'notifications/initialized' });
  send({ id: 2, method: 'tools/call', params: { name: 'wait', arguments: { timeoutSeconds: 3600 } } });
  return { server, send };
}

describe('consider-cli mcp leaves no command running', () => {
  const ready = () => makeWorkspace({ 'a.ts': 'one\n' }, 'consider-mcp-leak-');
  const prepare = () => { ws = ready(); fs.mkdirSync(path.join(ws.root, '.consider')); };

  it('a cancelled wait call stops its command, and the server goes on answering', async () => {
    prepare();
    const c = await connect();
    const stop = new AbortController();
    const waiting = c.callTool({ name: 'wait', arguments: { timeoutSeconds: 3600 } }, undefined, { signal: stop.signal, timeout: 3_600_000 }).catch((e: Error) => e);
    const pid = transport!.pid!;
    await until('the wait command runs', () => childrenOf(pid).length === 1);
    const [child] = childrenOf(pid);
    stop.abort();
    expect(await waiting).toBeInstanceOf(Error);
    await until('the wait command has ended', () => !running(child!));
    expect(answer(await call(c, 'summary'))).toMatchObject({ total: 0 });
  });

  it('the client closing stdin while a wait runs ends the server and its command', async () => {
    prepare();
    const { server } = rawServer(ws.root);
    await until('the wait command runs', () => childrenOf(server.pid!).length === 1);
    const [child] = childrenOf(server.pid!);
    const exited = new Promise((r) => server.on('exit', r));
    server.stdin.end();
    await exited;
    await until('the wait command has ended', () => !running(child!));
  });

  it('a server killed outright (SIGKILL) leaves no wait behind: it ends by itself', async () => {
    prepare();
    const { server } = rawServer(ws.root);
    await until('the wait command runs', () => childrenOf(server.pid!).length === 1);
    const [child] = childrenOf(server.pid!);
    server.kill('SIGKILL');
    await until('the orphaned wait has ended', () => !running(child!));
  });
});

describe('consider-cli mcp wait', () => {
  it('returns the new reply, not the thread\'s first comment', async () => {
    ws = makeWorkspace({ 'a.ts': 'one\n' });
    const t = await addThread(ws.root, { file: 'a.ts', startLine: 1, endLine: 1, body: 'The first comment.', author: 'human' });
    expect(runCli(ws.root, ['get', t.id]).code).toBe(0); // read: nothing new now
    const c = await connect();
    const waiting = call(c, 'wait', { id: t.id, timeoutSeconds: 30 });
    await new Promise((r) => setTimeout(r, 800));
    await replyToThread(ws.root, t.id, { body: 'The new reply.', author: 'human' });
    const news = answer(await waiting);
    expect(news).toMatchObject({ what: 'the developer wrote in it', thread: { id: t.id, new: { replies: [{ author: 'human', body: 'The new reply.' }] } } });
    expect(news.thread.new.comment).toBeUndefined();
  });
});
