/**
 * Content-addressed snapshots of files as they were when an anchor was last confirmed
 * (DESIGN.md §6): re-anchoring diffs the snapshot against today's file, so untouched lines
 * map exactly. Stored gzip-compressed under `.consider/snapshots/<id>.gz`, where the id is
 * the sha256 of the text: threads on the same file version share one snapshot. Snapshots no
 * thread (active or archived) refers to are garbage-collected.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
// Loaded on first use: most CLI calls never touch a snapshot, and loading zlib costs startup time.
const zlib = (): typeof import('node:zlib') => require('node:zlib');
import { considerPaths, ensureConsiderDir } from './paths';

const ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * A snapshot written moments ago may belong to a thread whose store write has not landed
 * yet (addThread records the snapshot before taking the lock). GC spares anything this young.
 */
export const SNAPSHOT_GRACE_MS = 10 * 60_000;

export function snapshotId(fileText: string): string {
  return createHash('sha256').update(fileText, 'utf8').digest('hex').slice(0, 32);
}

function snapshotFile(root: string, id: string): string {
  return path.join(considerPaths(root).snapshots, `${id}.gz`);
}

/** Stores the text (once per distinct content) and returns its id for `anchor.snapshot`. */
export function recordSnapshot(root: string, fileText: string): string {
  const id = snapshotId(fileText);
  const file = snapshotFile(root, id);
  const now = new Date();
  try {
    // Already there: refresh its time so a concurrent GC sees it as young.
    fs.utimesSync(file, now, now);
    return id;
  } catch {
    /* not stored yet */
  }
  ensureConsiderDir(root);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Atomic (temp + rename) but not fsynced: a snapshot is an accelerator whose loss after a
  // crash only means content matching instead of a diff (readSnapshot checks the hash), and
  // fsync would dominate the cost of a CLI read that relocates threads.
  const temp = `${file}.${process.pid}.${Date.now().toString(36)}.tmp`;
  try {
    fs.writeFileSync(temp, zlib().gzipSync(Buffer.from(fileText, 'utf8'), { level: 1 })); // fastest level: source text still shrinks ~3×
    fs.renameSync(temp, file);
  } catch (e) {
    fs.rmSync(temp, { force: true });
    throw e;
  }
  return id;
}

/** The snapshot's text, or undefined when it is missing, damaged or the id is not one of ours. */
export function readSnapshot(root: string, id: string | undefined): string | undefined {
  if (id === undefined || !ID_PATTERN.test(id)) return undefined;
  try {
    // gzip's own CRC-32 catches a damaged file; no need to hash the text again on every read.
    return zlib().gunzipSync(fs.readFileSync(snapshotFile(root, id))).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * Deletes snapshots that no id in `referenced` names and that are older than the grace
 * period. Best effort: a snapshot that cannot be deleted now is tried again next time.
 * Returns how many were removed.
 */
export function collectSnapshots(root: string, referenced: ReadonlySet<string>, graceMs = SNAPSHOT_GRACE_MS): number {
  const dir = considerPaths(root).snapshots;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return 0;
  }
  const cutoff = Date.now() - graceMs;
  let removed = 0;
  for (const name of names) {
    if (name.endsWith('.tmp')) {
      removeIfOlder(path.join(dir, name), cutoff); // left by a crash mid-write
      continue;
    }
    const id = name.endsWith('.gz') ? name.slice(0, -3) : undefined;
    if (id === undefined || !ID_PATTERN.test(id) || referenced.has(id)) continue;
    const file = path.join(dir, name);
    try {
      if (graceMs > 0 && fs.statSync(file).mtimeMs > cutoff) continue;
      fs.unlinkSync(file);
      removed++;
    } catch {
      /* gone already, or not ours to delete now */
    }
  }
  return removed;
}

function removeIfOlder(file: string, cutoff: number): void {
  try {
    if (fs.statSync(file).mtimeMs <= cutoff) fs.unlinkSync(file);
  } catch {
    /* gone already */
  }
}
