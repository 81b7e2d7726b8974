/**
 * Changes since a git revision: the last commit (HEAD) or the merge-base with a branch. The
 * list is git's own (`git diff --raw --numstat -M <rev>`: renames as git detects them, its
 * line counts), plus untracked files that are not ignored, which `git diff` leaves out but an
 * agent's new files are. Contents on the baseline side come from `git show <rev>:./<path>`.
 * Everything that can go wrong (no git, not a repository, no commit yet, a ref that does not
 * exist) comes back as a BaselineProblem the view shows, never as an exception.
 */
import fs from 'node:fs';
import path from 'node:path';
import { contentHash } from '../anchoring/content-hash';
import { utf8Text } from '../utf8';
import { DEFAULT_MAX_FILE_BYTES, isBinary } from './capture';
import { git, nulFields, parseRawNumstat, repoState } from './git';
import { lineCount } from './line-stats';
import type { BaselineProblem, BaselineRef, ChangeList, ChangeNote, FileChange } from './model';
import { isExcludedPath } from './workspace-files';

export interface ResolvedRev {
  /** The commit the changes are counted from. */
  sha: string;
  /** What the view's title says: "the last commit (main)", "the last commit (detached at 1a2b3c4)", "merge-base with main (1a2b3c4)". */
  label: string;
}

const short = (sha: string): string => sha.slice(0, 7);

function repoProblem(root: string): BaselineProblem | undefined {
  const repo = repoState(root);
  if (repo.kind === 'no-git') return { code: 'no-git', message: 'git is not installed (or not on PATH)', hint: 'compare with a review round or Mark All Reviewed instead' };
  if (repo.kind === 'not-repo') return { code: 'not-repo', message: 'this folder is not a git repository', hint: 'compare with a review round or Mark All Reviewed instead' };
  return undefined;
}

function revParse(root: string, rev: string): string | undefined {
  const r = git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`]);
  return r.ok ? r.stdout.toString('utf8').trim() : undefined;
}

/** The commit a git baseline stands for, or why there is none. */
export function resolveGitBaseline(root: string, ref: Extract<BaselineRef, { kind: 'head' | 'branch' }>): { ok: true; rev: ResolvedRev } | { ok: false; problem: BaselineProblem } {
  const problem = repoProblem(root);
  if (problem) return { ok: false, problem };
  const head = revParse(root, 'HEAD');
  if (!head) return { ok: false, problem: { code: 'no-commits', message: 'the repository has no commit yet', hint: 'commit once, or compare with a review round or Mark All Reviewed' } };
  if (ref.kind === 'head') {
    const branch = git(root, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
    const where = branch.ok ? branch.stdout.toString('utf8').trim() : `detached at ${short(head)}`;
    return { ok: true, rev: { sha: head, label: `the last commit (${where})` } };
  }
  if (ref.ref.startsWith('-') || ref.ref.includes('\0')) return { ok: false, problem: { code: 'bad-ref', message: `${JSON.stringify(ref.ref)} is not a ref name` } };
  const other = revParse(root, ref.ref);
  if (!other) return { ok: false, problem: { code: 'bad-ref', message: `there is no branch or ref named ${JSON.stringify(ref.ref)}`, hint: 'pick another branch' } };
  const base = git(root, ['merge-base', head, other]);
  if (!base.ok) return { ok: false, problem: { code: 'bad-ref', message: `HEAD and ${ref.ref} have no common ancestor`, hint: 'pick another branch' } };
  const sha = base.stdout.toString('utf8').trim();
  return { ok: true, rev: { sha, label: `merge-base with ${ref.ref} (${short(sha)})` } };
}

/** Branches and remote branches, for the baseline picker (newest commit first). */
export function listBranches(root: string): string[] {
  const r = git(root, ['for-each-ref', '--sort=-committerdate', '--format=%(refname:short)', 'refs/heads', 'refs/remotes']);
  if (!r.ok) return [];
  return r.stdout.toString('utf8').split('\n').map((s) => s.trim()).filter((s) => s !== '' && !s.endsWith('/HEAD'));
}

interface WorkingFile {
  /** FileChange.current: content hash, `deleted`, or a stat key. */
  current: string;
  text?: string;
  note?: ChangeNote;
}

function readWorking(abs: string, maxFileBytes: number): WorkingFile {
  let st: fs.Stats;
  try {
    st = fs.statSync(abs);
  } catch {
    return { current: 'deleted' };
  }
  if (st.size > maxFileBytes) return { current: `stat:${st.size}:${st.mtimeMs}`, note: 'too-large' };
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(abs);
  } catch {
    return { current: `stat:${st.size}:${st.mtimeMs}`, note: 'unreadable' };
  }
  const current = contentHash(bytes);
  return isBinary(bytes) ? { current, note: 'binary' } : { current, text: utf8Text(bytes) };
}

export function changesSinceRev(root: string, sha: string, opts: { maxFileBytes?: number } = {}): { ok: true; list: ChangeList } | { ok: false; problem: BaselineProblem } {
  const started = Date.now();
  const maxFileBytes = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const diff = git(root, ['-c', 'core.quotepath=off', 'diff', '--no-ext-diff', '--no-textconv', '--ignore-submodules=all', '--relative', '-z', '--raw', '--numstat', '-M', sha, '--']);
  if (!diff.ok) return { ok: false, problem: { code: 'git-failed', message: `git diff failed: ${diff.stderr.split('\n')[0] || 'no message'}` } };
  const changes: FileChange[] = [];
  for (const { entry, added, removed } of parseRawNumstat(diff.stdout)) {
    if (isExcludedPath(entry.path)) continue;
    const abs = path.join(root, ...entry.path.split('/'));
    const now: WorkingFile = entry.kind === 'deleted' ? { current: 'deleted' } : readWorking(abs, maxFileBytes);
    // numstat's `-` counts: git found binary content on one side.
    const note = added === undefined ? 'binary' : now.note;
    changes.push({
      path: entry.path, ...(entry.oldPath !== undefined ? { oldPath: entry.oldPath } : {}), kind: entry.kind,
      ...(added !== undefined ? { added, removed } : {}), current: now.current, ...(note ? { note } : {}),
    });
  }
  const untracked = git(root, ['ls-files', '-z', '-o', '--exclude-standard']);
  if (untracked.ok) {
    for (const rel of nulFields(untracked.stdout)) {
      if (isExcludedPath(rel)) continue;
      const now = readWorking(path.join(root, ...rel.split('/')), maxFileBytes);
      if (now.current === 'deleted') continue;
      changes.push({ path: rel, kind: 'added', ...(now.text !== undefined ? { added: lineCount(now.text), removed: 0 } : {}), current: now.current, ...(now.note ? { note: now.note } : {}) });
    }
  }
  changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { ok: true, list: { changes, skipped: [], missingContent: [], ms: Date.now() - started } };
}

/** A file's bytes at a commit (`path` workspace-relative), or undefined when it is not there. */
export function gitFileAt(root: string, sha: string, rel: string): Buffer | undefined {
  const r = git(root, ['show', `${sha}:./${rel}`]);
  return r.ok ? r.stdout : undefined;
}
