/**
 * MCP server registrations across a whole setup, uninstall or status (the hooks' counterpart,
 * hooks/workspace.ts): which rows and files, which tracked records, and the actions to report.
 * Chosen per agent, apart from the skills and the hooks; always in the project (targets/mcp.ts
 * says why).
 */
import path from 'node:path';
import type { ConsiderConfig } from '../../shared/model';
import type { SetupAction } from '../types';
import { earlierMcpRows, MCP_ROWS, MCP_ROWS_AND_FORMER, mcpRow, mcpRowAt, type JsonMcpRow, type McpAgent, type McpRow, type TomlMcpRow } from '../targets/mcp';
import { hasConsiderServer, installMcp, mcpFile, registeredServer, removeMcp, tomlTable } from './one-file';
import { actionOf, chosenRows } from '../choices';
import { guarded, removeRecorded } from '../agent-file';
import { trackedMcp, type McpInstall } from '../config';
import { jsonEqual } from '../json-text';
import { readIfExists, rebaseDirs } from '../fsutil';

/**
 * Registers the chosen agents' servers. A registration an earlier version made in a file the
 * agent does not read (the row's former files) is taken out once the current one is in:
 * `dropped` lists those records, no longer tracked.
 */
export function installMcpServers(
  choices: readonly { target: McpAgent }[], root: string, version: string, config: ConsiderConfig, home: string,
): { actions: SetupAction[]; installs: McpInstall[]; dropped: string[] } {
  const out = { actions: [] as SetupAction[], installs: [] as McpInstall[], dropped: [] as string[] };
  for (const { row } of chosenRows(choices.map((c) => ({ target: c.target, scope: 'project' as const })), mcpRow, 'no MCP registration for this agent', out.actions)) {
    const file = mcpFile(row, root);
    const r = guarded(file, () => installMcp({ row, root, version, tracked: trackedMcp(config).find((t) => t.path === file) }));
    out.actions.push(actionOf(r));
    if (r.install) out.installs.push(r.install);
    if (r.kind !== 'refused') leaveFormerFiles(row, root, home, config, out);
  }
  return out;
}

/** Takes the agent's server out of the files earlier versions registered it in, where tracked (see installMcpServers). */
function leaveFormerFiles(row: McpRow, root: string, home: string, config: ConsiderConfig, out: { actions: SetupAction[]; dropped: string[] }): void {
  if (row.kind !== 'json') return;
  for (const old of row.formerFiles ?? []) {
    const before = trackedMcp(config).find((t) => t.target === row.target && t.path === mcpFile(old, root));
    if (!before) continue;
    const gone = guarded(before.path, () => removeMcp(old, before, root, home));
    out.actions.push(actionOf(gone.kind === 'removed' || gone.kind === 'updated' ? { ...gone, detail: `${row.label} reads ${row.file}, not this file` } : gone));
    if (gone.kind !== 'refused') out.dropped.push(before.path);
  }
}

/**
 * Tracked registrations refresh rewrites, each untouched since setup wrote it: the entries of
 * earlier versions (targets/mcp.ts, earlierMcpRows: one ran a program found in the project,
 * issue 28; one served any folder, issue 34), and any registration in a file the agent no
 * longer reads (the row's former files; issue 24).
 */
export function mcpToRefresh(root: string, config: ConsiderConfig): McpInstall[] {
  return trackedMcp(config).filter((t) => {
    const row = mcpRowAt(t.target, path.relative(root, t.path).split(path.sep).join('/'));
    const current = mcpRow(t.target);
    if (!row || !current || mcpFile(row, root) !== t.path) return false;
    const text = readIfExists(t.path)?.toString('utf8');
    if (text === undefined) return false;
    const earlier = earlierMcpRows(row);
    if (row.kind === 'toml') return t.block !== undefined && earlier.some((e) => t.block!.endsWith(tomlTable(e as TomlMcpRow))) && text.includes(t.block);
    const found = registeredServer(row, text);
    const untouched = !!found?.found && jsonEqual(found.value, t.entry);
    return untouched && (row !== current || earlier.some((e) => jsonEqual(t.entry, (e as JsonMcpRow).entry)));
  });
}

