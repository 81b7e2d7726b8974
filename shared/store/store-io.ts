/**
 * Reading and writing `.consider/store.json` (DESIGN.md §4). Readers never block and never
 * write. Every write goes through mutateStore: lock → read the latest file → apply the
 * change → validate → keep the last good copy → atomic replace → activity log → unlock.
 * A store that does not parse or validate is never overwritten.
 */
import fs from 'node:fs';
import { ConsiderError, describeFsError } from '../errors';
import { STORE_VERSION, emptyStore } from '../model';
import type { ActivityEntry, Author, StoreFile } from '../model';
import { assertConsiderDirInside, considerPaths, ensureConsiderDir } from '../paths';
import { acquireLock } from './lock';
import type { HeldLock } from './lock';
import { recreateFile, replaceWithLink, sweepDeadTempFiles, writeFileAtomic } from './atomic-write';
import { ValidationError, validateStore } from './validate';
import { utf8Text } from './utf8';
import { writeListIndex } from './list-index';

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

/**
 * A store text known to have passed validation (see markValidated): parsed without the
 * per-thread checks. undefined when it does not even have the store's shape.
 */
function parseValidatedText(text: string): StoreFile | undefined {
  try {
    const data = JSON.parse(text) as Partial<StoreFile> | null;
    return data && typeof data.version === 'number' && Array.isArray(data.comments) ? (data as StoreFile) : undefined;
  } catch {
    return undefined;
  }
}

/** Parses and validates store text; ConsiderError('unreadable') naming the file and field. */
/**
 * JSON.parse's message without the excerpt V8 quotes (`Unexpected token 'S', "{"body": S…" is
 * not valid JSON`): that excerpt is the store's text — comment bodies, code — and this message is
 * logged and shown. The position, when V8 gives one, stays.
 */
function jsonErrorWithoutText(e: Error): string {
  return e.message.replace(/, ".*"(?:\.\.\.)? is not valid JSON$/s, '');
}

export function parseStoreText(text: string, label = '.consider/store.json', report?: { migrated: boolean }): StoreFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ConsiderError('unreadable', `${label} is not valid JSON (${jsonErrorWithoutText(e as Error)})`,
      'restore the last good copy from .consider/store.json.bak, or fix the file by hand');
  }
  try {
    return validateStore(data, report);
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    const version = (data as { version?: unknown } | null)?.version;
    const newer = typeof version === 'number' && version > STORE_VERSION;
    throw new ConsiderError('unreadable', `${label}: ${e.message}`,
      newer ? `the store was written by a newer Consider (format version ${version}); update Consider`
        : 'restore the last good copy from .consider/store.json.bak, or fix the field by hand');
  }
}

/**
 * The last store this process parsed, keyed by the file's identity. Every write replaces
 * the file by rename (a new inode), so an equal key means the same bytes.
 */
let lastParsed: { key: string; store: StoreFile } | undefined;

/** A file's identity: any write to it, in place or by rename, changes it. */
export function identityOf(stat: fs.Stats): string {
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
}

/**
 * After a write: what this process wrote is what a next read would parse (no second parse
 * here), and it was validated before it was written (no validation in the next process).
 */
function rememberWritten(root: string, store: StoreFile, text: string): void {
  const paths = considerPaths(root);
  try {
    const key = identityOf(fs.statSync(paths.store));
    lastParsed = { key, store };
    markWritten(paths, key, store, text);
  } catch {
    lastParsed = undefined;
  }
}

/** The text of store files this module wrote, by the store object written as or parsed from it. */
const writtenText = new WeakMap<StoreFile, string>();

/**
 * Each comment's JSON text (what JSON.stringify gives for it), in store order, cut from the
 * store file it was read from, when that file is one serializeStore wrote (one comment a
 * line): a 10,000-thread `list --json` then prints without serialising ~8 MB again.
 * undefined when the text is not known to be ours (a hand edit, another tool, a migration).
 * Only for callers that have not changed `store` since it was read (see ReadOptions).
 */
export function commentTexts(store: StoreFile): string[] | undefined {
  const text = writtenText.get(store);
  const spans = text === undefined ? undefined : commentSpans(text, store.comments.length);
  return spans && Array.from(spans.starts, (start, i) => text!.slice(start, spans.ends[i]));
}

