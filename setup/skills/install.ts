/**
 * Installing one skill package (a `…/skills/consider` directory) and judging an installed
 * one: current, outdated (older version, untouched), edited by the user, or missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SkillInstall } from '../../shared/model';
import type { IntegrationRow, Scope } from '../targets/skills';
import { SKILL_FILE } from '../targets/skills';
import { packageHash, packageHashOnDisk, isConsiderSkill, type RenderedFile } from './render';
import { missingDirs, syncFile } from '../fsutil';
import { projectWriteProblem } from '../safety';

export type PackageStatus = 'missing' | 'current' | 'outdated' | 'edited' | 'foreign';

/**
 * current: bytes equal what we would write now. outdated: what an older setup wrote,
 * untouched since (hash matches the tracked one). edited: differs from what we wrote.
 * foreign: a SKILL.md there that is not a Consider skill (never touched).
 */
export function packageStatus(dir: string, files: readonly RenderedFile[], tracked?: SkillInstall): PackageStatus {
  const skillFile = path.join(dir, SKILL_FILE);
  if (!fs.existsSync(skillFile)) return 'missing';
  if (!isConsiderSkill(skillFile)) return 'foreign';
  const onDisk = packageHashOnDisk(dir, files.map((f) => f.rel));
  if (onDisk === packageHash(files)) return 'current';
  if (tracked?.sha256 && onDisk === tracked.sha256) return 'outdated';
  return 'edited';
}

export interface InstallResult {
  kind: 'created' | 'updated' | 'unchanged' | 'skipped' | 'refused';
  path: string;
  detail?: string;
  install?: SkillInstall;
}

export function installPackage(opts: {
  row: IntegrationRow; scope: Scope; dir: string; root: string; files: readonly RenderedFile[]; version: string;
  tracked?: SkillInstall; overwriteEdited?: boolean;
}): InstallResult {
  const { row, scope, dir, files, version, tracked } = opts;
  const skillFile = path.join(dir, SKILL_FILE);
  const install: SkillInstall = { target: row.target, scope, path: skillFile, version, sha256: packageHash(files) };
  try {
    if (fs.lstatSync(dir).isSymbolicLink()) return { kind: 'refused', path: skillFile, detail: 'the skill folder is a symbolic link' };
  } catch { /* does not exist yet: fine */ }
  const escape = scope === 'project' ? projectWriteProblem(dir, opts.root) : undefined;
  if (escape) return { kind: 'refused', path: skillFile, detail: escape };
  const status = packageStatus(dir, files, tracked);
  if (status === 'foreign') return { kind: 'refused', path: skillFile, detail: 'a different skill is installed there' };
  if (status === 'current') return { kind: 'unchanged', path: skillFile, install };
  if (status === 'edited' && !opts.overwriteEdited) {
    // A skill setup wrote and the user edited since: kept, and still tracked (uninstall asks before
    // deleting it). One setup never wrote (the user's own `consider` skill) is not adopted.
    if (!tracked) return { kind: 'refused', path: skillFile, detail: 'a skill named consider that setup did not write is there: left alone, not tracked (move it away to install Consider\'s)' };
    return { kind: 'skipped', path: skillFile, detail: 'edited since setup wrote it; kept as is', install: tracked };
  }
  // Remember the folders this write creates (`~/.claude` in a fresh home), for uninstall.
  const createdDirs = status === 'missing' ? missingDirs(dir) : [];
  for (const f of files) syncFile(path.join(dir, ...f.rel.split('/')), f.content, 0o644);
  return { kind: status === 'missing' ? 'created' : 'updated', path: skillFile, install: createdDirs.length ? { ...install, createdDirs } : install };
}
