import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { extension, folder, waitFor, writeByOtherProcess } from './helpers';

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
    await waitFor('both folders listed with their own change', () => {
      const c = api.changes();
      if (c.files(alpha.root).some((f) => f.path === 'src/changes-alpha.ts') && c.files(beta.root).some((f) => f.path === betaFile)) return true;
      throw new Error(`listed: ${JSON.stringify({ top: c.top, alpha: c.files(alpha.root), beta: c.files(beta.root) })}`);
    }, 20_000);
    const c = api.changes();
    assert.deepEqual(c.top, ['alpha', 'beta']);
    assert.deepEqual(c.files(alpha.root).map((f) => [f.path, f.kind, f.description]), [['src/changes-alpha.ts', 'added', '+1']]);
    assert.deepEqual(c.files(beta.root).map((f) => [f.path, f.kind, f.description]), [[betaFile, 'modified', '+1']]);
    fs.rmSync(path.join(alpha.root, 'src', 'changes-alpha.ts'));
  });
});
