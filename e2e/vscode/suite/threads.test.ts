import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { addByCli, cliOk, extension, figure, folder, freshCopy, openInEditor, readStoreJson, rendered, storedThread, waitFor, writeByOtherProcess } from './helpers';

suite('threads in the editor', () => {
  test('Add Comment by command saves to the store at once and renders the thread', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/greeting.ts', 'src/add-by-command.ts');
    const editor = await openInEditor(root, file);
    const id = await vscode.commands.executeCommand<string>('consider.addComment', { uri: editor.document.uri, startLine: 7, endLine: 9, body: 'Why a template literal here?' });
    assert.ok(id, 'the command returned no thread id');
    const stored = storedThread(root, id);
    assert.equal(stored.file, file);
    assert.deepEqual([stored.anchor.startLine, stored.anchor.endLine], [7, 9]);
    assert.equal(stored.workflowState, 'open');
    assert.equal(stored.anchorState, 'anchored');
    assert.equal(stored.author, 'human');
    const shown = await waitFor('thread rendered', () => rendered(id));
    assert.equal(shown.startLine, 7);
    assert.equal(shown.endLine, 9);
    assert.equal(shown.label, 'Open');
    assert.equal(shown.canReply, true);
    assert.equal(shown.comments[0]?.authorName, 'You');
    assert.equal(shown.comments[0]?.body, 'Why a template literal here?');
  });

  test('a reply written by consider-cli in another process appears in the thread', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/greeting.ts', 'src/cli-reply.ts');
    await openInEditor(root, file);
    const id = await addByCli(root, file, '12-14', 'Should farewell use the title too?', 'human');
    await waitFor('thread rendered', () => rendered(id));
    const r = await cliOk(root, 'reply', id, '--message', 'Yes: **done** in the next commit. <img src=x onerror=alert(1)> [run](command:workbench.action.quit)');
    const shown = await waitFor('agent reply rendered', async () => {
      const t = await rendered(id);
      return t && t.comments.length === 2 ? t : undefined;
    }, 5000);
    figure('reply latency (CLI exit → reply rendered, extension host)', Date.now() - r.exitedAt, 'ms');
    const reply = shown.comments[1]!;
    assert.equal(reply.author, 'agent');
    assert.equal(reply.authorName, 'Agent');
    assert.match(reply.contextValue, /author:agent/);
    assert.doesNotMatch(reply.contextValue, /canEdit|canDelete/, 'the human must not edit the agent\'s words');
    // Untrusted: the widget gets an untrusted MarkdownString without HTML support.
    const widget = (await extension()).widget(root, id)!;
    const body = widget.comments[1]!.body as vscode.MarkdownString;
    assert.equal(body.isTrusted, false);
    assert.equal(body.supportHtml, false);
  });

  test("the agent's question leaves the thread title once the human answers it in the widget", async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/greeting.ts', 'src/question-answered.ts');
    await openInEditor(root, file);
    const id = await addByCli(root, file, '7-9', 'Rename this?', 'human');
    await cliOk(root, 'reply', id, '--message', 'To what: greet or welcome?', '--question');
    await waitFor('the question in the title', async () => (await rendered(id))?.label === 'Open · Agent: has a question');
    const api = await extension();
    await vscode.commands.executeCommand('consider.reply', { thread: api.widget(root, id), text: 'greet, please.' });
    const t = await waitFor('the answer rendered', async () => {
      const r = await rendered(id);
      return r && r.comments.length === 3 ? r : undefined;
    });
    assert.equal(t.label, 'Open');
    assert.doesNotMatch(t.contextValue, /disposition/);
    assert.equal(t.comments[1]!.label, 'question'); // the agent's reply keeps its own label
  });

  test('typing lines above a thread moves it at once and persists the new position', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/greeting.ts', 'src/typing-above.ts');
    const editor = await openInEditor(root, file);
    const id = await addByCli(root, file, '12-14', 'Farewell is rude', 'human');
    await waitFor('thread rendered at 12', async () => (await rendered(id))?.startLine === 12);
    await editor.edit((b) => b.insert(new vscode.Position(0, 0), '// one\n// two\n// three\n'));
    const moved = await rendered(id); // shifted synchronously from the change event
    assert.equal(moved?.startLine, 15);
    assert.equal(moved?.endLine, 17);
    await editor.edit((b) => b.delete(new vscode.Range(0, 0, 1, 0)));
    assert.equal((await rendered(id))?.startLine, 14);
    await waitFor('position persisted in the store', () => storedThread(root, id).anchor.startLine === 14, 5000);
    const stored = storedThread(root, id);
    assert.equal(stored.anchor.endLine, 16);
    assert.equal(stored.anchorState, 'anchored');
    assert.match(stored.anchor.targetContent, /export function farewell/);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  test('typing inside the commented lines flags the thread stale; undo makes it whole again', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/greeting.ts', 'src/typing-inside.ts');
    const editor = await openInEditor(root, file);
    const id = await addByCli(root, file, '13-13', 'Goodbye is too formal', 'human');
    await waitFor('thread rendered', async () => (await rendered(id))?.label === 'Open');
    await editor.edit((b) => b.replace(new vscode.Range(12, 0, 12, editor.document.lineAt(12).text.length), '  throw new Error("farewell was removed on purpose, see the design doc");'));
    await waitFor('live stale label', async () => (await rendered(id))?.label === 'Open · Stale', 5000);
    assert.equal((await rendered(id))?.startLine, 13, 'a stale thread stays where its code was');
    await vscode.commands.executeCommand('undo');
    await waitFor('anchored again', async () => (await rendered(id))?.label === 'Open', 5000);
    assert.equal(storedThread(root, id).anchorState, 'anchored', 'an unsaved edit must not be persisted as stale');
  });

  test('editing your own comment saves the new text', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/math.ts', 'src/edit-own.ts');
    const id = await addByCli(root, file, '1-3', 'frist draft', 'human');
    await waitFor('rendered', () => rendered(id));
    const widget = (await extension()).widget(root, id)!;
    const comment = widget.comments[0]!;
    await vscode.commands.executeCommand('consider.editComment', comment);
    assert.equal(widget.comments[0]!.mode, vscode.CommentMode.Editing);
    comment.body = 'first draft, spelled right'; // what VS Code does with the text typed in the edit box
    await vscode.commands.executeCommand('consider.saveComment', comment);
    assert.equal(storedThread(root, id).body, 'first draft, spelled right');
    assert.ok(storedThread(root, id).editedAt, 'editedAt not set');
    const shown = await waitFor('edit rendered', async () => { const t = await rendered(id); return t?.comments[0]?.body === 'first draft, spelled right' ? t : undefined; });
    assert.equal(widget.comments[0]!.mode, vscode.CommentMode.Preview);
    assert.equal(shown.comments.length, 1);
  });

  test('a file rewritten on disk by another process re-anchors its threads', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/greeting.ts', 'src/rewritten.ts');
    await openInEditor(root, file);
    const id = await addByCli(root, file, '16-18', 'shout could reuse whisper', 'human');
    await waitFor('thread rendered at 16', async () => (await rendered(id))?.startLine === 16);
    const abs = path.join(root, file);
    const text = fs.readFileSync(abs, 'utf8');
    await writeByOtherProcess(abs, `import { log } from './log';\n\n// greeting helpers\n// (moved down by the agent)\n\n${text}`);
    await waitFor('thread shown 5 lines lower', async () => (await rendered(id))?.startLine === 21, 8000);
    await waitFor('new position in the store', () => storedThread(root, id).anchor.startLine === 21, 8000);
    assert.equal(storedThread(root, id).anchorState, 'anchored');
    assert.equal((await rendered(id))?.label, 'Open');
  });

  test('commented lines rewritten on disk make the thread stale', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/greeting.ts', 'src/stale.ts');
    await openInEditor(root, file);
    const id = await addByCli(root, file, '20-22', 'whisper should trim', 'human');
    await waitFor('thread rendered', () => rendered(id));
    const abs = path.join(root, file);
    const lines = fs.readFileSync(abs, 'utf8').split('\n');
    lines.splice(19, 3, 'export async function fetchRemoteConfiguration(url: URL): Promise<Response> {', '  return await fetch(url, { method: "POST", body: JSON.stringify({}) });', '}');
    await writeByOtherProcess(abs, lines.join('\n'));
    await waitFor('stale in the store', () => storedThread(root, id).anchorState === 'stale', 8000);
    await waitFor('stale label', async () => (await rendered(id))?.label === 'Open · Stale', 5000);
    assert.match((await rendered(id))!.contextValue, /anchor:stale/);
  });

  test('a deleted file orphans its threads', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/math.ts', 'src/deleted.ts');
    const id = await addByCli(root, file, '5-7', 'multiply overflows?', 'human');
    await waitFor('thread rendered', () => rendered(id));
    await writeByOtherProcess(path.join(root, file), null);
    await waitFor('orphaned in the store', () => storedThread(root, id).anchorState === 'orphaned', 8000);
    await waitFor('orphaned label', async () => (await rendered(id))?.label === 'Open · Orphaned', 5000);
  });

  // alpha is not a git repository: no history tells a move from a twin that was there all
  // along, so the place is offered, not followed (issue 35); following itself is covered with
  // git in test/reanchor-cross-file.test.ts.
  test('code the agent moves into a new file: its thread is offered that place, and its title says so (issues 26, 35)', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/greeting.ts', 'src/moved-out.ts');
    const editor = await openInEditor(root, file);
    const id = await addByCli(root, file, '8-9', 'Should greet trim the name?', 'human');
    await waitFor('thread rendered', () => rendered(id));
    const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
    // greet() (lines 7-10) goes into a new module; the old file keeps the rest.
    await writeByOtherProcess(path.join(root, 'src/greet.ts'), `import type { Person } from './moved-out';\n\n${lines.slice(6, 10).join('\n')}\n`);
    await writeByOtherProcess(path.join(root, file), [...lines.slice(0, 6), ...lines.slice(11)].join('\n'));
    await waitFor('offered src/greet.ts', () => storedThread(root, id).anchor.suggestedMove?.file === 'src/greet.ts', 8000);
    const stored = storedThread(root, id);
    assert.deepEqual([stored.file, stored.anchorState, stored.anchor.suggestedMove?.startLine, stored.anchor.suggestedMove?.endLine], [file, 'stale', 4, 5]);
    assert.equal(stored.movedFrom, undefined);
    // The title follows the open editor's text, which VS Code reloads from disk when its file
    // watcher reports the agent's write (seconds on a loaded machine): wait for that first.
    const rest = [...lines.slice(0, 6), ...lines.slice(11)].join('\n');
    await waitFor('the editor shows the agent\'s edit', () => editor.document.getText() === rest, 30_000);
    // The reload queues a pass over the file behind any search for lost code still running (other
    // tests leave lost threads in this folder): the label is judged once that work is done.
    await (await extension()).whenIdle();
    await waitFor('label says where it may have moved', async () => {
      const label = (await rendered(id))?.label;
      if (label === 'Open · Stale · May have moved to src/greet.ts:4-5') return true;
      throw new Error(`the label says ${JSON.stringify(label)}; the store: ${JSON.stringify({ state: storedThread(root, id).anchorState, offered: storedThread(root, id).anchor.suggestedMove })}`);
    }, 5000);
  });

  test('a cut in one editor pasted into another: the thread is offered the pasted code when the second is saved (issues 26, 35)', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/greeting.ts', 'src/cut-from.ts');
    const target = freshCopy(root, 'src/math.ts', 'src/paste-into.ts');
    const from = await openInEditor(root, file);
    const id = await addByCli(root, file, '12-13', 'Use the title here as greet does?', 'human');
    await waitFor('thread rendered', () => rendered(id));
    // Cut farewell() (lines 12-14, with the blank line after it) and save: the thread is stale, its code nowhere yet.
    const cut = from.document.getText(new vscode.Range(11, 0, 15, 0));
    await from.edit((b) => b.delete(new vscode.Range(11, 0, 15, 0)));
    await from.document.save();
    await waitFor('stale after the cut', () => storedThread(root, id).anchorState === 'stale', 8000);
    const into = await openInEditor(root, target);
    await into.edit((b) => b.insert(new vscode.Position(into.document.lineCount, 0), `\n${cut}`));
    await into.document.save();
    await waitFor('offered the pasted code', () => storedThread(root, id).anchor.suggestedMove?.file === target, 8000);
    const stored = storedThread(root, id);
    assert.deepEqual([stored.file, stored.anchorState], [file, 'stale']);
    assert.equal(into.document.lineAt(stored.anchor.suggestedMove!.startLine - 1).text, 'export function farewell(person: Person): string {');
  });

  test('resolve collapses the thread and blocks replies; reopen brings them back', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/math.ts', 'src/resolve.ts');
    const id = await addByCli(root, file, '1-3', 'add needs a test', 'human');
    await waitFor('thread rendered', () => rendered(id));
    const api = await extension();
    await vscode.commands.executeCommand('consider.resolveThread', api.widget(root, id));
    assert.equal(storedThread(root, id).workflowState, 'resolved');
    const resolved = await waitFor('resolved rendering', async () => { const t = await rendered(id); return t?.label === 'Resolved' ? t : undefined; });
    assert.equal(resolved.collapsed, true);
    assert.equal(resolved.canReply, false);
    assert.match(resolved.contextValue, /state:resolved/);
    await vscode.commands.executeCommand('consider.reopenThread', api.widget(root, id));
    assert.equal(storedThread(root, id).workflowState, 'open');
    const reopened = await waitFor('open rendering', async () => { const t = await rendered(id); return t?.label === 'Open' ? t : undefined; });
    assert.equal(reopened.canReply, true);
    assert.equal(reopened.collapsed, false);
  });

  test('Show/Hide Resolved and Show/Hide Stale hide and show the threads', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/math.ts', 'src/toggles.ts');
    const resolvedId = await addByCli(root, file, '1-3', 'resolved one', 'human');
    const openId = await addByCli(root, file, '5-7', 'open one', 'human');
    await cliOk(root, 'resolve', resolvedId);
    await waitFor('both rendered', async () => (await rendered(resolvedId))?.label === 'Resolved' && !!(await rendered(openId)));
    await vscode.commands.executeCommand('consider.hideResolved');
    await waitFor('resolved hidden', async () => !(await rendered(resolvedId)));
    assert.ok(await rendered(openId), 'the open thread must stay');
    await vscode.commands.executeCommand('consider.showResolved');
    await waitFor('resolved shown again', () => rendered(resolvedId));

    await writeByOtherProcess(path.join(root, file), null); // orphans both
    await waitFor('orphaned', () => storedThread(root, openId).anchorState === 'orphaned', 8000);
    await vscode.commands.executeCommand('consider.hideStale');
    await waitFor('stale/orphaned hidden', async () => !(await rendered(openId)));
    await vscode.commands.executeCommand('consider.showStale');
    await waitFor('stale/orphaned shown again', () => rendered(openId));
  });

  test('two workspace folders keep separate stores', async () => {
    const alpha = folder('alpha');
    const beta = folder('beta');
    const a = await vscode.commands.executeCommand<string>('consider.addComment', { uri: vscode.Uri.file(path.join(alpha.root, 'src/math.ts')), startLine: 9, endLine: 11, body: 'alpha thread' });
    const b = await vscode.commands.executeCommand<string>('consider.addComment', { uri: vscode.Uri.file(path.join(beta.root, 'lib/util.py')), startLine: 1, endLine: 3, body: 'beta thread' });
    assert.ok(a && b);
    assert.ok(readStoreJson(alpha.root).comments.some((c) => c.id === a));
    assert.ok(!readStoreJson(alpha.root).comments.some((c) => c.id === b), 'beta thread leaked into alpha');
    const betaStore = readStoreJson(beta.root);
    assert.ok(betaStore.comments.some((c) => c.id === b && c.file === 'lib/util.py'), 'beta thread missing from beta');
    assert.ok(!betaStore.comments.some((c) => c.id === a || c.body === 'alpha thread'), 'alpha thread leaked into beta');
    const shownA = await waitFor('alpha thread rendered', () => rendered(a));
    const shownB = await waitFor('beta thread rendered', () => rendered(b));
    assert.equal(shownA.root, alpha.root);
    assert.equal(shownB.root, beta.root);
    const folders = (await extension()).host.folders();
    assert.deepEqual(folders.map((f) => f.name).sort(), ['alpha', 'beta']);
  });
});
