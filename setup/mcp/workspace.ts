/**
 * MCP server registrations across a whole setup, uninstall or status (the hooks' counterpart,
 * hooks/workspace.ts): which rows and files, which tracked records, and the actions to report.
 * Chosen per agent, apart from the skills and the hooks; always in the project (targets.ts
 * says why).
 */
import path from 'node:path';
import type { ConsiderConfig } from '../../shared/model';
import type { SetupAction } from '../types';
import { MCP_ROWS, mcpRow, mcpRowAt, type McpAgent, type McpRow } from './targets';
import { hasConsiderServer, installMcp, mcpFile, registeredServer, removeMcp, tomlTable } from './one-file';
import { actionOf, chosenRows } from '../choices';
import { recordElsewhere } from '../agent-file';
import { trackedMcp, type McpInstall } from '../config';
import { jsonEqual } from '../json-text';
import { readIfExists, rebaseDirs } from '../fsutil';

/**
 * Registers the chosen agents' servers. A registration an earlier version made in a file the
 * agent does not read (the row's legacy files) is taken out once the current one is in:
 * `dropped` lists those records, no longer tracked.
 */
export function installMcpServers(
  choices: readonly { target: McpAgent }[], root: string, version: string, config: ConsiderConfig, home: string,
): { actions: SetupAction[]; installs: McpInstall[]; dropped: string[] } {
  const actions: SetupAction[] = [];
  const installs: McpInstall[] = [];
  const dropped: string[] = [];
  for (const { row } of chosenRows(choices.map((c) => ({ target: c.target, scope: 'project' as const })), mcpRow, 'no MCP registration for this agent', actions)) {
    const file = mcpFile(row, root);
    const tracked = trackedMcp(config).find((t) => t.path === file);
    const r = installMcp({ row, root, version, tracked });
    actions.push(actionOf(r));
    if (r.install) installs.push(r.install);
    if (r.kind === 'refused' || row.kind !== 'json') continue;
    for (const old of row.legacy ?? []) {
      const before = trackedMcp(config).find((t) => t.target === row.target && t.path === mcpFile(old, root));
      if (!before) continue;
      const gone = removeMcp(old, before, root, home);
      actions.push(actionOf(gone.kind === 'removed' || gone.kind === 'updated' ? { ...gone, detail: `${row.label} reads ${row.file}, not this file` } : gone));
      if (gone.kind !== 'refused') dropped.push(before.path);
    }
  }
  return { actions, installs, dropped };
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
  if (row.kind === 'toml') {
    const table = tomlTable(row);
    if (!text.includes(table)) return undefined;
    return { ...base, block: text.includes('\n' + table) ? '\n' + table : table };
  }
  const found = registeredServer(row, text);
  if (!found?.found || !jsonEqual(found.value, row.entry)) return undefined;
  // Without a record of what setup created, the list it leaves empty goes too (as hooks do).
  return { ...base, entry: row.entry, ...(like ? {} : { createdKeys: [row.container] }) };
}

/**
 * Removes every tracked registration, plus Consider's own entry found in this workspace's
 * agent files when the tracking is elsewhere or lost. Returns the paths now clear.
 */
export function uninstallMcpServers(root: string, home: string, config: ConsiderConfig, createdBySetup: ReadonlySet<string>): { actions: SetupAction[]; cleared: Set<string> } {
  const actions: SetupAction[] = [];
  const cleared = new Set<string>();
  const tracked = trackedMcp(config);
  const candidates = [...tracked];
  for (const row of MCP_ROWS.flatMap((r) => [r, ...(r.kind === 'json' ? r.legacy ?? [] : [])])) {
    if (tracked.some((t) => t.path === mcpFile(row, root))) continue;
    const found = untrackedRecord(row, root, tracked.find((t) => t.target === row.target));
    if (found) candidates.push(found);
  }
  for (const install of candidates) {
    const row = mcpRowAt(install.target, path.relative(root, install.path));
    if (!row || mcpFile(row, root) !== install.path) {
      const a = recordElsewhere(install.path, 'registers its MCP server in');
      actions.push(a);
      if (a.kind !== 'refused') cleared.add(install.path);
      continue;
    }
    const r = removeMcp(row, install, root, home, createdBySetup.has(install.path));
    actions.push(actionOf(r));
    if (r.kind !== 'refused') cleared.add(install.path);
  }
  return { actions, cleared };
}

/** Per agent that takes MCP servers: its file, and whether it registers Consider's server now. */
export function describeMcpServers(root: string): { target: McpAgent; label: string; path: string; installed: boolean }[] {
  return MCP_ROWS.map((row) => ({ target: row.target, label: row.label, path: mcpFile(row, root), installed: hasConsiderServer(row, mcpFile(row, root)) }));
}
