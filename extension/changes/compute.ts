/**
 * What the Changes view computes off the extension host's thread: the baseline a folder compares
 * with and what changed since it, and the capture of Mark All Reviewed. Reading 10,000 files'
 * stats, hashing the changed ones and waiting for git take 100-200 ms a time (bench/RESULTS.md):
 * work for a worker thread (compute-worker.ts runs this; compute-client.ts asks it from the host).
 * Plain Node, no `vscode`: it runs where there is none. Requests and answers are plain values
 * (a worker's messages are copies).
 */
import { captureMark, changesSince, defaultBaseline, type BaselineRef, type ChangesSince } from '../../shared/changes';
import type { ReviewRound, StoreFile } from '../../shared/model';
import { changesInOtherWorktrees, type WorktreeChanges } from '../../shared/changes/worktree-changes';
import { mergedWorktreesToOffer, type MergedWorktree } from '../../shared/store/merged-worktrees';
import { gitText } from '../../shared/workspace/git';

/** What the user picked: follow the newest capture, or one baseline. */
export type BaselineChoice = { kind: 'latest' } | BaselineRef;

export type ComputeRequest =
  /** The changes of a folder since its baseline. `reviews`: the store's rounds, which name the captures. */
  | { kind: 'changes'; root: string; choice: BaselineChoice; reviews: readonly ReviewRound[] | undefined; maxFileBytes: number }
  /** Mark All Reviewed: a capture of the folder now. */
  | { kind: 'mark'; root: string; reviews: readonly ReviewRound[] | undefined; maxFileBytes: number }
  /** What the repository's other worktrees changed since their branches left this checkout's. */
  | { kind: 'worktrees'; root: string; maxFileBytes: number }
  /** Bring-home's offer: the worktrees merged here since (keys in `offered` were offered already). */
  | { kind: 'merged-worktrees'; root: string; offered: readonly string[] };

export interface MergedWorktreesAnswer {
  /** This checkout's git folder (where its HEAD log is); undefined: not a git repository. */
  gitDir?: string;
  due: MergedWorktree[];
}

export interface ChangesAnswer {
  /** The baseline compared with; undefined: there is none (no capture, no commit). */
  ref?: BaselineRef;
  result?: ChangesSince;
}

export type MarkAnswer = { ok: true; read: number; reused: number; ms: number } | { ok: false; error: string };

export type AnswerTo<R extends ComputeRequest> =
  R extends { kind: 'changes' } ? ChangesAnswer
    : R extends { kind: 'worktrees' } ? WorktreeChanges[]
    : R extends { kind: 'merged-worktrees' } ? MergedWorktreesAnswer
    : MarkAnswer;

/** The part of the store these computations read: the rounds (their captures and names). */
function storeOf(reviews: readonly ReviewRound[] | undefined): StoreFile {
  return { version: 1, comments: [], ...(reviews ? { reviews: [...reviews] } : {}) };
}

export function compute<R extends ComputeRequest>(request: R): AnswerTo<R>;
export function compute(request: ComputeRequest): ChangesAnswer | MarkAnswer | WorktreeChanges[] | MergedWorktreesAnswer {
  if (request.kind === 'worktrees') return changesInOtherWorktrees(request.root, { maxFileBytes: request.maxFileBytes });
  if (request.kind === 'merged-worktrees') {
    const gitDir = gitText(request.root, ['rev-parse', '--absolute-git-dir'])?.trim();
    return gitDir ? { gitDir, due: mergedWorktreesToOffer(request.root, request.offered) } : { due: [] };
  }
  const store = storeOf(request.reviews);
  if (request.kind === 'mark') {
    const r = captureMark(request.root, store, { maxFileBytes: request.maxFileBytes });
    return r.ok ? { ok: true, read: r.report.read, reused: r.report.reused, ms: r.report.ms } : r;
  }
  const ref = request.choice.kind === 'latest' ? defaultBaseline(request.root, store) : request.choice;
  if (!ref) return {};
  return { ref, result: changesSince(request.root, ref, store, { maxFileBytes: request.maxFileBytes }) };
}
