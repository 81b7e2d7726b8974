/**
 * The cross-process store lock (DESIGN.md §4): `.consider/store.lock`, created with O_EXCL,
 * holding the owner's pid, host, start time and a nonce. The CLI and the extension are two
 * processes, so an in-process mutex would not do.
 *
 * When a lock is stale (taken over by the next writer):
 * - its owner is on this host and dead; or alive but started after the lock was taken (its
 *   pid was reused, Linux only). A live owner on this host is never judged by age: a writer
 *   stopped in a debugger or by Ctrl-Z (SIGSTOP) still holds its lock when it resumes, and
 *   the others wait or report `busy` naming it;
 * - its owner is on another host (a shared network folder) and the lock file's mtime, which
 *   the owner refreshes while it holds the lock, is older than LOCK_STALE_MS;
 * - it is not a lock this module could have written: garbage, empty (a writer that ran out
 *   of disk between create and write), a non-numeric or far-future time, older than
 *   LOCK_UNWRITTEN_GRACE_MS by its mtime (a live writer fills its lock microseconds after
 *   creating it); or a symbolic link, at once.
 * Takeover renames the stale lock away first (atomic, only one contender wins) and checks
 * that what it renamed is the lock it judged stale, so a fresh lock is never stolen.
 *
 * Judging wrongly can cost a write, never lose one: a holder re-checks, right before it
 * renames its new store into place (HeldLock.assertHeld), that the lock file is still the
 * very file it created. One that lost its lock fails with `busy` and changes nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import { ConsiderError, describeFsError } from '../errors';
import { l10n } from '../words';
import { isProcessAlive, randomHex } from './atomic-write';

/** How old (by mtime) a lock of another host must be before it is taken over. */
export const LOCK_STALE_MS = 10_000;
export const LOCK_WAIT_MS = 3_000;
/** How long a lock file that holds no valid lock is given to be filled in by its creator. */
export const LOCK_UNWRITTEN_GRACE_MS = 1_000;
/** How far in the future a lock's time may be (clock steps) before it is judged garbage. */
const FUTURE_TOLERANCE_MS = LOCK_STALE_MS;

interface LockContent {
  pid: number;
  at: number;
  nonce: string;
  /** os.hostname() of the owner. Missing in locks of versions before it was recorded: this host. */
  host?: string;
}

let hostName: string | undefined;
function thisHost(): string {
  return (hostName ??= os.hostname());
}

/** The lock's content when it is one this module could have written; undefined otherwise. */
function parseLock(text: string): LockContent | undefined {
  try {
    const p = JSON.parse(text) as Partial<LockContent> | null;
    if (!p || typeof p !== 'object') return undefined;
    const { pid, at, nonce, host } = p;
    if (!Number.isInteger(pid) || (pid as number) <= 0 || typeof at !== 'number' || !Number.isFinite(at) || typeof nonce !== 'string') return undefined;
    if (host !== undefined && typeof host !== 'string') return undefined;
    return { pid: pid as number, at, nonce, ...(host !== undefined && { host }) };
  } catch {
    return undefined;
  }
}

/** What is at the lock path: nothing, a lock file (with its content if valid), or something else. */
type Found =
  | { kind: 'none' }
  | { kind: 'file'; lock: LockContent | undefined; text: string; mtimeMs: number; ino: number }
  | { kind: 'symlink' }
  | { kind: 'other'; what: 'folder' | 'not-a-file' };

/** A lock holds a few dozen bytes; anything far larger is not one this module wrote. */
const LOCK_MAX_BYTES = 64 * 1024;
const NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const LOCK_READ_FLAGS = fs.constants.O_RDONLY | NO_FOLLOW | (fs.constants.O_NONBLOCK ?? 0);

/**
 * Looks at the lock path through one descriptor: opened without following a link and without
 * blocking, then judged by fstat and read from that same descriptor. An lstat followed by a
 * read by name left a window in which the path could become a FIFO (the read would hang the
 * extension host) or a link out of the folder.
 */
