/**
 * Uninstall (spec §8.3): full (skills, hooks and MCP servers + `.consider/` + optionally the
 * .gitignore line) or skills only (the threads stay). Deletes only what safety.ts allows and reports the rest.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SkillInstall } from '../shared/model';
import type { SetupAction, SetupReport, UninstallOptions } from './types';
import { SKILL_FILE } from './targets/skills';
import { readSetupConfig, changeSetupConfig } from './config';
import { checkConsiderDir, checkSkillPackage, knownSkillDirs, setupFolders } from './safety';
import { isConsiderSkill } from './skills/render';
import { removeGitignoreEntry, gitignorePath, gitignoreSetupOf } from './gitignore';
import { removeSkillPackage } from './skills/removal';
import { considerPaths, isWithin } from '../shared/paths';
import { removeEmptyDirs } from './fsutil';
import { uninstallHooks } from './hooks/workspace';
import { trackedHooks, trackedMcp } from './config';
import { uninstallMcpServers } from './mcp/workspace';
import { forgetProject } from './user-install';
import { trackedPlanGates, uninstallPlanGates } from './plans/workspace';

/**
 * Removes the `skills/` folder (and, in a project, the agent folder above it) when deleting
 * our package left them empty: no litter in the project, and in the home folder an agent's
 * own folder is never touched, empty or not.
 */
function removeEmptyParents(dir: string, stopAt: string, levels: number, actions: SetupAction[]): void {
  let parent = path.dirname(dir);
  for (let i = 0; i < levels && parent !== stopAt && isWithin(stopAt, parent); i++) {
    try {
      fs.rmdirSync(parent); // fails unless empty: exactly what we want
      actions.push({ kind: 'removed', path: parent, detail: 'empty folder' });
    } catch {
      return;
    }
    parent = path.dirname(parent);
  }
}

/**
 * The skill packages to take away: the tracked installs, plus Consider skills found in this
 * workspace's known locations that setup's record vouches for — by the same place relative to
 * the workspace (a workspace moved or copied keeps tracking with its old absolute paths). Only
 * with no record at all (no config.json: an older install, spec §8.3 step 4) is a `consider`
 * skill found in a known place taken as setup's, the home locations included; with a record, a
 * skill it does not name is the user's own (issue 17, item 3) and left alone.
 */
function skillCandidates(root: string, home: string, tracked: SkillInstall[], hasRecord: boolean): { path: string; tracked?: SkillInstall }[] {
  const out: { path: string; tracked?: SkillInstall }[] = tracked.map((t) => ({ path: t.path, tracked: t }));
  const seen = new Set(out.map((c) => c.path));
  for (const k of knownSkillDirs(root, home)) {
    const file = path.join(k.dir, SKILL_FILE);
    if (seen.has(file) || !isConsiderSkill(file)) continue;
    const moved = k.scope === 'project'
      ? tracked.find((t) => t.scope === 'project' && t.target === k.target && t.path.endsWith(path.sep + path.relative(root, file)))
      : undefined;
    if (!moved && (hasRecord || (tracked.length > 0 && k.scope === 'home'))) continue;
    seen.add(file);
    out.push({ path: file, ...(moved ? { tracked: { ...moved, path: file } } : {}) });
  }
  return out;
}

/** Removes each folder an install recorded as created by setup, if it is empty now. */
function sweepCreatedDirs(installs: readonly Record<string, unknown>[], root: string, home: string): void {
  const dirs = setupFolders(installs.flatMap((i) => (Array.isArray(i.createdDirs) ? i.createdDirs : [])), root, home);
  for (const d of [...new Set(dirs)].sort((a, b) => b.length - a.length)) removeEmptyDirs([d]);
}

