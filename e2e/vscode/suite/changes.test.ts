import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { extension, folder, sleep, waitFor, writeByOtherProcess } from './helpers';

// The Changes view in the multi-root suite workspace (alpha + beta): one tree per folder, each
// counting from its own baseline, each listing only its own files.
suite('changes view', () => {
  test('a multi-root workspace has one tree per folder, each with its own baseline and files', async () => {
    const alpha = folder('alpha');
    const beta = folder('beta');
    await vscode.commands.executeCommand('consider.markAllReviewed');
    for (const root of [alpha.root, beta.root]) assert.ok(fs.readdirSync(path.join(root, '.consider', 'baselines')).some((n) => n.startsWith('mark-')), `no mark in ${root}`);
    // Written as the agent's tools would, from another process: the view hears of it from the file watcher.
    await writeByOtherProcess(path.join(alpha.root, 'src', 'changes-alpha.ts'), 'export const a = 1;\n');
    const betaFile = 'lib/util.py';
    await writeByOtherProcess(path.join(beta.root, betaFile), `${fs.readFileSync(path.join(beta.root, betaFile), 'utf8')}# changed for the changes view\n`);
    await vscode.commands.executeCommand('consider.changes.focus');
    const api = await extension();
    await waitFor('both folders listed with their own change', async () => {
      const c = api.changes();
      const [alphaFiles, betaFiles] = [await c.files(alpha.root), await c.files(beta.root)];
      if (alphaFiles.some((f) => f.path === 'src/changes-alpha.ts') && betaFiles.some((f) => f.path === betaFile)) return true;
      throw new Error(`listed: ${JSON.stringify({ top: await c.top(), alpha: alphaFiles, beta: betaFiles })}`);
    }, 20_000);
    const c = api.changes();
    assert.deepEqual(await c.top(), ['alpha', 'beta']);
    assert.deepEqual((await c.files(alpha.root)).map((f) => [f.path, f.kind, f.description]), [['src/changes-alpha.ts', 'added', '+1 −0']]);
    assert.deepEqual((await c.files(beta.root)).map((f) => [f.path, f.kind, f.description]), [[betaFile, 'modified', '+1 −0']]);
    fs.rmSync(path.join(alpha.root, 'src', 'changes-alpha.ts'));
  });

  test('Open All Changes past what VS Code\'s multi-file diff handles says so, offers the first 500, and opens nothing unasked', async function () {
    this.timeout(90_000); // 520 files written, captured and listed on a loaded machine
    const alpha = folder('alpha');
    await vscode.commands.executeCommand('consider.markAllReviewed');
    const dir = path.join(alpha.root, 'generated-many');
    fs.mkdirSync(dir, { recursive: true });
    for (let i = 0; i < 520; i++) fs.writeFileSync(path.join(dir, `f${String(i).padStart(3, '0')}.ts`), `export const v${i} = ${i};\n`);
    const api = await extension();
    try {
      const tabsBefore = vscode.window.tabGroups.all.flatMap((g) => g.tabs).length;
      const opening = vscode.commands.executeCommand('consider.changes.openAll', { root: alpha.root });
      const note = await waitFor('the cap\'s warning', () => api.notifications().find((n) => n.message.includes('Open All Changes opens at most 500')), 60_000);
      assert.equal(note.severity, 'warning');
      assert.match(note.message, /^Consider: 520 files changed since marked reviewed: VS Code's multi-file diff stalls with that many/);
      assert.deepEqual(note.actions, ['Open the First 500']);
      // Dismissed: nothing opens.
      await vscode.commands.executeCommand('notifications.clearAll');
      await waitFor('Open All Changes to return once its warning is dismissed', () => Promise.race([opening.then(() => true), sleep(1_000).then(() => false)]), 10_000);
      await sleep(500);
      assert.equal(vscode.window.tabGroups.all.flatMap((g) => g.tabs).length, tabsBefore);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
