/**
 * The board and the review loop (docs/agent-loop.md), host side: what the snapshot says of
 * pending threads, rounds and dispositions, and the `review/*` requests
 * (extension/board/handlers/review.ts) through the REAL BoardSession over REAL stores in temp
 * workspaces.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FolderStoreState } from '../extension/api';
import { BoardSession } from '../extension/board/session';
import { PROTOCOL_VERSION, parseHostMessage, type HostMessage, type RequestType } from '../shared/board/protocol';
import * as store from '../shared';
import { testBoardServices } from './helpers/board-services';

let roots: string[];
let folders: FolderStoreState[];
let posted: HostMessage[];
let logs: string[];
let session: BoardSession;

function read(): void {
  folders = roots.map((root) => {
    const r = store.readStore(root);
    return { root, name: path.basename(root), ...(r.exists ? { store: r.store } : {}) };
  });
}

function workspace(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-review-'));
  fs.writeFileSync(path.join(root, 'a.ts'), 'one\ntwo\nthree\nfour\nfive\n');
  return root;
}

const add = (root: string, line: number, body: string, pending = false) =>
  store.addThread(root, { file: 'a.ts', startLine: line, endLine: line, body, author: 'human', pending });

let requests = 0;
/** Sends a request and returns the host's answer to it. */
async function request(type: RequestType, params: unknown): Promise<Extract<HostMessage, { type: 'host/response' }>> {
  const requestId = `q${++requests}`;
  await session.receive({ type, requestId, params });
  const answer = posted.find((m) => m.type === 'host/response' && m.requestId === requestId);
  if (!answer || answer.type !== 'host/response') throw new Error(`no answer to ${type}`);
  return answer;
}

const snapshots = () => posted.filter((m): m is Extract<HostMessage, { type: 'host/snapshot' }> => m.type === 'host/snapshot');
const stored = (root: string) => store.readStore(root).store;

async function open(askSession?: (root: string) => Promise<string | undefined | null>): Promise<void> {
  read();
  posted = [];
  logs = [];
  session = new BoardSession(testBoardServices({ home: roots[0]!, folders: () => folders, refresh: read, log: (l) => logs.push(l), ...(askSession ? { askSession } : {}) }), (m) => posted.push(m));
  await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
}

