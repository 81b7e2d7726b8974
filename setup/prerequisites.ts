/**
 * What each agent still needs from the user, once, before the things setup wrote for it work
 * (issue 24: without them the review silently never arrives). Found by running the agents
 * themselves (e2e/agents/), at the versions named in docs/agent-loop.md:
 * - Codex: `codex exec` runs no project hook, and reads no project config (MCP servers), until the
 *   user trusts the project ("Do you trust this folder?": `[projects."<dir>"] trust_level =
 *   "trusted"` in ~/.codex/config.toml) and each new hook (/hooks: `[hooks.state."<key>"]
 *   trusted_hash`). Both are checked here; a hook's hash is Codex's own, so only its presence is.
 * - Gemini CLI: ignores project hooks, MCP servers and skills outside a trusted folder (headless:
 *   exit 55); ~/.gemini/trustedFolders.json (TRUST_FOLDER, TRUST_PARENT, DO_NOT_TRUST; the
 *   longest matching path wins), unless folder trust is off (security.folderTrust.enabled).
 * - GitHub Copilot CLI: loads a folder's hooks, MCP servers and skills once the folder is trusted
 *   (trustedFolders in ~/.copilot/config.json, a file it writes with `//` comments).
 * - Claude Code: asks once before it starts a project's MCP server (enabledMcpjsonServers /
 *   enableAllProjectMcpServers in .claude/settings.local.json or settings.json, or the project's
 *   entry in ~/.claude.json), and, started interactively, to trust the folder
 *   (hasTrustDialogAccepted in ~/.claude.json).
 * - Claude Code, Gemini CLI and Copilot CLI read project hooks (Gemini and Copilot also MCP
 *   servers) only from the folder they are started in: they must start in the project's root.
 * - OpenCode loads project plugins and MCP servers without asking; Cursor is not checked (its
 *   files cannot be read here).
 * A step is `done` or `todo` where the agent's file says, `info` where nothing can be checked.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { HookAgent } from './targets/hooks';
import { hookRow } from './targets/hooks';
import { mentionsConsiderHook } from './targets/hook-command';
import type { AgentNeed, SetupState } from './types';
import { listWorktrees } from '../shared/workspace/worktrees';

export type { AgentNeed };

/** A JSON file, or (Copilot's) JSON with whole-line `//` comments; undefined when absent or unreadable. */
function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const text = fs.readFileSync(file, 'utf8').split('\n').filter((l) => !/^\s*\/\//.test(l)).join('\n');
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function readToml(file: string): Record<string, unknown> | undefined {
  try {
    return parseToml(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** The project folder as the agents record it: as given, and with links resolved. */
function spellings(root: string): string[] {
  let real = root;
  try { real = fs.realpathSync(root); } catch { /* as given */ }
  return [...new Set([root, real])];
}

/** ~ for the home folder, in a message. */
function shown(file: string, home: string): string {
  return file.startsWith(home + path.sep) ? `~/${path.relative(home, file)}` : file;
}

/**
 * The repository's main checkout when `root` is in a linked git worktree of it, else undefined.
 * Codex (0.169, checked in e2e/agents/worktrees.test.mjs) keys a worktree's trust by the main
 * checkout and reads its project hooks and MCP servers from there.
 */
function mainCheckoutOf(root: string): string | undefined {
  try {
    const all = listWorktrees(root);
    const main = all[0];
    return main && !main.current && !main.missing ? main.root : undefined;
  } catch {
    return undefined; // not a repository, no git
  }
}

function codexNeeds(root: string, home: string, hookScopes: ReadonlySet<string>, projectFiles: boolean): AgentNeed[] {
  const label = 'Codex';
  const configFile = path.join(home, '.codex', 'config.toml');
  const config = readToml(configFile);
  const needs: AgentNeed[] = [];
  const main = mainCheckoutOf(root);
  // Where Codex looks for this project's trust and project files: the main checkout, from a worktree.
  const projectRoot = main ?? root;
  if (main !== undefined && hookScopes.has('project')) {
    const row = hookRow('codex');
    const there = row?.kind === 'json' && codexHookKeys(path.join(main, row.projectFile)).length > 0;
    needs.push({ agent: 'codex', label, step: `set up Codex in the repository's main checkout too (${main}): in a git worktree, Codex reads project hooks and MCP servers from there; the hook finds this worktree's own review`, state: there ? 'done' : 'todo', where: main });
  }
  if (projectFiles) {
    const projects = obj(config?.projects);
    const trusted = spellings(projectRoot).some((p) => obj(projects[p]).trust_level === 'trusted');
    needs.push({ agent: 'codex', label, step: 'trust this project when Codex first starts here ("Do you trust this folder?")', state: trusted ? 'done' : 'todo', where: shown(configFile, home) });
  }
  for (const scope of hookScopes) {
    const row = hookRow('codex');
    if (!row || row.kind !== 'json') continue;
    const file = path.join(scope === 'project' ? projectRoot : home, scope === 'project' ? row.projectFile : row.homeFile);
    const keys = codexHookKeys(file);
    const state = obj(obj(config?.hooks).state);
    const trusted = keys.length > 0 && keys.every((k) => typeof obj(state[k]).trusted_hash === 'string');
    needs.push({ agent: 'codex', label, step: "trust Consider's hooks once in Codex's /hooks screen (`codex exec` skips untrusted hooks silently)", state: trusted ? 'done' : 'todo', where: shown(configFile, home) });
  }
  return needs;
}

/** The keys Codex gives our hook handlers in `file`: `<file>:<event in snake_case>:<group>:<handler>`. */
function codexHookKeys(file: string): string[] {
  const hooks = obj(readJson(file)?.hooks);
  const keys: string[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    const snake = event.replace(/[A-Z]/g, (c, i: number) => `${i ? '_' : ''}${c.toLowerCase()}`);
    groups.forEach((group, g) => {
      const handlers = obj(group).hooks;
      if (!Array.isArray(handlers)) return;
      handlers.forEach((h, i) => { if (mentionsConsiderHook(JSON.stringify(h))) keys.push(`${file}:${snake}:${g}:${i}`); });
    });
  }
  return keys;
}

/** Gemini CLI's folder trust: the longest rule that covers the folder decides. */
function geminiTrusts(root: string, home: string): boolean {
  const settings = readJson(path.join(home, '.gemini', 'settings.json'));
  if (obj(obj(obj(settings?.security).folderTrust)).enabled === false) return true;
  const rules = readJson(path.join(home, '.gemini', 'trustedFolders.json')) ?? {};
  let best: { length: number; trusted: boolean } | undefined;
  for (const [rulePath, level] of Object.entries(rules)) {
    const covered = level === 'TRUST_PARENT' ? path.dirname(rulePath) : rulePath;
    for (const p of spellings(root)) {
      if (p !== covered && !p.startsWith(covered.endsWith(path.sep) ? covered : covered + path.sep)) continue;
      if (!best || covered.length > best.length) best = { length: covered.length, trusted: level === 'TRUST_FOLDER' || level === 'TRUST_PARENT' };
    }
  }
  return best?.trusted ?? false;
}

function copilotTrusts(root: string, home: string): boolean {
  const folders = readJson(path.join(home, '.copilot', 'config.json'))?.trustedFolders;
  if (!Array.isArray(folders)) return false;
  return spellings(root).some((p) => folders.some((f) => typeof f === 'string' && (p === f || p.startsWith(f.endsWith(path.sep) ? f : f + path.sep))));
}

function claudeApprovedServer(root: string, home: string): boolean {
  const approves = (s: Record<string, unknown> | undefined) => s?.enableAllProjectMcpServers === true
    || (Array.isArray(s?.enabledMcpjsonServers) && (s.enabledMcpjsonServers as unknown[]).includes('consider'));
  const projects = obj(readJson(path.join(home, '.claude.json'))?.projects);
  return approves(readJson(path.join(root, '.claude', 'settings.local.json'))) || approves(readJson(path.join(root, '.claude', 'settings.json')))
    || spellings(root).some((p) => approves(obj(projects[p])));
}

function claudeTrustedFolder(root: string, home: string): boolean {
  const projects = obj(readJson(path.join(home, '.claude.json'))?.projects);
  return spellings(root).some((p) => obj(projects[p]).hasTrustDialogAccepted === true);
}

const startInRoot = (agent: string, label: string, command: string, what: string, root: string): AgentNeed => (
  { agent, label, step: `start ${command} in ${root} (it reads ${what} only from the folder it starts in)`, state: 'info' }
);

/**
 * The one-time steps for every agent this workspace is set up for (skills, hooks, MCP servers
 * found by `describeSetup`), checked against the agents' own files where they can be.
 */
export function describeNeeds(root: string, home: string, state: Pick<SetupState, 'integrations' | 'hooks' | 'mcpServers'>): AgentNeed[] {
  const hookScopes = (agent: HookAgent) => new Set(state.hooks.find((h) => h.target === agent)?.installed.map((i) => i.scope) ?? []);
  const projectSkill = (agent: string) => !!state.integrations.find((i) => i.target === agent)?.installed.some((i) => i.scope === 'project');
  const mcp = (agent: string) => !!state.mcpServers.find((m) => m.target === agent)?.installed;
  const needs: AgentNeed[] = [];

  const claudeHooks = hookScopes('claude');
  if (claudeHooks.has('project') || mcp('claude')) {
    needs.push(startInRoot('claude', 'Claude Code', '`claude`', claudeHooks.has('project') ? '.claude/settings.json and .mcp.json' : '.mcp.json', root));
    needs.push({ agent: 'claude', label: 'Claude Code', step: 'trust this folder at its first interactive start here', state: claudeTrustedFolder(root, home) ? 'done' : 'todo', where: '~/.claude.json' });
  }
  if (mcp('claude')) {
    needs.push({ agent: 'claude', label: 'Claude Code', step: 'approve the `consider` MCP server when asked ("Use this MCP server", or /mcp)', state: claudeApprovedServer(root, home) ? 'done' : 'todo', where: '.claude/settings.local.json' });
  }

  const codexHooks = hookScopes('codex');
  if (codexHooks.size || mcp('codex')) needs.push(...codexNeeds(root, home, codexHooks, codexHooks.has('project') || mcp('codex')));

  if (hookScopes('gemini').has('project') || mcp('gemini') || projectSkill('gemini')) {
    needs.push(startInRoot('gemini', 'Gemini CLI', '`gemini`', '.gemini/settings.json', root));
    needs.push({ agent: 'gemini', label: 'Gemini CLI', step: 'trust this folder ("Trust folder"; untrusted, it ignores the project\'s hooks, MCP servers and skills)', state: geminiTrusts(root, home) ? 'done' : 'todo', where: '~/.gemini/trustedFolders.json' });
  }

  if (hookScopes('copilot').has('project') || mcp('copilot') || projectSkill('copilot')) {
    needs.push(startInRoot('copilot', 'GitHub Copilot CLI', '`copilot`', '.github/hooks and .github/mcp.json', root));
    needs.push({ agent: 'copilot', label: 'GitHub Copilot CLI', step: 'trust this folder ("Yes, and remember this folder"; untrusted, it ignores the project\'s hooks, MCP servers and skills)', state: copilotTrusts(root, home) ? 'done' : 'todo', where: '~/.copilot/config.json' });
  }
  return needs;
}
