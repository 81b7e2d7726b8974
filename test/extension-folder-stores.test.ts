/**
 * The extension's own read of each folder's store (extension/store/folder-stores.ts) goes
 * through the store module's data-file reader, as the CLI's does: a clone may commit a
 * `.consider/store.json` that is a FIFO (a plain read blocks the extension host for good) or a
 * link leading out of the folder. Such a store is reported unreadable, with the others read.
 * Real files in a temporary workspace; a stand-in for the vscode module and the file watcher.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('vscode', async () => (await import('./helpers/fake-vscode')).fakeVscode());
vi.mock('../extension/store/store-watcher', () => ({ watchStore: () => ({ dispose() {} }) }));

import { FolderStores } from '../extension/store/folder-stores';
import { addThread } from '../shared';
import { makeWorkspace, type Workspace } from './helpers/cli';

const log = { warn: () => undefined, info: () => undefined } as unknown as ConstructorParameters<typeof FolderStores>[0];
const folder = (root: string) => ({ uri: { scheme: 'file', fsPath: root }, name: path.basename(root), index: 0 }) as never;

let spaces: Workspace[] = [];
let stores: FolderStores | undefined;
afterEach(() => {
  stores?.dispose();
  for (const ws of spaces) ws.cleanup();
  spaces = [];
});

async function workspaceWithThread(): Promise<Workspace> {
  const ws = makeWorkspace({ 'a.ts': 'const a = 1;\nconst b = 2;\n' });
  spaces.push(ws);
  await addThread(ws.root, { file: 'a.ts', startLine: 1, endLine: 1, body: 'why?', author: 'human' });
  return ws;
}

describe('FolderStores reads a store as data', () => {
  it('reports a store.json that is a FIFO unreadable instead of blocking, and reads the other folder', async () => {
    const good = await workspaceWithThread();
    const planted = await workspaceWithThread();
    fs.rmSync(planted.storePath);
    expect(spawnSync('mkfifo', [planted.storePath]).status).toBe(0);
    stores = new FolderStores(log);
    stores.sync([folder(good.root), folder(planted.root)]);
    expect(stores.get(good.root)?.store?.comments).toHaveLength(1);
    expect(stores.get(planted.root)).toMatchObject({ store: undefined, error: { code: 'unreadable', message: expect.stringMatching(/store\.json is not a regular file/) } });
  }, 10_000);

  it('does not follow a store.json that is a link out of the folder', async () => {
    const ws = await workspaceWithThread();
    const outside = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-outside-')), 'store.json');
    fs.renameSync(ws.storePath, outside);
    fs.symlinkSync(outside, ws.storePath);
    try {
      stores = new FolderStores(log);
      stores.sync([folder(ws.root)]);
      expect(stores.get(ws.root)).toMatchObject({ store: undefined, error: { code: 'unreadable', message: expect.stringMatching(/is a symbolic link/) } });
    } finally {
      fs.rmSync(path.dirname(outside), { recursive: true, force: true });
    }
  });
});
