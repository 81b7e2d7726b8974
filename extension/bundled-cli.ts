/**
 * The CLI this extension carries (dist/runtime, the runtime setup deploys), run the one way:
 * through the MCP server's file (its agentToolRunner), loaded at the first call, in VS Code's
 * own Node (ELECTRON_RUN_AS_NODE). The language-model tools (lm-tools.ts) and Copy Review
 * Digest (commands/digest-command.ts) answer with what the CLI prints, in the agent view.
 */
import path from 'node:path';
import type * as vscode from 'vscode';
import type { AgentToolRunner, CliAnswer, PreparedCall } from '../shared/agent-tools';

export class BundledCli {
  private runner: AgentToolRunner | undefined;

  constructor(private readonly extensionPath: string) {}

  private tools(): AgentToolRunner {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at the first call, by design (see above)
    return (this.runner ??= (require(path.join(this.extensionPath, 'dist', 'runtime', 'bin', 'consider-mcp.cjs')) as { agentToolRunner: AgentToolRunner }).agentToolRunner);
  }

  /** A tool's input checked and turned into the CLI's arguments (shared/agent-tools.ts), or a usage message. */
  prepare(tool: string, input: unknown): PreparedCall {
    return this.tools().prepareCall(tool, input);
  }

  /**
   * Runs the CLI in the workspace folder `root`; undefined when it could not be started.
   * A cancelled token stops the command (a `wait` may run for an hour).
   */
  async run(root: string, call: Exclude<PreparedCall, { error: string }>, token?: vscode.CancellationToken, opts: { errorWords?: boolean } = {}): Promise<CliAnswer | undefined> {
    const cancel = new AbortController();
    const cancelled = token?.onCancellationRequested(() => cancel.abort());
    try {
      // errorWords: an error comes with its words, for a person reading it in VS Code's language
      // (error-words.ts); a model reading the answer (the language-model tools) goes without them.
      const env = { ...process.env, ELECTRON_RUN_AS_NODE: '1', ...(opts.errorWords ? { CONSIDER_ERROR_WORDS: '1' } : {}) };
      return await this.tools().runCli(root, call.args, call.timeoutMs, env, cancel.signal).catch(() => undefined);
    } finally {
      cancelled?.dispose();
    }
  }
}
