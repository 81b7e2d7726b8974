/**
 * The threads on a plan: ordinary Consider threads on its review document. A verdict delivers
 * the open ones with something the agent has not read (or still in the developer's pending
 * review, which the verdict sends), in the order of the plan's lines.
 */
import { isUnseen } from '../model';
import type { Comment, StoreFile } from '../model';
import { mutateStore } from '../store/store-io';

/** The threads on the review document `rel`, in the order of their lines. */
export function planThreads(store: StoreFile, rel: string): Comment[] {
  return store.comments.filter((c) => c.file === rel)
    .sort((a, b) => a.anchor.startLine - b.anchor.startLine || a.anchor.endLine - b.anchor.endLine || a.createdAt.localeCompare(b.createdAt));
}

/** What a verdict given now delivers: the open threads with news for the agent, pending ones included. */
export function verdictThreads(store: StoreFile, rel: string): Comment[] {
  return planThreads(store, rel).filter((c) => c.workflowState === 'open' && (c.pending === true || isUnseen(c)));
}

/**
 * Sends the developer's pending comments on the plan with the verdict: they stop being pending
 * (visible to the agent, and unseen until it reads them). Returns their ids.
 */
export async function releasePlanComments(root: string, rel: string): Promise<string[]> {
  return mutateStore(root, 'human', (store, tx) => {
    const pending = store.comments.filter((c) => c.file === rel && c.pending === true);
    if (pending.length === 0) {
      tx.noWrite();
      return [];
    }
    for (const c of pending) {
      delete c.pending;
      c.submittedAt = tx.now;
      c.updatedAt = tx.now;
    }
    return pending.map((c) => c.id);
  });
}