/**
 * Where each comment's JSON starts and ends (starts[i]..ends[i]) in a store file serializeStore
 * wrote: between `"comments":[\n` and `\n]`, one comment a line, each but the last ending in a
 * comma. Offsets into `source` (a string: UTF-16 indexes; a Buffer: bytes). undefined when
 * `source` does not have that shape or holds another number of comments.
 */
export function commentSpans(source: string | Buffer, count: number): { starts: Uint32Array; ends: Uint32Array } | undefined {
  if (source.length >= 2 ** 32) return undefined;
  const find = (s: string, from: number): number => (typeof source === 'string' ? source.indexOf(s, from) : source.indexOf(s, from));
  const codeAt = (i: number): number | undefined => (typeof source === 'string' ? source.charCodeAt(i) : source[i]);
  const starts = new Uint32Array(count);
  const ends = new Uint32Array(count);
  let at = find(COMMENTS_HEAD, 0);
  if (at < 0) return count === 0 ? { starts, ends } : undefined;
  at += COMMENTS_HEAD.length;
  for (let i = 0; ; i++) {
    const end = find('\n', at);
    if (end < 0 || i === count) return undefined;
    const last = codeAt(end - 1) !== 44; // no ',' before the newline: the final comment
    starts[i] = at;
    ends[i] = last ? end : end - 1;
    if (last) return i === count - 1 && codeAt(end + 1) === 93 ? { starts, ends } : undefined; // then `]`
    at = end + 1;
  }
}
const COMMENTS_HEAD = '"comments":[\n';

/**
 * `.consider/store.json.validated` names the one store.json (by identity: device, inode,
 * size, mtime, ctime) known to pass validation, because this module wrote it or validated
 * it. A read of that very file skips the per-thread validation, which on a 10,000-thread
 * store costs as much as parsing it. Any other change to store.json (a hand edit, another
 * tool) changes its identity, so it is validated in full. The marker also says which of the
 * two (`<identity> written|validated`): only a file this module wrote, or one byte for byte
 * as it would write it (knownFromNowOn), is known to hold one comment a line (commentTexts,
 * the list index). A file that needed migrating is never marked: parsed
 * without validation it would come back unmigrated. Best effort: a marker that cannot be
 * written only costs the next read a validation.
 */
function markValidated(marker: string, key: string, how: 'written' | 'validated'): void {
  try {
    recreateFile(marker, `${key} ${how}`);
  } catch {
    /* read-only folder: validate every time */
  }
}

/**
 * A store.json just validated in full is marked so the next reads skip that. When its text is
 * byte for byte what serializeStore makes of it (another process of this module wrote it with
 * no marker left, or a tool that writes the same way), it counts as written by this module:
 * one comment a line, so `list` may cut comments from it (commentTexts, the list index).
 * Checking costs one serialisation, once per such file.
 */
function knownFromNowOn(paths: MarkerPaths, key: string, store: StoreFile, text: string): void {
  if (serializeStore(store) === text) markWritten(paths, key, store, text);
  else markValidated(paths.validated, key, 'validated');
}

type MarkerPaths = { readonly validated: string; readonly listIndex: string };

/** `text` is the store.json with identity `key`, as serializeStore wrote `store`: marked so, with its list index. */
function markWritten(paths: MarkerPaths, key: string, store: StoreFile, text: string): void {
  writtenText.set(store, text);
  markValidated(paths.validated, key, 'written');
  writeListIndex(paths.listIndex, key, store);
}

/** How the file with this identity is known good: this module wrote it, or validated it as it is; undefined if not known. */
function knownGood(marker: string, key: string): 'written' | 'validated' | undefined {
  let text: string;
  try {
    text = fs.readFileSync(marker, 'utf8');
  } catch {
    return undefined;
  }
  const how = text.slice(key.length + 1);
  return text.startsWith(key) && text[key.length] === ' ' && (how === 'written' || how === 'validated') ? how : undefined;
}

/**
 * The store in `text` (the store.json with identity `key`), parsed without the per-thread
 * checks, when the marker says that file is known good; undefined otherwise (validate it).
 */
function parseIfKnownGood(marker: string, key: string, text: string): { store: StoreFile; how: 'written' | 'validated' } | undefined {
  const how = knownGood(marker, key);
  const store = how ? parseValidatedText(text) : undefined;
  return how && store ? { store, how } : undefined;
}

