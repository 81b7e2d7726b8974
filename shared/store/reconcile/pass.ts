/**
 * Lazy reconciliation of a workspace's threads against the files on disk (spec §4.3). Every
 * CLI read runs reconcileWorkspace first.
 *
 * The pass computes on a read copy of the store without the lock; only when something
 * changed does it take the lock and re-apply its results to the latest store (a thread
 * deleted meanwhile is skipped; one whose anchor changed meanwhile is computed again).
 * Workflow state is never touched. Its parts: what it reads of the files (pass-context.ts),
 * the cheap "nothing changed" test (stat-trust.ts), one thread's new place (decide.ts),
 * following code into another file (follow.ts), snapshots (snapshot-upkeep.ts). The manual
 * re-anchoring the triage view uses is manual.ts.
 */
import { ConsiderError, describeFsError } from '../../errors';
import type { Comment, StoreFile } from '../../model';
import type { CrossFileStats } from '../../anchoring/cross-file';
import { mutateStore, readStore } from '../store-io';
import type { MutationTx } from '../store-io';
import { decide, sameAsSeen, type Outcome } from './decide';
import { decideAfresh, followMovedCode } from './follow';
import { passContext } from './pass-context';
import { beginSnapshotWrites, collectGarbage, endSnapshotWrites, snapshotWriteError } from './snapshot-upkeep';
import { applyRefresh, isSettled } from './stat-trust';

/**
 * How long a read waits for the lock to save what it worked out on the side (re-anchoring
 * results, refreshed stats, the seen mark): briefly, since a read never needs the lock to
 * answer. One figure for every reader: the CLI, and the board reading other worktrees.
 */
export const READ_SIDE_WRITE_WAIT_MS = 100;

export interface ReconcileOptions {
  /** Re-anchor every thread, even on files that did not change since the last check. */
  force?: boolean;
  /** Only threads on these workspace-relative files. */
  files?: string[];
  onProgress?(done: number, total: number): void;
  signal?: AbortSignal;
  /**
   * When the pass has nothing to write but refreshed file stats (see isSettled), it hands
   * that write here instead of making it. The CLI makes it only after the command succeeded,
   * so a command that fails leaves store.json byte for byte as it was. Without this option
   * (the extension) the pass writes the refresh itself.
   */
  deferRefresh?(write: () => Promise<void>): void;
  /**
   * For reads (the CLI): the results are saved only if that can be done at once. When the
   * lock is busy (waited for at most `lockWaitMs`) or `.consider/` cannot be written (a
   * read-only folder, a full disk), the pass applies them to the store it read, in memory
   * only, and returns that (ReconcileReport.store): the read still answers with today's lines.
   */
  bestEffortWrite?: boolean;
  /** With bestEffortWrite: how long to wait for the lock (default LOCK_WAIT_MS). */
  lockWaitMs?: number;
  /** Filled with what the search for code moved into other files did (benchmarks). */
  crossFileStats?: CrossFileStats;
  /**
   * Also look in other files for the code of these stale or orphaned threads (ids), not only
   * for that of threads this pass is about to lose: the editor asks when a file is saved soon
   * after a thread was lost, since its code may have been pasted there (a cut and paste).
   */
  searchMovedCodeOf?: readonly string[];
}

export interface ReconcileReport {
  /** Threads re-anchored (their file changed since the last check). */
  checked: number;
  /** Threads that followed their code to other lines. */
  moved: number;
  /** Threads that became stale in this pass. */
  stale: number;
  /** Threads that became orphaned in this pass. */
  orphaned: number;
  /** Stale or orphaned threads whose code was found again. */
  restored: number;
  /** Of the moved and restored: threads that followed their code into another file. */
  crossFile?: number;
  /** Whether the store was written. */
  changed: boolean;
  /**
   * bestEffortWrite only, when the results could not be saved: the store as read, with the
   * results applied in memory (nothing written), and why they were not saved ('busy' or 'io').
   */
  store?: StoreFile;
  notSaved?: ConsiderError;
}

