/**
 * Registering Consider's MCP server with one agent (a row of targets/mcp.ts) and taking the
 * registration out again.
 *
 * Like the hooks (hooks/one-file.ts), the agent's file belongs to the user: setup adds one member,
 * `consider`, to the agent's list of servers (JSON: spliced in as text by json-text.ts; TOML:
 * one table appended at the end) and uninstall takes out exactly that, so setup + uninstall
 * leaves the file byte-identical. A `consider` server that is not exactly what setup wrote is
 * the user's (their own, or ours edited): kept and reported, never duplicated or replaced. A
 * file that does not parse is refused whole.
 *
 * TOML is parsed with smol-toml (bundled into setup, never into the CLI): small, no
 * dependencies, TOML 1.0 complete, kept up to date. It only checks; the file is never
 * re-serialised, so the user's comments and layout survive.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { McpInstall } from '../config';
import { earlierMcpRows, MCP_SERVER_NAME, runsConsiderMcp, type JsonMcpRow, type McpRow, type TomlMcpRow } from '../targets/mcp';
import { appendChild, detectStyle, emptyInner, jsonDepth, jsonEqual, MAX_JSON_DEPTH, member, parseJsonText, parseJsonTree, removeChild, replaceValue, type JsonNode } from '../json-text';
import { missingDirs, readForDescription, readIfExists, removeEmptyDirs } from '../fsutil';
import { setupFolders } from '../safety';
import { compact, settingsFileProblem, writeKeepingMode, writeProblem, type AgentFileResult } from '../agent-file';

export type McpResult = AgentFileResult<McpInstall>;

export function mcpFile(row: McpRow, root: string): string {
  return path.join(root, row.file);
}

/** What the file says about a `consider` server: none, or its value. Undefined when unreadable. */
export function registeredServer(row: McpRow, text: string): { found: boolean; value?: unknown } | undefined {
  if (row.kind === 'json' && jsonDepth(text) > MAX_JSON_DEPTH) return undefined; // its walks below would overflow the stack
  try {
    const servers = row.kind === 'json'
      ? (parseJsonText(text) as Record<string, unknown>)[row.container]
      : (parseToml(text) as Record<string, unknown>).mcp_servers;
    const value = servers && typeof servers === 'object' ? (servers as Record<string, unknown>)[MCP_SERVER_NAME] : undefined;
    return value === undefined ? { found: false } : { found: true, value };
  } catch {
    return undefined;
  }
}

/** Whose a `consider` server that is not setup's current entry is, for the report. */
function whoseServer(row: McpRow, value: unknown, tracked: McpInstall | undefined): string {
  const valueOf = (r: McpRow) => (r.kind === 'json' ? r.entry : { command: r.command, args: r.args });
  const [legacy, unchecked, beforeWorktrees] = earlierMcpRows(row);
  if (!tracked && jsonEqual(value, valueOf(legacy!))) return 'an earlier version\'s (it runs the first .consider/bin/consider-cli above the folder; remove it and run setup again)';
  if (!tracked && jsonEqual(value, valueOf(unchecked!))) return 'an earlier version\'s (without --if-set-up; remove it and run setup again)';
  if (!tracked && jsonEqual(value, valueOf(beforeWorktrees!))) return 'an earlier version\'s (its search could leave a git worktree for the checkout around it; remove it and run setup again)';
  return runsConsiderMcp(value) ? (tracked ? 'your edited' : 'your own') : 'a different';
}

/** Does `file` register Consider's server right now (ours or the user's own)? */
export function hasConsiderServer(row: McpRow, file: string): boolean {
  const text = readForDescription(file);
  const found = text === undefined ? undefined : registeredServer(row, text);
  return !!found?.found && runsConsiderMcp(found.value);
}

// ---------------------------------------------------------------------------------------------
// JSON files

/** Why setup will not touch this JSON text, if it will not. */
function jsonProblem(text: string, row: JsonMcpRow): string | undefined {
  const checked = settingsFileProblem(text, row.container);
  return 'problem' in checked ? checked.problem : undefined;
}

const serverNode = (tree: JsonNode, row: JsonMcpRow): JsonNode | undefined => member(member(tree, row.container), MCP_SERVER_NAME);

