/** What every request handler gets: the services, the undo stack, and a few safe lookups. */
import type { Comment } from '../../../shared/model';
import type { BulkResult, RequestParams, RequestResult, RequestType, ThreadRef } from '../../../shared/board/protocol';
import type { FolderStoreState } from '../../api';
import type { BoardServices } from '../services';
import type { UndoStack } from '../undo';
import { l10n } from '../../../shared/board/l10n';
import { errorText } from '../../error-words';

export interface HandlerContext {
  readonly services: BoardServices;
  readonly undo: UndoStack;
  /** Reports progress of the current request to the webview. */
  progress(done: number, total: number): void;
  /** The folder for a root the webview named; throws unless it is one of the workspace's folders. */
  folder(root: string): FolderStoreState;
  /** Every folder the board shows: the workspace's, then other worktrees' (read-only: `folder` refuses them). */
  shownFolders(): readonly FolderStoreState[];
  /** Re-reads the stores written to and pushes a fresh snapshot. */
  afterWrite(roots: Iterable<string>): Promise<void>;
}

export type Handlers<K extends RequestType> = {
  readonly [P in K]: (params: RequestParams<P>, ctx: HandlerContext) => Promise<RequestResult<P>>;
};

export class BoardError extends Error {
  constructor(message: string, readonly code = 'board') { super(message); }
}

export function findComment(ctx: HandlerContext, ref: ThreadRef): Comment {
  const f = ctx.folder(ref.root);
  if (f.error) throw new BoardError(l10n.t('the store of {0} cannot be read', f.name), 'unreadable');
  const c = f.store?.comments.find((x) => x.id === ref.id);
  if (!c) throw new BoardError(l10n.t('thread {0} no longer exists', ref.id), 'not_found');
  return c;
}

/** Folders that can be written: a store that exists, reads, and is not from a newer version. */
export const writableFolders = (ctx: HandlerContext): FolderStoreState[] => ctx.services.host.folders().filter((f) => f.store && !f.error && !f.readOnlyReason);

/** A failure's message as the user reads it (in VS Code's language where the store module wrote it as words). */
export const message = (e: unknown): string => errorText(e).message;

/**
 * Runs `fn` for each folder one after another, collecting failures by folder name and
 * reporting progress, then re-reads them: the store-wide actions (archive, review) act on
 * every folder and one folder's failure must not stop the others.
 */
export async function forEachFolder(ctx: HandlerContext, folders: readonly FolderStoreState[], fn: (f: FolderStoreState) => Promise<void>): Promise<{ id: string; message: string }[]> {
  const failed: { id: string; message: string }[] = [];
  for (const [i, f] of folders.entries()) {
    try {
      await fn(f);
    } catch (e) {
      failed.push({ id: f.name, message: message(e) });
    }
    ctx.progress(i + 1, folders.length);
  }
  await ctx.afterWrite(folders.map((f) => f.root));
  return failed;
}

/** Runs `fn` for each ref one after another (the store serialises writes anyway), collecting failures. */
export async function forEachRef(ctx: HandlerContext, refs: readonly ThreadRef[], fn: (ref: ThreadRef) => Promise<void>): Promise<BulkResult> {
  let done = 0;
  const failed: { id: string; message: string }[] = [];
  const roots = new Set<string>();
  for (const ref of refs) {
    try {
      ctx.folder(ref.root);
      roots.add(ref.root);
      await fn(ref);
      done++;
    } catch (e) {
      failed.push({ id: ref.id, message: message(e) });
    }
    if (refs.length > 1) ctx.progress(done + failed.length, refs.length);
  }
  await ctx.afterWrite(roots);
  return { done, failed };
}
