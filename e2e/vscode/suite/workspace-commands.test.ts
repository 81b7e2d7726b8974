import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { addByCli, cliOk, extension, folder, freshCopy, readStoreJson, rendered, storedThread, waitFor, writeByOtherProcess } from './helpers';

suite('workspace commands', () => {
  test('Archive Resolved moves resolved threads out of the store and off the editor', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/math.ts', 'src/archive.ts');
    const done = await addByCli(root, file, '1-3', 'done one', 'human');
    const open = await addByCli(root, file, '5-7', 'still open', 'human');
    await cliOk(root, 'resolve', done);
    await waitFor('resolved thread rendered', async () => (await rendered(done))?.label === 'Resolved');
    const n = await vscode.commands.executeCommand<number>('consider.archiveResolved');
    assert.ok(n >= 1, `archived ${n}`);
    const ids = readStoreJson(root).comments.map((c) => c.id);
    assert.ok(!ids.includes(done), 'the resolved thread is still in the store');
    assert.ok(ids.includes(open), 'the open thread left the store');
    const archive = JSON.parse(fs.readFileSync(path.join(root, '.consider/archive.json'), 'utf8')) as { comments?: { id: string }[] } | { id: string }[];
    const archived = Array.isArray(archive) ? archive : archive.comments ?? [];
    assert.ok(archived.some((c) => c.id === done), 'the resolved thread is not in archive.json');
    await waitFor('archived thread gone from the editor', async () => !(await rendered(done)));
    const note = (await extension()).notifications().find((x) => x.message.includes('archived'));
    assert.deepEqual(note?.actions, ['Undo']);
  });

  test('Reconcile All re-anchors threads of files that are not open', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/math.ts', 'src/reconcile-all.ts');
    const id = await addByCli(root, file, '9-11', 'clamp argument order', 'human');
    const abs = path.join(root, file);
    await writeByOtherProcess(abs, `// header\n// header\n${fs.readFileSync(abs, 'utf8')}`);
    await vscode.commands.executeCommand('consider.reconcileAll');
    await waitFor('moved in the store', () => storedThread(root, id).anchor.startLine === 11, 8000);
    assert.equal(storedThread(root, id).anchorState, 'anchored');
    await waitFor('moved on screen', async () => (await rendered(id))?.startLine === 11);
    assert.ok((await extension()).notifications().some((x) => /re-anchored all threads \(\d+ checked/.test(x.message)));
  });

  test('Copy Thread ID puts "threadID: <id>" on the clipboard', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/math.ts', 'src/copy-id.ts');
    const id = await addByCli(root, file, '1-1', 'copy me', 'human');
    await waitFor('rendered', () => rendered(id));
    await vscode.commands.executeCommand('consider.copyThreadId', (await extension()).widget(root, id));
    assert.equal(await vscode.env.clipboard.readText(), `threadID: ${id}`);
  });

  test('an agent question (thread by the agent) renders as the agent, not editable by the human', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/math.ts', 'src/agent-question.ts');
    const id = await addByCli(root, file, '5-7', 'Should multiply accept bigint?', 'agent');
    const t = await waitFor('rendered', () => rendered(id));
    assert.equal(t.comments[0]?.authorName, 'Agent');
    assert.equal(t.comments[0]?.contextValue, 'author:agent');
  });
});