/** After an update: each registration mcpToRefresh names, rewritten as this version writes it (in the agent's current file). */
export function refreshMcpServers(root: string, version: string, config: ConsiderConfig, home: string): { actions: SetupAction[]; installs: McpInstall[]; dropped: string[] } {
  const out = { actions: [] as SetupAction[], installs: [] as McpInstall[], dropped: [] as string[] };
  for (const t of mcpToRefresh(root, config)) {
    const row = mcpRow(t.target)!;
    const file = mcpFile(row, root);
    const r = guarded(file, () => installMcp({ row, root, version, tracked: trackedMcp(config).find((x) => x.path === file) }));
    out.actions.push(actionOf(r));
    if (r.install) out.installs.push(r.install);
    if (r.kind !== 'refused' && file !== t.path) leaveFormerFiles(row, root, home, config, out);
  }
  return out;
}

/**
 * What this workspace's file holds that setup would have written, as a record to remove by,
 * for a registration not tracked at this path (a moved or copied workspace, or a lost
 * config.json). Only an entry exactly as setup writes it qualifies: anything else is the user's.
 */
function untrackedRecord(row: McpRow, root: string, like: McpInstall | undefined): McpInstall | undefined {
  const file = mcpFile(row, root);
  const text = readIfExists(file)?.toString('utf8');
  if (text === undefined) return undefined;
  const base: McpInstall = like
    ? { ...like, path: file, createdDirs: rebaseDirs(like.createdDirs, like.path, file) }
    : { target: row.target, scope: 'project', path: file };
  // This version's entry, or one earlier versions wrote (targets/mcp.ts, earlierMcpRows).
  const forms = [row, ...earlierMcpRows(row)];
  if (row.kind === 'toml') {
    const table = forms.map((r) => tomlTable(r as TomlMcpRow)).find((t) => text.includes(t));
    if (!table) return undefined;
    return { ...base, block: text.includes('\n' + table) ? '\n' + table : table };
  }
  const found = registeredServer(row, text);
  const entry = forms.map((r) => (r as JsonMcpRow).entry).find((e) => found?.found && jsonEqual(found.value, e));
  if (!entry) return undefined;
  // Without a record of what setup created, the list it leaves empty goes too (as hooks do).
  return { ...base, entry, ...(like ? {} : { createdKeys: [row.container] }) };
}

/**
 * Removes every tracked registration, plus Consider's own entry found in this workspace's
 * agent files when the tracking is elsewhere (a moved workspace) or lost (`hasRecord` false:
 * no readable config.json). Returns the paths now clear.
 */
export function uninstallMcpServers(root: string, home: string, config: ConsiderConfig, createdBySetup: ReadonlySet<string>, hasRecord = true): { actions: SetupAction[]; cleared: Set<string> } {
  const tracked = trackedMcp(config);
  const candidates = [...tracked];
  for (const row of MCP_ROWS_AND_FORMER) {
    if (tracked.some((t) => t.path === mcpFile(row, root))) continue;
    const like = tracked.find((t) => t.target === row.target);
    if (!like && hasRecord) continue; // with a record, an entry it does not name is not setup's
    const found = untrackedRecord(row, root, like);
    if (found) candidates.push(found);
  }
  return removeRecorded(candidates, 'registers its MCP server in', (install) => {
    const row = mcpRowAt(install.target, path.relative(root, install.path));
    return row && mcpFile(row, root) === install.path ? () => removeMcp(row, install, root, home, createdBySetup.has(install.path)) : undefined;
  });
}

/** Per agent that takes MCP servers: its file, and whether it registers Consider's server now. */
export function describeMcpServers(root: string): { target: McpAgent; label: string; path: string; installed: boolean }[] {
  return MCP_ROWS.map((row) => ({ target: row.target, label: row.label, path: mcpFile(row, root), installed: hasConsiderServer(row, mcpFile(row, root)) }));
}
