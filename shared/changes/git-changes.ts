/**
 * Changes since a git revision: the last commit (HEAD) or the merge-base with a branch. The
 * list is the workspace's own answer (workspace/changed.ts: git's diff and renames, plus the
 * untracked files git does not ignore); here each file gets what it is now (its content hash,
 * for Viewed) and why it has no counts. Contents on the baseline side come from
 * `git show <rev>:./<path>`. Everything that can go wrong (no git, not a repository, no commit
 * yet, a ref that does not exist) comes back as a BaselineProblem the view shows, never as an
 * exception.
 */
import { realPathOf } from '../paths';
import { runGit } from '../workspace/git';
import { changedSinceCommit } from '../workspace/changed';
import { DEFAULT_MAX_FILE_BYTES, currentAt, type Current } from './capture';
import { lineCount } from './line-stats';
import { baselineLabel, type BaselineName, type BaselineProblem, type BaselineRef, type ChangeList, type FileChange } from './model';

export interface ResolvedRev {
  /** The commit the changes are counted from. */
  sha: string;
  /** What it is: the last commit (on a branch or detached), or a merge-base with a ref. */
  name: BaselineName;
  /** Its English words (baselineLabel): "the last commit (main, 1a2b3c4)", "merge-base with main (1a2b3c4)". */
  label: string;
}

const resolved = (name: Extract<BaselineName, { sha: string }>): { ok: true; rev: ResolvedRev } => ({ ok: true, rev: { sha: name.sha, name, label: baselineLabel(name) } });
const OTHER_BASELINE = 'compare with a review round or Mark All Reviewed instead';

/** The commit a git baseline stands for, or why there is none. */
export function resolveGitBaseline(root: string, ref: Extract<BaselineRef, { kind: 'head' | 'branch' }>): { ok: true; rev: ResolvedRev } | { ok: false; problem: BaselineProblem } {
  // One git call for three facts (each git process costs several milliseconds): a repository, HEAD, its branch.
  const head = runGit(root, ['rev-parse', '--show-toplevel', 'HEAD', '--abbrev-ref', 'HEAD']);
  if (head.missing) return { ok: false, problem: { code: 'no-git', message: 'git is not installed (or not on PATH)', hint: OTHER_BASELINE } };
  if (!head.ok) {
    if (/not a git repository/i.test(head.stderr) || !runGit(root, ['rev-parse', '--git-dir']).ok) return { ok: false, problem: { code: 'not-repo', message: 'this folder is not in a git repository', hint: OTHER_BASELINE } };
    return { ok: false, problem: { code: 'no-commits', message: 'the repository has no commit yet', hint: 'commit once, or compare with a review round or Mark All Reviewed' } };
  }
  const [, sha = '', branch = 'HEAD'] = head.stdout.toString('utf8').trim().split('\n');
  if (ref.kind === 'head') return resolved({ kind: 'head', sha, ...(branch === 'HEAD' ? {} : { branch }) });
  const noSuchRef: { ok: false; problem: BaselineProblem } = { ok: false, problem: { code: 'bad-ref', ref: ref.ref, message: `there is no branch or commit named ${JSON.stringify(ref.ref)}`, hint: 'pick another branch' } };
  if (ref.ref.startsWith('-') || ref.ref.includes('\0')) return noSuchRef;
  const base = runGit(root, ['merge-base', sha, ref.ref]);
  if (!base.ok) {
    if (/not a valid (object|commit)|unknown revision/i.test(base.stderr)) return noSuchRef;
    return { ok: false, problem: { code: 'unrelated', ref: ref.ref, message: `HEAD and ${JSON.stringify(ref.ref)} have no common ancestor`, hint: 'pick another branch' } };
  }
  return resolved({ kind: 'merge-base', ref: ref.ref, sha: base.stdout.toString('utf8').trim() });
}

export function changesSinceRev(root: string, sha: string, opts: { maxFileBytes?: number } = {}): { ok: true; list: ChangeList } | { ok: false; problem: BaselineProblem } {
  const started = Date.now();
  const maxFileBytes = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const changed = changedSinceCommit(root, sha);
  if (!changed.ok) return { ok: false, problem: { code: 'git-failed', message: changed.message, detail: changed.message } };
  const changes: FileChange[] = [];
  const realRoot = realPathOf(root);
  for (const { path: rel, oldPath, kind, added, removed, binary, untracked } of changed.files) {
    const now: Current | { current: 'deleted'; text?: undefined; note?: undefined } = kind === 'deleted' ? { current: 'deleted' } : currentAt(root, realRoot, rel, maxFileBytes);
    if (untracked) {
      if (now.current === 'deleted') continue; // gone since git listed it
      changes.push({ path: rel, kind, ...(now.text !== undefined ? { added: lineCount(now.text), removed: 0 } : {}), current: now.current, ...(now.note ? { note: now.note } : {}) });
      continue;
    }
    // git found binary content on one side (numstat's `-` counts).
    const note = binary ? 'binary' : now.note;
    changes.push({
      path: rel, ...(oldPath !== undefined ? { oldPath } : {}), kind,
      ...(added !== undefined ? { added, removed } : {}), current: now.current, ...(note ? { note } : {}),
    });
  }
  return { ok: true, list: { changes, skipped: [], missingContent: [], ms: Date.now() - started } };
}
