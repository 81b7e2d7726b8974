/**
 * Where each agent reads its MCP servers from, and what Consider's entry looks like there:
 * THE table of MCP registrations (issue 18). Supporting another agent is one row.
 *
 * Project scope only, by decision: the server serves one project's store, and a server
 * registered in the home folder would start (and fail) in every project Consider is not set
 * up in. Every row starts the same thing, `consider-cli mcp --root <project>`, through one
 * POSIX sh line that walks up from the folder the agent starts it in (or the workspace folder
 * the agent names) to the nearest `.consider/bin/consider-cli`, so the entry holds no absolute
 * path: the file can be committed and works in every clone and after a move.
 *
 * Formats, as documented when this table was written (2026-11):
 * - Claude Code: `.mcp.json`, `{ "mcpServers": { name: { type: "stdio", command, args } } }`;
 *   Claude asks once before using a project's server (docs.anthropic.com/en/docs/claude-code/mcp).
 * - Codex: `.codex/config.toml`, `[mcp_servers.<name>] command, args`; read in trusted
 *   projects only (developers.openai.com/codex/mcp).
 * - Gemini CLI: `.gemini/settings.json`, `mcpServers` (the same file as its hooks)
 *   (geminicli.com/docs/tools/mcp-server).
 * - Cursor: `.cursor/mcp.json`, `mcpServers`; `${workspaceFolder}` is expanded (cursor.com/docs/context/mcp).
 * - GitHub Copilot CLI: `.github/mcp.json` (or `.mcp.json`), `{ "mcpServers": { name: { type:
 *   "stdio", command, args } } }` (its own `copilot mcp --help`, 1.0.102). Versions before issue 24
 *   wrote VS Code's `.vscode/mcp.json`, which the CLI never reads (a real turn loaded no server);
 *   VS Code's own agent mode has these tools from the extension anyway (extension/lm-tools.ts).
 *   That file is the row's legacy one: setup moves an untouched registration out of it, uninstall
 *   still takes it out.
 * - OpenCode: `opencode.json`, `{ "mcp": { name: { type: "local", command: [...], enabled } } }`
 *   (opencode.ai/docs/mcp-servers). OpenCode adds its `$schema` to the file on its first start.
 *
 * The sh line uses no `${…}`, `{env:…}` or `$NAME` of the agent's environment: agents expand
 * those in their config files, and each would expand them differently. `$1`, `$d` and `$(…)` are
 * left to sh by all of them.
 */
import type { McpAgent } from '../../shared/agents';
import { CLI_REL } from '../hooks/command';

export type { McpAgent } from '../../shared/agents';

/** The key of Consider's server in every agent's list. */
export const MCP_SERVER_NAME = 'consider';

/** `$1` is where to start looking; `$0` names the script in sh's own messages. */
const LAUNCH = [
  'd=$(cd "$1" 2>/dev/null && pwd) || d=$(pwd)',
  `while [ ! -x "$d/${CLI_REL}" ] && [ "$d" != / ]; do d=$(dirname "$d"); done`,
  `[ -x "$d/${CLI_REL}" ] || { echo "consider: no ${CLI_REL} in $1 or a folder above it; run Consider setup in this project" >&2; exit 1; }`,
  `exec "$d/${CLI_REL}" mcp --root "$d"`,
].join('; ');

/** The server's command line: `sh -c LAUNCH consider-mcp <start>`. */
export function launchCommand(start: string): { command: 'sh'; args: string[] } {
  return { command: 'sh', args: ['-c', LAUNCH, 'consider-mcp', start] };
}

interface RowBase {
  readonly target: McpAgent;
  readonly label: string;
  /** The agent's file, relative to the workspace root. */
  readonly file: string;
  /** Said next to an entry setup has just written, when the agent wants something of the user. */
  readonly note?: string;
}

/** A member `consider` in the object at `container` of the agent's JSON file. */
export interface JsonMcpRow extends RowBase {
  readonly kind: 'json';
  readonly container: string;
  readonly entry: Readonly<Record<string, unknown>>;
  /**
   * Members the agent itself adds to a file setup created (OpenCode's `$schema`): when nothing
   * else is left at uninstall, the file was only ever there for Consider and goes.
   */
  readonly addedByAgent?: Readonly<Record<string, unknown>>;
  /** Where earlier versions registered the server for this agent: never written, still cleaned up. */
  readonly legacy?: readonly JsonMcpRow[];
}

/** A `[mcp_servers.consider]` table in the agent's TOML file (Codex). */
export interface TomlMcpRow extends RowBase {
  readonly kind: 'toml';
  readonly command: string;
  readonly args: readonly string[];
}

export type McpRow = JsonMcpRow | TomlMcpRow;

const fromCwd = launchCommand('.');
const fromWorkspaceFolder = launchCommand('${workspaceFolder}');

const TABLE: readonly McpRow[] = [
  { target: 'claude', label: 'Claude Code', kind: 'json', file: '.mcp.json', container: 'mcpServers', entry: { type: 'stdio', ...fromCwd },
    note: 'Claude Code asks once before it starts a project server' },
  { target: 'codex', label: 'Codex', kind: 'toml', file: '.codex/config.toml', ...fromCwd, note: 'Codex reads it in a trusted project' },
  { target: 'gemini', label: 'Gemini CLI', kind: 'json', file: '.gemini/settings.json', container: 'mcpServers', entry: fromCwd },
  { target: 'cursor', label: 'Cursor', kind: 'json', file: '.cursor/mcp.json', container: 'mcpServers', entry: fromWorkspaceFolder },
  { target: 'copilot', label: 'GitHub Copilot', kind: 'json', file: '.github/mcp.json', container: 'mcpServers', entry: { type: 'stdio', ...fromCwd },
    legacy: [{ target: 'copilot', label: 'GitHub Copilot', kind: 'json', file: '.vscode/mcp.json', container: 'servers', entry: { type: 'stdio', ...fromWorkspaceFolder } }] },
  { target: 'opencode', label: 'OpenCode', kind: 'json', file: 'opencode.json', container: 'mcp',
    entry: { type: 'local', command: [fromCwd.command, ...fromCwd.args], enabled: true }, addedByAgent: { $schema: 'https://opencode.ai/config.json' } },
];

export const MCP_ROWS: readonly McpRow[] = TABLE;

export function mcpRow(target: string): McpRow | undefined {
  return TABLE.find((r) => r.target === target);
}

/** The row, current or legacy, whose file is `rel` (a path relative to the workspace) for `target`. */
export function mcpRowAt(target: string, rel: string): McpRow | undefined {
  const row = mcpRow(target);
  if (!row) return undefined;
  return [row, ...(row.kind === 'json' ? row.legacy ?? [] : [])].find((r) => r.file === rel);
}

/**
 * True for a server entry that runs `consider-cli mcp`, whatever its shape: ours, ours edited,
 * or one the user added by hand (README: `claude mcp add consider -- .consider/bin/consider-cli mcp`).
 */
export function runsConsiderMcp(value: unknown): boolean {
  const words: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') words.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  const text = words.join(' ');
  return /consider-cli/.test(text) && /(^|[\s"'])mcp(\s|$)/.test(text);
}