function inspect(file: string): Found {
  let fd: number;
  try {
    // No O_NOFOLLOW (Windows): an lstat first leaves a window, but a link there needs privileges.
    if (!NO_FOLLOW && fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()) return { kind: 'symlink' };
    fd = fs.openSync(file, LOCK_READ_FLAGS);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'none' };
    // O_NOFOLLOW on a link: ELOOP (Linux, macOS), EMLINK (FreeBSD).
    if (code === 'ELOOP' || code === 'EMLINK') return { kind: 'symlink' };
    if (code === 'EISDIR') return { kind: 'other', what: 'folder' };
    throw lockIoError(file, e);
  }
  try {
    const st = fs.fstatSync(fd);
    if (st.isDirectory()) return { kind: 'other', what: 'folder' };
    if (!st.isFile()) return { kind: 'other', what: 'not-a-file' };
    // An oversized file is judged as garbage (taken over by age), never read whole.
    const text = st.size > LOCK_MAX_BYTES ? '' : readAll(fd, st.size);
    return { kind: 'file', lock: parseLock(text), text, mtimeMs: st.mtimeMs, ino: st.ino };
  } catch (e) {
    throw lockIoError(file, e);
  } finally {
    fs.closeSync(fd);
  }
}

function readAll(fd: number, size: number): string {
  const buf = Buffer.alloc(Math.min(size, LOCK_MAX_BYTES) + 1);
  let got = 0;
  for (let n; got < buf.length && (n = fs.readSync(fd, buf, got, buf.length - got, null)) > 0;) got += n;
  return buf.toString('utf8', 0, got);
}

/** A failed operation on the lock file, naming the cause and the file (exit 5). */
function lockIoError(file: string, e: unknown): ConsiderError {
  return describeFsError(e, { path: file }) ?? new ConsiderError('io', `cannot use the store lock ${file}: ${(e as Error)?.message ?? String(e)}`);
}

/**
 * Linux only: when the process `pid` started, in ms since the epoch (±1 s: the boot time is
 * in whole seconds); undefined elsewhere or when it cannot be told. Read only when a lock
 * looks old, never on the common path.
 */
function processStartMs(pid: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime, clock ticks since boot); the command name (field 2) may hold spaces and ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    const btime = /^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'));
    if (!Number.isFinite(ticks) || !btime) return undefined;
    return Number(btime[1]) * 1000 + (ticks * 1000) / 100; // USER_HZ is 100 on every Linux ABI Node runs on
  } catch {
    return undefined;
  }
}

/** Linux only: whether `pid` is stopped (SIGSTOP, Ctrl-Z, a debugger), for the busy message. */
function isStopped(pid: number): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return /^[Tt]$/.test(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? '');
  } catch {
    return false;
  }
}

function isStale(found: Extract<Found, { kind: 'file' }>, now: number): boolean {
  const lock = found.lock;
  const invalid = !lock || lock.at > now + FUTURE_TOLERANCE_MS;
  if (invalid) return Math.abs(now - found.mtimeMs) > LOCK_UNWRITTEN_GRACE_MS;
  if (lock.host !== undefined && lock.host !== thisHost()) {
    // Another machine's pid means nothing here: trust the owner's heartbeat (the mtime).
    return Math.abs(now - found.mtimeMs) > LOCK_STALE_MS;
  }
  if (!isProcessAlive(lock.pid)) return true;
  if (now - lock.at <= LOCK_STALE_MS) return false;
  // An old lock of a live pid: stale only if that process started after the lock was taken
  // (the owner died and its pid went to another process). 2 s covers the boot time's rounding.
  const started = processStartMs(lock.pid);
  return started !== undefined && started > lock.at + 2_000;
}

