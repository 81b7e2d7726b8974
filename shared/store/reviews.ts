/**
 * Review rounds (docs/agent-loop.md): the human collects new threads in a pending review,
 * then submits them to the agent as one batch, optionally with an overall message. Pending
 * threads are in the store from the start (nothing is lost on a crash); the agent's side
 * (list, summary, get, hook, wait) ignores them until the submit.
 */
import { ConsiderError } from '../errors';
import type { Comment, ReviewRound, StoreFile } from '../model';
import { SESSION_PATTERN } from '../model';
import { mutateStore } from './store-io';
import { checkBody } from './threads';
import { l10n } from '../words';

/** The threads of the pending review, in store order. */
export function pendingThreads(store: StoreFile): Comment[] {
  return store.comments.filter((c) => c.pending === true);
}

/** The newest submitted round, if any. */
export function latestRound(store: StoreFile): ReviewRound | undefined {
  const rounds = store.reviews;
  return rounds && rounds.length ? rounds[rounds.length - 1] : undefined;
}

/** A submitted round by number; not_found when there is none. */
export function findRound(store: StoreFile, round: number): ReviewRound {
  const found = store.reviews?.find((r) => r.round === round);
  if (!found) {
    const last = latestRound(store)?.round;
    throw new ConsiderError('not_found', l10n.t('no review round {0}', round), last ? l10n.t('rounds are numbered 1 to {0}', last) : l10n.t('no review has been submitted yet'));
  }
  return found;
}

/**
 * Submits the pending review: its threads become visible to the agent (and unseen, since
 * submittedAt is human activity), numbered as the next round. A submit with nothing pending
 * and no message is a usage error: there would be nothing to deliver.
 */
export async function submitReview(root: string, opts: { message?: string; baseline?: string; forSession?: string } = {}): Promise<ReviewRound> {
  const forSession = opts.forSession === undefined ? undefined : checkSession(opts.forSession);
  const message = opts.message !== undefined && opts.message.trim() !== '' ? checkBody(opts.message) : undefined;
  return mutateStore(root, 'human', (store, tx) => {
    const pending = pendingThreads(store);
    if (pending.length === 0 && message === undefined) {
      throw new ConsiderError('usage', 'there is no pending review to submit', 'add comments to a review first, or write an overall message');
    }
    const round: ReviewRound = {
      round: (latestRound(store)?.round ?? 0) + 1,
      submittedAt: tx.now,
      threadIds: pending.map((c) => c.id),
      ...(message !== undefined ? { message } : {}),
      // The capture of the workspace taken for this round (shared/changes): "changes since round N".
      ...(opts.baseline !== undefined ? { baseline: opts.baseline } : {}),
      // Addressed to one agent session: only it is shown the round (model.ts storeSeenBy).
      ...(forSession !== undefined ? { forSession } : {}),
    };
    for (const c of pending) {
      delete c.pending;
      c.round = round.round;
      c.submittedAt = tx.now;
      c.updatedAt = tx.now;
    }
    (store.reviews ??= []).push(round);
    tx.log({ action: 'submit-review', detail: { round: round.round, threads: round.threadIds.length, message: message !== undefined, ...(forSession ? { forSession } : {}) } });
    return round;
  });
}

/** A session id given to address a round; usage error when it is not one (SESSION_PATTERN). */
export function checkSession(session: string): string {
  if (!SESSION_PATTERN.test(session)) {
    throw new ConsiderError('usage', `a session id is letters, digits and ._:@- (at most 200), got ${JSON.stringify(session.slice(0, 60))}`, 'take it from `consider-cli sessions` or the agent\'s hook input (session_id)');
  }
  return session;
}

/**
 * Re-addresses a submitted round: to another session, or (undefined) to any session, e.g. when
 * the session it was for has ended. Its threads follow the round.
 */
export async function addressRound(root: string, round: number, forSession: string | undefined): Promise<ReviewRound> {
  const to = forSession === undefined ? undefined : checkSession(forSession);
  return mutateStore(root, 'human', (store, tx) => {
    const r = findRound(store, round);
    if (r.forSession === to) {
      tx.noWrite();
      return r;
    }
    if (to === undefined) delete r.forSession;
    else r.forSession = to;
    tx.log({ action: 'address-round', detail: { round, forSession: to ?? null } });
    return r;
  });
}

/**
 * Deletes the threads of the pending review and returns them as they were, so the caller
 * can offer undo (restoreThreads). The activity log keeps each one as well.
 */
export async function discardReview(root: string): Promise<Comment[]> {
  return mutateStore(root, 'human', (store, tx) => {
    const pending = pendingThreads(store);
    if (pending.length === 0) {
      tx.noWrite();
      return [];
    }
    store.comments = store.comments.filter((c) => c.pending !== true);
    tx.log({ action: 'discard-review', detail: { threads: pending } });
    return pending;
  });
}

/** Records that the agent read a round's overall message. */
export async function markRoundSeen(root: string, round: number): Promise<void> {
  await mutateStore(root, 'agent', (store, tx) => {
    const r = findRound(store, round);
    if (r.agentSeenAt !== undefined) {
      tx.noWrite();
      return;
    }
    r.agentSeenAt = tx.now;
    tx.log({ action: 'seen', detail: { round } });
  });
}