function installJson(row: JsonMcpRow, file: string, before: string | undefined, tracked: McpInstall | undefined): { text: string; kind: McpResult['kind']; detail?: string; record: Partial<McpInstall> } {
  const want = row.entry;
  let text = before ?? '{}\n';
  const created = new Set(tracked?.createdKeys ?? []);
  const inner: Record<string, string> = { ...tracked?.emptyInner };
  const tree = parseJsonTree(text);
  const node = serverNode(tree, row);
  if (node) {
    const value = JSON.parse(text.slice(node.start, node.end)) as unknown;
    if (jsonEqual(value, want)) {
      // Tracked only when setup wrote it: never adopt what it did not write (uninstall would take it).
      if (tracked?.entry !== undefined) return { text, kind: 'unchanged', record: { entry: want } };
      return { text, kind: 'unchanged', detail: `Consider's "${MCP_SERVER_NAME}" server was there already, not written by this setup: left as it is, by uninstall too`, record: {} };
    }
    if (tracked?.entry !== undefined && jsonEqual(value, tracked.entry)) {
      return { text: replaceValue(text, node, want, detectStyle(text)), kind: 'updated', record: { entry: want } };
    }
    return { text, kind: 'skipped', detail: `${whoseServer(row, value, tracked)} "${MCP_SERVER_NAME}" server is there; kept as is`, record: tracked?.entry !== undefined ? { entry: tracked.entry } : {} };
  }
  const servers = member(tree, row.container);
  const style = detectStyle(text);
  if (!servers) {
    created.add(row.container);
    const at = emptyInner(text, tree);
    if (at !== undefined) inner[''] = at;
    text = appendChild(text, tree, { [MCP_SERVER_NAME]: want }, style, row.container);
  } else {
    const at = emptyInner(text, servers);
    if (at !== undefined) inner[row.container] = at;
    text = appendChild(text, servers, want, style, MCP_SERVER_NAME);
  }
  return {
    text, kind: before === undefined ? 'created' : 'updated',
    record: { entry: want, createdKeys: created.size ? [...created] : undefined, emptyInner: Object.keys(inner).length ? inner : undefined },
  };
}

function removeJson(row: JsonMcpRow, before: string, install: McpInstall): { text: string; edited: boolean } | { refused: string } {
  const bad = jsonProblem(before, row);
  if (bad) return { refused: `${bad}; the Consider server in it was left in place` };
  let text = before;
  let edited = false;
  const servers = member(parseJsonTree(text), row.container);
  const at = servers?.kind === 'object' ? servers.members.findIndex((m) => m.key === MCP_SERVER_NAME) : -1;
  if (at >= 0) {
    const node = (servers as Extract<JsonNode, { kind: 'object' }>).members[at]!.value;
    if (install.entry !== undefined && jsonEqual(JSON.parse(text.slice(node.start, node.end)), install.entry)) {
      text = removeChild(text, servers!, at, install.emptyInner?.[row.container]);
    } else edited = true;
  }
  if (install.createdKeys?.includes(row.container)) {
    const tree = parseJsonTree(text);
    const list = member(tree, row.container);
    if (tree.kind === 'object' && list?.kind === 'object' && list.members.length === 0) {
      text = removeChild(text, tree, tree.members.findIndex((m) => m.value === list), install.emptyInner?.['']);
    }
  }
  return { text, edited };
}

// ---------------------------------------------------------------------------------------------
// TOML files (Codex)

const TABLE_MARK = '# Added by Consider setup';

/** The table setup appends, with a line saying whose it is. */
export function tomlTable(row: TomlMcpRow): string {
  // A JSON string is a valid TOML basic string (same escapes), so JSON.stringify quotes safely.
  return [
    `${TABLE_MARK} (the review threads as MCP tools); uninstall removes it.`,
    `[mcp_servers.${MCP_SERVER_NAME}]`,
    `command = ${JSON.stringify(row.command)}`,
    `args = [${row.args.map((a) => JSON.stringify(a)).join(', ')}]`,
    '',
  ].join('\n');
}

function tomlProblem(text: string): string | undefined {
  try {
    parseToml(text);
    return undefined;
  } catch (e) {
    return `not valid TOML (${(e as Error).message.split('\n')[0]})`;
  }
}

function installToml(row: TomlMcpRow, before: string | undefined, tracked: McpInstall | undefined): { text: string; kind: McpResult['kind']; detail?: string; record: Partial<McpInstall> } {
  const table = tomlTable(row);
  const text = before ?? '';
  if (tracked?.block && text.includes(tracked.block)) {
    if (tracked.block.endsWith(table)) return { text, kind: 'unchanged', record: { block: tracked.block } };
    // Written by another version, untouched since: the same separator, this version's table.
    const block = tracked.block.slice(0, Math.max(0, tracked.block.indexOf(TABLE_MARK))) + table;
    return { text: text.replace(tracked.block, block), kind: 'updated', record: { block } };
  }
  const found = registeredServer(row, text);
  if (found?.found) {
    return { text, kind: 'skipped', detail: `${whoseServer(row, found.value, tracked)} [mcp_servers.${MCP_SERVER_NAME}] is there; kept as is`, record: tracked?.block ? { block: tracked.block } : {} };
  }
  // A blank line before our table, unless the file is empty; a newline first if the last line lacks one.
  const block = (text === '' ? '' : text.endsWith('\n') ? '\n' : '\n\n') + table;
  const next = text + block;
  const bad = tomlProblem(next);
  if (bad) return { text, kind: 'refused', detail: `the file would not be valid TOML with the table added (${bad}); add it by hand`, record: {} };
  return { text: next, kind: before === undefined ? 'created' : 'updated', record: { block } };
}

