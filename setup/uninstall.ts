/**
 * Uninstall (spec §8.3): full (skills, hooks and MCP servers + `.consider/` + optionally the
 * .gitignore line) or skills only (the threads stay). Deletes only what safety.ts allows and reports the rest.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SetupAction, SetupReport, UninstallOptions } from './types';
import { readSetupConfig, changeSetupConfig } from './config';
import { checkConsiderDir, setupFolders } from './safety';
import { removeGitignoreEntry, gitignorePath, gitignoreSetupOf } from './gitignore';
import { uninstallSkills } from './skills/workspace';
import { considerPaths } from '../shared/paths';
import { removeEmptyDirs } from './fsutil';
import { uninstallHooks } from './hooks/workspace';
import { trackedHooks, trackedMcp } from './config';
import { uninstallMcpServers } from './mcp/workspace';
import { forgetProject } from './user-install';
import { trackedPlanGates, uninstallPlanGates } from './plans/workspace';

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

  const skills = uninstallSkills(root, home, config, hasRecord, opts.removeEdited === true);
  actions.push(...skills.actions);
  const removedOrGone = skills.cleared;

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
    // The project stays set up (its threads, its record and the user's copy of the CLI), as before.
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
