import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ConsiderError, LOCK_STALE_MS, LOCK_UNWRITTEN_GRACE_MS, LOCK_WAIT_MS, acquireLock, addThread, archiveResolved, considerPaths, deleteReply, deleteThread, editComment,
  ensureConsiderDir, findThread, findWorkspaceRoot, isUnseen, markSeenByAgent, mutateStore, readActivity, readArchive,
  readConfig, readStore, replyToThread, resolveInWorkspace, restoreThreads, setWorkflowState, summarize, unarchive,
  updateConfig, validateStore, commentTexts,
} from '../shared';
import type { Comment, StoreFile } from '../shared';
import { makeWorkspace, numberedLines } from './helpers/cli';
import { atClock } from './helpers/clock';
import { writeTime } from '../shared/store/store-io';
import type { Workspace } from './helpers/cli';

let ws: Workspace;
afterEach(() => ws?.cleanup());

function fresh(): Workspace {
  ws = makeWorkspace({ 'src/a.ts': numberedLines(30), 'b.md': 'alpha\nbeta\n' });
  return ws;
}

function validThread(over: Partial<Comment> = {}): Comment {
  return {
    id: 'c_aaaa1111',
    file: 'src/a.ts',
    anchor: { startLine: 2, endLine: 3, contextBefore: ['line 1'], contextAfter: ['line 4'], targetContent: 'line 2\nline 3', contentHash: 'x', lastAnchorCheck: '2026-01-01T00:00:00.000Z' },
    workflowState: 'open',
    anchorState: 'anchored',
    createdAt: '2026-01-01T00:00:00.000Z',
    author: 'human',
    body: 'why?',
    thread: [],
    ...over,
  };
}

function writeStoreJson(data: unknown): Buffer {
  ensureConsiderDir(ws.root);
  const bytes = Buffer.from(JSON.stringify(data, null, 2));
  fs.writeFileSync(ws.storePath, bytes);
  return bytes;
}

function codeOf(fn: () => unknown): string | undefined {
  try { fn(); } catch (e) { return (e as ConsiderError).code; }
  return undefined;
}

describe('validation names the bad field', () => {
  const cases: [string, (s: any) => void, RegExp][] = [
    ['version', (s) => { s.version = 'one'; }, /^version must be a whole number/],
    ['comments', (s) => { s.comments = {}; }, /^comments must be an array/],
    ['startLine', (s) => { s.comments[0].anchor.startLine = 0; }, /^comments\[0\]\.anchor\.startLine must be a whole number from 1 \(got 0\)/],
    ['endLine before start', (s) => { s.comments[0].anchor.endLine = 1; }, /^comments\[0\]\.anchor\.endLine must be at least startLine/],
    ['workflowState', (s) => { s.comments[0].workflowState = 'done'; }, /^comments\[0\]\.workflowState must be one of open\|resolved \(got "done"\)/],
    ['anchorState', (s) => { delete s.comments[0].anchorState; }, /^comments\[0\]\.anchorState must be one of anchored\|stale\|orphaned \(got missing\)/],
    ['reply author', (s) => { s.comments[0].thread = [{ id: 'r_1', author: 'bot', body: 'x', createdAt: 't' }]; }, /^comments\[0\]\.thread\[0\]\.author must be one of human\|agent/],
    ['contextBefore item', (s) => { s.comments[0].anchor.contextBefore = ['ok', 3]; }, /^comments\[0\]\.anchor\.contextBefore\[1\] must be a string/],
    ['file climbing out', (s) => { s.comments[0].file = 'src/../../etc/passwd'; }, /^comments\[0\]\.file must be a workspace-relative path with "\/" separators and no "\.\."/],
    ['absolute file', (s) => { s.comments[0].file = '/etc/passwd'; }, /^comments\[0\]\.file must be a workspace-relative path/],
    ['duplicate id', (s) => { s.comments.push({ ...s.comments[0] }); }, /^comments\[1\]\.id must be unique/],
    ['movedFrom', (s) => { s.comments[0].movedFrom = { file: '../x.ts', startLine: 1, endLine: 2, at: 't' }; }, /^comments\[0\]\.movedFrom must be an object \{file, startLine, endLine, at\} when present/],
  ];

  it('accepts a valid movedFrom, with fields this version does not know', () => {
    const store: any = { version: 1, comments: [validThread({ movedFrom: { file: 'src/a.ts', startLine: 40, endLine: 42, at: '2026-01-01T00:00:00.000Z', how: 'future' } })] };
    expect(validateStore(store).comments[0]!.movedFrom).toEqual({ file: 'src/a.ts', startLine: 40, endLine: 42, at: '2026-01-01T00:00:00.000Z', how: 'future' });
  });
  for (const [name, breakIt, message] of cases) {
    it(name, () => {
      const store: any = { version: 1, comments: [validThread()] };
      breakIt(store);
      expect(() => validateStore(store)).toThrow(message);
    });
  }

  it('readStore reports a bad field as unreadable, naming the file, and never writes', () => {
    fresh();
    const bytes = writeStoreJson({ version: 1, comments: [validThread({ body: 42 as never })] });
    let err: ConsiderError | undefined;
    try { readStore(ws.root); } catch (e) { err = e as ConsiderError; }
    expect(err?.code).toBe('unreadable');
    expect(err?.message).toBe('.consider/store.json: comments[0].body must be a string (got 42)');
    expect(ws.storeBytes()!.equals(bytes)).toBe(true);
  });

  it('a truncated store is unreadable and a write does not overwrite it', async () => {
    fresh();
    const text = JSON.stringify({ version: 1, comments: [validThread()] });
    ensureConsiderDir(ws.root);
    fs.writeFileSync(ws.storePath, text.slice(0, text.length / 2));
    expect(codeOf(() => readStore(ws.root))).toBe('unreadable');
    await expect(addThread(ws.root, { file: 'src/a.ts', startLine: 1, endLine: 1, body: 'x', author: 'human' })).rejects.toMatchObject({ code: 'unreadable' });
    expect(fs.readFileSync(ws.storePath, 'utf8')).toBe(text.slice(0, text.length / 2));
  });
});

