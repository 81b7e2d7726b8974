/**
 * Issue 18: `consider-cli mcp` as a process, spoken to with the MCP SDK's own client: it lists
 * the tools with their input schemas, each tool does what its CLI command does to the store, and
 * errors come back as MCP tool errors carrying the CLI's code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addThread, readStore, submitReview } from '../shared/store';
import { cliUnderTest, ensureBuilt, makeWorkspace, type Workspace } from './helpers/cli';

let ws: Workspace;
let client: Client | undefined;
beforeAll(() => ensureBuilt());
afterEach(async () => {
  await client?.close();
  client = undefined;
  ws?.cleanup();
});

async function connect(): Promise<Client> {
  client = new Client({ name: 'consider-test', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [cliUnderTest(), 'mcp', '--root', ws.root], stderr: 'pipe' }));
  return client;
}

type Result = { isError?: boolean; structuredContent?: Record<string, any>; content: { type: string; text?: string }[] };
const call = async (c: Client, name: string, args: Record<string, unknown> = {}) => (await c.callTool({ name, arguments: args })) as Result;

describe('consider-cli mcp', () => {
  it('lists one tool per CLI command, each with its input schema', async () => {
    ws = makeWorkspace({ 'a.ts': 'one\n' });
    const c = await connect();
    const { tools } = await c.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['add', 'context', 'get', 'list', 'reply', 'resolve', 'review', 'summary', 'unresolve', 'wait']);
    const reply = tools.find((t) => t.name === 'reply')!;
    expect(reply.inputSchema).toMatchObject({ type: 'object', required: expect.arrayContaining(['id', 'message']) });
    expect((reply.inputSchema.properties as Record<string, { enum?: string[] }>).disposition?.enum).toEqual(['addressed', 'declined', 'question']);
    expect((tools.find((t) => t.name === 'list')!.inputSchema.properties as Record<string, { enum?: string[] }>).workflow?.enum).toEqual(['open', 'resolved', 'all']);
  });

  it('every tool acts on the store as its command does', async () => {
    ws = makeWorkspace({ 'src/a.ts': 'one\ntwo\nthree\nfour\n' });
    const human = await addThread(ws.root, { file: 'src/a.ts', startLine: 2, endLine: 2, body: 'Why two?', author: 'human' });
    await addThread(ws.root, { file: 'src/a.ts', startLine: 4, endLine: 4, body: 'pending, not yet for the agent', author: 'human', pending: true });
    const c = await connect();

    expect((await call(c, 'summary')).structuredContent).toMatchObject({ open: 1, unseenOpen: 1 });
    const listed = (await call(c, 'list')).structuredContent!.comments as { id: string }[];
    expect(listed.map((t) => t.id)).toEqual([human.id]); // the pending review is not the agent's to see
    expect((await call(c, 'wait', { timeoutSeconds: 5 })).structuredContent!.comments[0].id).toBe(human.id); // unseen: returns at once

    const ctx = await call(c, 'context', { id: human.id, around: 1 });
    expect(ctx.structuredContent!.context).toMatchObject({ file: 'src/a.ts', startLine: 2, endLine: 2, lines: [{ number: 1 }, { number: 2, text: 'two', target: true }, { number: 3 }] });
    expect(JSON.stringify(ctx.structuredContent!.context)).toContain('two');
    expect((await call(c, 'get', { id: human.id.slice(2, 6) })).structuredContent!.id).toBe(human.id);

    const reply = await call(c, 'reply', { id: human.id, message: 'Because of the header.', disposition: 'addressed' });
    expect(reply.isError).toBeUndefined();
    const stored = readStore(ws.root).store.comments.find((t) => t.id === human.id)!;
    expect(stored.thread.at(-1)).toMatchObject({ author: 'agent', body: 'Because of the header.', disposition: 'addressed' });
    expect((await call(c, 'summary')).structuredContent).toMatchObject({ addressed: 1, unseenOpen: 0 });

    expect((await call(c, 'resolve', { id: human.id })).structuredContent!.workflowState).toBe('resolved');
    expect((await call(c, 'unresolve', { id: human.id })).structuredContent!.workflowState).toBe('open');

    const asked = await call(c, 'add', { file: 'src/a.ts', startLine: 3, message: 'Is three right?' });
    expect(asked.structuredContent).toMatchObject({ file: 'src/a.ts', author: 'agent', anchor: { startLine: 3, endLine: 3 } });

    expect((await call(c, 'review')).structuredContent).toMatchObject({ round: null });
    await submitReview(ws.root, { message: 'Round one.' });
    expect((await call(c, 'review')).structuredContent).toMatchObject({ round: { round: 1, message: 'Round one.' } });
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
});
