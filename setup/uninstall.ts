/**
 * Uninstall (spec §8.3): full (skills + `.consider/` + optionally the .gitignore line) or
 * skills only (the threads stay). Deletes only what safety.ts allows and reports the rest.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SkillInstall } from '../shared/model';
import type { SetupAction, SetupReport, UninstallOptions } from './index';
import { SKILL_FILE } from './integrations';
import { readSetupConfig, changeSetupConfig, configPath } from './config';
import { checkConsiderDir, checkSkillPackage, knownSkillDirs, setupFolders } from './safety';
import { isConsiderSkill } from './render';
import { removeGitignoreEntry, gitignorePath } from './gitignore';
import { removeEmptyDirs } from './fsutil';
import { uninstallHooks } from './hook-setup';
import { trackedHooks } from './config';

/**
 * Removes the `skills/` folder (and, in a project, the agent folder above it) when deleting
 * our package left them empty: no litter in the project, and in the home folder an agent's
 * own folder is never touched, empty or not.
 */
function removeEmptyParents(dir: string, stopAt: string, levels: number, actions: SetupAction[]): void {
  let parent = path.dirname(dir);
  for (let i = 0; i < levels && parent !== stopAt && parent.startsWith(stopAt + path.sep); i++) {
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
 * The tracked installs plus any Consider skill found in this workspace's known locations
 * (a workspace that was moved or copied has tracking with its old absolute paths). With no
 * tracking at all (an older install, spec §8.3 step 4) the home locations are searched too;
 * otherwise home-level skills are only removed when tracked, as they may serve other projects.
 */
function skillCandidates(root: string, home: string, tracked: SkillInstall[]): { path: string; tracked: boolean }[] {
  const out = tracked.map((t) => ({ path: t.path, tracked: true }));
  const seen = new Set(out.map((c) => c.path));
  for (const k of knownSkillDirs(root, home)) {
    if (tracked.length && k.scope === 'home') continue;
    const file = path.join(k.dir, SKILL_FILE);
    if (!seen.has(file) && isConsiderSkill(file)) {
      seen.add(file);
      out.push({ path: file, tracked: false });
    }
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
  if (problem) actions.push({ kind: 'skipped', path: configPath(root), detail: `${problem}; looking in the known skill locations instead` });

  // Hooks first: a hook file setup created may share the agent folder with a skill, and
  // the skill's removal then takes the emptied folder.
  const hooks = uninstallHooks(root, home, config);
  actions.push(...hooks.actions);

  const removedOrGone = new Set<string>();
  for (const c of skillCandidates(root, home, config.trackedSkillInstalls)) {
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
    fs.rmSync(verdict.dir, { recursive: true, force: true });
    removedOrGone.add(c.path);
    actions.push({ kind: 'removed', path: verdict.dir, ...(c.tracked ? {} : { detail: 'found in a known location (not tracked)' }) });
    const inProject = verdict.dir.startsWith(root + path.sep);
    removeEmptyParents(verdict.dir, inProject ? root : home, inProject ? 2 : 1, actions);
  }

  // Last, every folder setup made, children first: a folder the hook and the skill shared
  // is empty only now, whichever of the two setup wrote first.
  sweepCreatedDirs([...config.trackedSkillInstalls, ...trackedHooks(config)], root, home);

  if (opts.mode === 'skills-only') {
    const remaining = config.trackedSkillInstalls.filter((t) => !removedOrGone.has(t.path));
    const hooksLeft = trackedHooks(config).filter((t) => !hooks.cleared.has(t.path));
    if (fs.existsSync(path.join(root, '.consider')) && (remaining.length !== config.trackedSkillInstalls.length || hooksLeft.length !== trackedHooks(config).length)) {
      await changeSetupConfig(root, (latest) => {
        latest.trackedSkillInstalls = latest.trackedSkillInstalls.filter((t) => !removedOrGone.has(t.path));
        latest.trackedHookInstalls = trackedHooks(latest).filter((t) => !hooks.cleared.has(t.path));
      });
      actions.push({ kind: 'updated', path: configPath(root), detail: 'removed skills and hooks no longer tracked' });
    }
    actions.push({ kind: 'skipped', path: path.join(root, '.consider'), detail: 'kept (skills-only uninstall)' });
    return { actions };
  }

  const dirVerdict = checkConsiderDir(root);
  if (dirVerdict.ok) {
    fs.rmSync(dirVerdict.dir, { recursive: true, force: true });
    actions.push({ kind: 'removed', path: dirVerdict.dir });
  } else {
    actions.push({ kind: dirVerdict.reason === 'already gone' ? 'skipped' : 'refused', path: path.join(root, '.consider'), detail: dirVerdict.reason });
  }

  if (opts.removeGitignoreEntry) {
    const file = gitignorePath(root);
    const kind = removeGitignoreEntry(root);
    // Setup created this .gitignore just for the line: if nothing else is left, remove it too.
    if (kind === 'updated' && config.gitignoreCreatedBySetup === true && fs.readFileSync(file, 'utf8').trim() === '') {
      fs.rmSync(file);
      actions.push({ kind: 'removed', path: file, detail: 'setup had created it for .consider/ only' });
    } else {
      actions.push({ kind, path: file, detail: kind === 'updated' ? 'removed the .consider/ line' : 'no .consider/ line' });
    }
  } else {
    actions.push({ kind: 'skipped', path: gitignorePath(root), detail: 'left as is' });
  }
  return { actions };
}
