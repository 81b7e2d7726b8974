/**
 * What uninstall may delete (spec §8.3): a Consider skill package directory at one of the
 * locations in the integration table, or the workspace's own `.consider/`. Anything else —
 * a tampered config.json pointing elsewhere, a symlink, a path with `..` — is refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { INTEGRATION_ROWS, SKILL_FILE } from './targets/skills';
import { HOOK_ROWS } from './targets/hooks';
import { MCP_ROWS_AND_FORMER } from './targets/mcp';
import { considerPaths, isWithin } from '../shared/paths';

export type Verdict = { ok: true; dir: string } | { ok: false; reason: string };

/** Every skill-package directory setup could have written, plus legacy ones. */
export function knownSkillDirs(root: string, home: string): { target: string; scope: 'project' | 'home'; dir: string }[] {
  const out: { target: string; scope: 'project' | 'home'; dir: string }[] = [];
  for (const row of INTEGRATION_ROWS) {
    for (const d of [...row.projectDirs, ...(row.legacyProjectDirs ?? [])]) out.push({ target: row.target, scope: 'project', dir: path.join(root, d) });
    for (const d of [...row.homeDirs, ...(row.legacyHomeDirs ?? [])]) out.push({ target: row.target, scope: 'home', dir: path.join(home, d) });
  }
  return out;
}

function isLink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

export function realpathOrSelf(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

/**
 * Decides whether a tracked path (a SKILL.md or its package directory) may be deleted.
 * The package must be exactly one of the known locations, be a real directory (not a
 * symlink), and sit under no symlinked folder (so `.claude -> /etc` cannot redirect us).
 */
export function checkSkillPackage(trackedPath: string, root: string, home: string): Verdict {
  if (typeof trackedPath !== 'string' || !path.isAbsolute(trackedPath)) return { ok: false, reason: 'not an absolute path' };
  if (path.normalize(trackedPath) !== trackedPath || trackedPath.split(/[\\/]/).includes('..')) {
    return { ok: false, reason: 'path is not normalised' };
  }
  const dir = path.basename(trackedPath) === SKILL_FILE ? path.dirname(trackedPath) : trackedPath;
  if (!fs.existsSync(dir) && !isLink(dir)) return { ok: false, reason: 'already gone' }; // nothing there to delete
  if (path.basename(dir) !== 'consider' || path.basename(path.dirname(dir)) !== 'skills') {
    return { ok: false, reason: 'not a …/skills/consider package' };
  }
  const known = knownSkillDirs(root, home).find((k) => k.dir === dir);
  if (!known) return { ok: false, reason: 'not a location Consider installs skills to' };
  const real = checkRealDirectory(dir);
  if (!real.ok) return real;
  // In a project (whose files may come from anyone's clone) the real location must be the
  // expected one: no symlinked folder on the way (`.claude -> /somewhere`). In the home
  // folder a symlinked ~/.claude is the user's own dotfiles setup and is fine.
  if (known.scope === 'project') {
    const expected = path.join(realpathOrSelf(root), path.relative(root, dir));
    if (realpathOrSelf(dir) !== expected) return { ok: false, reason: 'reached through a symbolic link' };
  }
  return { ok: true, dir };
}

/** `.consider/` itself: a real directory directly in the root. */
export function checkConsiderDir(root: string): Verdict {
  return checkRealDirectory(considerPaths(root).dir);
}

/** `dir` exists and is a directory in its own right, not a symbolic link to one. */
function checkRealDirectory(dir: string): Verdict {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(dir);
  } catch {
    return { ok: false, reason: 'already gone' };
  }
  if (st.isSymbolicLink()) return { ok: false, reason: 'is a symbolic link' };
  if (!st.isDirectory()) return { ok: false, reason: 'not a directory' };
  return { ok: true, dir };
}

/**
 * Before writing a project skill: the nearest existing folder on the way must really be
 * inside the workspace, so a committed symlink cannot make setup write outside it.
 */
export function projectWriteProblem(dir: string, root: string): string | undefined {
  let probe = dir;
  while (!fs.existsSync(probe) && probe !== path.dirname(probe)) probe = path.dirname(probe);
  const realRoot = realpathOrSelf(root);
  const real = realpathOrSelf(probe);
  if (!isWithin(realRoot, real)) return 'the folder leads outside the workspace through a symbolic link';
  return undefined;
}

/**
 * Of the folders config.json says setup created, those uninstall may remove (when empty):
 * a folder on the way to a known skill, hook or MCP config location, strictly inside the workspace or
 * the home folder. A tampered list cannot make it remove any other (empty) folder.
 */
export function setupFolders(dirs: readonly unknown[], root: string, home: string): string[] {
  const places = [
    ...knownSkillDirs(root, home).map((k) => k.dir),
    ...HOOK_ROWS.flatMap((r) => [path.dirname(path.join(root, r.projectFile)), path.dirname(path.join(home, r.homeFile))]),
    ...MCP_ROWS_AND_FORMER.map((r) => path.dirname(path.join(root, r.file))),
  ];
  return dirs.filter((d): d is string => typeof d === 'string' && path.isAbsolute(d) && path.normalize(d) === d
    && [root, home].some((base) => d !== base && isWithin(base, d))
    && places.some((p) => isWithin(d, p)));
}
