/**
 * The shapes setup, uninstall and status speak in: what the wizards, the terminal command and
 * the modules of this folder pass around. Apart from index.ts (which re-exports them) so that
 * the modules import their types without importing the entry point that imports them.
 */
import type { SkillInstall } from '../shared/model';
import type { Integration, Scope } from './targets/skills';
import type { HookAgent } from './targets/hooks';
import type { McpAgent } from './targets/mcp';
import type { PlanGateAgent } from '../shared/agents';
import type { SetUpState } from '../shared/project-trust';

/** What an installed hook runs (hooks/inspect.ts): this version's line, an earlier version's, or one the user edited. */
export interface HookRuns {
  runs: 'your-cli' | 'earlier-version' | 'edited';
  /** The stop hook's command line (OpenCode: the program its plugin starts). */
  command: string;
}

/** A hook found installed: where, and (when it is ours in some form) what it runs. */
export interface InstalledHook extends Partial<HookRuns> {
  scope: Scope;
  path: string;
}

export type ActionKind = 'created' | 'updated' | 'unchanged' | 'removed' | 'skipped' | 'refused';
export interface SetupAction { kind: ActionKind; path: string; detail?: string }
/** A one-time step an agent needs from the user (prerequisites.ts): checked (done/todo) or said (info). */
export interface AgentNeed { agent: string; label: string; step: string; state: 'done' | 'todo' | 'info'; where?: string }
export interface SetupReport {
  actions: SetupAction[];
  /** After setup: what each agent set up in this workspace still needs from the user, once. */
  needs?: AgentNeed[];
}

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
  /** Per agent with a delivery hook: where one is installed right now, and what it runs there. */
  hooks: { target: HookAgent; label: string; installed: InstalledHook[] }[];
  /**
   * The user's copy of the CLI, which every hook and MCP entry runs, and whether this project is
   * recorded as theirs (`setUp`: the one definition, shared/project-trust.ts; `projectRecorded`
   * is `setUp === 'set-up'`).
   */
  userCli: { path: string; version?: string; projectRecorded: boolean; setUp: SetUpState };
  /** Per agent with a plan hook (the plan gate, docs/plan-gate.md): where one is installed right now, and what it runs. */
  planGates: { target: PlanGateAgent; label: string; note?: string; installed: InstalledHook[] }[];
  /** Per agent that takes MCP servers: its project file, and whether Consider's server is registered there now. */
  mcpServers: { target: McpAgent; label: string; path: string; installed: boolean }[];
  /** What the agents set up here still need from the user, once (prerequisites.ts). */
  needs: AgentNeed[];
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
   * Agents to register Consider's MCP server with (setup/targets/mcp.ts), in the project's own
   * config file of each; separate from skills and hooks. Absent or empty = none.
   */
  mcpServers?: { target: McpAgent }[];
  /**
   * The plan gate (docs/plan-gate.md): the agent's own plan hook holds its plan for review in
   * VS Code (setup/targets/plans.ts), one location per agent. Absent or empty = none.
   */
  planGates?: { target: PlanGateAgent; scope: Scope }[];
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
