import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { extension, folder, readStoreJson, sleep, storePath, waitFor } from './helpers';

suite('unreadable store', () => {
  test('a corrupt store brings a notification with safe actions and is never overwritten', async () => {
    const { root } = folder('beta');
    const api = await extension();
    // Two writes, so store.json.bak holds a good copy.
    await vscode.commands.executeCommand('consider.addComment', { uri: vscode.Uri.file(path.join(root, 'lib/util.py')), startLine: 6, endLine: 7, body: 'first' });
    await vscode.commands.executeCommand('consider.addComment', { uri: vscode.Uri.file(path.join(root, 'lib/util.py')), startLine: 1, endLine: 1, body: 'second' });
    const good = readStoreJson(root);
    const corrupt = '{"version":1,"comments":[{"id":"c_broken", oops';
    fs.writeFileSync(storePath(root), corrupt);
    const note = await waitFor('recovery notification', () => api.notifications().find((n) => n.severity === 'error' && n.message.includes('cannot read the comment store of beta')), 5000);
    assert.deepEqual(note.actions, ['Retry', 'Open File', 'Restore Last Good Copy']);
    assert.ok(api.host.folders().find((f) => f.root === root)?.error, 'host reports the error');
    // The editor keeps working: the last good threads stay on screen.
    assert.ok(api.threads().some((t) => t.root === root && t.comments[0]?.body === 'second'));
    // A write attempt fails cleanly and leaves the file alone.
    const id = await vscode.commands.executeCommand<string | undefined>('consider.addComment', { uri: vscode.Uri.file(path.join(root, 'lib/util.py')), startLine: 2, endLine: 2, body: 'third' });
    assert.equal(id, undefined);
    await sleep(300);
    assert.equal(fs.readFileSync(storePath(root), 'utf8'), corrupt, 'the corrupt store was modified');
    // Restore the backup the way the notification's action does, then the folder works again.
    fs.writeFileSync(storePath(root), JSON.stringify(good));
    await waitFor('error cleared', () => !api.host.folders().find((f) => f.root === root)?.error, 5000);
  });
});
