/**
 * Keeping an installed workspace current after an extension update (spec §9.8): the
 * deployed CLI and the skills setup installed carry the package version; when it differs
 * from the running extension's, refresh them — except a skill the user edited, which is
 * only replaced when the user says so. Delivery hooks written by another version are brought
 * up to date the same way (an entry the user edited is kept), and so are the hook and MCP
 * command lines of earlier versions, which ran a program found in the project (issue 28), or
 * served any folder (issue 34). It also deploys the user's copy of the CLI, which those command
 * lines run, when it is missing or older. Never installs anything that was not installed.
 *
 * Only in a project the developer set up (shared/project-trust.ts, the one definition): a
 * folder that merely holds a `.consider/` — a clone that committed one, with a config.json
 * naming whatever it likes — is data, and refresh writes nothing there. And refresh never
 * records a project: only setup run by the developer does (issue 34).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SkillInstall } from '../shared/model';
import type { SetupAction, SetupReport } from './types';
import { integrationRow } from './targets/skills';
import { renderSkill } from './skills/render';
import { installPackage, packageStatus, type PackageStatus } from './skills/install';
import { readSetupConfig, changeSetupConfig, mergeInstall, mergeHookInstall, type HookInstall } from './config';
import { hooksToRefresh, refreshHooks } from './hooks/workspace';
import { mergePlanGateInstall, planGatesToRefresh, refreshPlanGates, trackedPlanGates } from './plans/workspace';
import { mcpToRefresh, refreshMcpServers } from './mcp/workspace';
import { installUserCli, userCliStatus } from './user-install';
import { userCliPath } from '../shared/user-data';
import { setUpState, setUpStateAdvice, type SetUpState } from '../shared/project-trust';
import { considerPaths } from '../shared/paths';
import { mergeMcpInstall, trackedHooks, trackedMcp, type McpInstall } from './config';
import { deployRuntime, deployedVersion, packageVersion } from './runtime';
import { checkSkillPackage } from './safety';
import { actionOf } from './choices';

export interface RefreshPlan {
  /** The version the extension carries. */
  version: string;
  /** The deployed CLI: absent (workspace not set up), current, or older/newer than ours. */
  runtime: 'missing' | 'current' | 'outdated';
  deployedVersion?: string;
  skills: { install: SkillInstall; status: PackageStatus | 'refused'; needsUpdate: boolean }[];
  /** Tracked delivery hooks written by another version (edited ones are kept when applied). */
  hooks: HookInstall[];
  /** Tracked plan gates written by another version (setup/plans/). */
  planGates: HookInstall[];
  /** Tracked MCP registrations still holding an earlier version's command line. */
  mcp: McpInstall[];
  /** The user's copy of the CLI (user-install.ts), which the hooks and MCP entries run. */
  userCli: 'missing' | 'current' | 'outdated' | 'newer';
  /** The project is set up by the user (the hooks speak here): refresh does nothing anywhere else. */
  recorded: boolean;
  /** Where the project stands (shared/project-trust.ts): why refresh does nothing, when it does nothing. */
  setUp: SetUpState;
  /** The project has hooks or MCP servers, or the user has a copy of the CLI: then refresh keeps the copy current. */
  usesUserCli: boolean;
}

export interface RefreshInput {
  root: string;
  home: string;
  runtimeDir: string;
  skillsDir: string;
}

export function planRefresh(input: RefreshInput): RefreshPlan {
  const version = packageVersion(input.runtimeDir);
  const setUp = setUpState(input.root, input.home);
  const deployed = deployedVersion(input.root);
  const { config } = readSetupConfig(input.root);
  const skills = config.trackedSkillInstalls.map((install) => {
    const row = integrationRow(install.target);
    if (!row || !checkSkillPackage(install.path, input.root, input.home).ok) {
      return { install, status: 'refused' as const, needsUpdate: false };
    }
    const dir = path.dirname(install.path);
    const status = packageStatus(dir, renderSkill(row, input.skillsDir, version, dir), install);
    return { install, status, needsUpdate: status !== 'current' && status !== 'missing' && install.version !== version };
  });
  return {
    version,
    runtime: deployed === undefined ? 'missing' : deployed === version ? 'current' : 'outdated',
    ...(deployed ? { deployedVersion: deployed } : {}),
    skills,
    hooks: hooksToRefresh(input.root, input.home, version, config),
    planGates: planGatesToRefresh(input.root, input.home, version, config),
    mcp: mcpToRefresh(input.root, config),
    userCli: userCliStatus(input.home, version),
    recorded: setUp === 'set-up',
    setUp,
    // As setup decides (setup.ts): a user of skills alone gets no copy of the CLI.
    usesUserCli: trackedHooks(config).length > 0 || trackedPlanGates(config).length > 0 || trackedMcp(config).length > 0 || fs.existsSync(userCliPath(input.home)),
  };
}

