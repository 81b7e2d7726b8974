/**
 * `review/*` requests: the board's review bar submits or discards the human's pending review
 * (docs/agent-loop.md); Copy digest puts the review on the clipboard as one page. Each workspace folder has its own store, so its own pending review:
 * both act on every writable folder whose store holds pending threads.
 */
import type { FolderStoreState } from '../../api';
import type { UndoEntry } from '../undo';
import { BoardError, forEachFolder, writableFolders, type Handlers } from './context';
import { l10n } from '../../../shared/board/l10n';

const hasPending = (f: FolderStoreState): boolean => f.store!.comments.some((c) => c.pending === true);

export const reviewHandlers: Handlers<'review/submit' | 'review/discard' | 'review/copyDigest'> = {
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
    const rounds: { root: string; round: number }[] = [];
    let done = 0;
    const failed = await forEachFolder(ctx, targets, async (f) => {
      const r = await ctx.services.store.submitReview(f.root, message !== undefined && rounds.length === 0 ? { message } : {});
      rounds.push({ root: f.root, round: r.round });
      done += r.threadIds.length;
    });
    return { done, failed, rounds };
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
