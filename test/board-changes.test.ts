/**
 * The board's side of issue 23, host side, through the REAL BoardSession over REAL stores: a
 * thread addressed without its code changing is flagged, one whose code changed carries the
 * lines then and now, a thread about removed code says so, each round says what became of its
 * threads and whether its baseline is kept; and the page's "Show Changes" / "Changes since this
 * round" reach the services that open them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FolderStoreState } from '../extension/api';
import { BoardSession } from '../extension/board/session';
import { PROTOCOL_VERSION, parseHostMessage, type HostMessage } from '../shared/board/protocol';
import { filterRows, projectRows } from '../shared/board/projection';
import { rowBadges } from '../shared/board/rowBadges';
import * as store from '../shared';
import { addRemovedCodeThread, submitReviewWithBaseline } from '../shared/changes';
import { testBoardServices } from './helpers/board-services';

let root: string;
let folders: FolderStoreState[];
let posted: HostMessage[];
let session: BoardSession;
const opened: string[] = [];

const SOURCE = 'function clamp(v, lo, hi) {\n  return Math.min(hi, Math.max(lo, v));\n}\n\nexport const unit = 1;\n';

function read(): void {
  const r = store.readStore(root);
  folders = [{ root, name: path.basename(root), ...(r.exists ? { store: r.store } : {}) }];
}

async function open(): Promise<Extract<HostMessage, { type: 'host/snapshot' }>> {
  read();
  posted = [];
  const services = { ...testBoardServices({ home: root, folders: () => folders, refresh: read }),
    showThreadChanges: (r: string, id: string) => opened.push(`changes ${r === root} ${id}`),
    showChangesSince: (r: string, round: number) => opened.push(`since ${r === root} ${round}`) };
  session = new BoardSession(services, (m) => posted.push(m));
  await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
  const snap = posted.find((m): m is Extract<HostMessage, { type: 'host/snapshot' }> => m.type === 'host/snapshot')!;
  expect(parseHostMessage(snap).ok).toBe(true); // passes the webview's own validation
  return snap;
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-board-changes-'));
  fs.writeFileSync(path.join(root, 'clamp.js'), SOURCE);
  opened.length = 0;
});
afterEach(() => {
  session?.dispose();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the board and the Changes view', () => {
  it('flags "addressed, but its code did not change", with its badge and its filter', async () => {
    const untouched = await store.addThread(root, { file: 'clamp.js', startLine: 2, endLine: 2, body: 'lo > hi?', author: 'human' });
    const other = await store.addThread(root, { file: 'clamp.js', startLine: 5, endLine: 5, body: 'unit?', author: 'human' });
    await store.replyToThread(root, untouched.id, { body: 'Fixed.', author: 'agent', disposition: 'addressed' });
    await store.replyToThread(root, other.id, { body: 'Fixed.', author: 'agent', disposition: 'addressed' });
    fs.writeFileSync(path.join(root, 'clamp.js'), SOURCE.replace('unit = 1', 'unit = 2'));
    await store.reconcileWorkspace(root);
    const snap = await open();
    const views = new Map(snap.folders[0]!.threads.map((t) => [t.id, t]));
    expect(views.get(untouched.id)).toMatchObject({ awaitingCheck: true, addressedUnchanged: true });
    expect(views.get(other.id)).toMatchObject({ awaitingCheck: true, codeChanged: true });
    expect(views.get(other.id)).not.toHaveProperty('addressedUnchanged');
    expect(rowBadges(views.get(untouched.id)!).map((b) => b.label)).toContain('code unchanged');
    const rows = projectRows(snap.folders);
    expect(filterRows(rows, { addressedUnchanged: true }, { showResolved: true, showStale: true }).map((r) => r.thread.id)).toEqual([untouched.id]);
  });

  it('a thread whose code changed carries the lines then and now; Show Changes reaches the services', async () => {
    const c = await store.addThread(root, { file: 'clamp.js', startLine: 1, endLine: 3, body: 'Simplify?', author: 'human' });
    fs.writeFileSync(path.join(root, 'clamp.js'), SOURCE.replace('  return Math.min(hi, Math.max(lo, v));\n', '  if (lo > hi) throw new Error("lo > hi");\n  return Math.min(hi, Math.max(lo, v));\n'));
    await store.reconcileWorkspace(root);
    await open();
    posted = [];
    await session.receive({ type: 'thread/details', requestId: 'q1', params: {} });
    const answer = posted.find((m) => m.type === 'host/response') as Extract<HostMessage, { type: 'host/response'; ok: true }>;
    const details = (answer.result as { folders: { threads: { id: string; code?: { then: string; now?: string } }[] }[] }).folders[0]!.threads.find((t) => t.id === c.id)!;
    const code = details.code;
    if (code?.now === undefined) throw new Error(`expected the code then and now: ${JSON.stringify(details)}`);
    expect(code.then).toBe(SOURCE.split('\n').slice(0, 3).join('\n'));
    expect(code.now).toContain('throw new Error');
    await session.receive({ type: 'thread/showChanges', root, id: c.id });
    await session.receive({ type: 'thread/showChanges', root: '/not/a/folder', id: c.id });
    expect(opened).toEqual([`changes true ${c.id}`]);
  });

  it('a stale thread\'s "now" is what stands where its lines stood, not the lines at its guessed place', async () => {
    // The agent puts a line before the commented one and edits it: the thread goes stale and is
    // shown from the edited block's start, the new line, which is not what became of its own.
    const SRC = 'export function pay(order: Order): void {\n  validate(order);\n  charge(order.total, "EUR");\n  notify(order.customer);\n}\n';
    fs.writeFileSync(path.join(root, 'pay.ts'), SRC);
    const c = await store.addThread(root, { file: 'pay.ts', startLine: 3, endLine: 3, body: 'Hard-coded currency?', author: 'human' });
    fs.writeFileSync(path.join(root, 'pay.ts'), SRC.replace('  charge(order.total, "EUR");', '  const amount = toCents(order.total);\n  charge(amount, order.currency);'));
    await store.reconcileWorkspace(root);
    expect(store.readStore(root).store.comments.find((t) => t.id === c.id)!.anchorState).toBe('stale');
    await open();
    posted = [];
    await session.receive({ type: 'thread/details', requestId: 'q1', params: {} });
    const answer = posted.find((m) => m.type === 'host/response') as Extract<HostMessage, { type: 'host/response'; ok: true }>;
    const code = (answer.result as { folders: { threads: { id: string; code?: { then: string; now?: string } }[] }[] }).folders[0]!.threads.find((t) => t.id === c.id)!.code;
    expect(code).toEqual({ then: '  charge(order.total, "EUR");', now: '  charge(amount, order.currency);' });
  });

  it('rounds say what became of their threads and whether their baseline is kept; a thread about removed code says so', async () => {
    const a = await store.addThread(root, { file: 'clamp.js', startLine: 2, endLine: 2, body: 'one', author: 'human', pending: true });
    const b = await store.addThread(root, { file: 'clamp.js', startLine: 5, endLine: 5, body: 'two', author: 'human', pending: true });
    await submitReviewWithBaseline(root, { message: 'first' });
    await store.replyToThread(root, a.id, { body: 'Done.', author: 'agent', disposition: 'addressed' });
    await store.replyToThread(root, b.id, { body: 'No.', author: 'agent', disposition: 'declined' });
    await store.setWorkflowState(root, b.id, 'resolved', 'human');
    await store.submitReview(root, { message: 'a note without a baseline' });
    const removed = await addRemovedCodeThread(root, {
      file: 'clamp.js', baseline: { key: 'head', label: 'the last commit (main)' }, baselineText: SOURCE, startLine: 1, endLine: 1, body: 'gone?', author: 'human',
    });
    const snap = await open();
    expect(snap.folders[0]!.reviews).toEqual([
      { round: 1, submittedAt: expect.any(String), threads: 2, message: 'first', dispositions: { addressed: 1, declined: 1, question: 0 }, open: 1, hasBaseline: true },
      { round: 2, submittedAt: expect.any(String), threads: 0, message: 'a note without a baseline', open: 0 },
    ]);
    expect(snap.folders[0]!.threads.find((t) => t.id === removed.id)).toMatchObject({ removedIn: 'the last commit (main)' });
    await session.receive({ type: 'changes/showSince', root, round: 1 });
    expect(opened).toEqual(['since true 1']);
  });
});
