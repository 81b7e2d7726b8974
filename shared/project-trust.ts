/**
 * THE definition of "set up" (issue 34; README, "Trust model"; docs/trust-model.md): a project is
 * set up when the developer ran Consider's setup in this very folder on this machine. Every way
 * Consider speaks to an agent on its own (the hooks, the plan hooks, the OpenCode plugin, the MCP
 * server) and everything the extension does on its own in a folder (refresh after an update, the
 * first-run prompt, the walkthrough) asks `isSetUpProject`, and nothing else.
 *
 * What a repository cannot copy: setup writes two things, and both must agree.
 *  - In the user's data folder (`~/.local/share/consider/projects/<hash of the real path>.json`,
 *    outside every project): the folder's real path and a random token of 128 bits made for this
 *    one setup.
 *  - In the project (`.consider/setup-token`): the same token.
 * A clone can commit a `.consider/` with anything in it, but not a token it has never seen: the
 * token lives on the developer's machine only (and `.consider/` ignores itself, so git never
 * carries it to a teammate). A folder deleted and made again at the same path (a new clone where
 * an old project was) has no token: not set up. The token is the whole identity, on purpose: the
 * folder's inode or device would add nothing a clone could forge, and would break what is the
 * developer's own — a project re-cloned with its `.consider/` moved over, a checkout restored from
 * a backup, a drive that gets another device number at each mount. Records of the first token
 * format carried an inode; it is ignored.
 *
 * Only setup run by the developer writes a record (setup/user-install.ts). Refresh never does:
 * it only keeps set-up projects current. Reading is a few syscalls (one realpath, two small reads; ~0.1 ms), paid by every hook that finds a `.consider/`, and loads no node:crypto.
 *
 * Records of earlier versions (`{ root, setUpAt }`, no token) are not honoured: the refresh of
 * those versions wrote them for any clone it touched, so they cannot tell the developer's project
 * from a hostile one. `setUpState` names them, so `consider-setup status` and VS Code can say
 * "run setup here again" in one line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { contentHash } from './anchoring/content-hash';
import { readDataJson, readDataText } from './data-file';
import { randomHexToken } from './lazy-crypto';
import { considerPaths, realPathOf } from './paths';
import { projectRecordsDir } from './user-data';

/** The record format this version writes and honours. */
export const PROJECT_RECORD_FORMAT = 2;

/** What a project record holds. */
export interface ProjectRecord {
  format: typeof PROJECT_RECORD_FORMAT;
  /** The project's real path (symbolic links resolved). */
  root: string;
  /** The token setup wrote into the project's `.consider/setup-token` (32 hex digits). */
  token: string;
  setUpAt: string;
}

/** Where a project holds its half of the identity. */
export function setupTokenPath(root: string): string {
  return path.join(considerPaths(root).dir, 'setup-token');
}

const TOKEN = /^[0-9a-f]{32}$/;

/** Where the record of `root` is: one file per project, named by the hash of its real path (a record must not depend on the symbolic links it was reached by). */
export function projectRecordPath(home: string, root: string): string {
  return recordFileOf(home, realPathOf(root));
}

const recordFileOf = (home: string, realRoot: string): string => path.join(projectRecordsDir(home), `${contentHash(realRoot)}.json`);

/**
 * Where `root` stands:
 *  - `set-up`: the developer set Consider up in this folder on this machine;
 *  - `not-set-up`: no record names this path;
 *  - `earlier-record`: an earlier version's record names it, which cannot tell this folder from a clone;
 *  - `other-folder`: the record names another folder that was at this path (deleted and made again,
 *    restored from a copy), or the project's token is missing or differs.
 */
export type SetUpState = 'set-up' | 'not-set-up' | 'earlier-record' | 'other-folder';

export function setUpState(root: string, home: string): SetUpState {
  const real = realPathOf(root);
  const raw = readDataJson<Record<string, unknown>>(recordFileOf(home, real), 64 * 1024);
  if (!raw || raw.root !== real) return 'not-set-up';
  if (raw.format !== PROJECT_RECORD_FORMAT) return 'earlier-record';
  if (typeof raw.token !== 'string' || !TOKEN.test(raw.token)) return 'other-folder';
  let token: string | undefined;
  try {
    token = readDataText(setupTokenPath(real), { maxBytes: 1024 })?.trim();
  } catch {
    return 'other-folder'; // a link or a folder in its place: not what setup wrote
  }
  // A plain comparison: both sides are files of the same user, nobody can time it from outside.
  return token === raw.token ? 'set-up' : 'other-folder';
}

/** True when the developer set Consider up in `root` on this machine: the one definition (see above). */
export function isSetUpProject(root: string, home: string): boolean {
  return setUpState(root, home) === 'set-up';
}

/** A new record for `root` as it is now, with a fresh token (setup writes it, and the token into the project). */
export function newProjectRecord(root: string): ProjectRecord {
  const real = realPathOf(root);
  return { format: PROJECT_RECORD_FORMAT, root: real, token: randomHexToken(16), setUpAt: new Date().toISOString() };
}

/** The one line that says what to do, for each state but `set-up` (status, VS Code). */
export function setUpStateAdvice(state: Exclude<SetUpState, 'set-up'>): string {
  switch (state) {
    case 'not-set-up': return 'not set up by you on this machine: the hooks and the MCP server say nothing here until you run setup in it';
    case 'earlier-record': return 'set up by an earlier version of Consider, whose record cannot tell this folder from a clone: run setup here again to confirm it (the hooks and the MCP server say nothing here until then)';
    case 'other-folder': return 'recorded for another folder that was at this path (deleted and made again, or restored): run setup here if this one is yours (the hooks and the MCP server say nothing here until then)';
  }
}

/**
 * Whether this process is the user's own copy of the CLI (`~/.local/share/consider/bin/`): that
 * copy answers hooks and serves MCP only in set-up projects, whatever its command line says, so
 * a command line a repository commits (a hook or an MCP entry without `--if-set-up`) cannot make
 * it speak there. `script`: the running CLI's file.
 */
export function isUsersCopy(script: string, userBinDir: string): boolean {
  try {
    return path.dirname(fs.realpathSync.native(script)) === fs.realpathSync.native(userBinDir);
  } catch {
    return false;
  }
}