function emptyReport(): ReconcileReport {
  return { checked: 0, moved: 0, stale: 0, orphaned: 0, restored: 0, changed: false };
}

function count(tally: ReconcileReport, o: Outcome): void {
  tally.checked++;
  if (o.kind !== 'same') tally[o.kind]++;
  if (o.movedFrom) tally.crossFile = (tally.crossFile ?? 0) + 1;
}

function applyOutcome(c: Comment, o: Outcome, tx: MutationTx): void {
  const from = { file: c.file, startLine: c.anchor.startLine, endLine: c.anchor.endLine, anchorState: c.anchorState };
  c.file = o.file;
  c.anchor = o.anchor;
  c.anchorState = o.anchorState;
  if (o.movedFrom) c.movedFrom = o.movedFrom;
  if (from.anchorState !== o.anchorState || from.file !== o.file) {
    tx.log({
      action: 'reanchor', threadId: c.id,
      detail: {
        from, to: { file: o.file, startLine: o.anchor.startLine, endLine: o.anchor.endLine, anchorState: o.anchorState }, reason: o.anchor.reason,
        ...(o.movedFrom ? { movedAcrossFiles: true } : {}),
      },
    });
  }
}

/** Why the pass's results were not saved, as a ConsiderError; undefined for any other failure (rethrown). */
function notSavedReason(e: unknown): ConsiderError | undefined {
  const err = describeFsError(e);
  return err && (err.code === 'busy' || err.code === 'io') ? err : undefined;
}

export async function reconcileWorkspace(root: string, opts: ReconcileOptions = {}): Promise<ReconcileReport> {
  beginSnapshotWrites(opts.bestEffortWrite === true);
  try {
    return await reconcilePass(root, opts);
  } finally {
    endSnapshotWrites();
  }
}