/** A thread as legacy stores wrote it: one `status` field instead of the two axes. */
function legacyThread(status: string): Record<string, unknown> {
  const { workflowState: _w, anchorState: _a, ...rest } = validThread();
  return { ...rest, status };
}

describe('legacy status migration', () => {
  it.each([
    ['open', 'open', 'anchored'],
    ['resolved', 'resolved', 'anchored'],
    ['stale', 'open', 'stale'],
    ['orphaned', 'open', 'orphaned'],
  ])('status %s → workflow %s, anchor %s', (status, workflow, anchor) => {
    fresh();
    const legacy = legacyThread(status);
    writeStoreJson({ version: 1, comments: [legacy] });
    const c = readStore(ws.root).store.comments[0]!;
    expect([c.workflowState, c.anchorState]).toEqual([workflow, anchor]);
    expect('status' in c).toBe(false);
  });

  it('a legacy store read again, with nothing written in between, is migrated again', () => {
    fresh();
    const legacy = legacyThread('orphaned');
    writeStoreJson({ version: 1, comments: [legacy] });
    for (let read = 0; read < 2; read++) {
      const c = readStore(ws.root).store.comments[0]!;
      expect([c.workflowState, c.anchorState]).toEqual(['open', 'orphaned']);
    }
    expect(fs.existsSync(considerPaths(ws.root).validated)).toBe(false); // never vouched for: it is not what the file says
  });

  it('an unknown legacy status is named', () => {
    const legacy = legacyThread('wontfix');
    expect(() => validateStore({ version: 1, comments: [legacy] })).toThrow(/comments\[0\]\.status must be one of open\|resolved\|stale\|orphaned/);
  });

  it('the first write stores the two axes and drops status', async () => {
    fresh();
    const legacy = legacyThread('stale');
    writeStoreJson({ version: 1, comments: [legacy] });
    await replyToThread(ws.root, 'c_aaaa1111', { body: 'ok', author: 'agent' });
    const onDisk = ws.store();
    expect(onDisk.comments[0]).toMatchObject({ workflowState: 'open', anchorState: 'stale' });
    expect(onDisk.comments[0].status).toBeUndefined();
  });
});

describe('forward compatibility', () => {
  it('unknown fields at every level survive a rewrite', async () => {
    fresh();
    const t: any = validThread({ thread: [{ id: 'r_1', author: 'agent', body: 'hi', createdAt: '2026-01-01T00:00:01.000Z', reactions: ['+1'] } as never] });
    t.priority = 'high';
    t.anchor.semanticKey = { symbol: 'login' };
    writeStoreJson({ version: 1, comments: [t], workspaceId: 'w-42' });
    await replyToThread(ws.root, 'c_aaaa1111', { body: 'again', author: 'agent' });
    await setWorkflowState(ws.root, 'c_aaaa1111', 'resolved', 'human');
    const s = ws.store();
    expect(s.workspaceId).toBe('w-42');
    expect(s.comments[0].priority).toBe('high');
    expect(s.comments[0].anchor.semanticKey).toEqual({ symbol: 'login' });
    expect(s.comments[0].thread[0].reactions).toEqual(['+1']);
    expect(s.comments[0].thread).toHaveLength(2);
  });

  it('a newer version is readable but never written, with a clear message', async () => {
    fresh();
    const bytes = writeStoreJson({ version: 99, comments: [validThread()], newTopLevel: true });
    const r = readStore(ws.root);
    expect(r.store.comments).toHaveLength(1);
    expect(r.readOnlyReason).toMatch(/format version 99, newer than this consider-cli understands \(version 1\)/);
    await expect(replyToThread(ws.root, 'c_aaaa1111', { body: 'x', author: 'agent' })).rejects.toMatchObject({ code: 'unreadable', message: expect.stringMatching(/version 99.*never written/) });
    expect(ws.storeBytes()!.equals(bytes)).toBe(true);
  });

  it('a newer version whose shape we do not know is unreadable with an update hint', () => {
    fresh();
    writeStoreJson({ version: 99, threads: {} });
    let err: ConsiderError | undefined;
    try { readStore(ws.root); } catch (e) { err = e as ConsiderError; }
    expect(err?.code).toBe('unreadable');
    expect(err?.hint).toMatch(/newer Consider \(format version 99\)/);
  });
});