/** The store as read through one open file: its identity and its text always match. */
function readStoreFile(file: string, skipTextIfKey?: string): { key: string; stat: fs.Stats; text?: string } | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw describeFsError(e, { path: file, action: 'read' })!;
  }
  try {
    const stat = fs.fstatSync(fd);
    const key = identityOf(stat);
    if (key === skipTextIfKey) return { key, stat };
    return { key, stat, text: utf8Text(fs.readFileSync(fd)) };
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
  const read = readStoreFile(paths.store, opts.reuseUnchanged ? lastParsed?.key : undefined);
  if (read === undefined) return { store: emptyStore(), exists: false };
  let store: StoreFile;
  if (read.text === undefined) {
    store = lastParsed!.store;
  } else {
    const known = parseIfKnownGood(paths.validated, read.key, read.text);
    if (known) {
      store = known.store;
      if (known.how === 'written') writtenText.set(store, read.text);
    } else {
      const report = { migrated: false };
      store = parseStoreText(read.text, undefined, report);
      // A migrated store is not what the file says: the next read must migrate it again.
      if (!report.migrated) knownFromNowOn(paths, read.key, store, read.text);
    }
    lastParsed = { key: read.key, store };
  }
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

/**
 * Serialised form of the store: one thread a line. Still easy to read, grep and hand-edit
 * (spec §11 phase 1), and about a third smaller and faster to parse than indented JSON,
 * which matters because every CLI call parses the whole file (10,000 threads ≈ 10 MB).
 */
export function serializeStore(store: StoreFile): string {
  const fields = Object.keys(store).map((key) => {
    if (key !== 'comments') return `${JSON.stringify(key)}:${JSON.stringify(store[key])}`;
    const lines = store.comments.map((c) => JSON.stringify(c));
    return lines.length ? `"comments":[\n${lines.join(',\n')}\n]` : '"comments":[]';
  });
  return `{${fields.join(',\n')}}\n`;
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
    throw new ConsiderError('busy', `${storeFile} was changed by another process while this write held the lock; nothing was written`,
      'retry: the change is applied to the latest store');
  }
}

/** Any failure of a write, as the one-line error the CLI prints (cause and file named). */
function writeFailure(e: unknown, what: string): unknown {
  if (e instanceof ConsiderError) return e;
  return describeFsError(e) ?? new ConsiderError('io', `could not write ${what}: ${(e as Error)?.message ?? String(e)}`);
}

/**
 * Applies `fn` to the latest store under the cross-process lock and writes the result.
 * Throws ConsiderError: 'busy' (lock not obtained in time, or lost before the write could be
 * made — nothing written), 'unreadable' (corrupt or newer store — left untouched), 'usage'
 * (the change would make the store invalid), 'io' (naming the cause and the file).
 */
let committedChanges = 0;

/**
 * How many changes by a human or an agent this process has written to a store (re-anchoring
 * bookkeeping not counted). The CLI compares it before and after a command: a command whose
 * change is saved has succeeded, even if printing its answer then fails.
 */
export function committedChangeCount(): number {
  return committedChanges;
}

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
    // A file known good is parsed without the per-thread checks: the result is validated in
    // full below before it is written anyway.
    const store = latest === undefined || before === undefined ? emptyStore()
      : parseIfKnownGood(paths.validated, latest.key, before)?.store ?? parseStoreText(before);
    const reason = readOnlyReasonOf(store);
    if (reason) {
      throw new ConsiderError('unreadable', reason.replace('it is shown read-only', 'it is never written by this version'),
        'update Consider to change this store');
    }
    const now = new Date().toISOString();
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
      let backup: Buffer;
      try {
        backup = fs.readFileSync(paths.backup);
      } catch (e) {
        throw describeFsError(e, { path: paths.backup, action: 'read' }) ?? e;
      }
      parseStoreText(utf8Text(backup), '.consider/store.json.bak'); // refuse a backup that is no better
      const keptAs = keepBeside(paths.store, `${paths.store}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      writeFileAtomic(paths.store, backup, { beforeRename: () => assertStillCurrent(lock, paths.store, current.stat) });
      lastParsed = undefined;
      return { restored: true, keptAs };
    });
  } catch (e) {
    throw writeFailure(e, 'the store');
  }
}

/** Reads the activity log (for tests and the board's history); skips lines that do not parse. */
export function readActivity(root: string): ActivityEntry[] {
  let text: string;
  try {
    text = fs.readFileSync(considerPaths(root).activity, 'utf8');
  } catch {
    return [];
  }
  const out: ActivityEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try { out.push(JSON.parse(line) as ActivityEntry); } catch { /* torn last line after a crash */ }
  }
  return out;
}
