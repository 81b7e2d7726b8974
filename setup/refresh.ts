/**
 * Keeping an installed workspace current after an extension update (spec §9.8): the
 * deployed CLI and the skills setup installed carry the package version; when it differs
 * from the running extension's, refresh them — except a skill the user edited, which is
 * only replaced when the user says so. Delivery hooks written by another version are brought
 * up to date the same way (an entry the user edited is kept). Never installs anything that
 * was not installed.
 */
import path from 'node:path';
import type { SkillInstall } from '../shared/model';
import type { SetupAction, SetupReport } from './types';
import { integrationRow } from './skills/targets';
import { renderSkill } from './skills/render';
import { installPackage, packageStatus, type PackageStatus } from './skills/install';
import { readSetupConfig, changeSetupConfig, mergeInstall, mergeHookInstall, configPath, type HookInstall } from './config';
import { hooksToRefresh, refreshHooks } from './hooks/workspace';
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
}

export interface RefreshInput {
  root: string;
  home: string;
  runtimeDir: string;
  skillsDir: string;
}

export function planRefresh(input: RefreshInput): RefreshPlan {
  const version = packageVersion(input.runtimeDir);
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
  };
}

/** True when there is anything for `applyRefresh` to do. */
export function refreshNeeded(plan: RefreshPlan): boolean {
  return plan.runtime === 'outdated' || plan.skills.some((s) => s.needsUpdate) || plan.hooks.length > 0;
}

/**
 * Applies a plan: redeploys an outdated runtime, rewrites untouched outdated skills, and
 * rewrites edited ones only if their path is in `replaceEdited`.
 */
export async function applyRefresh(input: RefreshInput, replaceEdited: readonly string[] = []): Promise<SetupReport> {
  const plan = planRefresh(input);
  const actions: SetupAction[] = [];
  if (plan.runtime === 'outdated') {
    for (const a of deployRuntime(input.root, input.runtimeDir)) actions.push(a);
  }
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
  if (refreshed.length || hooks.installs.length) {
    await changeSetupConfig(input.root, (latest) => {
      for (const i of refreshed) mergeInstall(latest, i);
      for (const h of hooks.installs) mergeHookInstall(latest, h);
    });
    actions.push({ kind: 'updated', path: configPath(input.root) });
  }
  return { actions };
}
