import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { addByCli, extension, folder, freshCopy, storePath, waitFor } from './helpers';

const isBusyNote = (n: { message: string }): boolean => n.message.includes('the comment store is busy');

suite('busy store', () => {
  test('a lock held by another live process brings a notification with Retry and leaves the store untouched', async () => {
    const { root } = folder('alpha');
    const api = await extension();
    const file = freshCopy(root, 'src/greeting.ts', 'src/busy-store.ts');
    await addByCli(root, file, '2-3', 'written before the lock is taken');
    await api.whenIdle(); // no reconcile or position write of ours may be holding or waiting for the lock
    const before = fs.readFileSync(storePath(root));
    const busyBefore = api.notifications().filter(isBusyNote).length;

    // Another process holds the lock: a live pid and a fresh time, so it is not taken over as stale (shared/store/lock.ts).
    const holder = spawn(process.env.CONSIDER_E2E_NODE ?? 'node', ['-e', 'setTimeout(() => {}, 20000)'], { stdio: 'ignore' });
    const lock = path.join(root, '.consider', 'store.lock');
    const held = JSON.stringify({ pid: holder.pid, at: Date.now(), nonce: 'e2e-busy-holder' });
    try {
      assert.ok(holder.pid, 'the lock holder started');
      fs.writeFileSync(lock, held, { flag: 'wx' });
      const id = await vscode.commands.executeCommand<string | undefined>('consider.addComment', {
        uri: vscode.Uri.file(path.join(root, file)), startLine: 5, endLine: 5, body: 'written while the store is locked',
      });
      assert.equal(id, undefined, 'the comment was not saved');
      const note = await waitFor('busy notification', () => api.notifications().filter(isBusyNote)[busyBefore], 5000);
      assert.equal(note.severity, 'warning');
      assert.deepEqual(note.actions, ['Retry']);
      assert.match(note.message, /could not save the comment/);
      assert.match(note.message, new RegExp(`locked by process ${holder.pid}`));
      assert.match(note.message, /store file was not touched/);
      assert.ok(fs.readFileSync(storePath(root)).equals(before), 'store.json changed while another process held the lock');
      assert.equal(fs.readFileSync(lock, 'utf8'), held, "the other process's lock was taken over or changed");
    } finally {
      holder.kill();
      fs.rmSync(lock, { force: true });
    }
    // Once the lock is released, the same write goes through.
    const id = await vscode.commands.executeCommand<string | undefined>('consider.addComment', {
      uri: vscode.Uri.file(path.join(root, file)), startLine: 5, endLine: 5, body: 'written after the lock is released',
    });
    assert.ok(id, 'the write after the release failed');
  });
});
