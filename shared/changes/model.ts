/**
 * The Changes view's data, as plain values (no vscode, no Node): what a baseline is, and what
 * changed since one. Shared by the extension, the tests and the board.
 */
import type { ChangeKind } from '../workspace/changed';

/** What the changes are counted from. */
export type BaselineRef =
  /** A capture (baselines.ts): a submitted review round's, or a Mark All Reviewed. */
  | { kind: 'capture'; id: string }
  /** The last commit, plus untracked files that are not ignored. */
  | { kind: 'head' }
  /** The merge-base of HEAD with a ref the user picked (`main`, `origin/main`). */
  | { kind: 'branch'; ref: string };

/** One string per baseline: the key of its viewed state and of its documents' URIs. */
export function baselineKey(ref: BaselineRef): string {
  switch (ref.kind) {
    case 'capture': return `capture:${ref.id}`;
    case 'head': return 'head';
    case 'branch': return `branch:${ref.ref}`;
  }
}

export function parseBaselineKey(key: string): BaselineRef | undefined {
  if (key === 'head') return { kind: 'head' };
  if (key.startsWith('capture:') && key.length > 8) return { kind: 'capture', id: key.slice(8) };
  if (key.startsWith('branch:') && key.length > 7) return { kind: 'branch', ref: key.slice(7) };
  return undefined;
}

/** How a file changed: the workspace's own word for it (workspace/changed.ts). */
export type { ChangeKind };

/** Why a change has no line counts or no diff. */
export type ChangeNote =
  | 'binary'
  | 'too-large'
  | 'unreadable'
  | 'symlink-outside'
  /** The baseline's copy of this file is gone from `.consider/` (removed by hand): the baseline is incomplete. */
  | 'missing-content';

export interface FileChange {
  /** Workspace-relative path now (for a deleted file: where it was). */
  path: string;
  /** A renamed file's path in the baseline. */
  oldPath?: string;
  kind: ChangeKind;
  /** Lines added and removed, when both sides are text that could be read. */
  added?: number;
  removed?: number;
  note?: ChangeNote;
  /**
   * What the working side is now, for the Viewed checkbox: its content hash, `deleted`, or for a
   * file compared by stat only a stat key. A file viewed with another value changed since.
   */
  current: string;
}

export interface ChangeList {
  changes: FileChange[];
  /** Files neither side could compare, by reason: said in the view, never silently left out. */
  skipped: { path: string; reason: ChangeNote }[];
  /** Changed files whose baseline copy is missing: the baseline is incomplete. */
  missingContent: string[];
  /** How long computing the list took. */
  ms: number;
}

/**
 * A baseline that cannot be used. `message` and `hint` are the English words (the CLI's, the
 * logs'); the extension says it in VS Code's language from `code` and `ref`/`detail`
 * (extension/changes/baseline-words.ts), so nothing here needs a translation.
 */
export interface BaselineProblem {
  /** `bad-ref`: no branch or commit of that name; `unrelated`: HEAD and it share no commit. */
  code: 'no-git' | 'not-repo' | 'no-commits' | 'bad-ref' | 'unrelated' | 'git-failed' | 'missing' | 'damaged';
  message: string;
  hint?: string;
  /** The ref the user gave (`bad-ref`, `unrelated`). */
  ref?: string;
  /** What git or the file system said (`git-failed`, `damaged`): their own words, not ours. */
  detail?: string;
}

/**
 * What a baseline is, as data. The words are chosen where they are shown: `baselineLabel` gives
 * the CLI's and the digest's English, the extension its translation (baseline-words.ts).
 */
export type BaselineName =
  /** The last commit: on `branch`, or detached when there is none. */
  | { kind: 'head'; branch?: string; sha: string }
  | { kind: 'merge-base'; ref: string; sha: string }
  | { kind: 'round'; round: number }
  | { kind: 'mark' }
  /** A round's capture whose round the store no longer lists. */
  | { kind: 'round-gone' }
  /** A git baseline that could not be resolved: what the user asked for. */
  | { kind: 'last-commit' }
  | { kind: 'branch'; ref: string };

const short = (sha: string): string => sha.slice(0, 7);

/** The English words for a baseline: "the last commit (main, 1a2b3c4)", "review round 3". */
export function baselineLabel(name: BaselineName): string {
  switch (name.kind) {
    case 'head': return `the last commit (${name.branch === undefined ? 'detached at ' : `${name.branch}, `}${short(name.sha)})`;
    case 'merge-base': return `merge-base with ${name.ref} (${short(name.sha)})`;
    case 'round': return `review round ${name.round}`;
    case 'mark': return 'marked reviewed';
    case 'round-gone': return 'a review round no longer in the store';
    case 'last-commit': return 'the last commit';
    case 'branch': return `branch ${name.ref}`;
  }
}

export type ChangeResult = { ok: true; list: ChangeList } | { ok: false; problem: BaselineProblem };
