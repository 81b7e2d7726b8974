/**
 * The skills across a whole setup, uninstall or status, as hooks/workspace.ts and
 * mcp/workspace.ts do for theirs: which rows and folders, which tracked records, and the
 * actions to report. One package a folder (install.ts), taken away without the user's work
 * (removal.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ConsiderConfig, SkillInstall } from '../../shared/model';
import { isWithin } from '../../shared/paths';
import type { SetupAction, SetupState } from '../types';
import { INTEGRATION_ROWS, SKILL_FILE, integrationRow, legacySkillDirs, skillDirs, type Integration, type IntegrationRow, type Scope } from '../targets/skills';
import { actionOf, chosenRows } from '../choices';
import { mergeInstall } from '../config';
import { removeEmptyDirs } from '../fsutil';
import { checkSkillPackage, knownSkillDirs, setupFolders } from '../safety';
import { installPackage } from './install';
import { removeSkillPackage } from './removal';
import { isConsiderSkill, renderSkill } from './render';

/**
 * A copy an older version wrote where this agent would read the skill a second time (targets/skills.ts,
 * legacy folders): setup's own (tracked) and untouched, it goes. Returns the paths no longer tracked.
 */
function dropLegacyCopies(row: IntegrationRow, scope: Scope, root: string, home: string, config: ConsiderConfig, actions: SetupAction[]): string[] {
  const dropped: string[] = [];
  const now = skillDirs(row, scope, root, home).map((d) => path.relative(scope === 'project' ? root : home, d)).join(', ');
  for (const dir of legacySkillDirs(row, scope, root, home)) {
    const tracked = config.trackedSkillInstalls.find((t) => t.target === row.target && t.path === path.join(dir, SKILL_FILE));
    if (!tracked || !checkSkillPackage(tracked.path, root, home).ok) continue;
    for (const a of removeSkillPackage(dir, tracked, root, home, false)) {
      const whole = a.kind === 'removed' && a.path === dir;
      actions.push(whole ? { ...a, detail: `${row.label} reads the skill from ${now} now` } : a);
      if (!whole) continue;
      dropped.push(tracked.path);
      const made = Array.isArray(tracked.createdDirs) ? tracked.createdDirs : [];
      // The folders it made, deepest first, while nothing else is in them.
      removeEmptyDirs(setupFolders(made, root, home).filter((d) => fs.existsSync(d)).sort((a, b) => b.length - a.length));
    }
  }
  return dropped;
}

/**
 * Installs the chosen agents' skill packages, merging each into `config` as it goes, and takes
 * away the copies older versions wrote where an agent would read the skill twice (dropped from
 * `config` too). Returns the installs and the paths no longer tracked, for the config.json write.
 */
export function installSkills(
  choices: readonly { target: Integration; scope: Scope }[], root: string, home: string, skillsDir: string, version: string,
  config: ConsiderConfig, overwriteEdited: boolean | undefined,
): { actions: SetupAction[]; installs: SkillInstall[]; moved: Set<string> } {
  const actions: SetupAction[] = [];
  const installs: SkillInstall[] = [];
  const moved = new Set<string>(); // tracked copies in a folder this agent no longer gets its skill from
  for (const { row, scope } of chosenRows(choices, integrationRow, 'unknown integration', actions)) {
    for (const dir of skillDirs(row, scope, root, home)) {
      const files = renderSkill(row, skillsDir, version, dir);
      const skillFile = path.join(dir, SKILL_FILE);
      const tracked = config.trackedSkillInstalls.find((t) => t.path === skillFile);
      const r = installPackage({ row, scope, dir, root, files, version, tracked, overwriteEdited });
      actions.push(actionOf(r));
      if (r.install) {
        installs.push(r.install);
        mergeInstall(config, r.install);
      }
    }
    for (const p of dropLegacyCopies(row, scope, root, home, config, actions)) moved.add(p);
  }
  config.trackedSkillInstalls = config.trackedSkillInstalls.filter((t) => !moved.has(t.path));
  return { actions, installs, moved };
}

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

/**
 * Takes away the tracked skill packages and those found in this workspace's known locations
 * that setup's record vouches for (skillCandidates), keeping what the user edited or added
 * unless `removeEdited`. Returns the paths now gone.
 */
export function uninstallSkills(root: string, home: string, config: ConsiderConfig, hasRecord: boolean, removeEdited: boolean): { actions: SetupAction[]; cleared: Set<string> } {
  const actions: SetupAction[] = [];
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
    const done = removeSkillPackage(verdict.dir, c.tracked, root, home, removeEdited);
    actions.push(...done);
    if (fs.existsSync(verdict.dir)) continue; // the user's files keep the package (and its tracking)
    removedOrGone.add(c.path);
    const inProject = isWithin(root, verdict.dir);
    removeEmptyParents(verdict.dir, inProject ? root : home, inProject ? 2 : 1, actions);
  }
  return { actions, cleared: removedOrGone };
}

/** Per agent that reads skills: where a Consider skill is installed now. */
export function describeSkills(root: string, home: string): SetupState['integrations'] {
  const known = knownSkillDirs(root, home);
  return INTEGRATION_ROWS.map((row) => ({
    target: row.target,
    label: row.label,
    installed: known
      .filter((k) => k.target === row.target && isConsiderSkill(path.join(k.dir, SKILL_FILE)))
      .map((k) => ({ scope: k.scope, path: path.join(k.dir, SKILL_FILE) })),
  }));
}
