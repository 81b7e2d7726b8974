/**
 * Archive (spec §9.4): resolved threads moved out of the active store into
 * `.consider/archive.json`, which has the store's own format and stays readable.
 * Archive writes happen under the store lock, inside the store mutation, and before the
 * store is replaced: a crash in between leaves a thread in both files (harmless, the next
 * archive or unarchive settles it), never in neither.
 */
import { STORE_MAX_BYTES, readDataText } from '../data-file';
import { ConsiderError } from '../errors';
import { STORE_VERSION } from '../model';
import type { Author, Comment, StoreFile } from '../model';
import { considerPaths } from '../paths';
import { writeFileAtomic } from './atomic-write';
import { mutateStore } from './store-io';
import { parseStoreText, serializeStore } from './store-text';
import { l10n } from '../words';

function readArchiveFile(root: string): StoreFile {
  const file = considerPaths(root).archive;
  let text: string | undefined;
  try {
    text = readDataText(file, { maxBytes: STORE_MAX_BYTES, what: '.consider/archive.json' });
  } catch (e) {
    if (e instanceof ConsiderError) throw e;
    throw new ConsiderError('io', `cannot read ${file}: ${(e as Error).message}`);
  }
  if (text === undefined) return { version: STORE_VERSION, comments: [] };
  try {
    return parseStoreText(text, '.consider/archive.json');
  } catch (e) {
    // parseStoreText's hint is the store's (restore store.json.bak): followed for a broken
    // archive, it would roll the healthy store back. The archive has no backup of its own.
    if (!(e instanceof ConsiderError) || e.code !== 'unreadable' || /newer Consider/.test(e.hint ?? '')) throw e;
    throw new ConsiderError('unreadable', e.words?.message ?? e.message,
      l10n.t('fix .consider/archive.json by hand, or move it aside to start a new archive; the active threads in store.json are not affected'));
  }
}

/** The archived threads (empty when there is no archive). */
export function readArchive(root: string): Comment[] {
  return readArchiveFile(root).comments;
}

function writeArchive(root: string, archive: StoreFile): void {
  writeFileAtomic(considerPaths(root).archive, serializeStore(archive));
}

/** Removes threads from the archive (call under the store lock). */
export function removeFromArchive(root: string, ids: string[]): void {
  const archive = readArchiveFile(root);
  const drop = new Set(ids);
  const kept = archive.comments.filter((c) => !drop.has(c.id));
  if (kept.length === archive.comments.length) return;
  archive.comments = kept;
  writeArchive(root, archive);
}

/** Moves resolved threads (all, or only `opts.ids`) to the archive; returns what moved. */
export async function archiveResolved(root: string, actor: Author, opts: { ids?: string[] } = {}): Promise<Comment[]> {
  return mutateStore(root, actor, (store, tx) => {
    const wanted = opts.ids ? new Set(opts.ids) : undefined;
    if (wanted) {
      for (const id of wanted) {
        const c = store.comments.find((x) => x.id === id);
        if (!c) throw new ConsiderError('not_found', `no thread with id ${JSON.stringify(id)}`);
        if (c.workflowState !== 'resolved') throw new ConsiderError('usage', `thread ${id} is open; only resolved threads are archived`, `resolve it first: consider-cli resolve ${id}`);
      }
    }
    const moving = store.comments.filter((c) => c.workflowState === 'resolved' && (!wanted || wanted.has(c.id)));
    if (moving.length === 0) { tx.noWrite(); return []; }
    const archive = readArchiveFile(root);
    const movingIds = new Set(moving.map((c) => c.id));
    archive.comments = archive.comments.filter((c) => !movingIds.has(c.id));
    for (const c of moving) {
      c.archivedAt = tx.now;
      archive.comments.push(c);
      tx.log({ action: 'archive', threadId: c.id });
    }
    writeArchive(root, archive);
    store.comments = store.comments.filter((c) => !movingIds.has(c.id));
    return moving;
  });
}

/** Moves archived threads back into the active store, as they were; returns what moved. */
export async function unarchive(root: string, ids: string[], actor: Author): Promise<Comment[]> {
  return mutateStore(root, actor, (store, tx) => {
    const archive = readArchiveFile(root);
    const wanted = new Set(ids);
    for (const id of wanted) {
      if (!archive.comments.some((c) => c.id === id)) throw new ConsiderError('not_found', `no archived thread with id ${JSON.stringify(id)}`);
    }
    const present = new Set(store.comments.map((c) => c.id));
    const moving = archive.comments.filter((c) => wanted.has(c.id));
    for (const c of moving) {
      delete c.archivedAt;
      if (!present.has(c.id)) store.comments.push(c);
      tx.log({ action: 'unarchive', threadId: c.id });
    }
    archive.comments = archive.comments.filter((c) => !wanted.has(c.id));
    writeArchive(root, archive);
    return moving;
  });
}
