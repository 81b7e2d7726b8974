/**
 * The cross-process store lock (DESIGN.md §4): `.consider/store.lock`, created with O_EXCL,
 * holding the owner's pid, start time and a nonce. The CLI and the extension are two
 * processes, so an in-process mutex would not do.
 *
 * A lock whose owner is dead, or which is older than LOCK_STALE_MS, is taken over: a writer
 * holds the lock for milliseconds, so an old lock means a crashed or frozen owner.
 * Takeover renames the stale lock away first (atomic, only one contender wins) and checks
 * that what it renamed is the lock it judged stale, so a fresh lock is never stolen.
 */
import fs from 'node:fs';
import { ConsiderError } from './errors';
import { isProcessAlive, randomHex } from './atomic-write';

export const LOCK_STALE_MS = 10_000;
export const LOCK_WAIT_MS = 3_000;

interface LockContent {
  pid: number;
  at: number;
  nonce: string;
}

function readLock(file: string): LockContent | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockContent>;
    return { pid: Number(parsed.pid), at: Number(parsed.at), nonce: String(parsed.nonce) };
  } catch {
    return undefined;
  }
}

function isStale(lock: LockContent | undefined, file: string): boolean {
  if (!lock) {
    // Unparsable: a writer between create and write, or garbage. Judge by the file's age.
    try {
      return Date.now() - fs.statSync(file).mtimeMs > LOCK_STALE_MS;
    } catch {
      return false;
    }
  }
  return !isProcessAlive(lock.pid) || Date.now() - lock.at > LOCK_STALE_MS;
}

/** Moves a stale lock out of the way; true when the path is now free to create. */
function takeOver(file: string, judged: LockContent | undefined): boolean {
  const aside = `${file}.stale-${process.pid}-${randomHex(8)}`;
  try {
    fs.renameSync(file, aside);
  } catch {
    return true; // already gone: just retry the create
  }
  const moved = readLock(aside);
  const same = judged ? moved?.nonce === judged.nonce : moved === undefined;
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
  release(): void;
}

/** Takes the lock, waiting with backoff up to `waitMs`; then ConsiderError('busy'). */
export async function acquireLock(file: string, waitMs = LOCK_WAIT_MS): Promise<HeldLock> {
  const mine: LockContent = { pid: process.pid, at: Date.now(), nonce: randomHex(16) };
  const deadline = Date.now() + waitMs;
  let delay = 2;
  for (;;) {
    mine.at = Date.now();
    try {
      const fd = fs.openSync(file, 'wx', 0o644);
      try {
        fs.writeFileSync(fd, JSON.stringify(mine));
      } finally {
        fs.closeSync(fd);
      }
      return { release: () => releaseLock(file, mine.nonce) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const current = readLock(file);
    if (isStale(current, file) && takeOver(file, current)) continue;
    if (Date.now() >= deadline) {
      const who = current ? `process ${current.pid}` : 'another process';
      throw new ConsiderError('busy', `the store is locked by ${who}`, 'another write is in progress; retry in a moment');
    }
    // Jitter keeps a crowd of waiting writers from retrying in lockstep.
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 50);
  }
}

function releaseLock(file: string, nonce: string): void {
  // Only remove the lock if it is still ours (it may have been taken over if we froze).
  if (readLock(file)?.nonce !== nonce) return;
  try { fs.unlinkSync(file); } catch { /* gone */ }
}
