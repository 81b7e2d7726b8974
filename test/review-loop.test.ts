/**
 * The review loop (docs/agent-loop.md) through the store module and the real CLI process:
 * pending threads are invisible to the agent until submitted, a submit makes a numbered
 * round, dispositions are recorded and counted, `review` shows a round's overall message,
 * `wait` wakes up on a submit and times out with exit 6.
 */
import fs from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addThread, awaitsHumanCheck, discardReview, dispositionOf, readStore, replyToThread, submitReview,
} from '../shared';
import { ensureBuilt, makeWorkspace, runCli, runCliAsync } from './helpers/cli';
import { threadContextValue, threadLabel, threadLook } from '../extension/comments/thread-view';
import { toThreadView } from '../extension/board/snapshot';
import type { Workspace } from './helpers/cli';

let ws: Workspace;
beforeAll(() => ensureBuilt());
afterEach(() => ws?.cleanup());

function fresh(): Workspace {
  ws = makeWorkspace({ 'src/a.ts': 'one\ntwo\nthree\nfour\n', 'src/b.ts': 'alpha\nbeta\n' });
  return ws;
}

const pendingThread = (file: string, line: number, body: string) =>
  addThread(ws.root, { file, startLine: line, endLine: line, body, author: 'human', pending: true });

describe('pending review', () => {
  it('is stored at once but hidden from list, summary, get, reply and the list index', async () => {
    fresh();
    const sent = await addThread(ws.root, { file: 'src/a.ts', startLine: 1, endLine: 1, body: 'sent at once', author: 'human' });
    const p = await pendingThread('src/b.ts', 2, 'in the review');
    expect(readStore(ws.root).store.comments.map((c) => c.id)).toEqual([sent.id, p.id]); // on disk now

    for (const args of [['list', '--json'], ['list', '--json', '--workflow', 'all']]) {
      // twice: the second read answers from the list index, which must skip pending threads too
      for (let k = 0; k < 2; k++) expect(runCli(ws.root, args).json().comments.map((c: { id: string }) => c.id)).toEqual([sent.id]);
    }
    expect(runCli(ws.root, ['list']).stdout).not.toContain(p.id);
    for (let k = 0; k < 2; k++) {
      const s = runCli(ws.root, ['summary', '--json']).json();
      expect([s.open, s.unseenOpen, s.total]).toEqual([1, 1, 1]);
    }
    const get = runCli(ws.root, ['get', p.id]);
    expect(get.code).toBe(2);
    const before = ws.storeBytes();
    expect(runCli(ws.root, ['reply', p.id, '-m', 'peek']).code).toBe(2);
    expect(ws.storeBytes()!.equals(before!)).toBe(true);
  });

  it('submit delivers the pending threads as round 1, unseen, with the overall message', async () => {
    fresh();
    const a = await pendingThread('src/a.ts', 2, 'first');
    const b = await pendingThread('src/b.ts', 1, 'second');
    const round = await submitReview(ws.root, { message: 'Overall: tighten the error handling.' });
    expect(round).toMatchObject({ round: 1, threadIds: [a.id, b.id], message: 'Overall: tighten the error handling.' });
    const list = runCli(ws.root, ['list', '--unseen', '--json']).json();
    expect(list.comments.map((c: { id: string; round: number }) => [c.id, c.round])).toEqual([[a.id, 1], [b.id, 1]]);
    const s = runCli(ws.root, ['summary', '--json']).json();
    expect([s.unseenOpen, s.unseenReviews]).toEqual([2, 1]);
    expect(runCli(ws.root, ['summary']).stdout).toContain('1 overall review message not read yet');

    const shown = runCli(ws.root, ['review']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Review round 1');
    expect(shown.stdout).toContain('Overall: tighten the error handling.');
    expect(shown.stdout).toContain(a.id);
    // Reading it marks the message read (twice: the index fast path agrees).
    for (let k = 0; k < 2; k++) expect(runCli(ws.root, ['summary', '--json']).json().unseenReviews).toBe(0);

    // The next submit is round 2; nothing pending and no message is refused.
    await pendingThread('src/a.ts', 4, 'third');
    expect((await submitReview(ws.root)).round).toBe(2);
    await expect(submitReview(ws.root)).rejects.toThrow(/no pending review/);
  });

  it('a thread already read stays unseen again once submitted in a round (agent sees the submit as news)', async () => {
    fresh();
    const p = await pendingThread('src/a.ts', 1, 'x');
    await submitReview(ws.root);
    expect(runCli(ws.root, ['get', p.id]).code).toBe(0);
    expect(runCli(ws.root, ['summary', '--json']).json().unseenOpen).toBe(0);
  });

  it('discard removes only the pending threads and returns them for undo', async () => {
    fresh();
    const kept = await addThread(ws.root, { file: 'src/a.ts', startLine: 1, endLine: 1, body: 'kept', author: 'human' });
    const p = await pendingThread('src/a.ts', 2, 'dropped');
    const dropped = await discardReview(ws.root);
    expect(dropped.map((c) => c.id)).toEqual([p.id]);
    expect(readStore(ws.root).store.comments.map((c) => c.id)).toEqual([kept.id]);
    expect(await discardReview(ws.root)).toEqual([]);
  });
});

describe('dispositions', () => {
  it('reply --addressed records it; summary counts it; a human reply ends "awaiting your check"', async () => {
    fresh();
    const t = await addThread(ws.root, { file: 'src/a.ts', startLine: 1, endLine: 1, body: 'fix', author: 'human' });
    const r = runCli(ws.root, ['reply', t.id, '-m', 'Done.', '--addressed']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('(addressed)');
    let c = readStore(ws.root).store.comments[0]!;
    expect(c.thread[0]!.disposition).toBe('addressed');
    expect(dispositionOf(c)).toBe('addressed');
    expect(awaitsHumanCheck(c)).toBe(true);
    for (let k = 0; k < 2; k++) {
      expect(runCli(ws.root, ['summary', '--json']).json()).toMatchObject({ addressed: 1, declined: 0, question: 0 });
    }
    expect(runCli(ws.root, ['summary']).stdout).toContain('agent: 1 addressed, 0 declined, 0 question');
    expect(runCli(ws.root, ['list']).stdout).toContain('seen, addressed)');

    await replyToThread(ws.root, t.id, { body: 'Not quite.', author: 'human' });
    c = readStore(ws.root).store.comments[0]!;
    expect(awaitsHumanCheck(c)).toBe(false);
    expect(dispositionOf(c)).toBeUndefined(); // the human answered: the next move is the agent's
    expect(c.thread[0]!.disposition).toBe('addressed'); // the reply keeps its label
    expect(runCli(ws.root, ['summary', '--json']).json()).toMatchObject({ addressed: 0, declined: 0, question: 0 });

    runCli(ws.root, ['reply', t.id, '-m', 'Which part?', '--question']);
    expect(runCli(ws.root, ['summary', '--json']).json()).toMatchObject({ addressed: 0, question: 1 });
  });

  it("the human's answer to the agent's question ends it alike in list, summary, the board's row and the inline title", async () => {
    fresh();
    const t = await addThread(ws.root, { file: 'src/a.ts', startLine: 1, endLine: 1, body: 'rename this', author: 'human' });
    runCli(ws.root, ['reply', t.id, '-m', 'Keep the old name for the public API?', '--question']);
    let c = readStore(ws.root).store.comments[0]!;
    expect(threadLabel(threadLook(c))).toBe('Open · Agent: has a question');
    expect(toThreadView(c).disposition).toBe('question');
    expect(runCli(ws.root, ['list']).stdout).toContain('seen, question)');
    expect(runCli(ws.root, ['summary', '--json']).json()).toMatchObject({ question: 1 });

    await replyToThread(ws.root, t.id, { body: 'Yes, keep it.', author: 'human' });
    c = readStore(ws.root).store.comments[0]!;
    expect(threadLabel(threadLook(c))).toBe('Open');
    expect(threadContextValue(threadLook(c))).not.toContain('disposition');
    expect(toThreadView(c)).not.toHaveProperty('disposition');
    expect(runCli(ws.root, ['list']).stdout).toContain(`[${t.id}] src/a.ts:1 (workflow=open, anchor=anchored, unseen)`);
    // twice: the second answers from the list index
    for (let k = 0; k < 2; k++) expect(runCli(ws.root, ['summary', '--json']).json()).toMatchObject({ unseenOpen: 1, question: 0 });
    // The agent asking again makes it a question again.
    runCli(ws.root, ['reply', t.id, '-m', 'And the CLI flag too?', '--question']);
    expect(threadLabel(threadLook(readStore(ws.root).store.comments[0]!))).toBe('Open · Agent: has a question');
  });

  it('two dispositions at once are a usage error and change nothing', async () => {
    fresh();
    const t = await addThread(ws.root, { file: 'src/a.ts', startLine: 1, endLine: 1, body: 'fix', author: 'human' });
    const before = ws.storeBytes();
    const r = runCli(ws.root, ['reply', t.id, '-m', 'x', '--addressed', '--declined']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/at most one of --addressed, --declined, --question/);
    expect(ws.storeBytes()!.equals(before!)).toBe(true);
  });

  it('a hand-edited store with an unknown disposition is refused with the field named', () => {
    fresh();
    fs.mkdirSync(`${ws.root}/.consider`, { recursive: true });
    fs.writeFileSync(`${ws.root}/.consider/store.json`, JSON.stringify({
      version: 1,
      comments: [{ id: 'c_1', file: 'src/a.ts', anchor: { startLine: 1, endLine: 1, contextBefore: [], contextAfter: [], targetContent: 'one', contentHash: 'x', lastAnchorCheck: '2026-01-01T00:00:00Z' },
        workflowState: 'open', anchorState: 'anchored', createdAt: '2026-01-01T00:00:00Z', author: 'human', body: 'b',
        thread: [{ id: 'r_1', author: 'agent', body: 'ok', createdAt: '2026-01-01T00:00:01Z', disposition: 'maybe' }] }],
    }));
    const r = runCli(ws.root, ['list']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('comments[0].thread[0].disposition');
  });
});

describe('wait', () => {
  it('returns at once when unseen feedback is already waiting', async () => {
    fresh();
    await addThread(ws.root, { file: 'src/a.ts', startLine: 1, endLine: 1, body: 'hello', author: 'human' });
    const r = runCli(ws.root, ['wait', '--timeout', '5']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 unseen comment');
  });

  it('human activity dated in the future (another machine\'s clock) wakes it once: after the agent read it, wait waits (issue 29)', async () => {
    fresh();
    const t = await addThread(ws.root, { file: 'src/a.ts', startLine: 1, endLine: 1, body: 'from a clock ahead', author: 'human' });
    const store = ws.store();
    store.comments[0].createdAt = '2999-01-01T00:00:00.000Z';
    fs.writeFileSync(ws.storePath, JSON.stringify(store));
    expect(runCli(ws.root, ['wait', '--timeout', '1']).stdout).toContain('1 unseen comment');
    expect(runCli(ws.root, ['get', t.id]).code).toBe(0); // the agent reads it
    const r = runCli(ws.root, ['wait', '--timeout', '1', '--json']);
    expect(r.code).toBe(6);
    expect(runCli(ws.root, ['list', '--unseen', '--json']).json().comments).toEqual([]);
  });

  it('times out with exit 6 while only a pending review exists', async () => {
    fresh();
    await pendingThread('src/a.ts', 1, 'not yet');
    const r = runCli(ws.root, ['wait', '--timeout', '1', '--json']);
    expect(r.code).toBe(6);
    expect(r.json().error.code).toBe('timeout');
  });

  it('wakes up when the review is submitted and prints its threads', async () => {
    fresh();
    const p = await pendingThread('src/a.ts', 3, 'look here');
    const waiting = runCliAsync(ws.root, ['wait', '--timeout', '20', '--json']);
    await new Promise((r) => setTimeout(r, 700)); // let it start watching
    await submitReview(ws.root, { message: 'round note' });
    const r = await waiting;
    expect(r.code).toBe(0);
    const out = r.json();
    expect(out.comments.map((c: { id: string }) => c.id)).toEqual([p.id]);
    expect(out.reviews[0].message).toBe('round note');
  });

  it('wait <id> wakes on a human reply to that thread, not on another thread', async () => {
    fresh();
    const t = await addThread(ws.root, { file: 'src/a.ts', startLine: 1, endLine: 1, body: 'q', author: 'human' });
    runCli(ws.root, ['reply', t.id, '-m', 'asked back', '--question']); // the agent has read it now
    const waiting = runCliAsync(ws.root, ['wait', t.id, '--timeout', '20']);
    await new Promise((r) => setTimeout(r, 700));
    await addThread(ws.root, { file: 'src/b.ts', startLine: 1, endLine: 1, body: 'other', author: 'human' });
    await new Promise((r) => setTimeout(r, 300));
    await replyToThread(ws.root, t.id, { body: 'the answer', author: 'human' });
    const r = await waiting;
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`News on [${t.id}]: the developer wrote in it.`);
  });

  it('wait prints what is new: the developer\'s new reply in full, not the thread\'s first comment again', async () => {
    fresh();
    const t = await addThread(ws.root, { file: 'src/a.ts', startLine: 1, endLine: 1, body: 'The first comment.', author: 'human' });
    runCli(ws.root, ['reply', t.id, '-m', 'Shall I?', '--question']); // the agent has read it now
    const one = runCliAsync(ws.root, ['wait', t.id, '--timeout', '20']);
    const any = runCliAsync(ws.root, ['wait', '--timeout', '20']);
    const anyJson = runCliAsync(ws.root, ['wait', t.id, '--timeout', '20', '--json']);
    await new Promise((r) => setTimeout(r, 700));
    const answer = await replyToThread(ws.root, t.id, { body: 'Yes, go ahead.\nAnd keep the old name as an alias.', author: 'human' });

    const single = await one;
    expect(single.code).toBe(0);
    expect(single.stdout).toContain(`[${answer.reply.id}] human · ${answer.reply.createdAt}:\n  Yes, go ahead.\n  And keep the old name as an alias.`);
    expect(single.stdout).not.toContain('The first comment.');
    const overview = await any;
    expect(overview.stdout).toContain('  new reply from human: "Yes, go ahead. And keep the old name as an alias."');
    expect((await anyJson).json().unread).toEqual({ comment: false, replyIds: [answer.reply.id] });
  });
});

describe('review: one round a call', () => {
  it('says which other rounds still wait, and which to read next', async () => {
    fresh();
    await pendingThread('src/a.ts', 1, 'first round');
    await submitReview(ws.root, { message: 'Round one.' });
    await pendingThread('src/b.ts', 1, 'second round');
    await submitReview(ws.root, { message: 'Round two.' });
    await submitReview(ws.root, { message: 'Round three: just a note.' });

    const first = runCli(ws.root, ['review']);
    expect(first.stdout).toContain('Review round 1');
    expect(first.stdout).toContain('Also waiting: round 2 (overall message not read, 1 unseen comment), round 3 (overall message not read). Run `consider-cli review 2` next.');
    expect(runCli(ws.root, ['review', '--json']).json().alsoWaiting).toEqual([
      { round: 1, unseenThreads: 1 }, { round: 3, unreadMessage: true },
    ]); // showed round 2 (the oldest unread message); round 1's message is read, its thread is not
    const c1 = readStore(ws.root).store.comments.find((c) => c.round === 1)!;
    runCli(ws.root, ['get', c1.id]);
    expect(runCli(ws.root, ['review', '3']).stdout).toContain('Also waiting: round 2 (1 unseen comment). Run `consider-cli review 2` next.');
    const c2 = readStore(ws.root).store.comments.find((c) => c.round === 2)!;
    runCli(ws.root, ['get', c2.id]);
    expect(runCli(ws.root, ['review']).stdout).not.toContain('Also waiting');
  });
});