/** Moves a stale lock out of the way; true when the path is now free to create. */
function takeOver(file: string, judged: Found): boolean {
  const aside = `${file}.stale-${process.pid}-${randomHex(8)}`;
  try {
    fs.renameSync(file, aside);
  } catch (e) {
    // Already gone: just retry the create. Anything else (a folder we may not write): wait, then busy.
    return (e as NodeJS.ErrnoException).code === 'ENOENT';
  }
  let same: boolean;
  if (judged.kind === 'file') {
    // The very file judged (same inode, same text), not a fresh lock created meanwhile.
    let seen: Found | undefined;
    try { seen = inspect(aside); } catch { /* not a readable file */ }
    same = seen?.kind === 'file' && seen.ino === judged.ino && seen.text === judged.text;
  } else {
    same = fs.lstatSync(aside, { throwIfNoEntry: false })?.isSymbolicLink() === true;
  }
  if (!same) {
    // A fresh lock appeared between our look and the rename: put it back (link fails if
    // someone else has created one meanwhile, in which case that one stands).
    try { fs.linkSync(aside, file); } catch { /* another lock exists */ }
  }
  try { fs.unlinkSync(aside); } catch { /* gone */ }
  return same;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export interface HeldLock {
  /** Whether the lock file is still the one this holder created (one stat). */
  stillHeld(): boolean;
  /**
   * ConsiderError('busy') unless stillHeld(). Called right before a write becomes visible:
   * a holder that was paused long enough to lose its lock must not replace what the next
   * owner wrote.
   */
  assertHeld(): void;
  release(): void;
}

const RETRY_SHORTLY = l10n.t('another write is in progress; retry in a moment');

/** The busy error, naming the owner and what to do when it is stopped. */
function busyError(found: Found, file: string): ConsiderError {
  if (found.kind === 'file' && found.lock) {
    const { pid, host } = found.lock;
    if (host !== undefined && host !== thisHost()) {
      return new ConsiderError('busy', l10n.t('the store is locked by process {0} on {1}', pid, host), RETRY_SHORTLY);
    }
    if (isStopped(pid)) {
      return new ConsiderError('busy', l10n.t('the store is locked by process {0}, which is stopped', pid),
        l10n.t('resume it (kill -CONT {0}) or end it; until then no write can be made', pid));
    }
    return new ConsiderError('busy', l10n.t('the store is locked by process {0}', pid), RETRY_SHORTLY);
  }
  return new ConsiderError('busy', l10n.t('the store is locked by another process ({0} is being created)', file), RETRY_SHORTLY);
}

/** Takes the lock, waiting with backoff up to `waitMs`; then ConsiderError('busy'). */
export async function acquireLock(file: string, waitMs = LOCK_WAIT_MS): Promise<HeldLock> {
  const deadline = Date.now() + waitMs;
  let delay = 2;
  for (;;) {
    const held = tryCreate(file);
    if (held) return held;
    const found = inspect(file);
    if (found.kind === 'none') continue; // released meanwhile
    if (found.kind === 'other') {
      throw new ConsiderError('io', found.what === 'folder' ? l10n.t('{0} is a folder, not a lock file', file) : l10n.t('{0} is not a regular file, not a lock file', file),
        l10n.t('remove it (no Consider process creates one) and retry'));
    }
    if ((found.kind === 'symlink' || isStale(found, Date.now())) && takeOver(file, found)) continue;
    if (Date.now() >= deadline) throw busyError(found, file);
    // Jitter keeps a crowd of waiting writers from retrying in lockstep.
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 50);
  }
}

/** Creates the lock file with our content; undefined when one exists. */
function tryCreate(file: string): HeldLock | undefined {
  const mine: LockContent = { pid: process.pid, at: Date.now(), nonce: randomHex(16), host: thisHost() };
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', 0o644);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw describeFsError(e, { path: file, action: 'write' })!;
  }
  let ino: number;
  try {
    fs.writeFileSync(fd, JSON.stringify(mine));
    ino = fs.fstatSync(fd).ino;
  } catch (e) {
    // A full disk: leave no empty lock behind for the others to wait on.
    try { fs.closeSync(fd); } catch { /* already failing */ }
    try { fs.unlinkSync(file); } catch { /* gone */ }
    throw lockIoError(file, e);
  }
  // While held, the mtime is refreshed so that a writer on another host (which cannot check
  // our pid) sees a live lock. A synchronous holder never lets the timer run, and needs none:
  // it holds the lock for milliseconds.
  const heartbeat = setInterval(() => {
    try { fs.futimesSync(fd, new Date(), new Date()); } catch { /* taken over or gone: assertHeld tells */ }
  }, LOCK_STALE_MS / 4);
  heartbeat.unref?.();
  const stillHeld = (): boolean => fs.statSync(file, { throwIfNoEntry: false })?.ino === ino;
  let released = false;
  return {
    stillHeld,
    assertHeld() {
      if (!stillHeld()) {
        throw new ConsiderError('busy', l10n.t('this process lost the store lock while it worked (it was paused for more than {0} s, or {1} was removed); nothing was written', LOCK_STALE_MS / 1000, file),
          l10n.t('retry: the store may have changed meanwhile'));
      }
    },
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      // Only remove the lock if it is still ours (it may have been taken over).
      const ours = stillHeld();
      try { fs.closeSync(fd); } catch { /* already closed */ }
      if (ours) {
        try { fs.unlinkSync(file); } catch { /* gone */ }
      }
    },
  };
}