async function reconcilePass(root: string, opts: ReconcileOptions): Promise<ReconcileReport> {
  const report = emptyReport();
  const { store, exists, readOnlyReason, key: readKey } = readStore(root);
  if (!exists || readOnlyReason) return report;
  const writeOptions = { lockWaitMs: opts.lockWaitMs };
  // The locked write finds the very file read here unless someone wrote in between: then
  // nothing this pass saw has changed, and no thread needs comparing (see sameAsSeen).
  const unchangedSince = (tx: MutationTx): boolean => tx.storeKey !== undefined && tx.storeKey === readKey;
  const force = opts.force ?? false;
  const only = opts.files ? new Set(opts.files) : undefined;
  const ctx = passContext(root);
  // Most reads find every file as it was: settled threads are set aside first, in one cheap
  // pass (a 10,000-thread store is read by every CLI call), and only the rest is sorted.
  // A thread about removed code is never re-anchored: its code is not in today's file by definition.
  const unsettled = store.comments.filter((c) => c.removed === undefined && (!only || only.has(c.file)) && (force || !isSettled(ctx, c)));
  // Grouped by file and snapshot: threads sharing both are re-anchored against one diff
  // (reconcile.ts keeps the last one), however the store happens to order them.
  const groupKeys = new Map(unsettled.map((c) => [c, `${c.file}\u0000${c.anchor.snapshot ?? ''}`]));
  const threads = unsettled.sort((x, y) => {
    const kx = groupKeys.get(x)!;
    const ky = groupKeys.get(y)!;
    return kx < ky ? -1 : kx > ky ? 1 : 0;
  });

  const outcomes = new Map<string, { seen: Comment; outcome: Outcome }>();
  let done = 0;
  for (const c of threads) {
    if (opts.signal?.aborted) break;
    const outcome = decide(ctx, c, force);
    if (outcome) outcomes.set(c.id, { seen: c, outcome });
    opts.onProgress?.(++done, threads.length);
  }
  if (!opts.signal?.aborted) {
    const again = new Set(opts.searchMovedCodeOf ?? []);
    const asked = again.size === 0 ? [] : store.comments.filter((c) => again.has(c.id) && !threads.includes(c));
    followMovedCode(ctx, [...threads, ...asked], outcomes, (c) => force || again.has(c.id), opts.crossFileStats);
  }
  if (outcomes.size === 0) {
    if (ctx.refresh.size === 0) return report;
    const write = () => mutateStore(root, 'system', (latest, tx) => {
      const refreshed = applyRefresh(ctx.refresh, latest, tx.now, unchangedSince(tx));
      if (!refreshed) tx.noWrite();
      return refreshed;
    }, writeOptions);
    if (!opts.deferRefresh) return { ...report, changed: await write() };
    opts.deferRefresh(async () => { await write(); });
    return report;
  }

  // Results that cannot be saved are still the answer to this read: applied in memory only.
  const inMemory = (why: ConsiderError): ReconcileReport => {
    const tally = emptyReport();
    const tx: MutationTx = { now: ctx.now, log: () => {}, noWrite: () => {} };
    for (const { seen, outcome } of outcomes.values()) {
      count(tally, outcome);
      applyOutcome(seen, outcome, tx);
    }
    return { ...tally, store, notSaved: why };
  };
  const snapshotError = snapshotWriteError();
  if (opts.bestEffortWrite && snapshotError !== undefined) {
    return inMemory(describeFsError(snapshotError) ?? new ConsiderError('io', String(snapshotError)));
  }
  let droppedSnapshot = false;
  let counted: { tally: ReconcileReport; store: StoreFile };
  try {
    counted = await mutateStore(root, 'system', (latest, tx) => {
      const tally = emptyReport();
      const unchanged = unchangedSince(tx);
      let wrote = applyRefresh(ctx.refresh, latest, tx.now, unchanged);
      const byId = new Map(latest.comments.map((t) => [t.id, t]));
      for (const [id, { seen, outcome }] of outcomes) {
        const c = byId.get(id);
        if (!c) continue; // deleted meanwhile
        const o = unchanged || sameAsSeen(c, seen) ? outcome : decide({ ...ctx, now: tx.now }, c, true);
        if (!o) continue;
        count(tally, o);
        if (c.anchor.snapshot !== undefined && c.anchor.snapshot !== o.anchor.snapshot) droppedSnapshot = true;
        applyOutcome(c, o, tx);
        wrote = true;
      }
      // A snapshot this write needs could not be written: save nothing (the read answers in memory).
      if (snapshotWriteError() !== undefined) throw snapshotWriteError();
      if (!wrote) tx.noWrite();
      tally.changed = wrote;
      return { tally, store: latest };
    }, writeOptions);
  } catch (e) {
    const why = opts.bestEffortWrite ? notSavedReason(e) : undefined;
    if (!why) throw e;
    return inMemory(why);
  }
  // Only a pass that let go of a snapshot can have made garbage.
  if (droppedSnapshot) {
    try {
      collectGarbage(root, counted.store);
    } catch {
      /* garbage collection is never worth failing a read for */
    }
  }
  return counted.tally;
}

/**
 * Places threads that are not in the store yet (threads pulled from a pull request, their
 * anchors rebuilt on the code they were written on): each is re-anchored onto today's files by
 * the pass's own rules, as a read would do it — followed through a rename or into another file,
 * or flagged stale or orphaned with its reason — and changed in place. Nothing is written but
 * snapshots; the caller adds the threads to the store. Threads about removed code are left as
 * they are.
 */
export function placeDetached(root: string, threads: Comment[]): void {
  const ctx = passContext(root);
  const outcomes = decideAfresh(ctx, threads.filter((c) => c.removed === undefined), () => false);
  const tx: MutationTx = { now: ctx.now, log: () => {}, noWrite: () => {} };
  for (const { seen, outcome } of outcomes.values()) applyOutcome(seen, outcome, tx);
}
