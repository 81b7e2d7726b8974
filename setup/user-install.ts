/**
 * The user's own copy of consider-cli and the record of the projects they set up, in
 * `~/.local/share/consider/` (shared/user-data.ts; README, "Trust model"). Every hook and MCP
 * entry setup writes runs that copy, never a program found in a project, and a hook speaks only
 * in a project recorded here.
 *
 * - Setup deploys the copy (never over a newer one: two editors may carry two versions of
 *   Consider) and records the project. Refresh does both when it brings a project's older
 *   install up to date: it has just deployed its own CLI into that project.
 * - A full uninstall takes the project's record out; the last record out takes the copy too,
 *   with the folders setup made for it, so setup + uninstall leaves the home folder as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SetupAction } from './types';
import { deployRuntimeTo, RUNTIME_FILES, versionIn } from './runtime';
import { missingDirs, readIfExists, removeEmptyDirs, writeFileAtomic } from './fsutil';
import {
  projectRecordPath, projectRecordsDir, readProjectRecord, realProjectPath, userCliPath, userDataDir, type ProjectRecord,
} from '../shared/user-data';

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
  const made = missingDirs(dir);
  const kinds = deployRuntimeTo(dir, runtimeDir).map((r) => r.kind);
  if (made.length) writeFileAtomic(path.join(dir, MADE_FILE), JSON.stringify({ createdDirs: made }, null, 2) + '\n');
  const kind = status === 'missing' ? 'created' : kinds.every((k) => k === 'unchanged') ? 'unchanged' : 'updated';
  return { kind, path: cli, detail: 'your copy of consider-cli: the hooks and MCP servers run this one' };
}

/** Records `root` as set up by this user (the hooks speak there). */
export function recordProject(home: string, root: string): SetupAction {
  const file = projectRecordPath(home, root);
  if (readProjectRecord(home, root)) return { kind: 'unchanged', path: file, detail: 'this project is recorded as set up by you' };
  const record: ProjectRecord = { root: realProjectPath(root), setUpAt: new Date().toISOString() };
  writeFileAtomic(file, JSON.stringify(record, null, 2) + '\n');
  return { kind: 'created', path: file, detail: 'this project is recorded as set up by you: the hooks speak here' };
}

/** Takes `root`'s record out; with the last record, the user's copy of the CLI goes too. */
export function forgetProject(home: string, root: string): SetupAction[] {
  const actions: SetupAction[] = [];
  const file = projectRecordPath(home, root);
  if (readIfExists(file) !== undefined) {
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
    let root: unknown;
    try {
      root = (JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<ProjectRecord>).root;
    } catch { /* unreadable: not ours to judge, counted as live */ }
    if (typeof root === 'string' && !fs.existsSync(root)) fs.rmSync(file, { force: true });
    else live++;
  }
  return live;
}

/** Removes the copy, its caches and the folders setup made; anything else the user put there stays. */
function removeUserCli(home: string): SetupAction[] {
  const dir = userDataDir(home);
  let made: unknown[] = [];
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(dir, MADE_FILE), 'utf8')) as { createdDirs?: unknown };
    if (Array.isArray(parsed.createdDirs)) made = parsed.createdDirs.filter((d) => typeof d === 'string' && (d === dir || dir.startsWith(d + path.sep)));
  } catch { /* the folder was there before setup: keep it */ }
  for (const [, to] of RUNTIME_FILES) fs.rmSync(path.join(dir, to), { force: true });
  fs.rmSync(path.join(dir, '.v8-cache'), { recursive: true, force: true }); // the CLI's compile cache (cli/compile-cache.ts)
  fs.rmSync(path.join(dir, MADE_FILE), { force: true });
  removeEmptyDirs([path.join(dir, 'bin')]);
  removeEmptyDirs([path.join(dir, 'shared')]);
  removeEmptyDirs([projectRecordsDir(home)]);
  removeEmptyDirs(made);
  return [{ kind: 'removed', path: userCliPath(home), detail: 'your copy of consider-cli: no project is set up any more' }];
}
