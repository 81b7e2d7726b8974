/**
 * Which other worktrees of the repository to offer to bring home (issue 39, docs/worktrees.md
 * "Threads come home"): those whose branch has work of its own, is merged into this checkout's
 * HEAD, and whose store holds open threads, at a branch tip not offered yet.
 *
 * It runs git (`worktree list`, then two calls per other worktree) and reads the other stores,
 * which may be megabytes: the extension asks it from the Changes view's worker thread
 * (extension/changes/compute.ts), never on the extension host's thread (issue 36).
 */
import { hasOwnCommits, isMergedIntoHead, listWorktrees, worktreeName, type Worktree } from '../workspace/worktrees';
import { readStore } from './store-io';
import { summarize } from './threads';

export interface MergedWorktree {
  /** The worktree's folder (what *Bring Worktree Threads Home…* takes to name it). */
  folder: string;
  /** Its name for people: the branch, or the folder when detached. */
  name: string;
  /** Folder and branch tip: the offer is made once per key. */
  key: string;
  /** Its open threads. */
  open: number;
}

/** Open threads in a worktree's store (0 when it has none or it does not read). */
export function openThreads(w: Worktree): number {
  if (w.missing || !w.hasStore) return 0;
  try {
    return summarize(readStore(w.root).store).open;
  } catch {
    return 0;
  }
}

/** The key one offer is remembered by: the worktree's folder and its branch tip. */
export const offerKey = (w: Pick<Worktree, 'folder' | 'head'>): string => `${w.folder}\u0000${w.head ?? ''}`;

/** The other worktrees of `root`'s repository to offer now, leaving out the keys in `offered`. */
export function mergedWorktreesToOffer(root: string, offered: readonly string[]): MergedWorktree[] {
  const done = new Set(offered);
  const out: MergedWorktree[] = [];
  for (const w of listWorktrees(root)) {
    if (w.current || w.missing || !w.hasStore || w.branch === undefined || w.head === undefined) continue;
    const key = offerKey(w);
    if (done.has(key)) continue;
    // Cheapest first: two git calls, then the worktree's store.
    if (isMergedIntoHead(root, w.branch) !== true || hasOwnCommits(root, w.branch) !== true) continue;
    const open = openThreads(w);
    if (open > 0) out.push({ folder: w.folder, name: worktreeName(w), key, open });
  }
  return out;
}
