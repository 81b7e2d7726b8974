import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { checkCommands } from '../scripts/check-commands.mjs';

const repo = path.resolve(__dirname, '..');

describe('scripts/check-commands.mjs', () => {
  it('finds every contributed command registered, in the category Consider', () => {
    const r = spawnSync(process.execPath, [path.join(repo, 'scripts/check-commands.mjs')], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const { contributed } = checkCommands(repo) as { contributed: string[] };
    for (const id of ['consider.addComment', 'consider.reconcileAll', 'consider.archiveResolved', 'consider.showResolved', 'consider.hideResolved',
      'consider.showStale', 'consider.hideStale', 'consider.showAllComments', 'consider.openTriage', 'consider.setup', 'consider.uninstall']) {
      expect(contributed).toContain(id);
    }
  });

  it('reports a command missing from the list, package.json or a registration, an id written as a string, and a menu naming an unknown command', () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-cmds-'));
    try {
      fs.mkdirSync(path.join(tmp, 'extension/commands'), { recursive: true });
      fs.writeFileSync(path.join(tmp, 'extension/command-ids.ts'),
        "export const CommandIds = {\n  real: 'consider.real',\n  unregistered: 'consider.unregistered',\n  unlisted: 'consider.notContributed',\n} as const;\n");
      fs.writeFileSync(path.join(tmp, 'extension/a.ts'), [
        'registerCommand(CommandIds.real, () => 1);',
        'registerCommand(CommandIds.unlisted, () => 1);',
        "vscode.commands.executeCommand('consider.real');",
      ].join('\n'));
      fs.writeFileSync(path.join(tmp, 'package.json'), JSON.stringify({ contributes: {
        commands: [
          { command: 'consider.real', title: 'Real', category: 'Consider' },
          { command: 'consider.unregistered', title: 'U', category: 'Consider' },
          { command: 'consider.ghost', title: 'Ghost', category: 'Other' },
        ],
        menus: { commandPalette: [{ command: 'consider.nowhere', when: 'false' }] },
      } }));
      const { problems } = checkCommands(tmp) as { problems: string[] };
      expect(problems.sort()).toEqual([
        'consider.ghost: category is "Other", not "Consider"',
        'consider.ghost: contributed in package.json but not in extension/command-ids.ts',
        'consider.notContributed: in extension/command-ids.ts but not contributed in package.json',
        'consider.unregistered: in extension/command-ids.ts but never registered',
        'extension/a.ts: consider.real: a command id written as a string; use CommandIds from extension/command-ids.ts',
        'menu commandPalette: consider.nowhere is not a contributed command',
      ].sort());
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('hides every internal thread action from the command palette', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
    const hidden = new Set(pkg.contributes.menus.commandPalette.filter((m: { when: string }) => m.when === 'false').map((m: { command: string }) => m.command));
    const threadMenus = ['comments/commentThread/context', 'comments/commentThread/title', 'comments/comment/title', 'comments/comment/context'];
    for (const menu of threadMenus) {
      for (const item of pkg.contributes.menus[menu]) {
        expect(hidden.has(item.command), `${item.command} shows in the palette`).toBe(true);
        expect(item.when).toContain('commentController == consider');
      }
    }
  });
});
