/**
 * Taking a skill package (`…/skills/consider`) away without taking the user's work with it:
 * uninstall deletes the files setup wrote there, as setup wrote them. A package whose files were
 * edited since (their fingerprint differs from the one config.json recorded) is kept whole
 * unless the user asks for it to go too (`removeEdited`); files setup never writes there (notes,
 * scripts the user added) are kept, and so is the folder that holds them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SkillInstall } from '../../shared/model';
import type { SetupAction } from '../types';
import { INTEGRATION_ROWS, SKILL_FILE } from '../targets/skills';
import { knownSkillDirs } from '../safety';
import { packageHashOnDisk } from './render';

/** The files setup writes into a package folder: SKILL.md and the side files of the agents that read it. */
function filesSetupWrites(dir: string, root: string, home: string): string[] {
  const targets = new Set(knownSkillDirs(root, home).filter((k) => k.dir === dir).map((k) => k.target));
  const side = INTEGRATION_ROWS.filter((r) => targets.has(r.target)).flatMap((r) => r.sideFiles ?? []);
  return [SKILL_FILE, ...new Set(side)];
}

/** Every file under `dir`, as paths relative to it with "/". */
function filesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...filesUnder(dir, rel));
    else out.push(rel);
  }
  return out;
}

/** Removes the folders between `dir` and `below` that are empty now (a side file's `agents/`), then `dir` itself if empty. */
function removeEmptyFolders(dir: string, rels: readonly string[]): void {
  const folders = [...new Set(rels.map((r) => path.dirname(r)).filter((d) => d !== '.'))].sort((a, b) => b.length - a.length);
  for (const f of [...folders.map((r) => path.join(dir, r)), dir]) {
    try { fs.rmdirSync(f); } catch { /* not empty: the user's files are in it */ }
  }
}

/**
 * Deletes what setup wrote in the package folder `dir` (already checked: a real
 * `…/skills/consider` at a known place). `tracked`: setup's record of it, with the fingerprint of
 * what it wrote; a package found without one (an older install) counts as setup's when it holds
 * nothing but setup's file names.
 */
export function removeSkillPackage(dir: string, tracked: SkillInstall | undefined, root: string, home: string, removeEdited: boolean): SetupAction[] {
  const ours = filesSetupWrites(dir, root, home).filter((rel) => fs.existsSync(path.join(dir, rel)));
  const all = filesUnder(dir);
  const theirs = all.filter((rel) => !ours.includes(rel));
  const edited = tracked !== undefined && (tracked.sha256 === undefined || packageHashOnDisk(dir, ours) !== tracked.sha256);
  const whole = (detail?: string): SetupAction[] => {
    fs.rmSync(dir, { recursive: true, force: true });
    return [{ kind: 'removed', path: dir, ...(detail ? { detail } : {}) }];
  };
  const untracked = tracked ? undefined : 'found in a known location (not tracked)';
  if (removeEdited) return whole(edited || theirs.length ? 'with the files you edited or added (asked for)' : untracked);
  if (edited) {
    return [{ kind: 'skipped', path: path.join(dir, SKILL_FILE), detail: 'edited since setup wrote it: kept (delete it too with --remove-edited, or the uninstall wizard\'s box)' }];
  }
  if (theirs.length === 0) return whole(untracked);
  for (const rel of ours) fs.rmSync(path.join(dir, rel), { force: true });
  removeEmptyFolders(dir, ours);
  return [
    ...ours.map((rel): SetupAction => ({ kind: 'removed', path: path.join(dir, rel) })),
    { kind: 'skipped', path: dir, detail: `kept files setup did not write: ${theirs.join(', ')} (delete them too with --remove-edited)` },
  ];
}
