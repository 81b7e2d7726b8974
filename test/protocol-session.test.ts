/**
 * The host side of the protocol (extension/board/session.ts) over the REAL store on a temp
 * workspace: the handshake, validation before acting, folder checks, undo.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FolderStoreState } from '../extension/api';
import type { BoardServices } from '../extension/board/services';
import { BoardSession } from '../extension/board/session';
import { buildBoardHtml } from '../extension/board/html';
import { PROTOCOL_VERSION, type HostMessage } from '../shared/board/protocol';
import * as store from '../shared';
import { testBoardServices } from './helpers/board-services';

let root: string;
let posted: HostMessage[];
let logs: string[];
let folders: FolderStoreState[];
let session: BoardSession;

function read(): void {
  const r = store.readStore(root);
  folders = [{ root, name: 'ws', ...(r.exists ? { store: r.store } : {}) }];
}

function services(): BoardServices {
  return testBoardServices({
    home: root,
    folders: () => folders,
    refresh: read,
    documentText: (r, rel) => { try { return fs.readFileSync(path.join(r, rel), 'utf8'); } catch { return undefined; } },
    log: (l) => logs.push(l),
  });
}

const response = (id: string) => posted.find((m) => m.type === 'host/response' && m.requestId === id) as Extract<HostMessage, { type: 'host/response' }> | undefined;
const tick = () => new Promise((r) => setTimeout(r, 30));

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-session-'));
  fs.writeFileSync(path.join(root, 'a.ts'), 'one\ntwo\nthree\n');
  await store.addThread(root, { file: 'a.ts', startLine: 1, endLine: 2, body: 'first', author: 'human' });
  await store.addThread(root, { file: 'a.ts', startLine: 3, endLine: 3, body: 'second', author: 'human' });
  read();
  posted = [];
  logs = [];
  session = new BoardSession(services(), (m) => posted.push(m));
});
afterEach(() => { session.dispose(); fs.rmSync(root, { recursive: true, force: true }); });

describe('BoardSession', () => {
  it('posts nothing before ready, then one snapshot (coalesced) and the queued view', async () => {
    session.pushSnapshot();
    session.pushSnapshot();
    session.showView('triage');
    await tick();
    expect(posted).toEqual([]);
    await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
    expect(posted.map((m) => m.type)).toEqual(['host/snapshot', 'host/view']);
    const snap = posted[0] as Extract<HostMessage, { type: 'host/snapshot' }>;
    expect(snap.folders[0]?.threads.map((t) => t.title)).toEqual(['first', 'second']);
    expect(snap.folders[0]?.threads[0]).toMatchObject({ startLine: 1, endLine: 2, workflowState: 'open', anchorState: 'anchored', unseen: true });
    expect(snap.folders[0]?.threads[0]).not.toHaveProperty('targetContent'); // anchored: only triage shows the stored code
  });

  it('sends the snapshot prepared while the page loaded, unless a store changed meanwhile', async () => {
    const firstSnapshot = () => posted.find((m): m is Extract<HostMessage, { type: 'host/snapshot' }> => m.type === 'host/snapshot')!;
    session.prepareFirstSnapshot();
    // Edited in place (the extension never does: a store is replaced when read again), only to
    // show that what goes out at \`ready\` was built before it.
    folders[0]!.store!.comments[0]!.body = 'edited after the snapshot was prepared';
    await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
    expect(firstSnapshot().folders[0]?.threads.map((t) => t.title)).toEqual(['first', 'second']);

    // A second panel: prepared, then the agent adds a thread before the webview is ready.
    const other: HostMessage[] = [];
    const second = new BoardSession(services(), (m) => other.push(m));
    second.prepareFirstSnapshot();
    await store.addThread(root, { file: 'a.ts', startLine: 2, endLine: 2, body: 'third, added meanwhile', author: 'agent' });
    read(); // what the store watcher does
    await second.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
    const sent = other.find((m): m is Extract<HostMessage, { type: 'host/snapshot' }> => m.type === 'host/snapshot')!;
    expect(sent.folders[0]?.threads.map((t) => t.title)).toEqual(['first', 'second', 'third, added meanwhile']);
    second.dispose();
  });

  it('after a webview reload (hidden panel shown again) resends the snapshot and the view the host last knew', async () => {
    const titles: string[] = [];
    session.onViewChanged = (v) => titles.push(v);
    await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
    await session.receive({ type: 'webview/viewChanged', view: 'triage' });
    session.showView('setup'); // a command while the webview is reloading
    posted.length = 0;
    await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
    expect(posted.map((m) => m.type === 'host/view' ? `view:${m.view}` : m.type)).toEqual(['host/snapshot', 'view:setup']);
    expect(titles).toEqual(['triage', 'setup']);
  });

  it('answers another protocol version with host/incompatible and stays closed', async () => {
    await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION + 1 });
    expect(posted).toEqual([{ type: 'host/incompatible', hostVersion: PROTOCOL_VERSION }]);
    const id = store.readStore(root).store.comments[0]!.id;
    await session.receive({ type: 'thread/setState', requestId: 'r1', params: { refs: [{ root, id }], state: 'resolved' } });
    expect(store.readStore(root).store.comments[0]!.workflowState).toBe('open');
    expect(logs.at(-1)).toMatch(/before the ready handshake/);
  });

  it('logs and ignores a malformed message; acts on a valid one and answers once', async () => {
    await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
    const id = store.readStore(root).store.comments[0]!.id;
    await session.receive({ type: 'thread/setState', requestId: 'bad', params: { refs: [{ root, id }], state: 'gone' } });
    expect(logs.at(-1)).toMatch(/^ignored malformed webview message: thread\/setState: params.state/);
    expect(response('bad')).toBeUndefined();
    await session.receive({ type: 'thread/setState', requestId: 'ok', params: { refs: [{ root, id }], state: 'resolved' } });
    expect(response('ok')).toMatchObject({ ok: true, result: { done: 1, failed: [] } });
    expect(store.readStore(root).store.comments[0]!.workflowState).toBe('resolved');
  });

  it('refuses folders outside the workspace and reports missing threads per item', async () => {
    await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
    const id = store.readStore(root).store.comments[0]!.id;
    await session.receive({ type: 'thread/delete', requestId: 'd', params: { refs: [{ root: '/', id }, { root, id: 'c_nope' }] } });
    expect(response('d')).toMatchObject({ ok: true, result: { done: 0, failed: [{ id, message: 'that folder is not part of this workspace' }, { id: 'c_nope' }] } });
    expect(store.readStore(root).store.comments).toHaveLength(2);
  });

  it('delete is undoable once; undo puts the threads back as they were', async () => {
    await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
    const before = store.readStore(root).store.comments;
    await session.receive({ type: 'thread/delete', requestId: 'd', params: { refs: before.map((c) => ({ root, id: c.id })) } });
    const res = response('d');
    expect(res).toMatchObject({ ok: true, result: { done: 2 } });
    const undoId = (res as { result: { undoId: string } }).result.undoId;
    expect(store.readStore(root).store.comments).toHaveLength(0);
    await session.receive({ type: 'store/undo', requestId: 'u', params: { undoId } });
    expect(response('u')).toMatchObject({ ok: true, result: { done: 2 } });
    expect(store.readStore(root).store.comments.map((c) => [c.id, c.body, c.anchor.startLine])).toEqual(before.map((c) => [c.id, c.body, c.anchor.startLine]));
    await session.receive({ type: 'store/undo', requestId: 'u2', params: { undoId } });
    expect(response('u2')).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('the suggestion for a thread whose file is gone says so', async () => {
    await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
    const id = store.readStore(root).store.comments[0]!.id;
    fs.rmSync(path.join(root, 'a.ts'));
    await session.receive({ type: 'anchor/suggest', requestId: 's', params: { root, id } });
    expect(response('s')).toMatchObject({ ok: true, result: { fileExists: false, currentLines: [] } });
  });
});

describe('board HTML', () => {
  it('has a strict CSP with the nonce, one nonce\'d boot script, and the view as a data attribute', () => {
    const html = buildBoardHtml({ cspSource: 'https://res.example', nonce: 'N0nce', scriptUri: 'https://res.example/index.js', styles: '.app{}', view: 'triage' });
    const csp = /Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'nonce-N0nce'");
    expect(csp).not.toMatch(/unsafe|https:(?!\/\/res)/);
    expect(html).toContain('data-view="triage"');
    // The one script imports the boot entry (a <script src> would hold up the page's `load`) and marks `load`.
    const scripts = [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)].map((m) => [m[1]!.includes('nonce="N0nce"'), m[2]]);
    expect(scripts).toEqual([[true, expect.stringContaining('import("https://res.example/index.js");')]]);
    expect(scripts[0]![1]).toContain("classList.add('loaded')");
  });

  it('writes the script URL so that it cannot end the boot script early', () => {
    const html = buildBoardHtml({ cspSource: 'https://res.example', nonce: 'N0nce', scriptUri: 'https://res.example/"</script><script>alert(1)</script>', styles: '', view: 'board' });
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('import("https://res.example/\\"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>")');
  });
});
