/**
 * Where each agent reads its MCP servers from, and what Consider's entry looks like there:
 * THE table of MCP registrations (issue 18). Supporting another agent is one row.
 *
 * Project scope only, by decision: the server serves one project's store, and a server
 * registered in the home folder would start (and fail) in every project Consider is not set
 * up in. Every row starts the same thing through one POSIX sh line: the user's own copy of
 * consider-cli (`~/.local/share/consider/bin/`, deployed by setup; hook-command.ts), never a
 * program found in the project or above it — the file may be committed, and a clone could
 * ship any `.consider/bin/consider-cli`. From the folder the agent starts it in (or the
 * workspace folder the agent names) it looks up for the nearest `.consider/` folder, as data,
 * and runs `consider-cli mcp --if-set-up --root <that folder>`, which serves only a project the
 * user set up on this machine (issue 34: a repository commits this very entry and a `.consider/`
 * with threads of its own; the user's copy refuses it, with or without the flag). The entry
 * holds no absolute path: the file works in every clone, for every user who set Consider up in
 * it, and after a move.
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
 * those in their config files, and each would expand them differently. `$1`, `$c`, `$d`, `$(…)`
 * and the `~` of an assignment are left to sh by all of them.
 */
import type { McpAgent } from '../../shared/agents';
import { CLI_REL, FIND_PROJECT_SH, FIND_PROJECT_SH_BEFORE_WORKTREES, IF_SET_UP, USER_CLI_SH } from './hook-command';

export type { McpAgent } from '../../shared/agents';

/** The key of Consider's server in every agent's list. */
export const MCP_SERVER_NAME = 'consider';

/**
 * `$1` is where to start looking; `$0` names the script in sh's own messages. `serve`: the last
 * command; `find`: the search for the project (FIND_PROJECT_SH; earlier versions wrote another).
 */
function launchScript(serve: string, find = FIND_PROJECT_SH): string {
  return [
    `c=${USER_CLI_SH}`,
    `[ -x "$c" ] || { echo "consider: your copy of consider-cli (${USER_CLI_SH}) is missing; run Consider setup" >&2; exit 1; }`,
    'd=$(cd "$1" 2>/dev/null && pwd) || d=$(pwd)',
    find,
    '[ -n "$d" ] || { echo "consider: no .consider/ in $1 or a folder above it; run Consider setup in this project" >&2; exit 1; }',
    serve,
  ].join('; ');
}

const LAUNCH = launchScript(`exec "$c" mcp ${IF_SET_UP} --root "$d"`);

/** What versions before issue 34 started: the user's copy, but without `--if-set-up`. */
const UNCHECKED_LAUNCH = launchScript('exec "$c" mcp --root "$d"', FIND_PROJECT_SH_BEFORE_WORKTREES);

/** What versions before the worktree boundary started: their search walked out of a linked worktree (issue 39). */
const BEFORE_WORKTREES_LAUNCH = launchScript(`exec "$c" mcp ${IF_SET_UP} --root "$d"`, FIND_PROJECT_SH_BEFORE_WORKTREES);

/** What earlier versions started: the first `.consider/bin/consider-cli` up from `$1` (issue 28). */
const LEGACY_LAUNCH = [
  'd=$(cd "$1" 2>/dev/null && pwd) || d=$(pwd)',
  `while [ ! -x "$d/${CLI_REL}" ] && [ "$d" != / ]; do d=$(dirname "$d"); done`,
  `[ -x "$d/${CLI_REL}" ] || { echo "consider: no ${CLI_REL} in $1 or a folder above it; run Consider setup in this project" >&2; exit 1; }`,
  `exec "$d/${CLI_REL}" mcp --root "$d"`,
].join('; ');

/** The server's command line: `sh -c LAUNCH consider-mcp <start>`. */
export function launchCommand(start: string, script = LAUNCH): { command: 'sh'; args: string[] } {
  return { command: 'sh', args: ['-c', script, 'consider-mcp', start] };
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
  readonly formerFiles?: readonly JsonMcpRow[];
}

