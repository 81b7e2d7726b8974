/**
 * Setup and uninstall of Consider in one workspace folder (spec §4.1, §4.5, §8.2, §8.3, §9.8).
 * The one implementation behind the setup/uninstall wizards (webview), the first-run prompt
 * and refresh (lifecycle.ts) and the terminal command `consider-setup` (consider-setup.ts).
 * No `vscode` import: everything here is plain Node, so tests and the terminal can call it.
 */
import type { SkillInstall } from '../shared/model';
import { INTEGRATIONS, type Integration, type Scope } from './integrations';
import { HOOK_ROWS, type HookAgent } from './hook-targets';
import { MCP_ROWS, type McpAgent } from './mcp-targets';
import { setupWorkspace, describeWorkspace } from './setup';
import { uninstallWorkspace } from './uninstall';

export { INTEGRATIONS, HOOK_ROWS, MCP_ROWS, type Integration, type Scope, type HookAgent, type McpAgent };
export type { SkillInstall };

export type ActionKind = 'created' | 'updated' | 'unchanged' | 'removed' | 'skipped' | 'refused';
export interface SetupAction { kind: ActionKind; path: string; detail?: string }
export interface SetupReport { actions: SetupAction[] }

export interface SetupState {
  /** `.consider/store.json` exists. */
  storeExists: boolean;
  /** Version stamped in the deployed runtime (`.consider/bin/VERSION`), if deployed. */
  runtimeVersion?: string;
  /** The root `.gitignore` already ignores `.consider/`. */
  gitignoreHasEntry: boolean;
  /** What config.json tracks (spec §4.5). */
  trackedSkills: SkillInstall[];
  /** Per integration: where a Consider skill is installed right now (tracked or found on disk). */
  integrations: { target: Integration; label: string; installed: { scope: Scope; path: string }[] }[];
  /** Per agent with a delivery hook: where one is installed right now. */
  hooks: { target: HookAgent; label: string; installed: { scope: Scope; path: string }[] }[];
  /** Per agent that takes MCP servers: its project file, and whether Consider's server is registered there now. */
  mcpServers: { target: McpAgent; label: string; path: string; installed: boolean }[];
}

export interface SetupOptions {
  root: string;
  home: string;
  /** Add `.consider/` to the root .gitignore (append or create, never duplicate). */
  gitignore: boolean;
  /** One location per chosen integration; empty = install no skills. */
  integrations: { target: Integration; scope: Scope }[];
  /**
   * Delivery hooks (docs/agent-loop.md), one location per agent; separate from the skills.
   * Absent or empty = install none.
   */
  hooks?: { target: HookAgent; scope: Scope }[];
  /**
   * Agents to register Consider's MCP server with (setup/mcp-targets.ts), in the project's own
   * config file of each; separate from skills and hooks. Absent or empty = none.
   */
  mcpServers?: { target: McpAgent }[];
  /** The built runtime to deploy: `<extension>/dist/runtime`. */
  runtimeDir: string;
  /** The skill sources: `<extension>/skills`. */
  skillsDir: string;
}

export interface UninstallOptions {
  root: string;
  home: string;
  mode: 'full' | 'skills-only';
  /** Full mode only: remove the `.consider/` line setup added to the root .gitignore. */
  removeGitignoreEntry: boolean;
  /** Also delete skill files the user edited since setup wrote them, and files they added next to them. */
  removeEdited?: boolean;
}

export function describeSetup(root: string, home: string): Promise<SetupState> {
  return describeWorkspace(root, home);
}

export function runSetup(opts: SetupOptions): Promise<SetupReport> {
  return setupWorkspace(opts);
}

export function runUninstall(opts: UninstallOptions): Promise<SetupReport> {
  return uninstallWorkspace(opts);
}

// After an extension update (spec §9.8): used by lifecycle.ts and `consider-setup refresh`.
export { planRefresh, applyRefresh, refreshNeeded, type RefreshPlan, type RefreshInput } from './refresh';
