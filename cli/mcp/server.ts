/**
 * `consider-cli mcp`: Consider's tools over the Model Context Protocol (stdio), for agents that
 * prefer typed tools to a shell (spec §8.4). Built with the official TypeScript SDK into its own
 * file (`.consider/bin/consider-mcp.cjs`), loaded only by this command, so the plain CLI does
 * not parse a line of it.
 *
 * Each tool is the CLI command of the same name, run as the agent would run it (`--json`, the
 * server's workspace root): re-anchoring, seen marks, dispositions, locking, limits and errors are
 * the CLI's own, not a second implementation of them. A command's JSON is the tool's structured
 * result; its `{"error":{code,message,hint}}` becomes an MCP tool error carrying the same code.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z as zod, type z } from 'zod';
import { TOOLS, type AgentToolRunner, type CliAnswer, type ToolName, type ToolSpec } from '../../shared/agent-tools';

const VERSION = '1';
/** How long a command may run unless its tool says otherwise (wait does). */
const CLI_TIMEOUT_MS = 60_000;

/** Runs the CLI next to this file, in the workspace, with --json. */
function runCli(root: string, args: string[], timeoutMs = CLI_TIMEOUT_MS, env: NodeJS.ProcessEnv = process.env): Promise<CliAnswer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'consider-cli.cjs'), ...args, '--json', '--root', root], { stdio: ['ignore', 'pipe', 'pipe'], env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => { stdout += d; });
    child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
  });
}

/** The MCP result of a CLI answer: its JSON as the structured result, or its error as a tool error. */
export function toolResult(answer: CliAnswer): { content: { type: 'text'; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean } {
  let json: unknown;
  try {
    json = JSON.parse(answer.stdout);
  } catch {
    const why = answer.stderr.trim().split('\n')[0] || `consider-cli exited ${answer.code} without an answer`;
    return { isError: true, content: [{ type: 'text', text: why }], structuredContent: { error: { code: 'io', message: why, hint: null } } };
  }
  const object = json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : { value: json };
  if (answer.code !== 0 && 'error' in object) {
    const e = object.error as { code: string; message: string; hint: string | null };
    return { isError: true, content: [{ type: 'text', text: `${e.code}: ${e.message}${e.hint ? ` (${e.hint})` : ''}` }], structuredContent: object };
  }
  return { content: [{ type: 'text', text: answer.stdout.trim() }], structuredContent: object };
}

/** Checks a tool's input against its schema and gives the CLI arguments, or a usage message. */
function prepareCall(name: string, input: unknown): { args: string[]; timeoutMs: number } | { error: string } {
  const spec = (TOOLS as unknown as Record<string, ToolSpec<z.ZodRawShape> | undefined>)[name];
  if (!spec) return { error: `unknown tool ${JSON.stringify(name)}` };
  const parsed = zod.object(spec.input).safeParse(input ?? {});
  if (!parsed.success) return { error: parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ') };
  return { args: spec.args(parsed.data as never), timeoutMs: spec.timeoutMs?.(parsed.data as never) ?? CLI_TIMEOUT_MS };
}

/**
 * For VS Code's language-model tools (extension/lm-tools.ts), which load this file when a tool
 * is first invoked: the extension's own bundle carries no schema library, and spawns the CLI
 * the same way as the MCP server (with ELECTRON_RUN_AS_NODE in `env`).
 */
export const agentToolRunner: AgentToolRunner = { prepareCall, runCli };

/** Serves the tools on stdin/stdout until the client closes the connection. */
export async function serveMcp(root: string): Promise<void> {
  const server = new McpServer({ name: 'consider', version: VERSION });
  for (const [name, spec] of Object.entries(TOOLS) as [ToolName, ToolSpec<z.ZodRawShape>][]) {
    server.registerTool(name, { title: spec.title, description: spec.description, inputSchema: spec.input }, async (input: Record<string, unknown>) =>
      toolResult(await runCli(root, spec.args(input as never), spec.timeoutMs?.(input as never))));
  }
  await server.connect(new StdioServerTransport());
}