/** A `[mcp_servers.consider]` table in the agent's TOML file (Codex). */
export interface TomlMcpRow extends RowBase {
  readonly kind: 'toml';
  readonly command: string;
  readonly args: readonly string[];
}

export type McpRow = JsonMcpRow | TomlMcpRow;

/** The table, each row starting `script` (LAUNCH; LEGACY_LAUNCH for what earlier versions wrote). */
function rows(script: string): readonly McpRow[] {
  const fromCwd = launchCommand('.', script);
  const fromWorkspaceFolder = launchCommand('${workspaceFolder}', script);
  return [
    { target: 'claude', label: 'Claude Code', kind: 'json', file: '.mcp.json', container: 'mcpServers', entry: { type: 'stdio', ...fromCwd },
      note: 'Claude Code asks once before it starts a project server' },
    { target: 'codex', label: 'Codex', kind: 'toml', file: '.codex/config.toml', ...fromCwd, note: 'Codex reads it in a trusted project' },
    { target: 'gemini', label: 'Gemini CLI', kind: 'json', file: '.gemini/settings.json', container: 'mcpServers', entry: fromCwd },
    { target: 'cursor', label: 'Cursor', kind: 'json', file: '.cursor/mcp.json', container: 'mcpServers', entry: fromWorkspaceFolder },
    { target: 'copilot', label: 'GitHub Copilot', kind: 'json', file: '.github/mcp.json', container: 'mcpServers', entry: { type: 'stdio', ...fromCwd },
      formerFiles: [{ target: 'copilot', label: 'GitHub Copilot', kind: 'json', file: '.vscode/mcp.json', container: 'servers', entry: { type: 'stdio', ...fromWorkspaceFolder } }] },
    { target: 'opencode', label: 'OpenCode', kind: 'json', file: 'opencode.json', container: 'mcp',
      entry: { type: 'local', command: [fromCwd.command, ...fromCwd.args], enabled: true }, addedByAgent: { $schema: 'https://opencode.ai/config.json' } },
  ];
}

const TABLE = rows(LAUNCH);
const LEGACY_TABLE = rows(LEGACY_LAUNCH);
const UNCHECKED_TABLE = rows(UNCHECKED_LAUNCH);
const BEFORE_WORKTREES_TABLE = rows(BEFORE_WORKTREES_LAUNCH);

/** The rows and, after each, the files earlier versions used for that agent (formerFiles). */
function withFormerFiles(table: readonly McpRow[]): McpRow[] {
  return table.flatMap((r) => [r, ...(r.kind === 'json' ? r.formerFiles ?? [] : [])]);
}

export const MCP_ROWS: readonly McpRow[] = TABLE;

export function mcpRow(target: string): McpRow | undefined {
  return TABLE.find((r) => r.target === target);
}

/** The row as earlier versions wrote it (LEGACY_LAUNCH), in the same file: recognised to be replaced or removed. */
export function legacyMcpRow(row: McpRow): McpRow {
  return withFormerFiles(LEGACY_TABLE).find((r) => r.target === row.target && r.file === row.file)!;
}

/** Every form earlier versions wrote the row in, in the same file (LEGACY_LAUNCH, UNCHECKED_LAUNCH, BEFORE_WORKTREES_LAUNCH): replaced by refresh, removed by uninstall. */
export function earlierMcpRows(row: McpRow): McpRow[] {
  return [LEGACY_TABLE, UNCHECKED_TABLE, BEFORE_WORKTREES_TABLE].map((t) => withFormerFiles(t).find((r) => r.target === row.target && r.file === row.file)!);
}

/** Every file an agent's server is or was registered in: each current row, then its former files. */
export const MCP_ROWS_AND_FORMER: readonly McpRow[] = withFormerFiles(TABLE);

/** The row, current or former, whose file is `rel` (a path relative to the workspace) for `target`. */
export function mcpRowAt(target: string, rel: string): McpRow | undefined {
  return MCP_ROWS_AND_FORMER.find((r) => r.target === target && r.file === rel);
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
