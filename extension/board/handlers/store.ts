/** `store/*` requests: archive resolved (undoable), reconcile all (with progress), undo, recovery. */
import fs from 'node:fs';
import type { ReconcileSummary } from '../../../shared/board/protocol';
import type { UndoEntry } from '../undo';
import { BoardError, forEachFolder, message, writableFolders, type HandlerContext, type Handlers } from './context';
import { l10n } from '../../../shared/board/l10n';

export const storeHandlers: Handlers<'store/archiveResolved' | 'store/reconcileAll' | 'store/undo' | 'store/recover'> = {
  'store/archiveResolved': async (_p, ctx) => {
    const parts: UndoEntry[] = [];
    let done = 0;
    const failed = await forEachFolder(ctx, writableFolders(ctx), async (f) => {
      const moved = await ctx.services.store.archiveResolved(f.root, 'human');
      done += moved.length;
      if (moved.length) parts.push({ kind: 'unarchive', root: f.root, ids: moved.map((c) => c.id) });
    });
    const undoId = ctx.undo.push(parts);
    return { done, failed, ...(undoId ? { undoId } : {}) };
  },

  'store/reconcileAll': async (_p, ctx) => {
    const folders = writableFolders(ctx);
    const sum = { folders: folders.length, checked: 0, moved: 0, stale: 0, orphaned: 0, restored: 0, failed: [] as { root: string; message: string }[] };
    // Progress across folders: each folder's done/total is scaled into one running count.
    const totals = folders.map((f) => f.store!.comments.length);
    const grand = totals.reduce((a, b) => a + b, 0);
    let before = 0;
    for (const [i, f] of folders.entries()) {
      try {
        const onProgress = (done: number, total: number) => ctx.progress(before + Math.min(done, totals[i]!) * (total ? totals[i]! / total : 1), grand);
        const r = await ctx.services.store.reconcileWorkspace(f.root, { force: true, onProgress });
        sum.checked += r.checked; sum.moved += r.moved; sum.stale += r.stale; sum.orphaned += r.orphaned; sum.restored += r.restored;
      } catch (e) {
        sum.failed.push({ root: f.root, message: message(e) });
      }
      before += totals[i]!;
      ctx.progress(before, grand);
    }
    await ctx.afterWrite(folders.map((f) => f.root));
    return sum satisfies ReconcileSummary;
  },

  'store/undo': async (p, ctx) => {
    const parts = ctx.undo.take(p.undoId);
    if (!parts) throw new BoardError(l10n.t('nothing to undo (already undone, or too old)'), 'not_found');
    let done = 0;
    const failed: { id: string; message: string }[] = [];
    for (const part of parts) {
      try {
        ctx.folder(part.root);
        if (part.kind === 'restore') {
          await ctx.services.store.restoreThreads(part.root, [...part.threads], 'human');
          done += part.threads.length;
        } else if (part.kind === 'anchor') {
          await ctx.services.store.restoreAnchor(part.root, part.id, part.place, 'human');
          done++;
        } else {
          done += (await ctx.services.store.unarchive(part.root, [...part.ids], 'human')).length;
        }
      } catch (e) {
        failed.push({ id: part.root, message: message(e) });
      }
    }
    await ctx.afterWrite(parts.map((x) => x.root));
    return { done, failed };
  },

  'store/recover': async (p, ctx) => {
    ctx.folder(p.root);
    if (p.action === 'restoreBackup') await restoreBackup(ctx, p.root);
    await ctx.afterWrite([p.root]);
    const f = ctx.folder(p.root);
    return f.error ? { done: 0, failed: [{ id: f.name, message: f.error.message }] } : { done: 1, failed: [] };
  },
};

/**
 * Puts the last good copy back (restoreLastGoodCopy: under the lock, only while store.json is
 * still unreadable, atomically, the damaged file kept beside it, never deleted).
 */
async function restoreBackup(ctx: HandlerContext, root: string): Promise<void> {
  const paths = ctx.services.store.considerPaths(root);
  if (!fs.existsSync(paths.backup)) throw new BoardError(l10n.t('there is no last good copy (store.json.bak)'), 'not_found');
  const { restored, keptAs } = await ctx.services.store.restoreLastGoodCopy(root);
  ctx.services.log(restored ? `restored ${paths.store} from its backup; the damaged file is kept as ${keptAs}` : `${paths.store} is readable again; nothing was restored`);
}
