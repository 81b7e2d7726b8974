/**
 * The store module's public surface: everything the CLI and the extension use to read and
 * change `.consider/`. Deployed as `.consider/shared/store.js` (spec §4.1).
 * Modules inside shared/ import each other directly (not this barrel) to avoid cycles.
 */
export * from './model';
export * from './errors';
export * from './anchor';
export * from './text';
export * from './paths';
export { ValidationError, validateStore, validateComment, validateConfig } from './validate';
export { readStore, mutateStore, withStoreLock, readActivity, parseStoreText, serializeStore, commentTexts, restoreLastGoodCopy } from './store-io';
export type { ReadResult, ReadOptions, MutationTx, MutateOptions, RestoreResult } from './store-io';
export { acquireLock, LOCK_STALE_MS, LOCK_WAIT_MS, LOCK_UNWRITTEN_GRACE_MS } from './lock';
export type { HeldLock } from './lock';
export { writeFileAtomic } from './atomic-write';
export * from './threads';
export { archiveResolved, unarchive, readArchive } from './archive';
export { readConfig, updateConfig } from './config';
export * from './reconcile-pass';
export { listJsonFromIndex, summaryFromIndex } from './indexed-read';
export { orderByLocation } from './location-order';
export type { ListedThread } from './indexed-read';
export * from './reviews';