describe('threads', () => {
  it('add captures the anchor and a file fingerprint; the store is gitignored from the first write', async () => {
    fresh();
    const c = await addThread(ws.root, { file: 'src/a.ts', startLine: 5, endLine: 6, body: 'look', author: 'human' });
    expect(c.id).toMatch(/^c_[0-9a-z]{8}$/);
    expect(c.anchor).toMatchObject({ startLine: 5, endLine: 6, targetContent: 'line 5\nline 6', contextBefore: ['line 2', 'line 3', 'line 4'], contextAfter: ['line 7', 'line 8', 'line 9'] });
    expect(c.anchor.file?.size).toBe(fs.statSync(ws.file('src/a.ts')).size);
    expect(fs.readFileSync(path.join(ws.root, '.consider/.gitignore'), 'utf8')).toBe('*\n');
    expect(readStore(ws.root).store.comments.map((x) => x.id)).toEqual([c.id]);
  });

  it('findThread takes a unique prefix, with or without c_, and refuses an ambiguous one', () => {
    const store: StoreFile = { version: 1, comments: [validThread({ id: 'c_abc11111' }), validThread({ id: 'c_abd22222' })] };
    expect(findThread(store, 'c_abc').id).toBe('c_abc11111');
    expect(findThread(store, 'abd').id).toBe('c_abd22222');
    expect(() => findThread(store, 'ab')).toThrow(/matches 2 threads/);
    expect(codeOf(() => findThread(store, 'ab'))).toBe('usage');
    expect(codeOf(() => findThread(store, 'zz'))).toBe('not_found');
  });

  it('resolved threads take no reply until reopened; resolving twice writes nothing', async () => {
    fresh();
    const c = await addThread(ws.root, { file: 'b.md', startLine: 1, endLine: 1, body: 'q', author: 'human' });
    await setWorkflowState(ws.root, c.id, 'resolved', 'agent');
    const bytes = ws.storeBytes()!;
    await setWorkflowState(ws.root, c.id, 'resolved', 'agent');
    expect(ws.storeBytes()!.equals(bytes)).toBe(true);
    await expect(replyToThread(ws.root, c.id, { body: 'x', author: 'agent' })).rejects.toMatchObject({ code: 'usage' });
    const reopened = await setWorkflowState(ws.root, c.id, 'open', 'human');
    expect(reopened.resolvedAt).toBeUndefined();
    await replyToThread(ws.root, c.id, { body: 'x', author: 'agent' });
  });

  it('edit, delete and restore (undo) keep threads exactly', async () => {
    fresh();
    const c = await addThread(ws.root, { file: 'b.md', startLine: 1, endLine: 2, body: 'first', author: 'human' });
    const { reply } = await replyToThread(ws.root, c.id, { body: 'answer', author: 'agent' });
    await editComment(ws.root, c.id, c.id, 'first, edited', 'human');
    await editComment(ws.root, c.id, reply.id, 'answer, edited', 'agent');
    let now = readStore(ws.root).store.comments[0]!;
    expect([now.body, now.thread[0]!.body]).toEqual(['first, edited', 'answer, edited']);
    expect(now.editedAt && now.thread[0]!.editedAt).toBeTruthy();
    const removed = await deleteThread(ws.root, c.id, 'human');
    expect(readStore(ws.root).store.comments).toHaveLength(0);
    await restoreThreads(ws.root, [removed], 'human');
    now = readStore(ws.root).store.comments[0]!;
    expect(now).toEqual(removed);
    await deleteReply(ws.root, c.id, reply.id, 'human');
    expect(readStore(ws.root).store.comments[0]!.thread).toHaveLength(0);
  });

  it('unseen: human activity after the agent last read; reply and markSeen clear it', async () => {
    fresh();
    const c = await addThread(ws.root, { file: 'b.md', startLine: 1, endLine: 1, body: 'q', author: 'human' });
    expect(isUnseen(readStore(ws.root).store.comments[0]!)).toBe(true);
    await markSeenByAgent(ws.root, [c.id]);
    expect(isUnseen(readStore(ws.root).store.comments[0]!)).toBe(false);
    await replyToThread(ws.root, c.id, { body: 'and?', author: 'human' });
    expect(isUnseen(readStore(ws.root).store.comments[0]!)).toBe(true);
    await replyToThread(ws.root, c.id, { body: 'on it', author: 'agent' });
    expect(isUnseen(readStore(ws.root).store.comments[0]!)).toBe(false);
    const agentThread = await addThread(ws.root, { file: 'b.md', startLine: 2, endLine: 2, body: 'asked by the agent', author: 'agent' });
    expect(isUnseen(agentThread)).toBe(false);
  });

  it('writes in one millisecond keep their order: a reply written just after the agent read the thread is unseen (issue 36)', async () => {
    fresh();
    const c = await atClock(Date.parse('2026-11-28T10:00:00.000Z'), async () => {
      const t = await addThread(ws.root, { file: 'b.md', startLine: 1, endLine: 1, body: 'q', author: 'human' });
      await markSeenByAgent(ws.root, [t.id]);
      await replyToThread(ws.root, t.id, { body: 'one more thing', author: 'human' });
      return readStore(ws.root).store.comments[0]!;
    });
    expect([c.createdAt, c.agentLastSeenAt, c.thread[0]!.createdAt]).toEqual(['2026-11-28T10:00:00.000Z', '2026-11-28T10:00:00.001Z', '2026-11-28T10:00:00.002Z']);
    expect(isUnseen(c)).toBe(true);
    expect(readStore(ws.root).store.lastWriteAt).toBe('2026-11-28T10:00:00.002Z');
  });

  it('a last write far ahead of this clock (another machine\'s) is not followed: times stay this machine\'s', () => {
    const now = Date.parse('2026-11-28T10:00:00.000Z');
    expect(writeTime(undefined, now)).toBe('2026-11-28T10:00:00.000Z');
    expect(writeTime('2026-11-28T09:59:59.000Z', now)).toBe('2026-11-28T10:00:00.000Z');
    expect(writeTime('2026-11-28T10:00:00.400Z', now)).toBe('2026-11-28T10:00:00.401Z');
    expect(writeTime('2026-11-28T11:00:00.000Z', now)).toBe('2026-11-28T10:00:00.000Z');
    expect(writeTime('not a time', now)).toBe('2026-11-28T10:00:00.000Z');
  });

  it('human activity dated in the future (another machine\'s clock): marking seen or an agent reply clears it (issue 29)', async () => {
    fresh();
    const future = '2999-01-01T00:00:00.000Z';
    const c = await addThread(ws.root, { file: 'b.md', startLine: 1, endLine: 1, body: 'q', author: 'human' });
    const original = readStore(ws.root).store;
    /** The thread as added, with one time moved into the future. */
    const dated = (over: (t: Comment) => void): Comment => {
      const store = structuredClone(original);
      over(store.comments[0]!);
      writeStoreJson(store);
      return readStore(ws.root).store.comments[0]!;
    };
    // Each place human activity is dated: the comment, its edit, a review round's submit, a reply and its edit.
    const cases: Array<[string, (t: Comment) => void]> = [
      ['createdAt', (t) => { t.createdAt = future; }],
      ['editedAt', (t) => { t.editedAt = future; }],
      ['submittedAt', (t) => { t.submittedAt = future; }],
      ['a reply', (t) => { t.thread.push({ id: 'r_future01', author: 'human', body: 'later', createdAt: future }); }],
      ['a reply\'s edit', (t) => { t.thread.push({ id: 'r_future02', author: 'human', body: 'later', createdAt: t.createdAt, editedAt: future }); }],
    ];
    for (const [what, date] of cases) {
      expect(isUnseen(dated(date)), what).toBe(true);
      await markSeenByAgent(ws.root, [c.id]);
      expect(isUnseen(readStore(ws.root).store.comments[0]!), `${what}: marked seen`).toBe(false);
      expect(isUnseen(dated(date)), what).toBe(true);
      await replyToThread(ws.root, c.id, { body: 'read it', author: 'agent' });
      expect(isUnseen(readStore(ws.root).store.comments[0]!), `${what}: the agent replied`).toBe(false);
    }
  });

  it('summarize counts both axes, unseen open threads and files with open threads', () => {
    const store: StoreFile = {
      version: 1,
      comments: [
        validThread({ id: 'c_1' }),
        validThread({ id: 'c_2', file: 'b.md', anchorState: 'stale', agentLastSeenAt: '2027-01-01T00:00:00.000Z' }),
        validThread({ id: 'c_3', workflowState: 'resolved', anchorState: 'orphaned', file: 'gone.ts' }),
      ],
    };
    expect(summarize(store)).toEqual({ open: 2, resolved: 1, anchored: 1, stale: 1, orphaned: 1, unseenOpen: 1, unseenReviews: 0, addressed: 0, declined: 0, question: 0, files: 2, total: 3 });
  });
});

