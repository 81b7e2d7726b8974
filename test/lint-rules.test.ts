/**
 * The import rules of the layout (eslint.config.mjs) keep working: a forbidden import in each
 * folder is reported, an allowed one is not. Runs ESLint's own API on text placed at a path
 * inside each folder (nothing is written).
 */
import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The probes are text at paths no tsconfig includes: the type-aware rules' project service would
// refuse them as files outside every project, so it and the two rules that need it are off here
// (the rules tested need no types).
const eslint = new ESLint({
  cwd: path.resolve(__dirname, '..'),
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(__dirname, '..', file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the import rules (eslint.config.mjs)', () => {
  it.each([
    ['shared/probe.ts', "import * as vscode from 'vscode';"],
    ['shared/probe.ts', "import { activate } from '../extension/extension';"],
    ['shared/board/probe.ts', "import { App } from '../../webview/src/components/App';"],
    ['cli/probe.ts', "import { Host } from '../extension/host';"],
    ['setup/probe.ts', "import * as vscode from 'vscode';"],
    ['webview/src/probe.ts', "import fs from 'node:fs';"],
    ['extension/board/probe.ts', "import { titleOf } from '../../webview/src/lib/details';"],
  ])('%s may not: %s', async (file, code) => {
    expect(await restricted(file, `${code}\nexport {};\n`)).toHaveLength(1);
  });

  it.each([
    ['cli/probe.ts', "import { readStore } from '../shared';"],
    ['setup/probe.ts', "import { readStore } from '../shared';"],
    ['webview/src/probe.ts', "import { titleOf } from '../../shared/protocol';"],
    ['extension/probe.ts', "import * as vscode from 'vscode';"],
  ])('%s may: %s', async (file, code) => {
    expect(await restricted(file, `${code}\nexport {};\n`)).toEqual([]);
  });
});

describe('no import circles (import-x/no-cycle)', () => {
  const cycles = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.resolve(__dirname, '..', file) });
    return result!.messages.filter((m) => m.ruleId === 'import-x/no-cycle');
  };

  it('reports a module that imports one that imports it back', async () => {
    // agent-file.ts imports fsutil.ts: fsutil.ts importing agent-file.ts would close a circle.
    expect(await cycles('setup/fsutil.ts', "import { compact } from './agent-file';\nexport const probe = compact;\n")).toHaveLength(1);
  });

  it('accepts the same import where it closes no circle', async () => {
    expect(await cycles('setup/probe.ts', "import { compact } from './agent-file';\nexport const probe = compact;\n")).toEqual([]);
  });
});

describe('one direction inside shared/, setup/, cli/ and extension/ (import-x/no-restricted-paths, eslint.config.mjs FLOORS)', () => {
  const upward = async (file: string, code: string) => {
    const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path.resolve(__dirname, '..', file) });
    return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
  };

  it.each([
    ['shared/anchoring/probe.ts', "import { readStore } from '../store/store-io';"], // the algorithms never reach the store
    ['shared/anchoring/probe.ts', "import type { StoreSummary } from '../store/threads';"], // types included
    ['shared/paths.ts', "import { PLANS_REL } from './plans';"],
    ['shared/store/probe.ts', "import { readViewed } from '../changes/viewed';"],
    ['shared/changes/probe.ts', "import { readStore } from '..';"], // the public surface stands above every room
    ['shared/workspace/probe.ts', "import { contentHash } from '../anchoring/content-hash';"], // git and the file list stand below the algorithms
    ['setup/targets/probe.ts', "import { installHooks } from '../hooks/workspace';"],
    ['setup/types.ts', "import { setupWorkspace } from './setup';"],
    ['setup/hooks/probe.ts', "import { installMcpServers } from '../mcp/workspace';"], // kinds of one floor keep apart
    ['setup/hooks/probe.ts', "import { installPlanGates } from '../plans/workspace';"],
    // cli/ and extension/ (issue 36): the climbs there were hook/ <-> plans/, changes/ -> commands/ids, commands/ -> setup/
    ['cli/plans/probe.ts', "import { runHook } from '../hook/run';"],
    ['cli/output.ts', "import { answerPlanHook } from './plans/gate';"],
    ['cli/mcp/probe.ts', "import { readCommands } from '../read-commands';"],
    ['extension/changes/probe.ts', "import { registerThreadCommands } from '../commands/thread-commands';"],
    ['extension/commands/probe.ts', "import { registerSetupLifecycle } from '../setup/lifecycle';"],
    ['extension/comments/probe.ts', "import type { Board } from '../board/session';"],
    ['extension/store/probe.ts', "import type { ChangesModel } from '../changes/changes-model';"],
  ])('%s may not: %s', async (file, code) => {
    expect(await upward(file, code)).toHaveLength(1);
  });

  it.each([
    ['shared/store/probe.ts', "import { mapLines } from '../anchoring/diff';"],
    ['shared/anchoring/probe.ts', "import { utf8Text } from '../utf8';"],
    ['shared/board/probe.ts', "import { codeSinceWritten } from '../changes/proof';"],
    ['shared/anchoring/probe.ts', "import { listWorkspaceFiles } from '../workspace/files';"],
    ['shared/changes/probe.ts', "import { runGit } from '../workspace/git';"],
    ['setup/hooks/probe.ts', "import { HOOK_ROWS } from '../targets/hooks';"],
    ['setup/plans/probe.ts', "import { hookRuns } from '../hooks/inspect';"], // plans/ writes its gates through hooks/
    ['setup/setup.ts', "import { installHooks } from './hooks/workspace';"],
    ['cli/hook/probe.ts', "import { planEvent } from '../plans/formats';"], // the hooks hand plan events to plans/
    ['cli/plans/probe.ts', "import { readHookInput } from '../hook-input';"],
    ['extension/changes/probe.ts', "import { CommandIds } from '../command-ids';"],
    ['extension/commands/probe.ts', "import { confirmFirstComment } from './first-comment';"],
    ['extension/setup/probe.ts', "import { CommandIds } from '../command-ids';"],
  ])('%s may: %s', async (file, code) => {
    expect(await upward(file, code)).toEqual([]);
  });
});