beforeEach(() => { roots = [workspace()]; });
afterEach(() => {
  session?.dispose();
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

describe('the snapshot of the review loop', () => {
  it('carries pending, round, disposition and awaiting-check per thread, the pending count and the rounds per folder', async () => {
    const root = roots[0]!;
    const sent = await add(root, 1, 'sent outside a review');
    await store.replyToThread(root, sent.id, { body: 'Done.', author: 'agent', disposition: 'addressed' });
    const declined = await add(root, 2, 'declined, then answered');
    await store.replyToThread(root, declined.id, { body: 'No: it is public API.', author: 'agent', disposition: 'declined' });
    await store.replyToThread(root, declined.id, { body: 'Fair enough.', author: 'human' });
    const inRound = await add(root, 3, 'in round 1', true);
    await store.submitReview(root, { message: 'Round one <b>note</b>' });
    const pending = await add(root, 4, 'not sent yet', true);
    await open();

    // The snapshot passes the webview's validation as it is.
    const wire = parseHostMessage(snapshots()[0]);
    expect(wire.ok).toBe(true);
    const f = snapshots()[0]!.folders[0]!;
    const byId = new Map(f.threads.map((t) => [t.id, t]));
    expect(byId.get(sent.id)).toMatchObject({ disposition: 'addressed', awaitingCheck: true });
    expect(byId.get(sent.id)).not.toHaveProperty('pending');
    // The human answered the agent's "declined": the thread's disposition ends there (model.ts dispositionOf).
    expect(byId.get(declined.id)).not.toHaveProperty('disposition');
    expect(byId.get(declined.id)).not.toHaveProperty('awaitingCheck');
    expect(byId.get(inRound.id)).toMatchObject({ round: 1, unseen: true });
    expect(byId.get(pending.id)).toMatchObject({ pending: true });
    expect(byId.get(pending.id)).not.toHaveProperty('unseen'); // the agent cannot see it: nothing for it to read
    expect(f.pendingCount).toBe(1);
    expect(f.reviews).toEqual([{ round: 1, submittedAt: expect.any(String), threads: 1, message: 'Round one <b>note</b>', open: 1 }]);

    // The conversations carry each reply's disposition.
    const details = await request('thread/details', {});
    const conv = (details as unknown as { result: { folders: { threads: { id: string; replies: { disposition?: string }[] }[] }[] } }).result.folders[0]!.threads.find((t) => t.id === declined.id)!;
    expect(conv.replies.map((r) => r.disposition)).toEqual(['declined', undefined]);
  });

  it('leaves the review fields out when there are no reviews', async () => {
    await add(roots[0]!, 1, 'plain');
    await open();
    const f = snapshots()[0]!.folders[0]!;
    expect(f).not.toHaveProperty('pendingCount');
    expect(f).not.toHaveProperty('reviews');
    for (const key of ['pending', 'round', 'disposition', 'awaitingCheck']) expect(f.threads[0]).not.toHaveProperty(key);
  });
});

describe('review/submit and review/discard', () => {
  it('submit makes round 1 with the message; the threads stop being pending and the next snapshot says so', async () => {
    const root = roots[0]!;
    const a = await add(root, 1, 'first', true);
    const b = await add(root, 2, 'second', true);
    const sentAlready = await add(root, 3, 'outside the review');
    await open();

    const r = await request('review/submit', { message: 'Please look at both.' });
    expect(r).toMatchObject({ ok: true, result: { done: 2, failed: [], rounds: [{ root, round: 1 }] } });
    const s = stored(root);
    expect(s.reviews).toEqual([expect.objectContaining({ round: 1, threadIds: [a.id, b.id], message: 'Please look at both.' })]);
    expect(s.comments.filter((c) => c.pending)).toEqual([]);
    expect(s.comments.find((c) => c.id === a.id)).toMatchObject({ round: 1 });
    expect(s.comments.find((c) => c.id === sentAlready.id)).not.toHaveProperty('round');

    session.sendSnapshotNow();
    const f = snapshots().at(-1)!.folders[0]!;
    expect(f.pendingCount).toBeUndefined();
    expect(f.reviews).toEqual([expect.objectContaining({ round: 1, threads: 2, message: 'Please look at both.' })]);
    expect(f.threads.find((t) => t.id === b.id)).toMatchObject({ round: 1, unseen: true });
  });

  it('with nothing pending and no message, submit is refused and writes nothing', async () => {
    await add(roots[0]!, 1, 'outside the review');
    await open();
    const before = fs.readFileSync(store.considerPaths(roots[0]!).store, 'utf8');
    expect(await request('review/submit', {})).toMatchObject({ ok: false, error: { code: 'usage' } });
    expect(await request('review/submit', { message: '   ' })).toMatchObject({ ok: false, error: { code: 'usage' } });
    expect(fs.readFileSync(store.considerPaths(roots[0]!).store, 'utf8')).toBe(before);
  });

  it('in several folders: one round each, the overall message with the first only', async () => {
    roots.push(workspace());
    const [one, two] = roots as [string, string];
    await add(one, 1, 'in one', true);
    await add(two, 1, 'in two', true);
    await add(two, 2, 'also in two', true);
    await open();
    const r = await request('review/submit', { message: 'Overall' });
    expect(r).toMatchObject({ ok: true, result: { done: 3, rounds: [{ root: one, round: 1 }, { root: two, round: 1 }] } });
    expect(stored(one).reviews?.[0]?.message).toBe('Overall');
    expect(stored(two).reviews?.[0]).not.toHaveProperty('message');
  });

  it('discard deletes the pending threads only; undo brings them back, still pending', async () => {
    const root = roots[0]!;
    const kept = await add(root, 1, 'outside the review');
    const a = await add(root, 2, 'pending one', true);
    const b = await add(root, 3, 'pending two', true);
    await open();

    const r = await request('review/discard', {});
    expect(r).toMatchObject({ ok: true, result: { done: 2, failed: [] } });
    expect(stored(root).comments.map((c) => c.id)).toEqual([kept.id]);
    const undoId = (r as { result: { undoId: string } }).result.undoId;
    expect(undoId).toBeTruthy();

    expect(await request('store/undo', { undoId })).toMatchObject({ ok: true, result: { done: 2 } });
    const back = stored(root).comments;
    expect(back.map((c) => c.id).sort()).toEqual([kept.id, a.id, b.id].sort());
    expect(back.filter((c) => c.pending).map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
    expect(stored(root).reviews).toBeUndefined(); // nothing was submitted
  });

  it('validates what the webview sends before acting', async () => {
    await add(roots[0]!, 1, 'pending', true);
    await open();
    await session.receive({ type: 'review/submit', requestId: 'bad', params: { message: 42 } });
    await session.receive({ type: 'review/submit', requestId: 'big', params: { message: 'x'.repeat(store.MAX_BODY_CHARS + 1) } });
    expect(posted.filter((m) => m.type === 'host/response')).toEqual([]);
    expect(logs.join('\n')).toMatch(/review\/submit: params\.message must be a string/);
    expect(stored(roots[0]!).comments[0]).toMatchObject({ pending: true });
  });
});

// Rounds addressed to one agent session (docs/worktrees.md, issue 39): the board's Submit asks as
// the command does, its rounds list names the session and what it last did here, and a round
// whose session ended can be sent to any session.
describe('rounds addressed to an agent session', () => {
  it("the board's Submit asks which session; the round is addressed to the answer, and another session's list does not see it", async () => {
    const root = roots[0]!;
    const t = await add(root, 1, 'for session A only', true);
    const asked: string[] = [];
    await open(async (r) => { asked.push(r); return 'claude:sess-a'; });
    expect(await request('review/submit', {})).toMatchObject({ ok: true, result: { done: 1, failed: [], rounds: [{ root, round: 1 }] } });
    expect(asked).toEqual([root]);
    expect(stored(root).reviews![0]).toMatchObject({ round: 1, forSession: 'claude:sess-a' });
    expect(store.roundsHiddenFrom(stored(root), 'claude:sess-b').has(1)).toBe(true);
    expect(store.roundsHiddenFrom(stored(root), 'claude:sess-a').has(1)).toBe(false);
    expect(stored(root).comments.find((c) => c.id === t.id)).toMatchObject({ round: 1 });
  });

  it('closing the session question sends nothing and says so (the bar keeps its message)', async () => {
    const root = roots[0]!;
    await add(root, 1, 'still pending', true);
    await open(async () => null);
    expect(await request('review/submit', { message: 'keep me' })).toMatchObject({ ok: true, result: { done: 0, rounds: [], cancelled: true } });
    expect(stored(root).reviews).toBeUndefined();
    expect(stored(root).comments[0]).toMatchObject({ pending: true });
  });

  it('the rounds list names the addressee and its last turn here; Send to any session re-addresses the round', async () => {
    const root = roots[0]!;
    await add(root, 1, 'for a session that ended', true);
    await store.submitReview(root, { forSession: 'claude:sess-gone-1234567' });
    await add(root, 2, 'for a session at work', true);
    await store.submitReview(root, { forSession: 'codex:sess-busy' });
    await add(root, 3, 'for anyone', true);
    await store.submitReview(root, {});
    store.recordTurn(root, 'claude:sess-gone-1234567', 'ended', Date.now() - 3 * 60_000);
    store.recordTurn(root, 'codex:sess-busy', 'running');
    await open();
    const reviews = () => {
      expect(parseHostMessage(snapshots().at(-1)).ok).toBe(true); // the fields pass the webview's validation
      return snapshots().at(-1)!.folders[0]!.reviews!;
    };
    const [gone, busy, any] = reviews();
    expect(gone!.forSession).toEqual({ session: 'claude:sess-gone-1234567', lastActedAt: expect.any(String) });
    expect(busy!.forSession).toEqual({ session: 'codex:sess-busy', lastActedAt: expect.any(String), working: true });
    expect(any).not.toHaveProperty('forSession');

    expect(await request('review/sendToAnySession', { root, round: 1 })).toMatchObject({ ok: true, result: { done: 1, failed: [] } });
    expect(stored(root).reviews![0]).not.toHaveProperty('forSession');
    expect(store.roundsHiddenFrom(stored(root), 'claude:other').has(1)).toBe(false);
    session.sendSnapshotNow();
    expect(reviews()[0]).not.toHaveProperty('forSession'); // the board's next snapshot says so
    expect(stored(root).reviews![1]).toMatchObject({ forSession: 'codex:sess-busy' }); // the others untouched
  });

  it('a round that is not there fails in one line and writes nothing; a folder outside the workspace is refused', async () => {
    const root = roots[0]!;
    await add(root, 1, 'x', true);
    await store.submitReview(root, { forSession: 'claude:s1' });
    await open();
    const before = fs.readFileSync(store.considerPaths(root).store, 'utf8');
    const r = await request('review/sendToAnySession', { root, round: 7 });
    expect(r).toMatchObject({ ok: true, result: { done: 0, failed: [{ message: expect.stringMatching(/round 7/) }] } });
    expect(await request('review/sendToAnySession', { root: '/elsewhere', round: 1 })).toMatchObject({ ok: false });
    expect(fs.readFileSync(store.considerPaths(root).store, 'utf8')).toBe(before);
  });
});
