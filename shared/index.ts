/**
 * The store module's public surface: everything the CLI and the extension use to read and
 * change `.consider/`, imported as `../shared`. Deployed as `.consider/shared/store.js` (spec §4.1):
 * the file keeps the name the deployed runtime has always had; here it is the folder's index, so
 * the store/ room below it is not read as one with this surface (which also re-exports plans/).
 * Modules inside shared/ import each other directly (not this barrel) to avoid cycles.
 */
export * from './model';
export * from './errors';
export * from './anchoring/anchor';
export * from './text';
export * from './paths';
export { ValidationError, validateStore, validateComment, validateConfig } from './store/validate';
export { readStore, mutateStore, committedChangeCount, withStoreLock, readActivity, restoreLastGoodCopy } from './store/store-io';
export { parseStoreText, serializeStore } from './store/store-text';
export { commentTexts } from './store/known-good';
export type { ReadResult, ReadOptions, MutationTx, MutateOptions, RestoreResult } from './store/store-io';
export { acquireLock, LOCK_STALE_MS, LOCK_WAIT_MS, LOCK_UNWRITTEN_GRACE_MS } from './store/lock';
export type { HeldLock } from './store/lock';
export { writeFileAtomic } from './store/atomic-write';
export * from './store/threads';
export { archiveResolved, unarchive, readArchive } from './store/archive';
export { readConfig, updateConfig } from './store/config';
export * from './store/reconcile/pass';
export { settledByStat, type SettleFacts } from './store/reconcile/stat-trust';
export * from './store/reconcile/manual';
export { bringHome, planBringHome } from './store/reconcile/bring-home';
export type { Homecoming, HomecomingPlan, HomecomingResult, HomecomingSource } from './store/reconcile/bring-home';
export { hasOwnCommits, isMergedIntoHead, listWorktrees, readingWorktree, selectWorktrees, worktreeName } from './workspace/worktrees';
export type { Worktree } from './workspace/worktrees';
/** Re-exported for the store's addThread and the extension: record the text an anchor was taken on. */
export { recordSnapshot, readSnapshot } from './anchoring/snapshots';
export { takeSuggestedMove } from './store/suggested-move';
export { listJsonFromIndex, summaryFromIndex } from './store/indexed-read';
export { orderByLocation } from './store/location-order';
export type { ListedThread } from './store/indexed-read';
export * from './store/reviews';
export { isWorkingNow, newestTurn, recordTurn, readTurns, recentSessions, RECENT_SESSION_MS, runningTurns, turnsDir, TURN_STALE_MS, type TurnRecord, type TurnState } from './store/agent-turns';
export { projectRecordsDir, userCliPath, userDataDir, USER_DATA_REL } from './user-data';
export { isSetUpProject, isUsersCopy, projectRecordPath, setUpState, setUpStateAdvice, setupTokenPath } from './project-trust';
export type { ProjectRecord, SetUpState } from './project-trust';
export { readDataFile, readDataJson, readDataText } from './data-file';
export { HOOK_AGENT_IDS, mentionsConsiderHook, type HookAgent } from './agents';
export * from './plans';
