/**
 * One definition of each count (shared/board/threadCounts.ts): the status bar counts the stored
 * threads, the board its snapshot's rows, and during a pending review they must still agree
 * (issue 22: the status bar said "7 open", the board "8 open").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readStore } from '../shared';
import { countStoredThreads } from '../shared/board/threadCounts';
import { projectRows, summarize } from '../shared/board/projection';
import { toFolderSnapshot } from '../extension/board/snapshot';
import { seedReview, seedWorkspace } from '../e2e/webview/fixtures';

let root: string | undefined;
afterEach(() => { if (root) fs.rmSync(root, { recursive: true, force: true }); });

describe('thread counts', () => {
  it('are the same for the status bar (stored threads) and the board (snapshot rows), pending review and all', async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-counts-'));
    const seeded = await seedReview(await seedWorkspace(root));
    const store = readStore(seeded.root).store;
    const statusBar = countStoredThreads(store.comments);
    const snapshot = toFolderSnapshot({ root: seeded.root, name: 'ws', store });
    const { files: _files, unreadable: _unreadable, ...board } = summarize([snapshot], projectRows([snapshot]));
    expect(statusBar).toEqual(board);
    // Every kind is there to be counted, the pending review among the open threads.
    expect(statusBar).toMatchObject({ total: 12, open: 11, resolved: 1, pending: 2, awaitingCheck: 1, stale: 1, orphaned: 1 });
    expect(statusBar.unseen).toBeGreaterThan(0);
  });
});
