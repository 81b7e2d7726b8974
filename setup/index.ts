/**
 * Setup and uninstall of Consider in one workspace folder (spec §4.1, §4.5, §8.2, §8.3, §9.8).
 * The one implementation behind the setup/uninstall wizards (webview), the first-run prompt
 * and refresh (lifecycle.ts) and the terminal command `consider-setup` (consider-setup.ts).
 * No `vscode` import: everything here is plain Node, so tests and the terminal can call it.
 */
import type { SkillInstall } from '../shared/model';
import { INTEGRATIONS, type Integration, type Scope } from './targets/skills';
import { HOOK_ROWS, type HookAgent } from './targets/hooks';
import { MCP_ROWS, type McpAgent } from './targets/mcp';
import { PLAN_GATE_ROWS } from './targets/plans';
import type { PlanGateAgent } from '../shared/agents';
import { setupWorkspace, describeWorkspace } from './setup';
import { uninstallWorkspace } from './uninstall';
import type { SetupOptions, SetupReport, SetupState, UninstallOptions } from './types';

export { INTEGRATIONS, HOOK_ROWS, MCP_ROWS, PLAN_GATE_ROWS, type Integration, type Scope, type HookAgent, type McpAgent, type PlanGateAgent };
export type { SkillInstall };

export type { ActionKind, AgentNeed, SetupAction, SetupReport, SetupState, SetupOptions, UninstallOptions } from './types';

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
