/**
 * Reading and writing `.consider/store.json` (DESIGN.md §4). Readers never block and never
 * write. Every write goes through mutateStore: lock → read the latest file → apply the
 * change → validate → keep the last good copy → atomic replace → activity log → unlock.
 * A store that does not parse or validate is never overwritten. The text form (parse,
 * serialise) is store-text.ts; what makes reads fast without changing what they return (the
 * known-good marker, the last parsed store, the list index) is known-good.ts.
 */
import fs from 'node:fs';
import { ConsiderError, describeFsError } from '../errors';
import { STORE_VERSION, emptyStore } from '../model';
import type { ActivityEntry, Author, StoreFile } from '../model';
import { assertConsiderDirInside, considerPaths, ensureConsiderDir } from '../paths';
import { acquireLock } from './lock';
import type { HeldLock } from './lock';
import { replaceWithLink, sweepDeadTempFiles, writeFileAtomic } from './atomic-write';
import { ValidationError, validateStore } from './validate';
import { utf8Text } from '../utf8';
import { STORE_MAX_BYTES, openDataFile, readDataFile, readDataText, readOpenDataFile } from '../data-file';
import { parseStoreText, serializeStore } from './store-text';
import { forgetParsed, identityOf, lastParsedKey, parseForChange, parseForRead, parsedEarlier, rememberWritten } from './known-good';
import { l10n } from '../words';

export interface ReadResult {
  store: StoreFile;
  exists: boolean;
  /** Set when the store was written by a newer version: show it, never write it. */
  readOnlyReason?: string;
  /** Identity of the store.json read (identityOf), when there was one: see MutationTx.storeKey. */
  key?: string;
}

function readOnlyReasonOf(store: StoreFile): string | undefined {
  if (store.version <= STORE_VERSION) return undefined;
  return `.consider/store.json is format version ${store.version}, newer than this consider-cli understands (version ${STORE_VERSION}); it is shown read-only`;
}

/** The store as read through one open file: its identity and its text always match. */
function readStoreFile(file: string, skipTextIfKey?: string): { key: string; stat: fs.Stats; text?: string } | undefined {
  // No link followed, a regular file only, at most STORE_MAX_BYTES: a clone may commit a store.json that is a link to /dev/zero.
  const fd = openDataFile(file, '.consider/store.json');
  if (fd === undefined) return undefined;
  try {
    const stat = fs.fstatSync(fd);
    const key = identityOf(stat);
    if (key === skipTextIfKey) return { key, stat };
    return { key, stat, text: utf8Text(readOpenDataFile(fd, { maxBytes: STORE_MAX_BYTES, what: '.consider/store.json' })) };
  } catch (e) {
    throw describeFsError(e, { path: file, action: 'read' }) ?? e;
  } finally {
    fs.closeSync(fd);
  }
}

export interface ReadOptions {
  /**
   * Reuse the object of this process's previous read when the file has not changed since
   * (no second parse of a large store). Only for callers that never mutate what they get,
   * and know that nobody else in the process does: the CLI's read commands.
   */
  reuseUnchanged?: boolean;
}

/** Reads the store without writing anything. A missing store reads as empty. */
export function readStore(root: string, opts: ReadOptions = {}): ReadResult {
  const paths = considerPaths(root);
  assertConsiderDirInside(root);
  const read = readStoreFile(paths.store, opts.reuseUnchanged ? lastParsedKey() : undefined);
  if (read === undefined) return { store: emptyStore(), exists: false };
  // No text: the file is the one this process parsed last (reuseUnchanged).
  const store = read.text === undefined ? parsedEarlier(read.key)! : parseForRead(paths, read.key, read.text);
  const readOnlyReason = readOnlyReasonOf(store);
  return { store, exists: true, key: read.key, ...(readOnlyReason && { readOnlyReason }) };
}

export interface MutationTx {
  /** One timestamp for the whole change (ISO). */
  readonly now: string;
  /** Records what changed, for the activity log. */
  log(e: { action: ActivityEntry['action']; threadId?: string; replyId?: string; detail?: Record<string, unknown> }): void;
  /** Nothing changed after all: skip the write (the result is still returned). */
  noWrite(): void;
  /**
   * Identity of the store.json the change is applied to (undefined: there was none). Equal to
   * an earlier read's ReadResult.key, it is that very file (every write renames a new one into
   * place), so nothing the caller saw then has changed since.
   */
  readonly storeKey?: string;
}

/**
 * Appending follows no symbolic link: an `activity.jsonl` planted as a link (to ~/.bashrc, say)
 * fails the append (ELOOP) instead of writing outside `.consider/`. (No O_NOFOLLOW on Windows.)
 */
const APPEND_NO_FOLLOW: string | number = fs.constants.O_NOFOLLOW
  ? fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT | fs.constants.O_NOFOLLOW : 'a';

