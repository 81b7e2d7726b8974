/**
 * `consider-cli mcp`: Consider's tools over the Model Context Protocol (stdio), for agents that
 * prefer typed tools to a shell (spec §8.4). Built into its own file
 * (`.consider/bin/consider-mcp.cjs`), loaded only by this command; it speaks the protocol
 * itself (protocol.ts), so it starts about as fast as the plain CLI.
 *
 * Each tool is the CLI command of the same name, run as the agent would run it (the server's
 * workspace root), in the agent view (`--lean`, cli/agent-view.ts): re-anchoring, seen marks,
 * dispositions, locking, limits and errors are the CLI's own, not a second implementation of
 * them. A command's answer is the tool's result, sent once, as one text block of compact JSON
 * (no `structuredContent` copy of it: an agent would pay for both). Its
 * `{"error":{code,message,hint}}` becomes an MCP tool error carrying the same code.
 *
 * Nothing outlives the server: a cancelled call's command is stopped, every command still
 * running is stopped when the client closes stdin or the server is told to stop, and `wait`
 * ends by itself when the process that started it is gone (a server killed outright).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { CLI_TIMEOUT_MS, TOOLS, inputJsonSchema, prepareCall, type AgentToolRunner, type CliAnswer, type ToolName } from '../../shared/agent-tools';
import { writeStdout } from '../stdio';
import { productVersion } from '../version';
import { RPC, RpcError, negotiateVersion, serveJsonRpc, type Params } from './protocol';

/** The CLI processes started and not yet ended. */
const running = new Set<ChildProcess>();

function stopAll(): void {
  for (const child of running) child.kill('SIGTERM');
}

/**
 * Runs the CLI next to this file, in the workspace, in the agent view: `args` is the command
 * and its arguments (shared/agent-tools.ts). Killed when `timeoutMs` passes or `signal` aborts.
 */
function runCli(root: string, args: string[], timeoutMs = CLI_TIMEOUT_MS, env: NodeJS.ProcessEnv = process.env, signal?: AbortSignal): Promise<CliAnswer> {
  const [command, ...rest] = args;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return resolve({ code: null, stdout: '', stderr: 'cancelled' });
    // CONSIDER_PARENT_PID: `wait` ends when this process is gone, even if it goes before the command has started.
    const child = spawn(process.execPath, [path.join(__dirname, 'consider-cli.cjs'), command!, '--lean', '--root', root, ...rest], {
      stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, CONSIDER_PARENT_PID: String(process.pid) },
    });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => { stdout += d; });
    child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
    const stop = (): void => { child.kill('SIGTERM'); };
    const timer = setTimeout(stop, timeoutMs);
    signal?.addEventListener('abort', stop, { once: true });
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      running.delete(child);
    };
    child.on('error', (e) => { done(); reject(e); });
    child.on('close', (code) => { done(); resolve({ code, stdout, stderr }); });
  });
}

type ToolResult = { content: { type: 'text'; text: string }[]; structuredContent?: Record<string, unknown>; isError?: true };

function toolError(code: string, message: string, hint: string | null): ToolResult {
  return { isError: true, content: [{ type: 'text', text: `${code}: ${message}${hint ? ` (${hint})` : ''}` }], structuredContent: { error: { code, message, hint } } };
}

/**
 * The MCP result of a CLI answer: its JSON once, as text, or its error as a tool error. A
 * command whose agent view is a text page (`answersText`: digest) is passed on as it is.
 */
export function toolResult(answer: CliAnswer, answersText = false): ToolResult {
  if (answersText && answer.code === 0) return { content: [{ type: 'text', text: answer.stdout.trimEnd() }] };
  let json: unknown;
  try {
    json = JSON.parse(answer.stdout);
  } catch {
    return toolError('io', answer.stderr.trim().split('\n')[0] || `consider-cli exited ${answer.code} without an answer`, null);
  }
  const error = json && typeof json === 'object' ? (json as { error?: { code: string; message: string; hint: string | null } }).error : undefined;
  if (answer.code !== 0 && error) return toolError(error.code, error.message, error.hint);
  return { content: [{ type: 'text', text: answer.stdout.trim() }] };
}

/**
 * For VS Code's language-model tools (extension/lm-tools.ts), which load this file when a tool
 * is first invoked: they spawn the CLI the same way as the MCP server (with
 * ELECTRON_RUN_AS_NODE in `env`).
 */
export const agentToolRunner: AgentToolRunner = { prepareCall, runCli };

/** What `tools/list` answers: built once, the schemas are plain data. */
const toolList = (Object.keys(TOOLS) as ToolName[]).map((name) => ({
  name, title: TOOLS[name].title, description: TOOLS[name].description, inputSchema: inputJsonSchema(name),
}));

/** The agents whose MCP client names we know, by a word of the name (`claude-code`, `codex-mcp-client`, …): the names VS Code shows for them. */
const CLIENT_AGENTS: readonly (readonly [RegExp, string])[] = [
  [/claude/i, 'claude'], [/codex/i, 'codex'], [/gemini/i, 'gemini'], [/opencode/i, 'opencode'], [/copilot/i, 'copilot'], [/cursor/i, 'cursor'],
];

/**
 * Who the client is, as a plan's `--agent` (VS Code says "Plan v1 from Codex"): a known agent's
 * id, else the name it gave in `initialize` (its title, else its name), kept to the characters
 * `--agent` takes; undefined when it gave none. A plan submitted over MCP carried no name before.
 */
function agentOfClient(clientInfo: unknown): string | undefined {
  if (!clientInfo || typeof clientInfo !== 'object') return undefined;
  const { name, title } = clientInfo as { name?: unknown; title?: unknown };
  const given = [title, name].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (given === undefined) return undefined;
  const known = CLIENT_AGENTS.find(([word]) => typeof name === 'string' && word.test(name))?.[1] ?? CLIENT_AGENTS.find(([word]) => word.test(given))?.[1];
  if (known) return known;
  const kept = given.replace(/[^\p{L}\p{N} ._+()/-]/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 40).trim();
  return kept || undefined;
}

async function callTool(root: string, params: Params, signal: AbortSignal, agent: string | undefined): Promise<ToolResult> {
  const name = params.name;
  if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(TOOLS, name)) throw new RpcError(RPC.invalidParams, `Unknown tool: ${JSON.stringify(name)}`);
  const call = prepareCall(name, params.arguments ?? {});
  if ('error' in call) return toolError('usage', call.error, 'see the tool\'s input schema');
  const args = name === 'plan' && agent ? [...call.args, `--agent=${agent}`] : call.args;
  return toolResult(await runCli(root, args, call.timeoutMs, process.env, signal), TOOLS[name as ToolName].answersText === true);
}

/** Serves the tools on stdin/stdout until the client closes stdin (or a signal stops the server). */
export function serveMcp(root: string): Promise<void> {
  // Whatever ends this process, the commands it started end with it.
  process.on('exit', stopAll);
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(signal, () => process.exit(128 + os.constants.signals[signal]));
  let agent: string | undefined;
  return new Promise((resolve) => {
    serveJsonRpc({
      initialize: (params) => {
        agent = agentOfClient(params.clientInfo);
        return {
          protocolVersion: negotiateVersion(params.protocolVersion),
          capabilities: { tools: {} },
          serverInfo: { name: 'consider', title: 'Consider', version: productVersion() },
        };
      },
      ping: () => ({}),
      'tools/list': () => ({ tools: toolList }),
      'tools/call': (params, signal) => callTool(root, params, signal, agent),
    }, {
      write: writeStdout,
      onClose: () => {
        stopAll();
        resolve();
      },
    });
  });
}