function removeToml(row: TomlMcpRow, before: string, install: McpInstall): { text: string; edited: boolean } {
  const block = install.block;
  const at = block ? before.lastIndexOf(block) : -1;
  if (at >= 0) return { text: before.slice(0, at) + before.slice(at + block!.length), edited: false };
  const found = registeredServer(row, before);
  return { text: before, edited: !!found?.found && runsConsiderMcp(found.value) };
}

// ---------------------------------------------------------------------------------------------

/** Registers the server in `row`'s file (tracked: what setup wrote there before, if anything). */
export function installMcp(opts: { row: McpRow; root: string; version: string; tracked?: McpInstall }): McpResult {
  const { row, root, version, tracked } = opts;
  const file = mcpFile(row, root);
  const problem = writeProblem(file, 'project', root);
  if (problem) return { kind: 'refused', path: file, detail: problem };
  const before = readIfExists(file)?.toString('utf8');
  if (before !== undefined) {
    const bad = row.kind === 'json' ? jsonProblem(before, row) : tomlProblem(before);
    if (bad) return { kind: 'refused', path: file, detail: `${bad}; not touched` };
  }
  const r = row.kind === 'json' ? installJson(row, file, before, tracked) : installToml(row, before, tracked);
  if (r.kind === 'refused') return { kind: 'refused', path: file, detail: r.detail };
  const dirs = before === undefined ? missingDirs(path.dirname(file)) : [];
  if (r.text !== (before ?? '')) writeKeepingMode(file, r.text);
  const install: McpInstall = compact({
    target: row.target, scope: 'project' as const, path: file, version, ...r.record,
    createdFile: before === undefined || tracked?.createdFile ? true : undefined,
    createdDirs: dirs.length ? dirs : tracked?.createdDirs,
  });
  const note = row.note && (r.kind === 'created' || r.kind === 'updated') ? row.note : undefined;
  // A server that is not ours is not tracked: uninstall must never take it out.
  const ours = r.record.entry !== undefined || r.record.block !== undefined;
  return compact({ kind: r.kind, path: file, detail: r.detail ?? note, install: ours ? install : undefined });
}

/**
 * Takes one tracked registration out again: only the entry exactly as setup wrote it; the file
 * too when setup created it and nothing else is left in it. `createdBySetup`: another of setup's
 * records (Gemini's hooks share the file) says setup created the file.
 */
export function removeMcp(row: McpRow, install: McpInstall, root: string, home: string, createdBySetup = false): McpResult {
  const file = install.path;
  const problem = writeProblem(file, 'project', root);
  if (problem) return { kind: 'refused', path: file, detail: problem };
  const before = readIfExists(file)?.toString('utf8');
  if (before === undefined) return { kind: 'skipped', path: file, detail: 'already gone' };
  const r = row.kind === 'json' ? removeJson(row, before, install) : removeToml(row, before, install);
  if ('refused' in r) return { kind: 'refused', path: file, detail: r.refused };
  const detail = r.edited ? `your edited "${MCP_SERVER_NAME}" server kept` : undefined;
  const emptied = row.kind === 'json' ? isEmptyObject(r.text) : r.text === '';
  const agentsOnly = row.kind === 'json' && !emptied && onlyAddedByAgent(r.text, row);
  if ((install.createdFile || createdBySetup) && (emptied || agentsOnly)) {
    fs.rmSync(file);
    removeEmptyDirs(setupFolders(install.createdDirs ?? [], root, home));
    const why = agentsOnly ? `setup created it; nothing but what ${row.label} adds by itself (${Object.keys(row.addedByAgent ?? {}).map((k) => `"${k}"`).join(', ')}) was left` : undefined;
    return compact({ kind: 'removed', path: file, detail: [detail, why].filter(Boolean).join('; ') || undefined });
  }
  if (r.text === before) return { kind: r.edited ? 'skipped' : 'unchanged', path: file, detail: detail ?? 'no Consider server left in it' };
  writeKeepingMode(file, r.text);
  return compact({ kind: 'updated', path: file, detail: detail ?? 'removed the Consider server' });
}

/** The file holds only members the agent adds by itself (row.addedByAgent), with the values it gives them. */
function onlyAddedByAgent(text: string, row: JsonMcpRow): boolean {
  const added = row.addedByAgent;
  if (!added) return false;
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
    return Object.entries(value).every(([k, v]) => Object.hasOwn(added, k) && jsonEqual(v, added[k]));
  } catch {
    return false;
  }
}

function isEmptyObject(text: string): boolean {
  try {
    return jsonEqual(parseJsonText(text), {});
  } catch {
    return false;
  }
}