/** Appends entries to `.consider/activity.jsonl`, one JSON object a line. Best effort: the store write already happened. */
function appendActivity(file: string, entries: ActivityEntry[]): void {
  if (entries.length === 0) return;
  try {
    const fd = fs.openSync(file, APPEND_NO_FOLLOW, 0o644);
    try {
      fs.writeSync(fd, entries.map((e) => JSON.stringify(e)).join('\n') + '\n');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    /* the log is an audit trail, not the source of truth */
  }
}

export interface MutateOptions {
  /**
   * How long to wait for the lock before giving up with 'busy' (default LOCK_WAIT_MS). Writes
   * a read only makes on the side (re-anchoring results, the seen mark) wait briefly: a read
   * never waits for a writer to answer.
   */
  lockWaitMs?: number;
}

/**
 * The file identity a write must still find right before its rename: the store.json it read
 * under the lock (`stat` from that read), or none when there was none. Not identityOf: the
 * backup's hard link changes the file's ctime (its link count) without changing the file.
 */
function sameStoreFile(read: fs.Stats | undefined, now: fs.Stats | undefined): boolean {
  if (!read || !now) return read === now;
  return read.dev === now.dev && read.ino === now.ino && read.size === now.size && read.mtimeMs === now.mtimeMs;
}

/**
 * Throws 'busy' unless this write still holds the lock and store.json is still the file it
 * read: a writer paused past its lock (SIGSTOP, a debugger) must never rename an old copy
 * over what the next owner wrote. Two stats, right before the rename.
 */
function assertStillCurrent(lock: HeldLock, storeFile: string, read: fs.Stats | undefined): void {
  lock.assertHeld();
  if (!sameStoreFile(read, fs.statSync(storeFile, { throwIfNoEntry: false }))) {
    throw new ConsiderError('busy', l10n.t('{0} was changed by another process while this write held the lock; nothing was written', storeFile),
      l10n.t('retry: the change is applied to the latest store'));
  }
}

/** Any failure of a write, as the one-line error the CLI prints (cause and file named). */
function writeFailure(e: unknown, what: string): unknown {
  if (e instanceof ConsiderError) return e;
  return describeFsError(e) ?? new ConsiderError('io', `could not write ${what}: ${(e as Error)?.message ?? String(e)}`);
}

let committedChanges = 0;

/**
 * How many changes by a human or an agent this process has written to a store (re-anchoring
 * bookkeeping not counted). The CLI compares it before and after a command: a command whose
 * change is saved has succeeded, even if printing its answer then fails.
 */
export function committedChangeCount(): number {
  return committedChanges;
}

/**
 * How far ahead of this machine's clock the last write's time may be and still be followed:
 * two writers' clocks a moment apart (or one write in the same millisecond as the last) are
 * put in order; a clock far ahead (another machine's, on a shared folder) is not followed, so
 * this machine's times stay its own.
 */
const MAX_CLOCK_LEAD_MS = 1_000;

/**
 * A write's time: now, or one millisecond after the last write's when that is not earlier. Every
 * time the store compares (a human reply against the agent's last read, isUnseen) was stamped
 * by a write under the lock: strictly increasing times keep the order of the writes, where two
 * writes in one millisecond would otherwise tie and a reply written just after a read count as read.
 */
export function writeTime(lastWriteAt: string | undefined, nowMs: number): string {
  const last = lastWriteAt === undefined ? NaN : Date.parse(lastWriteAt);
  return new Date(last >= nowMs && last - nowMs < MAX_CLOCK_LEAD_MS ? last + 1 : nowMs).toISOString();
}

/**
 * Applies `fn` to the latest store under the cross-process lock and writes the result.
 * Throws ConsiderError: 'busy' (lock not obtained in time, or lost before the write could be
 * made — nothing written), 'unreadable' (corrupt or newer store — left untouched), 'usage'
 * (the change would make the store invalid), 'io' (naming the cause and the file).
 */
export async function mutateStore<T>(
  root: string,
  actor: Author | 'system',
  fn: (store: StoreFile, tx: MutationTx) => T,
  opts: MutateOptions = {},
): Promise<T> {
  const paths = considerPaths(root);
  let lock: HeldLock | undefined;
  try {
    ensureConsiderDir(root);
    lock = await acquireLock(paths.lock, opts.lockWaitMs);
    const latest = readStoreFile(paths.store);
    const before = latest?.text;
    const store = latest === undefined || before === undefined ? emptyStore() : parseForChange(paths, latest.key, before);
    const reason = readOnlyReasonOf(store);
    if (reason) {
      throw new ConsiderError('unreadable', reason.replace('it is shown read-only', 'it is never written by this version'),
        'update Consider to change this store');
    }
    const now = writeTime(store.lastWriteAt, Date.now());
    const entries: ActivityEntry[] = [];
    let skip = false;
    const tx: MutationTx = {
      now,
      log: (e) => entries.push({ at: now, actor, ...e }),
      noWrite: () => { skip = true; },
      storeKey: latest?.key,
    };
    const result = fn(store, tx);
    if (typeof (result as { then?: unknown } | undefined)?.then === 'function') {
      // The write would happen before the callback finished: a lost update waiting to happen.
      throw new Error('mutateStore: the change function must be synchronous');
    }
    if (skip) return result;
    store.lastWriteAt = now;
    try {
      validateStore(store);
    } catch (e) {
      if (e instanceof ValidationError) throw new ConsiderError('usage', `refused to write an invalid store: ${e.message}`);
      throw e;
    }
    const held = lock;
    const stillCurrent = (): void => assertStillCurrent(held, paths.store, latest?.stat);
    sweepDeadTempFiles(paths.dir);
    // Checked before the backup too, so a writer that lost its lock does not touch that either.
    stillCurrent();
    // The last good copy: a link to the current file, or a copy where links are not supported.
    if (before !== undefined && !replaceWithLink(paths.store, paths.backup)) writeFileAtomic(paths.backup, before, { syncDir: false });
    // 'system' writes only record re-anchoring results, which the next read recomputes if a
    // crash loses the rename: they skip the folder fsync. The file's data is synced either
    // way, so store.json is never empty or torn.
    const text = serializeStore(store);
    writeFileAtomic(paths.store, text, { syncDir: actor !== 'system', beforeRename: stillCurrent });
    if (actor !== 'system') committedChanges++;
    appendActivity(paths.activity, entries);
    rememberWritten(root, store, text);
    return result;
  } catch (e) {
    throw writeFailure(e, 'the store');
  } finally {
    lock?.release();
  }
}

/**
 * Runs `fn` under the store lock without touching store.json (config and archive writes
 * share the one lock, so there is a single order of writes in `.consider/`). `fn` gets the
 * held lock, to check it still holds it before a write becomes visible (HeldLock.assertHeld).
 */
export async function withStoreLock<T>(root: string, fn: (lock: HeldLock) => T): Promise<T> {
  const paths = considerPaths(root);
  ensureConsiderDir(root);
  const lock = await acquireLock(paths.lock);
  try {
    return fn(lock);
  } finally {
    lock.release();
  }
}

/** What restoreLastGoodCopy did. */
export interface RestoreResult {
  /** false: store.json was readable (again) when the lock was taken, and was left alone. */
  restored: boolean;
  /** Where the unreadable store.json was kept, when one was restored over. */
  keptAs?: string;
}

/**
 * Keeps `file` also under `name` (or `name-2`, `name-3`… when taken): a hard link, or a
 * copy where links are not supported. Never replaces anything. Returns the name used.
 */
function keepBeside(file: string, name: string): string {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : `${name}-${n}`;
    try {
      try {
        fs.linkSync(file, candidate);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw e;
        fs.copyFileSync(file, candidate, fs.constants.COPYFILE_EXCL);
      }
      return candidate;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 100) throw e;
    }
  }
}

