/**
 * The reconcile pass's care of the snapshot store (anchoring/snapshots.ts): snapshots written
 * best effort during a read, and the garbage a pass may leave when threads let go of one.
 */
import { collectSnapshots, recordSnapshot as storeSnapshot, snapshotCollectionDue, snapshotId } from '../../anchoring/snapshots';
import type { StoreFile } from '../../model';
import { readArchive } from '../archive';

/** Snapshot ids any thread still needs (active store and archive). */
function referencedSnapshots(root: string, store: StoreFile): Set<string> {
  const ids = new Set<string>();
  for (const c of store.comments) {
    if (typeof c.anchor.snapshot === 'string') ids.add(c.anchor.snapshot);
    if (typeof c.origin?.snapshot === 'string') ids.add(c.origin.snapshot); // Show Changes diffs from it
  }
  try {
    for (const c of readArchive(root)) if (typeof c.anchor?.snapshot === 'string') ids.add(c.anchor.snapshot);
  } catch {
    /* an unreadable archive: keep every snapshot rather than guess */
    return new Set(['*keep-all*']);
  }
  return ids;
}

export function collectGarbage(root: string, store: StoreFile): void {
  if (!snapshotCollectionDue(root)) return;
  const ids = referencedSnapshots(root, store);
  if (ids.has('*keep-all*')) return;
  collectSnapshots(root, ids);
}

/**
 * During a bestEffortWrite pass, the first snapshot that could not be written (a read-only
 * `.consider/`, a full disk): the pass then saves nothing. The decisions run synchronously,
 * so one slot for the process is enough.
 */
let snapshotFailure: { active: boolean; error?: unknown } = { active: false };

/** A pass begins: with `bestEffort`, snapshot writes that fail are noted (snapshotWriteError) instead of thrown. */
export function beginSnapshotWrites(bestEffort: boolean): void {
  snapshotFailure = { active: bestEffort };
}

/** The pass is over: snapshot writes throw again. */
export function endSnapshotWrites(): void {
  snapshotFailure = { active: false };
}

/** The first snapshot write that failed in this best-effort pass, if any. */
export function snapshotWriteError(): unknown {
  return snapshotFailure.error;
}

/** recordSnapshot, except that in a bestEffortWrite pass a failure is noted instead of thrown. */
export function recordSnapshot(root: string, content: string | Uint8Array, knownId?: string): string {
  if (!snapshotFailure.active) return storeSnapshot(root, content, knownId);
  try {
    return storeSnapshot(root, content, knownId);
  } catch (e) {
    snapshotFailure.error ??= e;
    return knownId ?? snapshotId(content);
  }
}
