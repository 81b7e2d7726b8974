/**
 * Consider's tools in VS Code's own agent mode (language-model tools): the same table as the MCP
 * server (shared/agent-tools.ts), declared in package.json (`languageModelTools`, kept equal to
 * that table by a test) and registered here by those names. Each tool runs the CLI this
 * extension carries (dist/runtime, the runtime setup deploys) with `--json` on a workspace
 * folder, so Copilot agent mode can read and answer threads with nothing installed in the
 * workspace, and every behaviour is the CLI's. A reply lands in store.json, and the store watcher
 * shows it inline. The input is checked and turned into CLI arguments, and the CLI run, by the
 * MCP server's file (its agentToolRunner), loaded at the first call: the CLI is spawned one
 * way only, and answers in the same agent view as the MCP tools (docs/agent-loop.md).
 */
import path from 'node:path';
import * as vscode from 'vscode';
import type { ConsiderHost } from './api';
import type { AgentToolRunner } from '../shared/agent-tools';
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

/**
 * The bundled CLI's answer (the agent view, or its error) as text; run in VS Code's own Node
 * (ELECTRON_RUN_AS_NODE). A cancelled invocation stops the command (a `wait` may run for an hour).
 */
async function cliAnswerText(runner: AgentToolRunner, root: string, args: string[], timeoutMs: number, token: vscode.CancellationToken): Promise<string> {
  const cancel = new AbortController();
  const cancelled = token.onCancellationRequested(() => cancel.abort());
  try {
    const answer = await runner.runCli(root, args, timeoutMs, { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, cancel.signal).catch(() => undefined);
    return answer?.stdout.trim() || answer?.stderr.trim().split('\n')[0] || 'consider-cli gave no answer';
  } finally {
    cancelled.dispose();
  }
}

export function registerLanguageModelTools(context: vscode.ExtensionContext, host: ConsiderHost): vscode.Disposable {
  const bin = path.join(context.extensionPath, 'dist', 'runtime', 'bin');
  let runner: AgentToolRunner | undefined;
  return vscode.Disposable.from(...declaredTools(context).map((toolName) => vscode.lm.registerTool<Record<string, unknown>>(toolName, {
    async invoke(options, token) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at the first call, by design (see above)
      runner ??= (require(path.join(bin, 'consider-mcp.cjs')) as { agentToolRunner: AgentToolRunner }).agentToolRunner;
      const call = runner.prepareCall(toolName.slice('consider_'.length), options.input);
      if ('error' in call) return text(`usage: ${call.error}`);
      const root = folderFor(host);
      if (!root) return text('not_found: no workspace folder is open');
      return text(await cliAnswerText(runner, root, call.args, call.timeoutMs, token));
    },
  })));
}

const text = (value: string): vscode.LanguageModelToolResult => new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(value)]);
