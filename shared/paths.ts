/**
 * Where things live under a workspace, and the one gate every user-given path goes through.
 * Paths stored in the store are workspace-relative with forward slashes, so a store stays
 * valid when the folder is moved or opened from a container.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConsiderError } from './errors';
import { isPlanDocument } from './plan-document';
import { l10n } from './words';

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
  /** What the hooks remember between an agent's stops (cli/hook/stop-state.ts). */
  hookState: string;
}

/** The name of Consider's folder in a workspace root. */
export const CONSIDER_DIR_NAME = '.consider';

/** Whether a stored path (workspace-relative, forward slashes) is Consider's own folder or lies inside it. */
export function isConsiderStoredPath(rel: string): boolean {
  return rel === CONSIDER_DIR_NAME || rel.startsWith(CONSIDER_DIR_NAME + '/');
}

/** Whether the absolute path `p` is the `.consider/` folder of the workspace `root` or lies inside it (on Windows too). */
export function isInConsiderDir(root: string, p: string, api: PathApi = path): boolean {
  return isWithin(root, p, api) && isConsiderStoredPath(toStoredPath(root, p, api));
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
  const dir = path.join(root, CONSIDER_DIR_NAME);
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
    hookState: path.join(dir, 'hook-state.json'),
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
  for (const marker of [CONSIDER_DIR_NAME, '.git']) {
    let dir = start;
    for (;;) {
      // .git may be a file (worktrees, submodules), so only .consider must be a folder.
      const candidate = path.join(dir, marker);
      if (marker === CONSIDER_DIR_NAME ? isDir(candidate) : fs.existsSync(candidate)) return dir;
      // Never past the top of a linked worktree: the checkout around it is another one's.
      if (isLinkedWorktreeTop(dir)) break;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return start;
}

/**
 * Whether `dir` is the top of a linked git worktree: its `.git` is a file naming a folder under
 * `…/worktrees/` (a submodule's names `…/modules/…`). A worktree may sit inside the main checkout
 * (`.worktrees/feature`, `.claude/worktrees/…`); looking for `.consider/` from inside it must stop
 * there, or an agent working in it would read the main checkout's review (issue 39). The hooks'
 * sh does the same (setup/targets/hook-command.ts FIND_PROJECT_SH).
 */
export function isLinkedWorktreeTop(dir: string): boolean {
  let head: string;
  try {
    const fd = fs.openSync(path.join(dir, '.git'), 'r');
    try {
      const buf = Buffer.alloc(512);
      head = buf.subarray(0, fs.readSync(fd, buf, 0, 512, 0)).toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return false; // none, or a folder (a main checkout)
  }
  const first = head.split(/\r?\n/, 1)[0]!;
  return first.startsWith('gitdir:') && /[\\/]worktrees[\\/]/.test(first);
}

/**
 * A folder's real path (symbolic links resolved, the native call), or the path made absolute
 * when it cannot be resolved (gone, no permission): for comparing and recording folders.
 */
export function realPathOf(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return path.resolve(p);
  }
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

/** The path functions of one platform: `path` in use, `path.win32` or `path.posix` in tests of the other. */
export type PathApi = Pick<typeof path, 'relative' | 'isAbsolute' | 'sep'>;

/**
 * Whether `p` is `root` itself or lies inside it, by their text (no symbolic link is followed).
 * The one containment test of the code base: `startsWith(root + '/')` fails on Windows, where
 * the separator is `\` and drive letters differ in case (`path.win32.relative` knows both).
 */
export function isWithin(root: string, p: string, api: PathApi = path): boolean {
  const rel = api.relative(root, p);
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + api.sep) && !api.isAbsolute(rel));
}

/** Strictly inside `root` (not `root` itself). */
function isInside(root: string, p: string): boolean {
  return path.relative(root, p) !== '' && isWithin(root, p);
}

/** The workspace-relative form the store keeps (forward slashes) of an absolute path inside `root`. */
export function toStoredPath(root: string, abs: string, api: PathApi = path): string {
  return api.relative(root, abs).split(api.sep).join('/');
}

/** Of several workspace roots, the deepest one that holds `p` (nested folders: the inner one), if any. */
export function deepestRootOf(roots: Iterable<string>, p: string, api: PathApi = path): string | undefined {
  let best: string | undefined;
  for (const root of roots) if (isWithin(root, p, api) && (!best || root.length > best.length)) best = root;
  return best;
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
  const rel = toStoredPath(root, abs);
  // A plan's review document is the one file there that takes threads (docs/plan-gate.md).
  if (isConsiderStoredPath(rel) && !isPlanDocument(rel)) {
    throw new ConsiderError('usage', `the path ${JSON.stringify(userPath)} is inside .consider/, which holds Consider's own data`);
  }
  return { abs, rel };
}

/** Absolute path of a stored workspace-relative path (no checks: stored paths were checked on the way in). */
export function absoluteOf(root: string, rel: string): string {
  // Called for every file of a capture: no split and spread where the separator is already '/'.
  return path.sep === '/' ? path.join(root, rel) : path.join(root, ...rel.split('/'));
}

/**
 * Refuses a `.consider` that is a symbolic link leading outside the workspace: a cloned
 * repository could ship one (`.consider -> ~/.ssh`), and every write (the store, the log,
 * snapshots that copy source files) would then land outside. ConsiderError('unreadable'),
 * exit 4: the store cannot be used as it is, retrying will not help, a human must look.
 * One lstat on the common path (a real folder, or none); realpath only for a link.
 */
export function assertConsiderDirInside(root: string): void {
  const { dir } = considerPaths(root);
  let st: fs.Stats | undefined;
  try {
    st = fs.lstatSync(dir, { throwIfNoEntry: false });
  } catch {
    return; // unreadable parent: the operation itself reports it
  }
  if (!st?.isSymbolicLink()) return;
  let target: string;
  try {
    target = fs.realpathSync.native(dir);
  } catch {
    target = path.resolve(path.dirname(dir), fs.readlinkSync(dir)); // dangling: where it would lead
  }
  if (isInside(realpathOfExistingPrefix(root), target)) return;
  throw new ConsiderError('unreadable', l10n.t('{0} is a symbolic link to {1}, outside the workspace; Consider neither reads nor writes through it', dir, target),
    l10n.t('if you trust it, move that folder into the workspace; otherwise delete the link (a cloned repository may have shipped it)'));
}

/**
 * Creates `.consider/` with a `.gitignore` of `*`, so the folder is invisible to git from
 * its first write, with or without the optional root `.gitignore` entry (spec C1).
 * Refuses a `.consider` leading outside the workspace (assertConsiderDirInside).
 */
export function ensureConsiderDir(root: string): void {
  const { dir } = considerPaths(root);
  assertConsiderDirInside(root);
  fs.mkdirSync(dir, { recursive: true });
  const ignore = path.join(dir, '.gitignore');
  if (!fs.existsSync(ignore)) fs.writeFileSync(ignore, '*\n');
}