describe('archive', () => {
  it('moves resolved threads out, keeps them readable, and unarchive brings them back as they were', async () => {
    fresh();
    const a = await addThread(ws.root, { file: 'b.md', startLine: 1, endLine: 1, body: 'a', author: 'human' });
    const b = await addThread(ws.root, { file: 'b.md', startLine: 2, endLine: 2, body: 'b', author: 'human' });
    await setWorkflowState(ws.root, a.id, 'resolved', 'agent');
    await expect(archiveResolved(ws.root, 'human', { ids: [b.id] })).rejects.toMatchObject({ code: 'usage' });
    const before = readStore(ws.root).store.comments.find((c) => c.id === a.id)!;
    const moved = await archiveResolved(ws.root, 'human');
    expect(moved.map((c) => c.id)).toEqual([a.id]);
    expect(readStore(ws.root).store.comments.map((c) => c.id)).toEqual([b.id]);
    expect(readArchive(ws.root).map((c) => c.id)).toEqual([a.id]);
    expect(readArchive(ws.root)[0]!.archivedAt).toEqual(expect.any(String));
    expect(await archiveResolved(ws.root, 'human')).toEqual([]);
    await unarchive(ws.root, [a.id], 'human');
    expect(readArchive(ws.root)).toEqual([]);
    expect(readStore(ws.root).store.comments.find((c) => c.id === a.id)).toEqual(before);
  });

  it('restoreThreads undoes an archive', async () => {
    fresh();
    const a = await addThread(ws.root, { file: 'b.md', startLine: 1, endLine: 1, body: 'a', author: 'human' });
    await setWorkflowState(ws.root, a.id, 'resolved', 'agent');
    const moved = await archiveResolved(ws.root, 'human');
    await restoreThreads(ws.root, moved, 'human');
    expect(readArchive(ws.root)).toEqual([]);
    expect(readStore(ws.root).store.comments.map((c) => c.id)).toEqual([a.id]);
    expect(readStore(ws.root).store.comments[0]!.archivedAt).toBeUndefined();
  });
});

