/**
 * The compact snapshot and `thread/details` on the host side (extension/board/session.ts and
 * snapshot.ts) over the REAL store on a temp workspace: the snapshot carries summaries (title,
 * reply facts), the conversations come on request, and the wire format is what the webview's
 * validators accept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FolderStoreState } from '../extension/api';
import type { BoardServices } from '../extension/board/services';
import { BoardSession } from '../extension/board/session';
import { PROTOCOL_VERSION, TITLE_MAX, parseHostMessage, parseThreadDetails, type HostMessage } from '../shared/board/protocol';
import * as store from '../shared';
import { testBoardServices } from './helpers/board-services';

let root: string;
let posted: HostMessage[];
let folders: FolderStoreState[];
let session: BoardSession;
let ids: { long: string; replied: string };

function services(): BoardServices {
  return testBoardServices({ home: root, folders: () => folders });
}

const LONG_BODY = `## A **long** first line ${'x'.repeat(300)}\n\nThe second paragraph says where to look.`;

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-details-'));
  fs.writeFileSync(path.join(root, 'a.ts'), 'one\ntwo\nthree\n');
  const long = await store.addThread(root, { file: 'a.ts', startLine: 1, endLine: 2, body: LONG_BODY, author: 'human' });
  const replied = await store.addThread(root, { file: 'a.ts', startLine: 3, endLine: 3, body: '\n\nWhy `three`?', author: 'human' });
  await store.replyToThread(root, replied.id, { body: 'Because of the spec.', author: 'agent' });
  await store.replyToThread(root, replied.id, { body: 'OK, keep it.', author: 'human' });
  ids = { long: long.id, replied: replied.id };
  folders = [
    { root, name: 'ws', store: store.readStore(root).store },
    { root: '/broken', name: 'broken', error: { code: 'unreadable', message: 'bad json' } },
  ];
  posted = [];
  session = new BoardSession(services(), (m) => posted.push(m));
  await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
});
afterEach(() => { session.dispose(); fs.rmSync(root, { recursive: true, force: true }); });

describe('compact snapshot and thread/details', () => {
  it('sends thread summaries: a plain capped title and who replied, no bodies or replies', () => {
    const snap = posted.find((m) => m.type === 'host/snapshot');
    expect(parseHostMessage(snap)).toMatchObject({ ok: true });
    const threads = snap?.type === 'host/snapshot' ? snap.folders[0]!.threads : [];
    const long = threads.find((t) => t.id === ids.long)!;
    expect(long.title.startsWith('A long first line xxx')).toBe(true);
    expect(long.title).toHaveLength(TITLE_MAX);
    // Left out in their common case: no replies, anchored (no stored code), not unseen.
    expect(Object.keys(long).sort()).toEqual(['anchorState', 'author', 'endLine', 'file', 'id', 'lastActivityAt', 'startLine', 'title', 'unseen', 'workflowState']);
    expect(threads.find((t) => t.id === ids.replied)).toMatchObject({ title: 'Why three?', replyCount: 2, lastReplyAuthor: 'human', replyAuthors: ['agent', 'human'] });
    for (const t of threads) expect(Object.keys(t)).not.toEqual(expect.arrayContaining(['body']));
    expect(JSON.stringify(snap)).not.toContain('second paragraph');
  });

  it('answers thread/details with every conversation of every readable folder', async () => {
    await session.receive({ type: 'thread/details', requestId: 'd1', params: {} });
    const r = posted.find((m) => m.type === 'host/response' && m.requestId === 'd1');
    expect(r).toMatchObject({ ok: true });
    const parsed = parseThreadDetails(r?.type === 'host/response' && r.ok ? r.result : undefined);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.message.folders.map((f) => [f.root, f.threads.length])).toEqual([[root, 2], ['/broken', 0]]);
    const [long, replied] = parsed.message.folders[0]!.threads;
    expect(long).toMatchObject({ id: ids.long, body: LONG_BODY, replies: [] });
    expect(replied?.replies.map((x) => [x.author, x.body])).toEqual([['agent', 'Because of the spec.'], ['human', 'OK, keep it.']]);
  });

  it('sends the first snapshot after ready without conversations, and updates with them', async () => {
    const snapshots = () => posted.filter((m): m is Extract<HostMessage, { type: 'host/snapshot' }> => m.type === 'host/snapshot');
    expect(snapshots()).toHaveLength(1);
    expect(snapshots()[0]).not.toHaveProperty('details');
    session.sendSnapshotNow(); // e.g. the store changed
    const update = snapshots()[1]!;
    expect(parseHostMessage(update)).toMatchObject({ ok: true });
    expect(update.details?.[0]?.threads.find((d) => d.id === ids.replied)?.replies).toHaveLength(2);
    // A reloaded webview says ready again: its first snapshot is small again.
    await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
    expect(snapshots()).toHaveLength(3);
    expect(snapshots()[2]).not.toHaveProperty('details');
  });

  it('refuses a details request with parameters it does not take, before acting', async () => {
    await session.receive({ type: 'thread/details', requestId: 'd2', params: 'all' });
    expect(posted.some((m) => m.type === 'host/response' && m.requestId === 'd2')).toBe(false);
  });
});