/**
 * "Restore Last Good Copy": puts `.consider/store.json.bak` in place of an unreadable
 * store.json, under the lock. Re-checks first that store.json is still unreadable (someone may
 * have fixed it since the offer was made: then nothing is done). The unreadable file is kept
 * beside it (store.json.unreadable-<time>, a hard link, so store.json never goes missing);
 * the backup then replaces it through the one atomic writer (temp, fsync, rename): a reader
 * sees the unreadable file or the restored one, never no store or half of one.
 * Throws 'unreadable' when the backup is no better, 'busy', 'io'.
 */
export async function restoreLastGoodCopy(root: string): Promise<RestoreResult> {
  const paths = considerPaths(root);
  try {
    return await withStoreLock(root, (lock) => {
      const current = readStoreFile(paths.store);
      if (current?.text === undefined) return { restored: false }; // no store: it reads as empty
      try {
        parseStoreText(current.text);
        return { restored: false };
      } catch (e) {
        if (!(e instanceof ConsiderError) || e.code !== 'unreadable') throw e;
      }
      // As data (data-file.ts): a committed .bak may be a link, a FIFO or huge.
      const backup = readDataFile(paths.backup, { maxBytes: STORE_MAX_BYTES, what: '.consider/store.json.bak' });
      if (backup === undefined) throw describeFsError(Object.assign(new Error('ENOENT'), { code: 'ENOENT', path: paths.backup }), { path: paths.backup, action: 'read' })!;
      parseStoreText(utf8Text(backup), '.consider/store.json.bak'); // refuse a backup that is no better
      const keptAs = keepBeside(paths.store, `${paths.store}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      writeFileAtomic(paths.store, backup, { beforeRename: () => assertStillCurrent(lock, paths.store, current.stat) });
      forgetParsed();
      return { restored: true, keptAs };
    });
  } catch (e) {
    throw writeFailure(e, 'the store');
  }
}

/** Reads the activity log (for tests and the board's history); skips lines that do not parse. */
export function readActivity(root: string): ActivityEntry[] {
  let text: string | undefined;
  try {
    text = readDataText(considerPaths(root).activity, { maxBytes: STORE_MAX_BYTES });
  } catch {
    return [];
  }
  if (text === undefined) return [];
  const out: ActivityEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try { out.push(JSON.parse(line) as ActivityEntry); } catch { /* torn last line after a crash */ }
  }
  return out;
}
