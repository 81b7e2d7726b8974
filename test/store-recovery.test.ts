// "Restore Last Good Copy" (issue 17, item 6), driven through the extension's StoreRecovery
// with a stand-in for the vscode module: it re-checks under the lock that the store is still
// unreadable, and restores atomically, so a reader in another process never finds no store
// or half of one.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('vscode', () => {
  const quiet = async () => undefined;
  return { window: { showInformationMessage: quiet, showWarningMessage: quiet, showErrorMessage: quiet, showTextDocument: quiet }, l10n: { t: (message: string) => message } };
});

import { StoreRecovery } from '../extension/store/recovery';
import type { FolderStores } from '../extension/store/folder-stores';
import { addThread, considerPaths, readStore, restoreLastGoodCopy } from '../shared';
import { makeWorkspace, numberedLines } from './helpers/cli';
import type { Workspace } from './helpers/cli';

let ws: Workspace;
afterEach(() => ws?.cleanup());

function recovery(): StoreRecovery {
  const stores = { onDidChange: () => ({ dispose() {} }), roots: () => [], get: () => undefined, forceReload: () => {} };
  return new StoreRecovery(stores as unknown as FolderStores);
}

/** Replaces store.json by rename, so the test's own writes are never seen half done. */
function replaceStore(text: string): void {
  fs.writeFileSync(ws.storePath + '.test-tmp', text);
  fs.renameSync(ws.storePath + '.test-tmp', ws.storePath);
}

/** A store of `n` threads with a backup (the store as it was before the last write). */
async function seeded(n: number): Promise<void> {
  ws = makeWorkspace({ 'a.ts': numberedLines(50) });
  for (let i = 0; i < n; i++) await addThread(ws.root, { file: 'a.ts', startLine: 1 + (i % 50), endLine: 1 + (i % 50), body: `thread ${i} ${'x'.repeat(300)}`, author: 'human' });
}

const unreadableCopies = () => fs.readdirSync(considerPaths(ws.root).dir).filter((n) => n.startsWith('store.json.unreadable-'));

/** Reads store.json in a loop in another process until `stop` exists; counts reads that found no store or half of one. */
const READER = `
const fs = require('fs');
const [file, stop, corrupt] = process.argv.slice(1);
let reads = 0, missing = 0, partial = 0;
while (!fs.existsSync(stop)) {
  let text;
  try { text = fs.readFileSync(file, 'utf8'); } catch (e) { if (e.code === 'ENOENT') { missing++; continue; } throw e; }
  reads++;
  if (text === corrupt) continue;
  try { JSON.parse(text); } catch { partial++; }
}
process.stdout.write(JSON.stringify({ reads, missing, partial }));
`;

describe('Restore Last Good Copy', () => {
  it('a reader in another process never finds no store or half of one while restores run', async () => {
    await seeded(150);
    const backup = fs.readFileSync(considerPaths(ws.root).backup);
    const corrupt = fs.readFileSync(ws.storePath, 'utf8').slice(0, 1000);
    replaceStore(corrupt);
    const stop = ws.file('stop-reading');
    const reader = spawn(process.execPath, ['-e', READER, ws.storePath, stop, corrupt]);
    let out = '';
    reader.stdout.on('data', (d) => { out += d; });
    const done = new Promise<number | null>((resolve) => reader.on('close', resolve));
    await new Promise((r) => setTimeout(r, 300));
    const r = recovery();
    for (let i = 0; i < 40; i++) {
      replaceStore(corrupt);
      await r.restore(ws.root);
      expect(fs.readFileSync(ws.storePath).equals(backup), `restore ${i}`).toBe(true);
    }
    fs.writeFileSync(stop, '');
    expect(await done).toBe(0);
    const seen = JSON.parse(out);
    expect(seen.reads).toBeGreaterThan(100);
    expect({ missing: seen.missing, partial: seen.partial }).toEqual({ missing: 0, partial: 0 });
    expect(unreadableCopies()).toHaveLength(40); // every unreadable file kept
    expect(readStore(ws.root).store.comments).toHaveLength(149);
  }, 60_000);

  it('does nothing when the store became readable again after the offer', async () => {
    await seeded(3);
    const good = fs.readFileSync(ws.storePath, 'utf8');
    replaceStore(good.slice(0, 100)); // unreadable: the offer is made
    replaceStore(good); // … and fixed by hand before the user clicks
    const before = fs.readFileSync(ws.storePath);
    await recovery().restore(ws.root);
    expect(fs.readFileSync(ws.storePath).equals(before)).toBe(true);
    expect(unreadableCopies()).toEqual([]);
    expect(readStore(ws.root).store.comments).toHaveLength(3);
  });

  it('keeps the unreadable file and refuses a backup that is no better', async () => {
    await seeded(2);
    replaceStore('{"version":1,"comments":[{');
    fs.writeFileSync(considerPaths(ws.root).backup, 'not json either');
    await recovery().restore(ws.root);
    expect(fs.readFileSync(ws.storePath, 'utf8')).toBe('{"version":1,"comments":[{');
    expect(unreadableCopies()).toEqual([]);
  });

  it('refuses a backup a repository planted as a FIFO, without waiting on it, and changes nothing', async () => {
    await seeded(2);
    replaceStore('{"version":1,"comments":[{');
    const backup = considerPaths(ws.root).backup;
    fs.rmSync(backup);
    expect(spawnSync('mkfifo', [backup]).status).toBe(0);
    await expect(restoreLastGoodCopy(ws.root)).rejects.toMatchObject({ code: 'unreadable', message: expect.stringMatching(/store\.json\.bak is not a regular file/) });
    expect(fs.readFileSync(ws.storePath, 'utf8')).toBe('{"version":1,"comments":[{');
    expect(unreadableCopies()).toEqual([]);
  }, 10_000);
});
