/** `thread/*` requests: conversations, reply, resolve/reopen, delete (undoable). The board acts as the human. */
import type { Comment } from '../../../shared/model';
import { toFolderDetails } from '../snapshot';
import { forEachRef, type Handlers } from './context';

export const threadHandlers: Handlers<'thread/details' | 'thread/reply' | 'thread/setState' | 'thread/delete'> = {
  // The host's current state: a snapshot sent after this answer brings its own request.
  'thread/details': async (_p, ctx) => ({ folders: ctx.shownFolders().map(toFolderDetails) }),

  'thread/reply': (p, ctx) =>
    forEachRef(ctx, [{ root: p.root, id: p.id }], async (ref) => { await ctx.services.store.replyToThread(ref.root, ref.id, { body: p.body, author: 'human' }); }),

  'thread/setState': (p, ctx) =>
    forEachRef(ctx, p.refs, async (ref) => { await ctx.services.store.setWorkflowState(ref.root, ref.id, p.state, 'human'); }),

  'thread/delete': async (p, ctx) => {
    const removed = new Map<string, Comment[]>();
    const r = await forEachRef(ctx, p.refs, async (ref) => {
      const c = await ctx.services.store.deleteThread(ref.root, ref.id, 'human');
      removed.set(ref.root, [...(removed.get(ref.root) ?? []), c]);
    });
    const undoId = ctx.undo.push([...removed].map(([root, threads]) => ({ kind: 'restore' as const, root, threads })));
    return undoId ? { ...r, undoId } : r;
  },
};
