/**
 * The user's own Consider folder, outside every project (README, "Trust model"):
 *
 *   ~/.local/share/consider/
 *     bin/, shared/   the user's copy of consider-cli, deployed by setup: the one program every
 *                     hook and MCP entry setup writes runs (never a program found in a project)
 *     projects/       one record per project the user set up on this machine (project-trust.ts,
 *                     the one definition of "set up"): the hooks and the MCP server speak only there
 *
 * The XDG default data folder, taken literally: `XDG_DATA_HOME` is not read, so the path the
 * hooks name does not depend on which shell or editor ran setup. Not `~/.consider`: every
 * folder under the home folder would then find it as its workspace (paths.ts, findWorkspaceRoot).
 *
 * Setup writes here (setup/user-install.ts); the CLI only reads, through `isSetUpProject`
 * (project-trust.ts).
 */
import path from 'node:path';

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
