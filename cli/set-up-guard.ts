/**
 * Where the CLI may speak to an agent on its own — a hook's answer, the plan gate, the MCP
 * server — only in a project the developer set up (shared/project-trust.ts, the one definition;
 * README, "Trust model"). Asked for with `--if-set-up` (every line setup writes passes it), and
 * always when this process is the user's own copy of the CLI (`~/.local/share/consider/bin/`):
 * a command line a repository commits (an `.mcp.json` entry or a project hook without the flag)
 * cannot make that copy serve the repository's `.consider/`.
 */
import os from 'node:os';
import path from 'node:path';
import { isSetUpProject, isUsersCopy, userDataDir } from '../shared';

/** True when this call may answer in `root`: no check was asked for and this is not the user's copy, or the project is set up. */
export function mayAnswerIn(root: string, ifSetUp: boolean | undefined, home = os.homedir()): boolean {
  const check = ifSetUp === true || isUsersCopy(path.join(__dirname, 'consider-cli.cjs'), path.join(userDataDir(home), 'bin'));
  return !check || isSetUpProject(root, home);
}
