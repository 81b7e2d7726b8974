/**
 * Which files of a workspace folder a baseline captures and the Changes view compares: what
 * git would consider the project's files — tracked files plus untracked ones that are not
 * ignored — never `.consider/`, `.git/` or a `node_modules/` folder.
 *  - in a git work tree: `git ls-files -c -o --exclude-standard` (the folder may be a
 *    subfolder of the repository: git lists paths relative to it);
 *  - in a folder that is not a repository: the same command with a throwaway empty git dir,
 *    so .gitignore files mean exactly what git would make of them;
 *  - without git at all: a walk of the folder that skips those three folders.
 */
import fs from 'node:fs';
import path from 'node:path';
import { git, nulFields, repoState, throwawayGitDir } from './git';

export interface WorkspaceListing {
  /** Workspace-relative paths with '/', sorted, no duplicates. */
  files: string[];
  /** How they were found (said in the view's tooltip when it is not git's own listing). */
  source: 'git' | 'gitignore' | 'walk';
}

/** A path Consider never captures or lists. */
export function isExcludedPath(rel: string): boolean {
  return rel === '.consider' || rel.startsWith('.consider/') || rel === '.git' || rel.startsWith('.git/')
    || rel.startsWith('node_modules/') || rel.includes('/node_modules/');
}

export function listWorkspaceFiles(root: string): WorkspaceListing {
  const repo = repoState(root);
  if (repo.kind === 'repo') {
    const r = git(root, ['ls-files', '-z', '-c', '-o', '--exclude-standard']);
    if (r.ok) return { files: clean(nulFields(r.stdout)), source: 'git' };
  } else if (repo.kind === 'not-repo') {
    const gitDir = throwawayGitDir();
    if (gitDir) {
      const r = git(root, [`--git-dir=${gitDir}`, `--work-tree=${root}`, 'ls-files', '-z', '-o', '--exclude-standard']);
      if (r.ok) return { files: clean(nulFields(r.stdout)), source: 'gitignore' };
    }
  }
  return { files: clean(walk(root)), source: 'walk' };
}

function clean(paths: string[]): string[] {
  const kept = paths.filter((p) => p !== '' && !isExcludedPath(p));
  kept.sort();
  // An unmerged file is listed once per stage.
  return kept.filter((p, i) => i === 0 || kept[i - 1] !== p);
}

const WALK_SKIPS = new Set(['.git', '.consider', 'node_modules']);

/** Every file under root, symbolic links included as entries (never descended into). */
function walk(root: string): string[] {
  const out: string[] = [];
  const visit = (dir: string, prefix: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // an unreadable folder: its files cannot be captured anyway
    }
    for (const e of entries) {
      if (WALK_SKIPS.has(e.name)) continue;
      const rel = prefix + e.name;
      if (e.isDirectory()) visit(path.join(dir, e.name), rel + '/');
      else out.push(rel);
    }
  };
  visit(root, '');
  return out;
}
