/**
 * The digest's "files changed since the baseline" when the baseline is a commit: the working
 * tree (staged or not) against the last commit (`head`) or the merge-base with a ref
 * (`branch:<ref>`), plus the untracked files git does not ignore, which `git diff` leaves out
 * but an agent's new files are. Line counts are git's (`--numstat`, renames as git detects
 * them); an untracked file's lines are counted here. git is run, and its diff read, by the
 * Changes view's own shared/changes/git.ts; so this file is built into consider-changes.cjs
 * (captured-changes.ts), which the CLI loads only for a digest. Every git call is read-only and
 * never throws: no git, not a repository, no commit yet and an unknown ref are answers the
 * page states.
 */
import fs from 'node:fs';
import path from 'node:path';
import { git, nulFields, parseRawNumstat, type GitResult } from '../../shared/changes/git';
import { isConsiderStoredPath, splitLines } from '../../shared/store';
import type { ChangedFile, ChangedFiles, DigestBaseline } from './change-list';

/** Untracked files larger than this are listed without a line count. */
const MAX_COUNTED_BYTES = 1024 * 1024;

const text = (a: GitResult): string => a.stdout.toString('utf8').trim();

type Failure = Extract<ChangedFiles, { ok: false }>;

/** The commit to count from and the words for it (as the Changes view titles it), or why there is none. */
function resolveCommit(root: string, baseline: Exclude<DigestBaseline, { kind: 'capture' }>): { sha: string; label: string } | Failure {
  const label = baseline.kind === 'head' ? 'HEAD' : `merge-base with ${baseline.ref}`;
  const unavailable = (reason: string): Failure => ({ ok: false, code: 'unavailable', reason, label });
  // One git call for the three facts (each git process costs the page several milliseconds): the repository, HEAD, its branch.
  const head = git(root, ['rev-parse', '--show-toplevel', 'HEAD', '--abbrev-ref', 'HEAD']);
  if (head.missing) return unavailable('git is not installed (or not on PATH)');
  if (!head.ok) return unavailable(/not a git repository/i.test(head.stderr) ? 'this folder is not in a git repository' : 'the repository has no commit yet');
  const [, headSha = '', branch = 'HEAD'] = text(head).split('\n');
  if (baseline.kind === 'head') return { sha: headSha, label: `HEAD (${branch === 'HEAD' ? 'detached at ' : `${branch}, `}${headSha.slice(0, 7)})` };
  const badRef = (reason: string): Failure => ({ ok: false, code: 'bad-ref', reason, label });
  if (baseline.ref.startsWith('-')) return badRef(`there is no branch or commit named ${JSON.stringify(baseline.ref)}`);
  const base = git(root, ['merge-base', headSha, baseline.ref]);
  if (!base.ok) {
    const unknown = /not a valid (object|commit)|unknown revision/i.test(base.stderr);
    return badRef(unknown ? `there is no branch or commit named ${JSON.stringify(baseline.ref)}` : `HEAD and ${JSON.stringify(baseline.ref)} have no common ancestor`);
  }
  const sha = text(base);
  return { sha, label: `merge-base with ${baseline.ref} (${sha.slice(0, 7)})` };
}

/** git's diff as the page's list: a rename keeps where it was; a binary file says so. */
function fromDiff(out: Buffer): ChangedFile[] {
  return parseRawNumstat(out).map(({ entry, added, removed }) => ({
    kind: entry.kind, ...(entry.kind === 'renamed' && entry.oldPath !== undefined ? { oldPath: entry.oldPath } : {}), path: entry.path,
    ...(added === undefined ? { note: 'binary' as const } : { added, removed: removed! }),
  }));
}

/** An untracked file: all its lines are added. */
function untrackedFile(root: string, rel: string): ChangedFile {
  const abs = path.join(root, ...rel.split('/'));
  try {
    if (fs.statSync(abs).size > MAX_COUNTED_BYTES) return { path: rel, kind: 'added', note: 'too-large' };
    const bytes = fs.readFileSync(abs);
    if (bytes.subarray(0, 8000).includes(0)) return { path: rel, kind: 'added', note: 'binary' };
    return { path: rel, kind: 'added', added: splitLines(bytes.toString('utf8')).length, removed: 0 };
  } catch {
    return { path: rel, kind: 'added', note: 'unreadable' };
  }
}

/** The files changed in the workspace at `root` since a commit (HEAD, or the merge-base with a ref), by path. */
export function gitChangedFiles(root: string, baseline: Exclude<DigestBaseline, { kind: 'capture' }>): ChangedFiles {
  const commit = resolveCommit(root, baseline);
  if ('reason' in commit) return commit;
  // --relative: paths from the workspace folder, which may be a subfolder of the repository.
  const diff = git(root, ['-c', 'core.quotepath=off', 'diff', '--no-ext-diff', '--no-textconv', '--ignore-submodules=all', '--relative', '-z', '--raw', '--numstat', '-M', commit.sha, '--']);
  if (!diff.ok) return { ok: false, code: 'unavailable', label: commit.label, reason: 'git diff failed', ...(diff.stderr ? { detail: diff.stderr.split('\n')[0]! } : {}) };
  const files = fromDiff(diff.stdout).filter((f) => !isConsiderStoredPath(f.path)); // Consider's own folder is never a change of the project
  const untracked = git(root, ['ls-files', '-z', '-o', '--exclude-standard']);
  if (untracked.ok) for (const rel of nulFields(untracked.stdout)) if (!isConsiderStoredPath(rel)) files.push(untrackedFile(root, rel));
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { ok: true, files, label: commit.label, sha: commit.sha };
}
