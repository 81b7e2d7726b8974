/**
 * Consider's tools in VS Code's own agent mode (language-model tools): the same table as the MCP
 * server (shared/agent-tools.ts), declared in package.json (`languageModelTools`, kept equal to
 * that table by a test) and registered here by those names. Each tool runs the CLI this
 * extension carries (dist/runtime, the runtime setup deploys) with `--json` on a workspace
 * folder, so Copilot agent mode can read and answer threads with nothing installed in the
 * workspace, and every behaviour is the CLI's. A reply lands in store.json, and the store watcher
 * shows it inline. The input is checked and turned into CLI arguments, and the CLI run, by the
 * MCP server's file (bundled-cli.ts): the CLI is spawned one way only, and answers in the same
 * agent view as the MCP tools (docs/agent-loop.md).
 */
import * as vscode from 'vscode';
import type { ConsiderHost } from './api';
import type { BundledCli } from './bundled-cli';
import { deepestRootOf } from '../shared/paths';

/** The tools package.json declares (`consider_<command>`). */
function declaredTools(context: vscode.ExtensionContext): string[] {
  const declared = (context.extension.packageJSON as { contributes?: { languageModelTools?: { name: string }[] } }).contributes?.languageModelTools ?? [];
  return declared.map((t) => t.name).filter((n) => n.startsWith('consider_'));
}

/** The folder a tool acts on: the active editor's, else the first with a store, else the first. */
function folderFor(host: ConsiderHost): string | undefined {
  const folders = host.folders();
  const active = vscode.window.activeTextEditor?.document.uri;
  const root = active?.scheme === 'file' ? deepestRootOf(folders.map((f) => f.root), active.fsPath) : undefined;
  const byEditor = root === undefined ? undefined : folders.find((f) => f.root === root);
  return (byEditor ?? folders.find((f) => f.store) ?? folders[0])?.root;
}

export function registerLanguageModelTools(context: vscode.ExtensionContext, host: ConsiderHost, cli: BundledCli): vscode.Disposable {
  return vscode.Disposable.from(...declaredTools(context).map((toolName) => vscode.lm.registerTool<Record<string, unknown>>(toolName, {
    async invoke(options, token) {
      const call = cli.prepare(toolName.slice('consider_'.length), options.input);
      if ('error' in call) return text(`usage: ${call.error}`);
      const root = folderFor(host);
      if (!root) return text('not_found: no workspace folder is open');
      const answer = await cli.run(root, call, token);
      return text(answer?.stdout.trim() || answer?.stderr.trim().split('\n')[0] || 'consider-cli gave no answer');
    },
  })));
}

const text = (value: string): vscode.LanguageModelToolResult => new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(value)]);
