/**
 * The user's own copy of consider-cli and the record of the projects they set up, in
 * `~/.local/share/consider/` (shared/user-data.ts; README, "Trust model"). Every hook and MCP
 * entry setup writes runs that copy, never a program found in a project, and the copy speaks
 * only in a project recorded here (shared/project-trust.ts: the one definition of "set up").
 *
 * - Setup records the project, every time it runs, as its last step (a failed setup records
 *   nothing); for a user of hooks, plan gates or MCP servers it deploys the copy too (never over
 *   a newer one: two editors may carry two versions of Consider). Refresh never records: it may
 *   deploy the copy for a project that is recorded already.
 * - A full uninstall takes the project's record out; the last record out takes the copy too,
 *   with the folders setup made for it, so setup + uninstall leaves the home folder as it was.
 * - Folders are made with explicit modes (0755, the records' 0700), whatever the umask: under
 *   `umask 000` the copy every hook runs must not sit in a folder anyone can write to.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SetupAction } from './types';
import { deployRuntimeTo, RUNTIME_FILES, versionIn } from './runtime';
import { missingDirs, removeEmptyDirs, writeFileAtomic } from './fsutil';
import { projectRecordsDir, userCliPath, userDataDir } from '../shared/user-data';
import { newProjectRecord, projectRecordPath, setUpState, setupTokenPath, type ProjectRecord } from '../shared/project-trust';
import { readDataJson } from '../shared/data-file';

/** What setup made on the way to the data folder, to take away again with the last project. */
const MADE_FILE = 'setup.json';

/** -1, 0 or 1 as version `a` is older than, the same as, or newer than `b` (dotted numbers). */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[.+-]/).map((p) => Number.parseInt(p, 10));
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (Number.isNaN(x[i]) ? 0 : x[i] ?? 0) - (Number.isNaN(y[i]) ? 0 : y[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** The user's copy: missing, this version, an older one, or a newer one (left alone). */
export function userCliStatus(home: string, version: string): 'missing' | 'current' | 'outdated' | 'newer' {
  const there = versionIn(userDataDir(home));
  if (there === undefined || !fs.existsSync(userCliPath(home))) return 'missing';
  const order = compareVersions(there, version);
  return order < 0 ? 'outdated' : order > 0 ? 'newer' : 'current';
}

/** Deploys (or brings up to date) the user's copy of the CLI; one action for the whole copy. */
export function installUserCli(home: string, runtimeDir: string, version: string): SetupAction {
  const dir = userDataDir(home);
  const cli = userCliPath(home);
  const status = userCliStatus(home, version);
  if (status === 'newer') return { kind: 'skipped', path: cli, detail: `a newer version (${versionIn(dir)}) is there; kept` };
  ensureUserDataDir(home);
  const kinds = deployRuntimeTo(dir, runtimeDir).map((r) => r.kind);
  const kind = status === 'missing' ? 'created' : kinds.every((k) => k === 'unchanged') ? 'unchanged' : 'updated';
  return { kind, path: cli, detail: 'your copy of consider-cli: the hooks and MCP servers run this one' };
}

/**
 * Makes the data folder (0755) and its records folder (0700) where missing, and remembers in
 * MADE_FILE the folders it made on the way, for the last uninstall to take away again.
 */
function ensureUserDataDir(home: string): void {
  const dir = userDataDir(home);
  const made = missingDirs(dir);
  for (const d of [...made].reverse()) fs.mkdirSync(d, { mode: 0o755 });
  if (made.length) {
    const file = path.join(dir, MADE_FILE);
    const before = readDataJson<{ createdDirs?: unknown }>(file)?.createdDirs;
    const known = Array.isArray(before) ? before.filter((d): d is string => typeof d === 'string') : [];
    writeFileAtomic(file, JSON.stringify({ createdDirs: [...new Set([...made, ...known])] }, null, 2) + '\n');
  }
  if (!fs.existsSync(projectRecordsDir(home))) fs.mkdirSync(projectRecordsDir(home), { mode: 0o700 });
}

/**
 * Records `root` as set up by this user: a fresh token into the project's `.consider/`, then the
 * record naming the folder and the token (shared/project-trust.ts). Only setup calls it, last.
 */
export function recordProject(home: string, root: string): SetupAction {
  const file = projectRecordPath(home, root);
  const state = setUpState(root, home);
  if (state === 'set-up') return { kind: 'unchanged', path: file, detail: 'this project is recorded as set up by you' };
  const record: ProjectRecord = newProjectRecord(root);
  ensureUserDataDir(home);
  writeFileAtomic(setupTokenPath(root), record.token + '\n', 0o600);
  writeFileAtomic(file, JSON.stringify(record, null, 2) + '\n', 0o600);
  const why = state === 'earlier-record' ? ' (it was recorded by an earlier version: confirmed now)'
    : state === 'other-folder' ? ' (the record named another folder at this path: replaced)' : '';
  return { kind: state === 'not-set-up' ? 'created' : 'updated', path: file, detail: `this project is recorded as set up by you: the hooks and the MCP server speak here${why}` };
}

/** Undoes `recordProject` for a setup that failed after it: the record and the project's token go. */
export function unrecordProject(home: string, root: string): void {
  fs.rmSync(projectRecordPath(home, root), { force: true });
  fs.rmSync(setupTokenPath(root), { force: true });
}

/** Takes `root`'s record out; with the last record, the user's copy of the CLI goes too. */
export function forgetProject(home: string, root: string): SetupAction[] {
  const actions: SetupAction[] = [];
  const file = projectRecordPath(home, root);
  if (fs.existsSync(file)) {
    fs.rmSync(file);
    actions.push({ kind: 'removed', path: file, detail: 'the record that you set up this project' });
  }
  if (fs.existsSync(userDataDir(home)) && liveRecords(home) === 0) actions.push(...removeUserCli(home));
  return actions;
}

/**
 * How many projects are recorded, dropping on the way the records of folders that are gone
 * (a project moved or deleted without uninstall): a later folder at the same path is not theirs.
 */
function liveRecords(home: string): number {
  const dir = projectRecordsDir(home);
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return 0;
  }
  let live = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const root = readDataJson<Partial<ProjectRecord>>(file)?.root; // unreadable: not ours to judge, counted as live
    if (typeof root === 'string' && !fs.existsSync(root)) fs.rmSync(file, { force: true });
    else live++;
  }
  return live;
}

/** Removes the copy, its caches and the folders setup made; anything else the user put there stays. */
function removeUserCli(home: string): SetupAction[] {
  const dir = userDataDir(home);
  const had = fs.existsSync(userCliPath(home));
  const listed = readDataJson<{ createdDirs?: unknown }>(path.join(dir, MADE_FILE))?.createdDirs; // none: the folder was there before setup
  const made = Array.isArray(listed) ? listed.filter((d) => typeof d === 'string' && (d === dir || dir.startsWith(d + path.sep))) : [];
  for (const [, to] of RUNTIME_FILES) fs.rmSync(path.join(dir, to), { force: true });
  fs.rmSync(path.join(dir, '.v8-cache'), { recursive: true, force: true }); // the CLI's compile cache (cli/compile-cache.ts)
  fs.rmSync(path.join(dir, MADE_FILE), { force: true });
  removeEmptyDirs([path.join(dir, 'bin')]);
  removeEmptyDirs([path.join(dir, 'shared')]);
  removeEmptyDirs([projectRecordsDir(home)]);
  removeEmptyDirs(made);
  return had ? [{ kind: 'removed', path: userCliPath(home), detail: 'your copy of consider-cli: no project is set up any more' }] : [];
}
