/**
 * What changed in the workspace since a commit, as git sees it: the working tree (staged or
 * not) against the commit — `git diff --raw --numstat -M`: git's renames, git's line counts —
 * plus the files git does not track and does not ignore, which `git diff` leaves out but an
 * agent's new files are. The paths that count are the workspace's files (files.ts: never
 * `.consider/`, a `.git/` or a `node_modules/` folder). Used by the Changes view and the digest
 * (shared/changes/git-changes.ts adds what each file is now), and meant for the work on pull
 * requests and worktrees that comes next: one answer to "what changed since that commit".
 */
import { nulFields, runGit } from './git';
import { isNeverListed, untrackedFiles } from './files';

export type ChangeKind = 'added' | 'deleted' | 'modified' | 'renamed';

/** One path that changed since the commit. */
export interface ChangedPath {
  /** Workspace-relative path now (a deleted file: where it was). */
  path: string;
  /** A renamed (or copied) file's path in the commit. */
  oldPath?: string;
  kind: ChangeKind;
  /** git's line counts; absent for a binary file (`binary`) and for an untracked one (git counts none). */
  added?: number;
  removed?: number;
  binary?: true;
  /** Not tracked by git yet: every line of it is new. */
  untracked?: true;
}

const STATUS_KIND: Readonly<Record<string, ChangeKind>> = { A: 'added', D: 'deleted', M: 'modified', T: 'modified', R: 'renamed', C: 'added' };

/**
 * Parses `git diff -z --raw --numstat`: the raw records, then one numstat record each, in the
 * same order. No counts (`-` in numstat): a binary file.
 */
export function parseRawNumstat(out: Buffer): ChangedPath[] {
  const f = nulFields(out);
  const raw: ChangedPath[] = [];
  const stats: Pick<ChangedPath, 'added' | 'removed' | 'binary'>[] = [];
  for (let i = 0; i < f.length; i++) {
    const field = f[i]!;
    if (field.startsWith(':')) {
      const letter = field.slice(field.lastIndexOf(' ') + 1, field.lastIndexOf(' ') + 2);
      const kind = STATUS_KIND[letter] ?? 'modified';
      if (letter === 'R' || letter === 'C') raw.push({ kind, oldPath: f[++i]!, path: f[++i]! });
      else raw.push({ kind, path: f[++i]! });
      continue;
    }
    const [a, r, p] = field.split('\t');
    if (p === '') i += 2; // a rename or copy: its two paths follow
    stats.push(a === '-' ? { binary: true } : { added: Number(a), removed: Number(r) });
  }
  return raw.map((entry, i) => ({ ...entry, ...stats[i] }));
}

/** The paths changed since `sha`, sorted; or git's message when it could not tell. */
export function changedSinceCommit(root: string, sha: string): { ok: true; files: ChangedPath[] } | { ok: false; message: string } {
  // --relative: paths from the workspace folder, which may be a subfolder of the repository.
  const diff = runGit(root, ['-c', 'core.quotepath=off', 'diff', '--no-ext-diff', '--no-textconv', '--ignore-submodules=all', '--relative', '-z', '--raw', '--numstat', '-M', sha, '--']);
  if (!diff.ok) return { ok: false, message: `git diff failed: ${diff.stderr.split('\n')[0] || 'no message'}` };
  const files = parseRawNumstat(diff.stdout).filter((f) => !isNeverListed(f.path));
  for (const rel of untrackedFiles(root)) files.push({ path: rel, kind: 'added', untracked: true });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { ok: true, files };
}
