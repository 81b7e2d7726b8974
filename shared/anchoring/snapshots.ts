/**
 * Content-addressed snapshots of files as they were when an anchor was last confirmed
 * (DESIGN.md §6): re-anchoring diffs the snapshot against today's file, so untouched lines
 * map exactly. Stored as plain text under `.consider/snapshots/<id>.txt`, where the id is
 * the content hash of the text (content-hash.ts): threads on the same file version share one
 * snapshot. Snapshots no thread (active or archived) refers to are garbage-collected.
 * Snapshots named by earlier versions' sha256 ids are still read (and checked with sha256).
 *
 * Plain, not gzip: a CLI read that relocates threads writes and reads snapshots, and in a
 * short-lived process loading zlib and (de)compressing cost more than the whole re-anchoring
 * (bench/anchoring/speed.mjs). Source text is small; the 3× gzip saved is not worth it.
 * Snapshots written as `<id>.gz` by earlier versions are still read and collected.
 */
import fs from 'node:fs';
import path from 'node:path';
// Only for snapshots written by earlier versions: loading zlib costs a short-lived CLI process time.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const zlib = (): typeof import('node:zlib') => require('node:zlib');
import { ConsiderError } from '../errors';
import { contentHash, hashMatches, isContentHash, isLegacyHash } from './content-hash';
import { considerPaths, ensureConsiderDir } from '../paths';
import { utf8Text } from '../utf8';
import { MIB, readDataFile } from '../data-file';
import { l10n } from '../words';

/** Far above any source file re-anchoring reads; a snapshot file larger than this is not one this module wrote. */
const SNAPSHOT_MAX_BYTES = 64 * MIB;

const isSnapshotId = (id: string): boolean => isContentHash(id) || isLegacyHash(id);

/**
 * A snapshot written moments ago may belong to a thread whose store write has not landed
 * yet: a re-anchoring pass records the snapshots it decides on before it takes the lock to
 * save them, and a collection runs after its own write, from the store it wrote, with the lock
 * let go. GC spares anything this young.
 */
export const SNAPSHOT_GRACE_MS = 10 * 60_000;

export function snapshotId(content: string | Uint8Array): string {
  return contentHash(content);
}

function snapshotFile(root: string, id: string, extension: '.txt' | '.gz' = '.txt'): string {
  return path.join(considerPaths(root).snapshots, `${id}${extension}`);
}

/**
 * Stores the content (once per distinct content) and returns its id for `anchor.snapshot`.
 * `content`: the file's text, or better its UTF-8 bytes when the caller has them (no encoding
 * to write them). `knownId`: the caller already hashed exactly these bytes (a file's
 * fingerprint), so they are not hashed twice.
 */
export function recordSnapshot(root: string, content: string | Uint8Array, knownId?: string): string {
  const id = knownId ?? snapshotId(content);
  const file = snapshotFile(root, id);
  if (fs.existsSync(file)) {
    try {
      // Already there: refresh its time so a concurrent GC sees it as young.
      const now = new Date();
      fs.utimesSync(file, now, now);
      return id;
    } catch {
      /* collected in between: store it again */
    }
  }
  // Atomic (temp + rename) but not fsynced: a snapshot is an accelerator whose loss after a
  // crash only means content matching instead of a diff (readSnapshot checks the hash), and
  // fsync would dominate the cost of a CLI read that relocates threads.
  const temp = `${file}.${process.pid}.${Date.now().toString(36)}.tmp`;
  try {
    writeCreatingFolders(root, temp, content);
    fs.renameSync(temp, file);
  } catch (e) {
    fs.rmSync(temp, { force: true });
    throw e;
  }
  return id;
}

/**
 * Writes `file`; creates `.consider/` and its snapshots folder only when they are missing.
 * A snapshots folder that is a symbolic link is refused: snapshots are copies of source files,
 * and a planted link would have them written wherever it leads (one lstat a new snapshot).
 */
function writeCreatingFolders(root: string, file: string, content: string | Uint8Array): void {
  const folder = considerPaths(root).snapshots;
  if (fs.lstatSync(folder, { throwIfNoEntry: false })?.isSymbolicLink()) {
    throw new ConsiderError('unreadable', l10n.t('{0} is a symbolic link; Consider writes no copies of source files through it', folder), l10n.t('delete the link (Consider recreates the folder)'));
  }
  try {
    fs.writeFileSync(file, content);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    ensureConsiderDir(root);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

/** The snapshot's text, or undefined when it is missing, damaged or the id is not one of ours. */
export function readSnapshot(root: string, id: string | undefined): string | undefined {
  if (id === undefined || !isSnapshotId(id)) return undefined;
  let bytes: Buffer | undefined;
  try {
    bytes = readDataFile(snapshotFile(root, id), { maxBytes: SNAPSHOT_MAX_BYTES });
  } catch {
    return undefined; // a link, a device, a huge file: not a snapshot this module wrote
  }
  if (bytes === undefined) return readLegacySnapshot(root, id);
  // A damaged snapshot would mislead the diff: it must still be the content its id names.
  return hashMatches(id, bytes) ? utf8Text(bytes) : undefined;
}

/** A snapshot written gzip-compressed by an earlier version (gzip's CRC-32 vouches for it). */
function readLegacySnapshot(root: string, id: string): string | undefined {
  try {
    const gz = readDataFile(snapshotFile(root, id, '.gz'), { maxBytes: SNAPSHOT_MAX_BYTES });
    return gz === undefined ? undefined : zlib().gunzipSync(gz, { maxOutputLength: SNAPSHOT_MAX_BYTES }).toString('utf8');
  } catch {
    return undefined;
  }
}

const COLLECTED_MARKER = '.collected';

/**
 * Whether a full collection is due: at most one per grace period, remembered by the mtime of
 * a marker file. A collection reads the archive and stats every snapshot; without this, every
 * CLI read that moves a thread would pay for it. Garbage is bounded by what one grace period
 * of edits produces. Marks the collection as done when it says yes.
 */
export function snapshotCollectionDue(root: string, graceMs = SNAPSHOT_GRACE_MS): boolean {
  const marker = path.join(considerPaths(root).snapshots, COLLECTED_MARKER);
  try {
    if (Date.now() - fs.statSync(marker).mtimeMs < graceMs) return false;
  } catch {
    /* never collected */
  }
  try {
    fs.writeFileSync(marker, '');
  } catch {
    /* no snapshots folder: nothing to collect */
    return false;
  }
  return true;
}

function snapshotIdOfFile(name: string): string | undefined {
  const id = /\.(txt|gz)$/.test(name) ? name.slice(0, name.lastIndexOf('.')) : undefined;
  return id !== undefined && isSnapshotId(id) ? id : undefined;
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
    const id = snapshotIdOfFile(name);
    if (id === undefined || referenced.has(id)) continue;
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
