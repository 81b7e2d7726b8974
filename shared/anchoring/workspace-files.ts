/**
 * The files of a workspace that moved code is looked for in (cross-file.ts): the ones git would
 * show — tracked, and untracked but not ignored — never `.consider/` nor a `node_modules/`
 * folder (the Changes view never lists one either, shared/changes/workspace-files.ts, even
 * when git does not ignore it). In a git repository git says (`git ls-files`); elsewhere a walk
 * of the folder applies the `.gitignore` files it finds and leaves out version-control folders.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isIgnored, parseIgnoreFile } from './ignore-rules';
import type { IgnoreFile } from './ignore-rules';
import { git, isGitWorkspace } from './renames';
import { CONSIDER_DIR_NAME, isConsiderStoredPath } from '../paths';

/** More files than this and the listing is incomplete: uniqueness cannot be told, nothing is followed. */
export const MAX_LISTED_FILES = 200_000;

export interface WorkspaceListing {
  /** Workspace-relative paths with '/'. */
  files: string[];
  /** False when the listing stopped at `maxFiles`. */
  complete: boolean;
}

/** Folders a walk never enters: other tools' data, and Consider's own. */
const NEVER_WALKED = new Set(['.git', '.hg', '.svn', CONSIDER_DIR_NAME, 'node_modules']);

export function listWorkspaceFiles(root: string, maxFiles = MAX_LISTED_FILES): WorkspaceListing {
  if (isGitWorkspace(root)) {
    const out = git(root, ['ls-files', '-z', '--cached', '--others', '--exclude-standard']);
    if (out !== undefined) {
      const files = [...new Set(out.split('\0'))].filter((f) => f !== '' && !isConsiderStoredPath(f) && !inNodeModules(f));
      return files.length > maxFiles ? { files: files.slice(0, maxFiles), complete: false } : { files, complete: true };
    }
  }
  return walk(root, maxFiles);
}

function inNodeModules(rel: string): boolean {
  return rel.startsWith('node_modules/') || rel.includes('/node_modules/');
}

function walk(root: string, maxFiles: number): WorkspaceListing {
  const files: string[] = [];
  // Each folder with the ignore files that apply in it (its own last).
  const stack: { rel: string; ignores: readonly IgnoreFile[] }[] = [{ rel: '', ignores: [] }];
  while (stack.length > 0) {
    const { rel, ignores: inherited } = stack.pop()!;
    const abs = rel === '' ? root : path.join(root, ...rel.split('/'));
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      continue; // unreadable folder: nothing of it is listed
    }
    let ignores = inherited;
    if (entries.some((e) => e.name === '.gitignore' && e.isFile())) {
      try {
        ignores = [...inherited, parseIgnoreFile(fs.readFileSync(path.join(abs, '.gitignore'), 'utf8'), rel)];
      } catch {
        /* unreadable: its rules do not apply */
      }
    }
    for (const e of entries) {
      const child = rel === '' ? e.name : `${rel}/${e.name}`;
      // Symbolic links are not followed: they may lead out of the workspace, or round in a circle.
      if (e.isDirectory()) {
        if (!NEVER_WALKED.has(e.name) && !isIgnored(ignores, child, true)) stack.push({ rel: child, ignores });
      } else if (e.isFile() && !isIgnored(ignores, child, false)) {
        if (files.length >= maxFiles) return { files, complete: false };
        files.push(child);
      }
    }
  }
  return { files, complete: true };
}
