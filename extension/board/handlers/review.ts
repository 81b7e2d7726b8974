/**
 * `review/*` requests: the board's review bar submits or discards the human's pending review
 * (docs/agent-loop.md); Copy digest puts the review on the clipboard as one page. Each workspace folder has its own store, so its own pending review:
 * both act on every writable folder whose store holds pending threads.
 */
import type { FolderStoreState } from '../../api';
import type { UndoEntry } from '../undo';
import { BoardError, forEachFolder, message as failureText, writableFolders, type Handlers } from './context';
import { l10n } from '../../../shared/board/l10n';

const hasPending = (f: FolderStoreState): boolean => f.store!.comments.some((c) => c.pending === true);

export const reviewHandlers: Handlers<'review/submit' | 'review/sendToAnySession' | 'review/discard' | 'review/copyDigest'> = {
  /**
   * One round per folder with a pending review. The overall message goes with the first round
   * made (the first such folder's, unless its submit failed), not with every folder's: the
   * agent reads each round's message (`consider-cli review`), so one note in several rounds
   * would reach it several times. With nothing pending anywhere, a message alone is submitted
   * to the first writable folder (submitReview takes a round with a message and no threads).
   */
  'review/submit': async (p, ctx) => {
    const writable = writableFolders(ctx);
    const message = p.message !== undefined && p.message.trim() !== '' ? p.message : undefined;
    let targets = writable.filter(hasPending);
    if (targets.length === 0 && message !== undefined && writable[0]) targets = [writable[0]];
    if (targets.length === 0) throw new BoardError(l10n.t('there is no pending review to submit'), 'usage');
    // Which agent session the round is for: asked as the command asks, in a single folder only (docs/worktrees.md).
    const forSession = targets.length === 1 && ctx.services.askSession ? await ctx.services.askSession(targets[0]!.root) : undefined;
    if (forSession === null) return { done: 0, failed: [], rounds: [], cancelled: true };
    const rounds: { root: string; round: number }[] = [];
    let done = 0;
    const failed = await forEachFolder(ctx, targets, async (f) => {
      const r = await ctx.services.store.submitReview(f.root, { ...(message !== undefined && rounds.length === 0 ? { message } : {}), ...(forSession !== undefined ? { forSession } : {}) });
      rounds.push({ root: f.root, round: r.round });
      done += r.threadIds.length;
    });
    return { done, failed, rounds };
  },

  /**
   * A round addressed to one agent session, sent to any session instead: the one it was for has
   * ended (its round would wait unseen) or was the wrong one. Its threads follow the round.
   */
  'review/sendToAnySession': async (p, ctx) => {
    const f = ctx.folder(p.root);
    if (f.error || !f.store || f.readOnlyReason) throw new BoardError(l10n.t('the store of {0} cannot be written', f.name), 'unreadable');
    try {
      await ctx.services.store.addressRound(p.root, p.round, undefined);
    } catch (e) {
      await ctx.afterWrite([p.root]);
      return { done: 0, failed: [{ id: l10n.t('Round {0}', p.round), message: failureText(e) }] };
    }
    await ctx.afterWrite([p.root]);
    return { done: 1, failed: [] };
  },

  /** Deletes the pending threads; undo puts them back, still pending (restoreThreads keeps them as they were). */
  'review/discard': async (_p, ctx) => {
    const parts: UndoEntry[] = [];
    let done = 0;
    const failed = await forEachFolder(ctx, writableFolders(ctx).filter(hasPending), async (f) => {
      const removed = await ctx.services.store.discardReview(f.root);
      done += removed.length;
      if (removed.length) parts.push({ kind: 'restore', root: f.root, threads: removed });
    });
    const undoId = ctx.undo.push(parts);
    return { done, failed, ...(undoId ? { undoId } : {}) };
  },

  /** The review as one Markdown page on the clipboard (the board says what was copied). */
  'review/copyDigest': async (_p, ctx) => {
    const copied = await ctx.services.copyDigest();
    return copied ? { copied: true, ...copied } : { copied: false, chars: 0, pendingLeftOut: 0 };
  },
};
