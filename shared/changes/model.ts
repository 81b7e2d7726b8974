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

/** A baseline that cannot be used, as the view says it. */
export interface BaselineProblem {
  code: 'no-git' | 'not-repo' | 'no-commits' | 'bad-ref' | 'git-failed' | 'missing' | 'damaged';
  message: string;
  hint?: string;
}

export type ChangeResult = { ok: true; list: ChangeList } | { ok: false; problem: BaselineProblem };

/** `+12 −3`, or the reason there are no counts. */
export function countsText(c: Pick<FileChange, 'added' | 'removed' | 'note'>): string {
  if (c.added !== undefined && c.removed !== undefined) return `+${c.added} −${c.removed}`;
  switch (c.note) {
    case 'binary': return 'binary';
    case 'too-large': return 'too large to compare';
    case 'unreadable': return 'unreadable';
    case 'symlink-outside': return 'link outside the workspace';
    case 'missing-content': return 'baseline copy missing';
    default: return '';
  }
}
