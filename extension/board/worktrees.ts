/**
 * The other git worktrees on the board (issue 39, docs/worktrees.md): for each workspace folder
 * in a repository with more than one worktree holding a Consider store, the worktrees git lists
 * (shared/workspace/worktrees.ts) and the threads of the others, read as `consider-cli list
 * --worktree` reads them: re-anchored lazily against that worktree's own files, the results
 * written back to its store when its lock is free (best effort, as every read).
 *
 * Only folders `git worktree list` gives are read: never a path from a store or a setting
 * (README, "Trust model"). Nothing here writes a thread: the board shows other worktrees'
 * threads read-only (replies and resolve happen in a window on that worktree).
 *
 * No `vscode` import: the tests and the bench run this as it is.
 */
import { ConsiderError, READ_SIDE_WRITE_WAIT_MS, listWorktrees, readStore, readingWorktree, reconcileWorkspace, newestTurn, isWorkingNow, worktreeName, type Worktree } from '../../shared';
import type { WorktreeView } from '../../shared/board/protocol';
import type { FolderStoreState } from '../api';
import { errorText } from '../error-words';

/** What the board adds for worktrees: a view per folder (workspace folders and other worktrees' alike) and the other worktrees' stores. */
export interface WorktreeFolders {
  /** The worktree each folder is, by root (this checkout's workspace folders and the others'); empty when no grouping is wanted. */
  readonly views: ReadonlyMap<string, WorktreeView>;
  /** The other worktrees' stores, as folder states (their root is that worktree's workspace folder). */
  readonly others: readonly FolderStoreState[];
}

export const NO_WORKTREES: WorktreeFolders = { views: new Map(), others: [] };

/**
 * The worktrees of the repositories the workspace folders `roots` are in, and the threads of
 * those that are not open here. A folder outside git, or without git on PATH, adds nothing.
 */
export async function readOtherWorktrees(roots: readonly string[], log: (line: string) => void = () => {}): Promise<WorktreeFolders> {
  const views = new Map<string, WorktreeView>();
  const others: FolderStoreState[] = [];
  const open = new Set(roots);
  for (const root of roots) {
    let worktrees: Worktree[];
    try {
      worktrees = listWorktrees(root);
    } catch (e) {
      if (!(e instanceof ConsiderError)) throw e;
      continue; // not in a repository, or no git: one checkout, no headers
    }
    // One worktree with a store is the usual case: the board stays as it was.
    if (worktrees.filter((w) => w.hasStore && !w.missing).length < 2) continue;
    for (const [order, w] of worktrees.entries()) {
      if (w.missing || (!w.current && (!w.hasStore || open.has(w.root) || views.has(w.root)))) continue;
      const view: WorktreeView = { ...(w.branch !== undefined ? { branch: w.branch } : {}), folder: w.folder, current: w.current, order, ...lastTurnOf(w) };
      if (w.current) {
        views.set(root, view);
        continue;
      }
      views.set(w.root, view);
      others.push(await readWorktreeStore(w, log));
    }
  }
  return { views, others };
}

/** One other worktree's store, re-anchored there; an unreadable one as an error state naming the worktree. */
async function readWorktreeStore(w: Worktree, log: (line: string) => void): Promise<FolderStoreState> {
  const name = worktreeName(w);
  try {
    return await readingWorktree(w, async () => {
      const report = await reconcileWorkspace(w.root, { bestEffortWrite: true, lockWaitMs: READ_SIDE_WRITE_WAIT_MS });
      const read = report.store ? { store: report.store } : readStore(w.root, { reuseUnchanged: true });
      return { root: w.root, name, store: read.store };
    });
  } catch (e) {
    const err = e instanceof ConsiderError ? e : new ConsiderError('io', `worktree ${name}: ${String((e as Error)?.message ?? e)}`);
    log(err.message);
    return { root: w.root, name, error: { code: err.code, ...errorText(err) } };
  }
}

/** When an agent's hook last recorded a turn in that worktree (start or end), or undefined. */
/** The newest turn an agent's hook recorded in a worktree: when, which session, whether it runs now. */
function lastTurnOf(w: Worktree): Pick<WorktreeView, 'lastAgentAt' | 'lastAgentSession' | 'agentWorking'> {
  const newest = w.missing || !w.hasStore ? undefined : newestTurn(w.root);
  if (!newest) return {};
  return { lastAgentAt: new Date(Date.parse(newest.at)).toISOString(), lastAgentSession: newest.session, ...(isWorkingNow(newest) ? { agentWorking: true as const } : {}) };
}
