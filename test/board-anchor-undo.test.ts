/**
 * Issue 17, items 19 and 20, on the host side of the board over a real store: triage's "Still
 * valid" and "Re-anchor" can be undone (the thread points exactly where it did), and an orphaned
 * or stale thread can be moved to a selection in another file (spec §4.3).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FolderStoreState } from '../extension/api';
import { BoardSession } from '../extension/board/session';
import { PROTOCOL_VERSION, type HostMessage, type RequestType } from '../shared/board/protocol';
import * as store from '../shared';
import { testBoardServices } from './helpers/board-services';
import { toThreadView } from '../extension/board/snapshot';

let root: string;
let posted: HostMessage[];
let session: BoardSession;
let selection: { file: string; startLine: number; endLine: number } | undefined;

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-anchor-undo-'));
  fs.writeFileSync(path.join(root, 'a.ts'), 'one\ntwo\nthree\nfour\nfive\n');
  posted = [];
  selection = undefined;
  const folders = (): FolderStoreState[] => [{ root, name: 'ws', store: store.readStore(root).store }];
  session = new BoardSession(testBoardServices({ home: root, folders, currentSelection: () => selection }), (m) => posted.push(m));
  await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

let n = 0;
async function request(type: RequestType, params: unknown): Promise<{ done: number; failed: unknown[]; undoId?: string }> {
  const requestId = `q${++n}`;
  await session.receive({ type, requestId, params });
  const answer = posted.find((m) => m.type === 'host/response' && m.requestId === requestId);
  if (!answer || answer.type !== 'host/response' || !answer.ok) throw new Error(`${type} failed: ${JSON.stringify(answer)}`);
  return answer.result as { done: number; failed: unknown[]; undoId?: string };
}
const thread = (id: string) => store.readStore(root).store.comments.find((c) => c.id === id)!;
const placeOf = (id: string) => { const c = thread(id); return { file: c.file, anchor: c.anchor, anchorState: c.anchorState }; };

describe('triage actions can be undone', () => {
  it('"Still valid" on a stale thread, then undo: stale again, the anchor as it was', async () => {
    const c = await store.addThread(root, { file: 'a.ts', startLine: 2, endLine: 2, body: 'q', author: 'human' });
    fs.writeFileSync(path.join(root, 'a.ts'), 'one\nTWO\nthree\nfour\nfive\n');
    await store.reconcileWorkspace(root);
    const before = placeOf(c.id);
    expect(before.anchorState).toBe('stale');
    const r = await request('anchor/confirm', { refs: [{ root, id: c.id }] });
    expect(r).toMatchObject({ done: 1, undoId: expect.any(String) });
    expect(thread(c.id).anchorState).toBe('anchored');
    expect((await request('store/undo', { undoId: r.undoId })).done).toBe(1);
    expect(placeOf(c.id)).toEqual(before);
  });

  it('"To editor selection" moves an orphaned thread into another file; undo puts it back', async () => {
    fs.writeFileSync(path.join(root, 'old.ts'), 'legacy\ncode\n');
    const c = await store.addThread(root, { file: 'old.ts', startLine: 1, endLine: 2, body: 'still needed?', author: 'human' });
    fs.renameSync(path.join(root, 'old.ts'), path.join(root, 'moved.ts'));
    fs.writeFileSync(path.join(root, 'moved.ts'), '// header\nlegacy\ncode\n');
    await store.reconcileWorkspace(root);
    const before = placeOf(c.id);
    expect(before.anchorState).toBe('orphaned');
    selection = { file: 'moved.ts', startLine: 2, endLine: 3 };
    const r = await request('anchor/reanchor', { refs: [{ root, id: c.id }], to: 'selection' });
    expect(r).toMatchObject({ done: 1, failed: [] });
    expect(thread(c.id)).toMatchObject({ file: 'moved.ts', anchorState: 'anchored', anchor: { startLine: 2, endLine: 3, targetContent: 'legacy\ncode' } });
    // The CLI agrees: the thread is on moved.ts and stays anchored on the next read.
    await store.reconcileWorkspace(root, { force: true });
    expect(thread(c.id)).toMatchObject({ file: 'moved.ts', anchorState: 'anchored' });
    await request('store/undo', { undoId: r.undoId });
    expect(placeOf(c.id)).toEqual({ ...before, anchor: expect.objectContaining({ startLine: 1, endLine: 2, targetContent: 'legacy\ncode' }) });
    expect(thread(c.id).file).toBe('old.ts');
  });

  it('an anchored thread is not moved to another file (a selection elsewhere is refused)', async () => {
    fs.writeFileSync(path.join(root, 'b.ts'), 'x\ny\n');
    const c = await store.addThread(root, { file: 'a.ts', startLine: 1, endLine: 1, body: 'q', author: 'human' });
    selection = { file: 'b.ts', startLine: 1, endLine: 1 };
    const requestId = 'refused';
    await session.receive({ type: 'anchor/reanchor', requestId, params: { refs: [{ root, id: c.id }], to: 'selection' } });
    const answer = posted.find((m) => m.type === 'host/response' && m.requestId === requestId) as { ok: boolean; result?: { failed: { message: string }[] } };
    expect(answer.result?.failed[0]?.message).toMatch(/select the lines in a\.ts/);
    expect(thread(c.id).file).toBe('a.ts');
  });
});

describe('"May have moved to … — Re-anchor there?" (issue 35)', () => {
  const code = ['export function normalizeArguments(options: Options): Normalized {', '  const timeout = options.timeout ?? DEFAULT_TIMEOUT;', '  const retries = Math.max(0, options.retries ?? 2);', '}'];

  /** A thread on the code's lines 2-3 in src.ts, stale after the code left for dest.ts (lines 3-4 there), offered: no git here. */
  async function offered(): Promise<string> {
    fs.writeFileSync(path.join(root, 'src.ts'), ['// src', ...code, ''].join('\n'));
    const c = await store.addThread(root, { file: 'src.ts', startLine: 3, endLine: 4, body: 'why two?', author: 'human' });
    fs.writeFileSync(path.join(root, 'dest.ts'), ['// dest', '', ...code, ''].join('\n'));
    fs.writeFileSync(path.join(root, 'src.ts'), '// src\n');
    await store.reconcileWorkspace(root);
    expect(thread(c.id).anchor.suggestedMove).toMatchObject({ file: 'dest.ts', startLine: 4, endLine: 5 });
    return c.id;
  }

  it('the board is sent the offer; the button re-anchors there as a move, and undo puts the thread back with its offer', async () => {
    const id = await offered();
    expect(toThreadView(thread(id))).toMatchObject({ anchorState: 'stale', suggestedMove: { file: 'dest.ts', startLine: 4, endLine: 5, reason: expect.stringMatching(/^no git commit/) } });
    const before = placeOf(id);
    const r = await request('anchor/reanchor', { refs: [{ root, id }], to: 'suggestedMove' });
    expect(r).toMatchObject({ done: 1, failed: [] });
    expect(thread(id)).toMatchObject({ file: 'dest.ts', anchorState: 'anchored', anchor: { startLine: 4, endLine: 5 }, movedFrom: { file: 'src.ts', startLine: 3, endLine: 4 } });
    expect(toThreadView(thread(id)).suggestedMove).toBeUndefined();
    await request('store/undo', { undoId: r.undoId });
    expect(placeOf(id)).toEqual(before);
    expect(thread(id).movedFrom).toBeUndefined();
  });

  it('refused, with why, when the place no longer holds the code', async () => {
    const id = await offered();
    fs.writeFileSync(path.join(root, 'dest.ts'), '// dest, rewritten\n');
    const requestId = 'gone';
    await session.receive({ type: 'anchor/reanchor', requestId, params: { refs: [{ root, id }], to: 'suggestedMove' } });
    const answer = posted.find((m) => m.type === 'host/response' && m.requestId === requestId) as { ok: boolean; result?: { failed: { message: string }[] } };
    expect(answer.result?.failed[0]?.message).toMatch(/no longer at dest\.ts:4-5/);
    expect(thread(id)).toMatchObject({ file: 'src.ts', anchorState: 'stale' });
  });
});