export async function uninstallWorkspace(opts: UninstallOptions): Promise<SetupReport> {
  const root = path.resolve(opts.root);
  const home = path.resolve(opts.home);
  const actions: SetupAction[] = [];
  const { config, problem } = readSetupConfig(root);
  const { dir: considerDir, config: configPath } = considerPaths(root);
  if (problem) actions.push({ kind: 'skipped', path: configPath, detail: `${problem}; looking in the known skill locations instead` });

  // Hooks and MCP registrations first: a file setup created may share the agent folder with a
  // skill, and the skill's removal then takes the emptied folder. A file either of them
  // created (Gemini keeps both in settings.json) goes once both are out.
  const createdBySetup = new Set([...trackedHooks(config), ...trackedPlanGates(config), ...trackedMcp(config)].filter((t) => t.createdFile).map((t) => t.path));
  const hasRecord = fs.existsSync(configPath) && problem === undefined;
  const hooks = uninstallHooks(root, home, config, createdBySetup, hasRecord);
  actions.push(...hooks.actions);
  // After the delivery hooks: the plan gate's entries may share their file (plans/workspace.ts).
  const planGates = uninstallPlanGates(root, home, config, createdBySetup, hasRecord);
  actions.push(...planGates.actions);
  const mcp = uninstallMcpServers(root, home, config, createdBySetup, hasRecord);
  actions.push(...mcp.actions);

  const removedOrGone = new Set<string>();
  for (const c of skillCandidates(root, home, config.trackedSkillInstalls, hasRecord)) {
    const verdict = checkSkillPackage(c.path, root, home);
    if (!verdict.ok) {
      if (verdict.reason === 'already gone') {
        removedOrGone.add(c.path);
        actions.push({ kind: 'skipped', path: c.path, detail: 'already gone' });
      } else {
        actions.push({ kind: 'refused', path: c.path, detail: `${verdict.reason}; not deleted` });
      }
      continue;
    }
    const done = removeSkillPackage(verdict.dir, c.tracked, root, home, opts.removeEdited === true);
    actions.push(...done);
    if (fs.existsSync(verdict.dir)) continue; // the user's files keep the package (and its tracking)
    removedOrGone.add(c.path);
    const inProject = isWithin(root, verdict.dir);
    removeEmptyParents(verdict.dir, inProject ? root : home, inProject ? 2 : 1, actions);
  }

  // Last, every folder setup made, children first: a folder the hook and the skill shared
  // is empty only now, whichever of the two setup wrote first.
  sweepCreatedDirs([...config.trackedSkillInstalls, ...trackedHooks(config), ...trackedPlanGates(config), ...trackedMcp(config)], root, home);

  if (opts.mode === 'skills-only') {
    const remaining = config.trackedSkillInstalls.filter((t) => !removedOrGone.has(t.path));
    const hooksLeft = trackedHooks(config).filter((t) => !hooks.cleared.has(t.path));
    const mcpLeft = trackedMcp(config).filter((t) => !mcp.cleared.has(t.path));
    const gatesLeft = trackedPlanGates(config).filter((t) => !planGates.cleared.has(t.path));
    const changed = remaining.length !== config.trackedSkillInstalls.length || hooksLeft.length !== trackedHooks(config).length || mcpLeft.length !== trackedMcp(config).length
      || gatesLeft.length !== trackedPlanGates(config).length;
    if (fs.existsSync(considerDir) && changed) {
      await changeSetupConfig(root, (latest) => {
        latest.trackedSkillInstalls = latest.trackedSkillInstalls.filter((t) => !removedOrGone.has(t.path));
        latest.trackedHookInstalls = trackedHooks(latest).filter((t) => !hooks.cleared.has(t.path));
        latest.trackedMcpInstalls = trackedMcp(latest).filter((t) => !mcp.cleared.has(t.path));
        latest.trackedPlanGateInstalls = trackedPlanGates(latest).filter((t) => !planGates.cleared.has(t.path));
      });
      actions.push({ kind: 'updated', path: configPath, detail: 'removed skills, hooks and MCP servers no longer tracked' });
    }
    actions.push({ kind: 'skipped', path: considerDir, detail: 'kept (skills-only uninstall)' });
    return { actions };
  }

  const dirVerdict = checkConsiderDir(root);
  if (dirVerdict.ok) {
    fs.rmSync(dirVerdict.dir, { recursive: true, force: true });
    actions.push({ kind: 'removed', path: dirVerdict.dir });
  } else {
    actions.push({ kind: dirVerdict.reason === 'already gone' ? 'skipped' : 'refused', path: considerDir, detail: dirVerdict.reason });
  }

  // The hooks stop speaking here; the last project out takes the user's copy of the CLI too.
  actions.push(...forgetProject(home, root));

  if (opts.removeGitignoreEntry) {
    const r = removeGitignoreEntry(root, gitignoreSetupOf(config));
    actions.push({ kind: r.kind, path: gitignorePath(root), detail: r.detail });
  } else {
    actions.push({ kind: 'skipped', path: gitignorePath(root), detail: 'left as is' });
  }
  return { actions };
}
