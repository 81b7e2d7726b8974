/**
 * What the agents in the repository's other worktrees changed (issue 39, docs/worktrees.md "The
 * Changes view across worktrees"): for each worktree git lists besides this checkout, its files
 * against the commit where its branch left this checkout's (the merge-base of its HEAD with this
 * checkout's branch) — its commits, its uncommitted edits and its new files, as a pull request
 * would show them — and the newest agent turn its hooks recorded there. Read only: nothing is
 * written in another worktree (its Viewed ticks and captures are its own window's).
 *
 * Plain Node: the Changes view runs it on its worker thread (extension/changes/compute.ts).
 */
import { newestTurn, type TurnRecord } from '../store/agent-turns';
import { listWorktrees, type Worktree } from '../workspace/worktrees';
import type { BaselineRef } from './model';
import { changesSince, type ChangeOptions, type ChangesSince } from './index';

export interface WorktreeChanges {
  /** Its Consider workspace (the same subfolder of that worktree as this checkout's). */
  root: string;
  /** Its folder, as git lists it. */
  folder: string;
  /** Its branch, short; absent when its HEAD is detached. */
  branch?: string;
  /** Compared with: the merge-base of its HEAD with this checkout's branch (or commit, when detached). */
  ref: BaselineRef;
  result: ChangesSince;
  /** The newest turn an agent's hook recorded there (`.consider/turns/`), if any. */
  lastTurn?: TurnRecord;
}

/**
 * Every other worktree that is there (not gone), in git's order, with what changed in it since
 * its branch left this checkout's. None outside a git repository, or with one worktree.
 */
export function changesInOtherWorktrees(root: string, opts: ChangeOptions = {}): WorktreeChanges[] {
  let all: Worktree[];
  try {
    all = listWorktrees(root);
  } catch {
    return []; // not a repository, no git: no other worktrees to show
  }
  const here = all.find((w) => w.current);
  const homeRef = here?.branch ?? here?.head;
  if (homeRef === undefined) return [];
  return all.filter((w) => !w.current && !w.missing).map((w) => {
    const ref: BaselineRef = { kind: 'branch', ref: homeRef };
    const lastTurn = newestTurn(w.root);
    return {
      root: w.root, folder: w.folder, ...(w.branch !== undefined ? { branch: w.branch } : {}),
      ref, result: changesSince(w.root, ref, undefined, opts), ...(lastTurn ? { lastTurn } : {}),
    };
  });
}
