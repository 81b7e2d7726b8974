/**
 * The user's own Consider folder, outside every project (README, "Trust model"):
 *
 *   ~/.local/share/consider/
 *     bin/, shared/   the user's copy of consider-cli, deployed by setup: the one program every
 *                     hook and MCP entry setup writes runs (never a program found in a project)
 *     projects/       one record per project the user set up on this machine; an installed
 *                     hook speaks only in those (`hook … --if-set-up`)
 *
 * The XDG default data folder, taken literally: `XDG_DATA_HOME` is not read, so the path the
 * hooks name does not depend on which shell or editor ran setup. Not `~/.consider`: every
 * folder under the home folder would then find it as its workspace (paths.ts, findWorkspaceRoot).
 *
 * Setup writes here (setup/user-install.ts); the CLI only reads, through `isSetUpProject`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { contentHash } from './anchoring/content-hash';

/** The folder, relative to the home folder. The hooks' sh line names it as `~/` + this. */
export const USER_DATA_REL = '.local/share/consider';

export function userDataDir(home: string): string {
  return path.join(home, ...USER_DATA_REL.split('/'));
}

/** The user's copy of consider-cli. */
export function userCliPath(home: string): string {
  return path.join(userDataDir(home), 'bin', 'consider-cli');
}

export function projectRecordsDir(home: string): string {
  return path.join(userDataDir(home), 'projects');
}

/** What a project record holds: the project's real path, and when setup recorded it. */
export interface ProjectRecord {
  root: string;
  setUpAt: string;
}

/** The project's real path: a record must not depend on the symbolic links it was reached by. */
export function realProjectPath(root: string): string {
  try {
    return fs.realpathSync(root);
  } catch {
    return path.resolve(root);
  }
}

/** Where the record of `root` is: one file per project, named by the hash of its real path. */
export function projectRecordPath(home: string, root: string): string {
  return path.join(projectRecordsDir(home), `${contentHash(realProjectPath(root))}.json`);
}

/** The record of `root`, if setup made one for it (and it names this very folder). */
export function readProjectRecord(home: string, root: string): ProjectRecord | undefined {
  try {
    const record = JSON.parse(fs.readFileSync(projectRecordPath(home, root), 'utf8')) as Partial<ProjectRecord>;
    return record.root === realProjectPath(root) && typeof record.setUpAt === 'string' ? (record as ProjectRecord) : undefined;
  } catch {
    return undefined;
  }
}

/** True when the user set Consider up in `root` on this machine (setup or refresh recorded it). */
export function isSetUpProject(root: string, home: string): boolean {
  return readProjectRecord(home, root) !== undefined;
}