describe('activity log', () => {
  it('appends one JSON line per change with actor and time, and nothing for a no-op', async () => {
    fresh();
    const c = await addThread(ws.root, { file: 'b.md', startLine: 1, endLine: 1, body: 'a', author: 'human' });
    const { reply } = await replyToThread(ws.root, c.id, { body: 'r', author: 'agent' });
    await setWorkflowState(ws.root, c.id, 'resolved', 'agent');
    await setWorkflowState(ws.root, c.id, 'resolved', 'agent');
    await archiveResolved(ws.root, 'human');
    const lines = fs.readFileSync(considerPaths(ws.root).activity, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    const log = readActivity(ws.root);
    expect(log.map((e) => [e.action, e.actor, e.threadId])).toEqual([
      ['add', 'human', c.id], ['reply', 'agent', c.id], ['resolve', 'agent', c.id], ['archive', 'human', c.id],
    ]);
    expect(log[1]!.replyId).toBe(reply.id);
    for (const e of log) expect(Date.parse(e.at)).not.toBeNaN();
  });

  it('a deleted thread is kept whole in the log', async () => {
    fresh();
    const c = await addThread(ws.root, { file: 'b.md', startLine: 1, endLine: 1, body: 'keep me', author: 'human' });
    await deleteThread(ws.root, c.id, 'human');
    const entry = readActivity(ws.root).find((e) => e.action === 'delete-thread')!;
    expect((entry.detail!.thread as Comment).body).toBe('keep me');
  });
});

describe('writes: backup, validation, lock', () => {
  it('keeps the previous store as store.json.bak', async () => {
    fresh();
    await addThread(ws.root, { file: 'b.md', startLine: 1, endLine: 1, body: 'one', author: 'human' });
    const first = ws.storeBytes()!;
    await addThread(ws.root, { file: 'b.md', startLine: 2, endLine: 2, body: 'two', author: 'human' });
    expect(fs.readFileSync(considerPaths(ws.root).backup).equals(first)).toBe(true);
  });

  it('sweeps temp files and set-aside locks of dead writers, not those of live ones', async () => {
    fresh();
    ensureConsiderDir(ws.root);
    const dir = considerPaths(ws.root).dir;
    const dead = 2 ** 22 + 4321;
    const names = [`store.json.tmp-${dead}-1-abcd`, `store.lock.stale-${dead}-beef`, `store.json.tmp-${process.ppid}-7-cafe`];
    for (const n of names) fs.writeFileSync(path.join(dir, n), 'partial');
    await addThread(ws.root, { file: 'b.md', startLine: 1, endLine: 1, body: 'one', author: 'human' });
    const left = fs.readdirSync(dir);
    expect(left).not.toContain(names[0]);
    expect(left).not.toContain(names[1]);
    expect(left).toContain(names[2]);
  });

  it('refuses to write a change that makes the store invalid', async () => {
    fresh();
    await addThread(ws.root, { file: 'b.md', startLine: 1, endLine: 1, body: 'one', author: 'human' });
    const bytes = ws.storeBytes()!;
    await expect(mutateStore(ws.root, 'system', (s) => { (s.comments[0] as any).workflowState = 'nope'; })).rejects.toMatchObject({ code: 'usage' });
    expect(ws.storeBytes()!.equals(bytes)).toBe(true);
    await expect(mutateStore(ws.root, 'system', async (s) => { s.comments.length = 0; })).rejects.toThrow(/must be synchronous/);
    expect(ws.storeBytes()!.equals(bytes)).toBe(true);
    expect(fs.existsSync(considerPaths(ws.root).lock)).toBe(false);
  });

  it('takes over a lock whose owner is dead, or whose pid now belongs to a process started after it (Linux)', async () => {
    fresh();
    ensureConsiderDir(ws.root);
    const lock = considerPaths(ws.root).lock;
    fs.writeFileSync(lock, JSON.stringify({ pid: 2 ** 22 + 12345, at: Date.now(), nonce: 'dead', host: os.hostname() }));
    await addThread(ws.root, { file: 'b.md', startLine: 1, endLine: 1, body: 'one', author: 'human' });
    expect(fs.existsSync(lock)).toBe(false);
    if (process.platform === 'linux') {
      // Our own pid, in a lock taken a minute before this process started: the pid was reused.
      const started = Date.now() - process.uptime() * 1000;
      fs.writeFileSync(lock, JSON.stringify({ pid: process.pid, at: started - 60_000, nonce: 'reused', host: os.hostname() }));
      await addThread(ws.root, { file: 'b.md', startLine: 2, endLine: 2, body: 'two', author: 'human' });
      expect(fs.existsSync(lock)).toBe(false);
    }
  });

  it('a live owner on this host is never taken over for its age (a stopped writer still holds its lock)', async () => {
    fresh();
    ensureConsiderDir(ws.root);
    const lock = considerPaths(ws.root).lock;
    // pid 1 has been alive since long before this lock: an owner paused for a minute.
    fs.writeFileSync(lock, JSON.stringify({ pid: 1, at: Date.now() - 60_000, nonce: 'old', host: os.hostname() }));
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lock, old, old);
    await expect(acquireLock(lock, 300)).rejects.toMatchObject({ code: 'busy', message: expect.stringContaining('process 1') });
    expect(JSON.parse(fs.readFileSync(lock, 'utf8')).nonce).toBe('old');
  });

  it('a lock of another host is judged by its mtime, which its owner refreshes', async () => {
    fresh();
    ensureConsiderDir(ws.root);
    const lock = considerPaths(ws.root).lock;
    fs.writeFileSync(lock, JSON.stringify({ pid: 1, at: Date.now() - 60_000, nonce: 'remote', host: 'another-machine' }));
    await expect(acquireLock(lock, 300)).rejects.toMatchObject({ code: 'busy', message: expect.stringContaining('on another-machine') });
    const old = new Date(Date.now() - LOCK_STALE_MS - 5_000);
    fs.utimesSync(lock, old, old);
    (await acquireLock(lock, 300)).release();
    expect(fs.existsSync(lock)).toBe(false);
  });

  describe('a lock no writer could have left is not waited on for ever (issue 17, item 12)', () => {
    const now = Date.now();
    const cases: [string, string][] = [
      ['garbage', 'not a lock at all'],
      ['empty (a full disk between create and write)', ''],
      ['a non-numeric time', JSON.stringify({ pid: process.pid, at: 'soon', nonce: 'n' })],
      ['a time far in the future', JSON.stringify({ pid: process.pid, at: now + 3_600_000, nonce: 'n' })],
      ['a pid that is not a number', JSON.stringify({ pid: 'me', at: now, nonce: 'n' })],
    ];
    for (const [name, text] of cases) {
      it(`${name}: taken over once its file is ${LOCK_UNWRITTEN_GRACE_MS / 1000} s old, well within a writer's wait`, async () => {
        fresh();
        ensureConsiderDir(ws.root);
        const lock = considerPaths(ws.root).lock;
        fs.writeFileSync(lock, text);
        const started = Date.now();
        await addThread(ws.root, { file: 'b.md', startLine: 1, endLine: 1, body: 'one', author: 'human' });
        expect(Date.now() - started).toBeLessThan(LOCK_WAIT_MS);
        expect(readStore(ws.root).store.comments).toHaveLength(1);
        expect(fs.existsSync(lock)).toBe(false);
      });
    }

    it('a symbolic link (even a dangling one) is taken over at once; its target is not touched', async () => {
      fresh();
      ensureConsiderDir(ws.root);
      const lock = considerPaths(ws.root).lock;
      fs.symlinkSync('nowhere', lock);
      const started = Date.now();
      (await acquireLock(lock, 300)).release();
      expect(Date.now() - started).toBeLessThan(300);
      const target = ws.file('target.txt');
      fs.writeFileSync(target, JSON.stringify({ pid: 1, at: Date.now(), nonce: 'x' }));
      fs.symlinkSync(target, lock);
      (await acquireLock(lock, 300)).release();
      expect(fs.readFileSync(target, 'utf8')).toContain('"nonce":"x"');
      expect(fs.existsSync(lock)).toBe(false);
    });

    it('a folder in place of the lock is reported as what it is, with the fix (exit 5), not as busy', async () => {
      fresh();
      ensureConsiderDir(ws.root);
      const lock = considerPaths(ws.root).lock;
      fs.mkdirSync(lock);
      await expect(acquireLock(lock, 300)).rejects.toMatchObject({ code: 'io', message: expect.stringMatching(/store\.lock is a folder, not a lock file/), hint: expect.stringMatching(/remove it/) });
    });
  });

  it('a holder that lost its lock knows it (assertHeld), and does not remove the new owner\'s lock', async () => {
    fresh();
    ensureConsiderDir(ws.root);
    const lock = considerPaths(ws.root).lock;
    const first = await acquireLock(lock);
    expect(first.stillHeld()).toBe(true);
    fs.rmSync(lock); // taken over (by a writer on another host, or a person)
    const second = await acquireLock(lock, 300);
    expect(first.stillHeld()).toBe(false);
    expect(() => first.assertHeld()).toThrow(expect.objectContaining({ code: 'busy' }));
    first.release();
    expect(fs.existsSync(lock)).toBe(true);
    second.release();
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('a write whose store.json was replaced under it (its lock lost meanwhile) writes nothing', async () => {
    fresh();
    await addThread(ws.root, { file: 'b.md', startLine: 1, endLine: 1, body: 'one', author: 'human' });
    const paths = considerPaths(ws.root);
    let replaced: Buffer | undefined;
    await expect(mutateStore(ws.root, 'human', (s) => {
      s.comments[0]!.body = 'from the writer that lost';
      // Meanwhile another writer took the lock over and wrote.
      fs.rmSync(paths.lock);
      fs.writeFileSync(paths.store + '.other', fs.readFileSync(paths.store, 'utf8').replace('"one"', '"from the other writer"'));
      fs.renameSync(paths.store + '.other', paths.store);
      replaced = fs.readFileSync(paths.store);
    })).rejects.toMatchObject({ code: 'busy' });
    expect(ws.storeBytes()!.equals(replaced!)).toBe(true);
    expect(fs.readdirSync(paths.dir).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });

  it('a live, fresh lock makes a writer give up with busy after waiting', async () => {
    fresh();
    ensureConsiderDir(ws.root);
    const held = await acquireLock(considerPaths(ws.root).lock);
    const started = Date.now();
    await expect(acquireLock(considerPaths(ws.root).lock, 300)).rejects.toMatchObject({ code: 'busy', message: expect.stringContaining(`process ${process.pid}`) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    held.release();
    (await acquireLock(considerPaths(ws.root).lock, 300)).release();
  });
});

describe('config.json', () => {
  it('reads a missing or empty file as empty and merges installs idempotently, keeping unknown fields', async () => {
    fresh();
    expect(readConfig(ws.root)).toEqual({ version: 1, trackedSkillInstalls: [] });
    ensureConsiderDir(ws.root);
    fs.writeFileSync(considerPaths(ws.root).config, '');
    expect(readConfig(ws.root).trackedSkillInstalls).toEqual([]);
    const install = { target: 'claude', scope: 'project' as const, path: '/x/.claude/skills/consider/SKILL.md' };
    await updateConfig(ws.root, (c) => { c.trackedSkillInstalls.push({ ...install, version: '1' }); c.futureThing = 7; });
    await updateConfig(ws.root, (c) => { c.trackedSkillInstalls.push({ ...install, version: '2' }); });
    const c = readConfig(ws.root);
    expect(c.trackedSkillInstalls).toEqual([{ ...install, version: '2' }]);
    expect(c.futureThing).toBe(7);
    expect(c.lastUpdatedAt).toEqual(expect.any(String));
  });

  it('an invalid config names the field', () => {
    fresh();
    ensureConsiderDir(ws.root);
    fs.writeFileSync(considerPaths(ws.root).config, JSON.stringify({ version: 1, trackedSkillInstalls: [{ target: 'claude', scope: 'global', path: '/x' }] }));
    expect(() => readConfig(ws.root)).toThrow(/trackedSkillInstalls\[0\]\.scope must be one of project\|home/);
  });
});

describe('paths', () => {
  it('resolves workspace-relative paths and refuses escapes', () => {
    fresh();
    expect(resolveInWorkspace(ws.root, 'src/./a.ts').rel).toBe('src/a.ts');
    expect(resolveInWorkspace(ws.root, path.join(ws.root, 'b.md')).rel).toBe('b.md');
    for (const bad of ['../x', 'src/../../x', '/etc/passwd', '', '.consider/store.json']) {
      expect(codeOf(() => resolveInWorkspace(ws.root, bad)), bad).toBe('usage');
    }
    fs.symlinkSync('/etc', ws.file('etc-link'));
    expect(() => resolveInWorkspace(ws.root, 'etc-link/passwd')).toThrow(/symbolic link/);
    fs.symlinkSync(ws.file('src'), ws.file('src-link'));
    expect(resolveInWorkspace(ws.root, 'src-link/a.ts').rel).toBe('src-link/a.ts');
  });

  it('finds the root: .consider first, then .git, else the folder itself', () => {
    fresh();
    const deep = ws.file('src/deep/er');
    fs.mkdirSync(deep, { recursive: true });
    expect(findWorkspaceRoot(deep)).toBe(deep);
    fs.mkdirSync(ws.file('src/.git'));
    expect(findWorkspaceRoot(deep)).toBe(ws.file('src'));
    ensureConsiderDir(ws.root);
    expect(findWorkspaceRoot(deep)).toBe(ws.root);
  });
});

describe('validation is skipped only for the very store.json known to be valid', () => {
  const identity = (s: fs.Stats): string => `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;

  it('every write and every validated read name the store they vouch for', async () => {
    fresh();
    await addThread(ws.root, { file: 'src/a.ts', startLine: 2, endLine: 2, body: 'why?', author: 'human' });
    const marker = considerPaths(ws.root).validated;
    expect(fs.readFileSync(marker, 'utf8')).toBe(`${identity(fs.statSync(ws.storePath))} written`);
    writeStoreJson({ version: 1, comments: [validThread()] }); // a hand edit
    expect(readStore(ws.root).store.comments).toHaveLength(1);
    expect(fs.readFileSync(marker, 'utf8')).toBe(`${identity(fs.statSync(ws.storePath))} validated`);
  });

  it('a hand edit after a write is validated in full (the bad field is named)', async () => {
    fresh();
    await addThread(ws.root, { file: 'src/a.ts', startLine: 2, endLine: 2, body: 'why?', author: 'human' });
    const s = JSON.parse(fs.readFileSync(ws.storePath, 'utf8'));
    s.comments[0].anchor.startLine = 0;
    writeStoreJson(s);
    expect(() => readStore(ws.root)).toThrow(/comments\[0\]\.anchor\.startLine must be a whole number from 1/);
  });

  it('the marker is what skips the checks: it names this file, so even a bad thread passes', () => {
    fresh();
    writeStoreJson({ version: 1, comments: [validThread({ anchor: { ...validThread().anchor, startLine: 0 } })] });
    expect(() => readStore(ws.root)).toThrow(/startLine/);
    fs.writeFileSync(considerPaths(ws.root).validated, `${identity(fs.statSync(ws.storePath))} validated`);
    expect(readStore(ws.root).store.comments[0]!.anchor.startLine).toBe(0);
  });
});

describe('comment texts cut from the store file (list --json without serialising again)', () => {
  it('are each comment exactly as JSON.stringify gives it, for a store this module wrote', async () => {
    fresh();
    for (const body of ['one', 'two, with "quotes",\nnewlines and , commas', 'three 🙂 \u0007']) {
      await addThread(ws.root, { file: 'src/a.ts', startLine: 2, endLine: 2, body, author: 'human' });
    }
    await mutateStore(ws.root, 'human', (s) => { (s as unknown as Record<string, unknown>).futureField = { kept: true }; });
    const written = readStore(ws.root).store; // this process's write, remembered
    expect(commentTexts(written)).toEqual(written.comments.map((c) => JSON.stringify(c)));
    const reread = readStore(ws.root).store; // parsed again from the file, as another process would
    expect(commentTexts(reread)).toEqual(reread.comments.map((c) => JSON.stringify(c)));
    expect(commentTexts(reread)).toHaveLength(3);
  });

  it('are not offered for a store written by anyone else, even a valid one, or an empty store', async () => {
    fresh();
    writeStoreJson({ version: 1, comments: [validThread()] }); // indented, by hand
    expect(commentTexts(readStore(ws.root).store)).toBeUndefined();
    expect(commentTexts(readStore(ws.root).store)).toBeUndefined(); // now marked as validated, still not ours
    const compact = fs.readFileSync(ws.storePath, 'utf8').replace(/\n\s*/g, '');
    fs.writeFileSync(ws.storePath, compact); // one line: a comment per line it is not
    expect(commentTexts(readStore(ws.root).store)).toBeUndefined();
    await mutateStore(ws.root, 'human', (s) => { s.comments.length = 0; });
    expect(commentTexts(readStore(ws.root).store)).toEqual([]);
  });
});
