/**
 * Atomic file replacement done fully (after npm/write-file-atomic): a temp file with a name
 * no other writer can pick (pid + counter + random) in the same folder, fsync, rename over
 * the target, and the temp file removed on any failure. A reader sees the old file or the
 * new one, never half of one.
 */
import fs from 'node:fs';
import path from 'node:path';

let counter = 0;

/** Temp files are named `<target>.tmp-<pid>-<counter>-<random>` so a sweep can tell whose they are. */
const TEMP_MARK = '.tmp-';

function tempNameFor(target: string): string {
  counter = (counter + 1) % 1_000_000;
  return `${target}${TEMP_MARK}${process.pid}-${counter}-${randomHex(8)}`;
}

/**
 * `digits` random hex digits, to keep names of concurrent writers apart (with the pid). Not
 * crypto's randomBytes: nothing here is a secret, and loading its module costs a short-lived
 * CLI process about half a millisecond on every write.
 */
export function randomHex(digits: number): string {
  let out = '';
  while (out.length < digits) out += Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, '0');
  return out.slice(0, digits);
}

/**
 * Test-only hook for the crash and lock tests: with CONSIDER_TEST_PAUSE_BEFORE_RENAME=<file>,
 * a write of store.json creates <file> once its temp file is complete and then waits before
 * the rename (and before its last checks) until the test removes <file>, or a minute, so a
 * test can kill or stop the process at the worst moment. One env lookup on the normal path.
 */
function pauseBeforeRenameForTests(): void {
  const marker = process.env.CONSIDER_TEST_PAUSE_BEFORE_RENAME;
  if (!marker) return;
  fs.writeFileSync(marker, String(process.pid));
  const cell = new Int32Array(new SharedArrayBuffer(4));
  for (const end = Date.now() + 60_000; Date.now() < end && fs.existsSync(marker); ) Atomics.wait(cell, 0, 0, 20);
}

export interface AtomicWriteOptions {
  /** false when another write to the same folder follows and will sync it for both. */
  syncDir?: boolean;
  /**
   * Runs after the temp file is complete, right before the rename; throwing cancels the
   * write (the temp file is removed, the target untouched). The store's writes check here
   * that they still hold the lock and that the store is still the file they read.
   */
  beforeRename?: () => void;
  /** Permissions of the new file (default 0o644); set exactly, whatever the umask. */
  mode?: number;
}

/** Atomically replaces `target` with `data` (temp file, fsync, rename): see the file comment. */
export function writeFileAtomic(target: string, data: string | Uint8Array, opts: AtomicWriteOptions = {}): void {
  const temp = tempNameFor(target);
  let fd: number | undefined;
  try {
    fd = fs.openSync(temp, 'wx', opts.mode ?? 0o644);
    fs.writeFileSync(fd, data);
    if (opts.mode !== undefined) fs.fchmodSync(fd, opts.mode); // the umask may have narrowed it
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    if (path.basename(target) === 'store.json') pauseBeforeRenameForTests();
    opts.beforeRename?.();
    fs.renameSync(temp, target);
  } catch (e) {
    if (fd !== undefined) {
      try { fs.closeSync(fd); } catch { /* already failing */ }
    }
    try { fs.unlinkSync(temp); } catch { /* never created or already gone */ }
    // fd-based calls name no file: say which one failed.
    if (e && typeof e === 'object' && (e as NodeJS.ErrnoException).code && !(e as NodeJS.ErrnoException).path) (e as NodeJS.ErrnoException).path = target;
    throw e;
  }
  if (opts.syncDir !== false) syncDirectory(path.dirname(target));
}

/**
 * Makes `target` name the file `existing` names now, atomically, without copying it: a hard
 * link under a temp name, renamed over `target`. For the store's backup: store.json is only
 * ever replaced by rename, never written in place, so its current file is already complete
 * and synced, and the link costs no data write and no fsync. Returns false when the file
 * system has no hard links (the caller then copies).
 */
export function replaceWithLink(existing: string, target: string): boolean {
  const temp = tempNameFor(target);
  try {
    fs.linkSync(existing, temp);
  } catch {
    return false;
  }
  try {
    fs.renameSync(temp, target);
    // When `target` already was a link to the same file, rename does nothing (POSIX) and the
    // temp name stays behind (a write killed between the backup and the store's rename).
    if (fs.existsSync(temp)) fs.unlinkSync(temp);
    return true;
  } catch {
    try { fs.unlinkSync(temp); } catch { /* already gone */ }
    return false;
  }
}

/**
 * Rewrites a small file that readers believe only when it is whole and names the current
 * store (the validated marker, the list index), by removing it and creating it anew. Not by
 * truncating it in place nor by renaming a temp file over it: on ext4 (auto_da_alloc, on by
 * default) either makes the kernel write the new blocks out at once, ~0.3 ms a file on our
 * machines, against ~0.03 ms for unlink and create. Not atomic: a reader may find the file
 * missing or partly written, and then takes the normal path; it never finds old and new
 * content mixed. When another process creates the file first, its content stands (it is as
 * true a claim). Throws like writeFileSync.
 */
export function recreateFile(file: string, data: string): void {
  // Windows may refuse to create a file under a name another process still holds open after
  // the unlink; and ext4 is not its file system.
  if (process.platform === 'win32') return fs.writeFileSync(file, data);
  try {
    fs.unlinkSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  try {
    fs.writeFileSync(file, data, { flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

/** Makes the rename itself durable. Best effort: some file systems refuse to fsync a folder. */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    /* not supported here */
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes temp files (and set-aside stale locks, `store.lock.stale-<pid>-…`) left in `dir`
 * by processes that died mid-write: their pid is gone. Called under the store lock.
 */
export function sweepDeadTempFiles(dir: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = /\.(?:tmp|stale)-(\d+)-/.exec(name);
    if (!m) continue;
    const pid = Number(m[1]);
    if (pid === process.pid || isProcessAlive(pid)) continue;
    try { fs.unlinkSync(path.join(dir, name)); } catch { /* someone else swept it */ }
  }
}
