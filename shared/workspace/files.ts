/**
 * The workspace's files: one list for what a baseline captures and the Changes view and the
 * digest compare, and for where cross-file following looks for moved code. The rule:
 *  - in a git work tree, git's own view: tracked files and untracked ones git does not ignore
 *    (`git ls-files -c -o --exclude-standard`: every .gitignore, .git/info/exclude, the user's
 *    global excludes), relative to the workspace folder, which may be a subfolder of the
 *    repository;
 *  - in a folder that is not a repository, the same command over a throwaway empty repository,
 *    so its .gitignore files mean exactly what git would make of them;
 *  - with no git at all, every file under the folder;
 * and in all three never Consider's own `.consider/`, a version-control folder (`.git/`, `.hg/`,
 * `.svn/`) or any `node_modules/` folder, at any depth, even where git tracks it or does not
 * ignore it: installed packages are not the project's code, so the Changes view never lists
 * one and a thread never follows code into one (isNeverListed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { nulFields, runGit } from './git';
import { throwawayGitDir } from './repository';

/** More files than this and a listing is incomplete: cross-file following then follows nothing. */
export const MAX_LISTED_FILES = 200_000;

export interface WorkspaceListing {
  /** Workspace-relative paths with '/', sorted, no duplicates. */
  files: string[];
  /** False when the listing stopped at its limit. */
  complete: boolean;
  /** How they were found (the Changes view says so when it is not git's own listing). */
  source: 'git' | 'gitignore' | 'walk';
}

/** Folders that are never the project's files, wherever they are. */
const NEVER_LISTED_FOLDERS = new Set(['.consider', '.git', '.hg', '.svn', 'node_modules']);
const IN_NEVER_LISTED_FOLDER = /(?:^|\/)(?:\.consider|\.git|\.hg|\.svn|node_modules)\//;

/** A path Consider never lists, captures, compares or follows code into (see the module comment). */
export function isNeverListed(rel: string): boolean {
  return IN_NEVER_LISTED_FOLDER.test(rel) || rel === '.consider' || rel === '.git';
}

const LS_FILES = ['ls-files', '-z', '--exclude-standard'];

export function listWorkspaceFiles(root: string, maxFiles = MAX_LISTED_FILES): WorkspaceListing {
  const tracked = runGit(root, [...LS_FILES, '--cached', '--others']);
  if (tracked.ok) return listing(nulFields(tracked.stdout), 'git', maxFiles);
  // Not a repository (or one git refuses to read): the folder's .gitignore files, read by git.
  if (!tracked.missing) {
    const gitDir = throwawayGitDir();
    if (gitDir) {
      const r = runGit(root, [`--git-dir=${gitDir}`, `--work-tree=${root}`, ...LS_FILES, '--others']);
      if (r.ok) return listing(nulFields(r.stdout), 'gitignore', maxFiles);
    }
  }
  return walk(root, maxFiles);
}

/**
 * Files git does not track yet and does not ignore (the same rule): where a file moved with a
 * plain `mv` shows up, and what `git diff` leaves out of the changes since a commit.
 */
export function untrackedFiles(root: string): string[] {
  const r = runGit(root, [...LS_FILES, '--others']);
  return r.ok ? listing(nulFields(r.stdout), 'git', Infinity).files : [];
}

function listing(paths: string[], source: WorkspaceListing['source'], maxFiles: number): WorkspaceListing {
  const kept = paths.filter((p) => p !== '' && !isNeverListed(p)).sort();
  // An unmerged file is listed once per stage.
  const files = kept.filter((p, i) => i === 0 || kept[i - 1] !== p);
  return files.length > maxFiles ? { files: files.slice(0, maxFiles), complete: false, source } : { files, complete: true, source };
}

/** Every file under root, without git; symbolic links are listed, never followed. */
function walk(root: string, maxFiles: number): WorkspaceListing {
  const out: string[] = [];
  const stack = [''];
  while (stack.length > 0) {
    const rel = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(rel === '' ? root : path.join(root, ...rel.split('/')), { withFileTypes: true });
    } catch {
      continue; // an unreadable folder: none of its files can be read either
    }
    for (const e of entries) {
      if (NEVER_LISTED_FOLDERS.has(e.name)) continue;
      const child = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) stack.push(child);
      else out.push(child);
    }
  }
  return listing(out, 'walk', maxFiles);
}
