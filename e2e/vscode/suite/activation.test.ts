import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { extension, EXTENSION_ID } from './helpers';

suite('activation', () => {
  test('the extension is present and activates', async () => {
    const api = await extension();
    assert.ok(api, `${EXTENSION_ID} returned no API from activate()`);
  });

  test('every contributed command is registered', async () => {
    await extension();
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const contributed: { command: string }[] = ext.packageJSON.contributes?.commands ?? [];
    assert.ok(contributed.length > 0, 'package.json contributes no commands');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.map((c) => c.command).filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], 'contributed but not registered');
  });
});
