/**
 * Where things live under a workspace, and the one gate every user-given path goes through.
 * Paths stored in the store are workspace-relative with forward slashes, so a store stays
 * valid when the folder is moved or opened from a container.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConsiderError } from './errors';

export interface ConsiderPaths {
  root: string;
  dir: string;
  store: string;
  backup: string;
  /** Names the store.json known to be valid (store-io.ts, markValidated). */
  validated: string;
  /** What `list` needs of the store.json this module last wrote (list-index.ts). */
  listIndex: string;
  lock: string;
  activity: string;
  archive: string;
  config: string;
  snapshots: string;
  /** The deployed CLI runtime (spec §4.1). */
  bin: string;
  shared: string;
}

/** Computed once per root: store code asks for them on every file it touches. */
const pathsByRoot = new Map<string, Readonly<ConsiderPaths>>();

export function considerPaths(root: string): Readonly<ConsiderPaths> {
  let paths = pathsByRoot.get(root);
  if (!paths) {
    paths = Object.freeze(computePaths(root));
    if (pathsByRoot.size > 64) pathsByRoot.clear(); // the extension host lives long; roots are few
    pathsByRoot.set(root, paths);
  }
  return paths;
}

function computePaths(root: string): ConsiderPaths {
  const dir = path.join(root, '.consider');
  return {
    root,
    dir,
    store: path.join(dir, 'store.json'),
    backup: path.join(dir, 'store.json.bak'),
    validated: path.join(dir, 'store.json.validated'),
    listIndex: path.join(dir, 'store.json.index'),
    lock: path.join(dir, 'store.lock'),
    activity: path.join(dir, 'activity.jsonl'),
    archive: path.join(dir, 'archive.json'),
    config: path.join(dir, 'config.json'),
    snapshots: path.join(dir, 'snapshots'),
    bin: path.join(dir, 'bin'),
    shared: path.join(dir, 'shared'),
  };
}

/** Whether `p` is a folder (false when it is missing or unreadable). */
export function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The nearest ancestor of `cwd` holding `.consider/`, else the nearest holding `.git`, else `cwd`. */
export function findWorkspaceRoot(cwd: string): string {
  const start = path.resolve(cwd);
  for (const marker of ['.consider', '.git']) {
    let dir = start;
    for (;;) {
      // .git may be a file (worktrees, submodules), so only .consider must be a folder.
      const candidate = path.join(dir, marker);
      if (marker === '.consider' ? isDir(candidate) : fs.existsSync(candidate)) return dir;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return start;
}

/**
 * realpath of the longest existing prefix of `p`, with the missing rest appended. The native
 * realpath (one libc call) rather than Node's JavaScript walk, which a short-lived CLI process
 * runs in the interpreter for every file a read looks at.
 */
function realpathOfExistingPrefix(p: string): string {
  let existing = p;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(fs.realpathSync.native(existing), ...rest);
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return p;
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

function isInside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel !== '' && !rel.startsWith('..' + path.sep) && rel !== '..' && !path.isAbsolute(rel);
}

/**
 * Resolves a user-given path against the workspace root. Accepts a relative path, or an
 * absolute one inside the root; refuses anything that lands outside it, including through
 * a symlink. `rel` uses forward slashes (the store's form).
 */
export function resolveInWorkspace(root: string, userPath: string): { abs: string; rel: string } {
  if (typeof userPath !== 'string' || userPath.trim() === '') {
    throw new ConsiderError('usage', 'the file path is empty', 'give a path relative to the workspace root');
  }
  if (userPath.includes('\0')) throw new ConsiderError('usage', 'the file path contains a NUL character');
  const abs = path.resolve(root, userPath);
  if (!isInside(root, abs)) {
    throw new ConsiderError('usage', `the path ${JSON.stringify(userPath)} is outside the workspace ${root}`, 'give a path relative to the workspace root');
  }
  const realRoot = realpathOfExistingPrefix(root);
  const real = realpathOfExistingPrefix(abs);
  if (!isInside(realRoot, real)) {
    throw new ConsiderError('usage', `the path ${JSON.stringify(userPath)} leads outside the workspace through a symbolic link`, 'give a path to a file inside the workspace');
  }
  const rel = path.relative(root, abs).split(path.sep).join('/');
  if (rel === '.consider' || rel.startsWith('.consider/')) {
    throw new ConsiderError('usage', `the path ${JSON.stringify(userPath)} is inside .consider/, which holds Consider's own data`);
  }
  return { abs, rel };
}

/** Absolute path of a stored workspace-relative path (no checks: stored paths were checked on the way in). */
export function absoluteOf(root: string, rel: string): string {
  return path.join(root, ...rel.split('/'));
}

/**
 * Creates `.consider/` with a `.gitignore` of `*`, so the folder is invisible to git from
 * its first write, with or without the optional root `.gitignore` entry (spec C1).
 */
export function ensureConsiderDir(root: string): void {
  const { dir } = considerPaths(root);
  fs.mkdirSync(dir, { recursive: true });
  const ignore = path.join(dir, '.gitignore');
  if (!fs.existsSync(ignore)) fs.writeFileSync(ignore, '*\n');
}
