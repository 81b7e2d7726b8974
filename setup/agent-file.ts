/**
 * Writing into an agent's own settings file (hooks.ts, mcp.ts): the checks before a write and
 * the write itself. The file belongs to the user; these keep setup from writing through a
 * link, outside the workspace, or with the wrong permissions.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Scope } from './integrations';
import { writeFileAtomic } from './fsutil';
import { projectWriteProblem, realpathOrSelf } from './safety';

/** Drops undefined fields so merging a record into the tracked one never erases anything. */
export function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Why setup must not write `file`, if it must not: a symbolic link (writing would replace
 * the user's link, or write outside the project), a non-file, or a project folder that
 * leads outside the workspace.
 */
export function writeProblem(file: string, scope: Scope, root: string): string | undefined {
  try {
    const st = fs.lstatSync(file);
    if (st.isSymbolicLink()) return 'is a symbolic link; not written through';
    if (!st.isFile()) return 'is not a file';
  } catch { /* missing: fine */ }
  if (scope === 'project') {
    const escape = projectWriteProblem(path.dirname(file), root);
    if (escape) return escape;
    const real = realpathOrSelf(path.dirname(file));
    if (fs.existsSync(path.dirname(file)) && real !== path.join(realpathOrSelf(root), path.relative(root, path.dirname(file)))) {
      return 'the folder is reached through a symbolic link';
    }
  }
  return undefined;
}

/** Writes keeping the file's permissions (settings files may be private). */
export function writeKeepingMode(file: string, text: string): void {
  let mode = 0o644;
  try {
    mode = fs.statSync(file).mode & 0o777;
  } catch { /* new file */ }
  writeFileAtomic(file, text, mode);
}