/** Refresh brings an older install up to date: its CLI, or a hook or MCP command line. */
function updatesOlderInstall(plan: RefreshPlan): boolean {
  return plan.runtime === 'outdated' || plan.hooks.length > 0 || plan.planGates.length > 0 || plan.mcp.length > 0;
}

/** The project uses the user's copy of the CLI, and that copy is missing or older. */
function needsUserCli(plan: RefreshPlan): boolean {
  return plan.usesUserCli && (plan.userCli === 'missing' || plan.userCli === 'outdated');
}

/** True when there is anything for `applyRefresh` to do: never in a project the developer did not set up. */
export function refreshNeeded(plan: RefreshPlan): boolean {
  return plan.recorded && (updatesOlderInstall(plan) || plan.skills.some((s) => s.needsUpdate) || needsUserCli(plan));
}

/**
 * Applies a plan: redeploys an outdated runtime, rewrites untouched outdated skills, and
 * rewrites edited ones only if their path is in `replaceEdited`.
 */
export async function applyRefresh(input: RefreshInput, replaceEdited: readonly string[] = []): Promise<SetupReport> {
  const plan = planRefresh(input);
  if (!plan.recorded) {
    // A `.consider/` setup did not make here, or one of an earlier version: its files are data.
    const why = plan.setUp === 'set-up' ? '' : setUpStateAdvice(plan.setUp);
    return { actions: [{ kind: 'skipped', path: input.root, detail: `nothing refreshed: this folder is ${why}` }] };
  }
  const actions: SetupAction[] = [];
  if (plan.runtime === 'outdated') {
    for (const a of deployRuntime(input.root, input.runtimeDir)) actions.push(a);
  }
  if (needsUserCli(plan)) actions.push(installUserCli(input.home, input.runtimeDir, plan.version));
  const refreshed: SkillInstall[] = [];
  for (const s of plan.skills) {
    if (!s.needsUpdate) continue;
    const row = integrationRow(s.install.target)!;
    const overwriteEdited = replaceEdited.includes(s.install.path);
    const r = installPackage({
      row, scope: s.install.scope, dir: path.dirname(s.install.path), root: input.root,
      files: renderSkill(row, input.skillsDir, plan.version, path.dirname(s.install.path)), version: plan.version, tracked: s.install, overwriteEdited,
    });
    actions.push(actionOf(r));
    if (r.install && (r.kind === 'updated' || r.kind === 'created' || r.kind === 'unchanged')) refreshed.push(r.install);
  }
  const hooks = refreshHooks(input.root, input.home, plan.version, readSetupConfig(input.root).config);
  actions.push(...hooks.actions);
  const gates = refreshPlanGates(input.root, input.home, plan.version, readSetupConfig(input.root).config);
  actions.push(...gates.actions);
  const mcp = refreshMcpServers(input.root, plan.version, readSetupConfig(input.root).config, input.home);
  actions.push(...mcp.actions);
  if (refreshed.length || hooks.installs.length || gates.installs.length || mcp.installs.length || mcp.dropped.length) {
    await changeSetupConfig(input.root, (latest) => {
      for (const i of refreshed) mergeInstall(latest, i);
      for (const h of hooks.installs) mergeHookInstall(latest, h);
      for (const g of gates.installs) mergePlanGateInstall(latest, g);
      for (const m of mcp.installs) mergeMcpInstall(latest, m);
      if (mcp.dropped.length) latest.trackedMcpInstalls = trackedMcp(latest).filter((t) => !mcp.dropped.includes(t.path));
    });
    actions.push({ kind: 'updated', path: considerPaths(input.root).config });
  }
  return { actions };
}