describe('one log for the extension (issue 29)', () => {
  const logRules = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.resolve(__dirname, '..', file) });
    return result!.messages.filter((m) => m.ruleId === 'no-console' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };

  it.each([
    ['extension/setup/probe.ts', "console.log('refreshed');\nexport {};\n"],
    ['extension/board/probe.ts', "import * as vscode from 'vscode';\nexport const log = vscode.window.createOutputChannel('Consider Board', { log: true });\n"],
  ])('%s may not open a log of its own: %s', async (file, code) => {
    expect(await logRules(file, code)).toHaveLength(1);
  });

  it('extension.ts opens the one channel, and the other modules are handed it', async () => {
    expect(await logRules('extension/extension.ts', "import * as vscode from 'vscode';\nexport const log = vscode.window.createOutputChannel('Consider', { log: true });\n")).toEqual([]);
    expect(await logRules('extension/board/probe.ts', "import type * as vscode from 'vscode';\nexport const say = (log: vscode.LogOutputChannel) => log.info('x');\n")).toEqual([]);
  });
});

describe('git runs in one place, shared/workspace/git.ts (eslint.config.mjs ONE_GIT_RUNNER)', () => {
  const gitSpawns = async (file: string, code: string): Promise<string[]> => {
    const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path.resolve(__dirname, '..', file) });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };

  it.each([
    ['shared/anchoring/probe.ts', "import { execFileSync } from 'node:child_process';\nexecFileSync('git', ['status']);"],
    ['shared/changes/probe.ts', "import cp from 'node:child_process';\ncp.spawnSync('git', ['diff']);"],
    ['cli/probe.ts', "import { spawn } from 'node:child_process';\nspawn('git', ['log']);"],
    ['extension/changes/probe.ts', "import cp from 'node:child_process';\ncp.execFile('git', ['show']);"],
  ])('%s may not: %s', async (file, code) => {
    expect(await gitSpawns(file, code)).toHaveLength(1);
  });

  it.each([
    ['shared/workspace/git.ts', "import cp from 'node:child_process';\ncp.spawnSync('git', ['status']);"],
    ['cli/probe.ts', "import { spawn } from 'node:child_process';\nspawn(process.execPath, ['x.js']);"],
  ])('%s may: %s', async (file, code) => {
    expect(await gitSpawns(file, code)).toEqual([]);
  });
});

describe('words the user reads in extension/ go through vscode.l10n.t (eslint.config.mjs UNLOCALISED)', () => {
  const unlocalised = async (file: string, code: string): Promise<string[]> => {
    const header = file.startsWith('extension/') ? "import * as vscode from 'vscode';\n" : '';
    const [result] = await eslint.lintText(`${header}${code}\nexport {};\n`, { filePath: path.resolve(__dirname, '..', file) });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };

  it.each([
    ['extension/probe.ts', "void vscode.window.showInformationMessage('Saved.');"],
    ['extension/commands/probe.ts', 'void vscode.window.showErrorMessage(`Could not save ${1}`);'],
    ['extension/extension.ts', "void vscode.window.showWarningMessage('Careful');"],
    ['extension/probe.ts', "void vscode.window.showQuickPick(['a'], { placeHolder: 'Pick one' });"],
    ['extension/probe.ts', "void vscode.window.showInputBox({ prompt: 'Your name' });"],
  ])('%s may not: %s', async (file, code) => {
    expect(await unlocalised(file, code)).toHaveLength(1);
  });

  it.each([
    ['extension/probe.ts', "void vscode.window.showInformationMessage(vscode.l10n.t('Saved.'));"],
    ['extension/probe.ts', "void vscode.window.showQuickPick(['a'], { placeHolder: vscode.l10n.t('Pick one') });"],
    ['shared/probe.ts', "const o = { title: 'not the editor\\'s words' }; void o;"],
  ])('%s may: %s', async (file, code) => {
    expect(await unlocalised(file, code)).toEqual([]);
  });
});
