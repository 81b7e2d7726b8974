/**
 * The list index, `.consider/store.json.index`: for the store.json this module last wrote,
 * named by that file's identity (device, inode, size, mtime, ctime), what `consider-cli list`
 * filters and sorts on for each thread, and what the lazy re-anchoring's cheap check reads
 * (reconcile/stat-trust.ts settledByStat: each thread's file, fingerprint and last check).
 *
 * Why: every CLI read re-anchors first, and a 10,000-thread store is ~10 MB of JSON. On the
 * common read, where no file changed since the threads' last check, all `list --json` needs is
 * each thread's state, place and text. With the index it decides that from `stat` alone and
 * prints each thread's line cut from the store file as it is (the module writes one thread a
 * line), instead of parsing and collecting the whole store: at 10,000 threads that parse and
 * its garbage were most of the command's time.
 *
 * A cache, never the truth: written after every store write (best effort), used only while
 * store.json keeps the identity it names (any write, by anyone, changes it), and checked when
 * read. Whenever anything does not fit (no index, another identity, a malformed one, a line
 * count that differs, a file whose stat moved), the caller takes the normal path.
 *
 * Columns, not objects: reading it must cost a small fraction of parsing the store. The
 * settled threads on a file share its fingerprint, so that is kept once, as a "check", and each
 * thread names its check. A check keeps the earliest of its threads' check times: the stat
 * test (a file unchanged since, and changed more than 2 s before the check) only gets easier
 * with a later one, so if it passes for the earliest it passes for each.
 *   files:   distinct paths
 *   checks:  [file, anchorState, hasSnapshot, lastAnchorCheck, size?, mtimeMs?, ctimeMs?, ino?, hash?]
 *   threads: flat, THREAD_FIELDS numbers a thread: [check, startLine, flags (1 open, 2 unseen,
 *            4 pending review, 8 × disposition: 1 addressed, 2 declined, 3 question)]
 *   unseenReviews: submitted review messages the agent has not read
 */
import type { AnchorState, Comment, Disposition, FileFingerprint, StoreFile, WorkflowState } from '../model';
import { dispositionOf, isUnseen, unseenReviewMessages } from '../model';
import { utf8Text } from '../utf8';
import { STORE_MAX_BYTES, readDataFile } from '../data-file';
import { recreateFile } from './atomic-write';

// 3: a thread's disposition ends at a human reply (model.ts dispositionOf); a version-2 index may say otherwise.
const INDEX_VERSION = 3;
const ANCHOR_STATES: readonly AnchorState[] = ['anchored', 'stale', 'orphaned'];
const THREAD_FIELDS = 3;
const OPEN = 1;
const UNSEEN = 2;
const PENDING = 4;
/** The disposition is flags / DISPOSITION_UNIT: 0 none, else its place in DISPOSITION_CODES. */
const DISPOSITION_UNIT = 8;
const DISPOSITION_CODES: readonly (Disposition | undefined)[] = [undefined, 'addressed', 'declined', 'question'];
const FLAG_LIMIT = DISPOSITION_UNIT * DISPOSITION_CODES.length;

/**
 * What the re-anchoring's cheap test reads of a thread (reconcile/stat-trust.ts settledByStat): of a
 * Comment there, or of a check of this index. Kept here, with the index that stores exactly
 * these facts, so the store's files do not import the re-anchoring pass.
 */
export interface SettleFacts {
  readonly file: string;
  readonly anchorState: AnchorState;
  readonly fingerprint?: FileFingerprint;
  readonly lastAnchorCheck: string;
  readonly hasSnapshot: boolean;
  /** About removed code (Comment.removed): never re-anchored, so always settled. */
  readonly fixed?: boolean;
}

/** One check, shared by the threads that name it: its SettleFacts, with lastAnchorCheck the earliest of those threads'. */
export type IndexedCheck = SettleFacts;

export interface ListIndex {
  readonly checks: readonly IndexedCheck[];
  /** Number of threads, in store order. */
  readonly count: number;
  /** Submitted review messages the agent has not read. */
  readonly unseenReviews: number;
  check(i: number): IndexedCheck;
  startLine(i: number): number;
  workflowState(i: number): WorkflowState;
  unseen(i: number): boolean;
  /** Part of the human's pending review (not shown to the agent). */
  pending(i: number): boolean;
  disposition(i: number): Disposition | undefined;
}

/** Writes the index of `store`, which is the store.json with identity `key` (written as serializeStore gives it). Best effort. */
export function writeListIndex(indexFile: string, key: string, store: StoreFile): void {
  const files = new Map<string, number>();
  const checks: unknown[][] = [];
  /** The checks made so far for each file: usually one (every settled thread on a file shares its fingerprint). */
  const checksOfFile: number[][] = [];
  const threads: number[] = [];
  for (const c of store.comments) {
    let file = files.get(c.file);
    if (file === undefined) {
      files.set(c.file, (file = files.size));
      checksOfFile.push([]);
    }
    const check = checkOf(c, file);
    const same = checksOfFile[file]!;
    let id = same.find((k) => sameButTime(checks[k]!, check));
    if (id === undefined) {
      same.push((id = checks.length));
      checks.push(check);
    } else if (Date.parse(c.anchor.lastAnchorCheck) < Date.parse(checks[id]![CHECK_TIME] as string)) {
      // The stat test only gets easier with a later check time: the earliest one answers for all.
      checks[id]![CHECK_TIME] = c.anchor.lastAnchorCheck;
    }
    const flags = (c.workflowState === 'open' ? OPEN : 0) | (isUnseen(c) ? UNSEEN : 0) | (c.pending ? PENDING : 0);
    threads.push(id, c.anchor.startLine, flags + DISPOSITION_UNIT * DISPOSITION_CODES.indexOf(dispositionOf(c)));
  }
  const unseenReviews = unseenReviewMessages(store).length;
  try {
    recreateFile(indexFile, JSON.stringify({ v: INDEX_VERSION, key, files: [...files.keys()], checks, threads, unseenReviews }));
  } catch {
    /* a read-only folder: reads take the normal path */
  }
}

const CHECK_TIME = 3;
const sameButTime = (a: unknown[], b: unknown[]): boolean => a.length === b.length && a.every((v, i) => i === CHECK_TIME || v === b[i]);

function checkOf(c: Comment, file: number): unknown[] {
  const fp = c.anchor.file;
  // The snapshot slot: 0 none, 1 one, 2 a thread about removed code (nothing to check, ever).
  const head = [file, ANCHOR_STATES.indexOf(c.anchorState), c.removed !== undefined ? 2 : c.anchor.snapshot ? 1 : 0, c.anchor.lastAnchorCheck];
  // Fingerprints without ctime and inode never pass the stat test: left out, the check fails it too.
  return fp && fp.ctimeMs !== undefined && fp.ino !== undefined ? [...head, fp.size, fp.mtimeMs, fp.ctimeMs, fp.ino, fp.hash] : head;
}

/** The index of the store.json with identity `key`, or undefined (none, another file's, or malformed). */
export function readListIndex(indexFile: string, key: string): ListIndex | undefined {
  let raw: unknown;
  try {
    const bytes = readDataFile(indexFile, { maxBytes: STORE_MAX_BYTES });
    if (bytes === undefined) return undefined;
    raw = JSON.parse(utf8Text(bytes));
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { v, key: indexedKey, files, checks: rawChecks, threads, unseenReviews } = raw as Record<string, unknown>;
  if (v !== INDEX_VERSION || indexedKey !== key || !Array.isArray(files) || !Array.isArray(rawChecks) || !Array.isArray(threads)) return undefined;
  if (!isCount(unseenReviews)) return undefined;
  if (!files.every((f) => typeof f === 'string') || threads.length % THREAD_FIELDS !== 0) return undefined;
  const checks: IndexedCheck[] = [];
  for (const c of rawChecks as unknown[]) {
    const check = checkFrom(c, files as string[]);
    if (!check) return undefined;
    checks.push(check);
  }
  const t = threads as number[];
  for (let i = 0; i < t.length; i += THREAD_FIELDS) {
    if (!isIndex(t[i], checks.length) || !isCount(t[i + 1]) || !isIndex(t[i + 2], FLAG_LIMIT)) return undefined;
  }
  return {
    checks,
    count: t.length / THREAD_FIELDS,
    unseenReviews,
    check: (i) => checks[t[i * THREAD_FIELDS]!]!,
    startLine: (i) => t[i * THREAD_FIELDS + 1]!,
    workflowState: (i) => (t[i * THREAD_FIELDS + 2]! & OPEN ? 'open' : 'resolved'),
    unseen: (i) => (t[i * THREAD_FIELDS + 2]! & UNSEEN) !== 0,
    pending: (i) => (t[i * THREAD_FIELDS + 2]! & PENDING) !== 0,
    disposition: (i) => DISPOSITION_CODES[Math.floor(t[i * THREAD_FIELDS + 2]! / DISPOSITION_UNIT)],
  };
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isIndex = (v: unknown, length: number): v is number => isCount(v) && v < length;
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function checkFrom(c: unknown, files: readonly string[]): IndexedCheck | undefined {
  if (!Array.isArray(c) || (c.length !== 4 && c.length !== 9)) return undefined;
  const [file, anchor, snapshot, lastAnchorCheck, size, mtimeMs, ctimeMs, ino, hash] = c as unknown[];
  const anchorState = ANCHOR_STATES[anchor as number];
  if (!isIndex(file, files.length) || !anchorState || (snapshot !== 0 && snapshot !== 1 && snapshot !== 2) || typeof lastAnchorCheck !== 'string') return undefined;
  const check = { file: files[file]!, anchorState, hasSnapshot: snapshot !== 0, lastAnchorCheck, ...(snapshot === 2 ? { fixed: true } : {}) };
  if (c.length === 4) return check;
  if (!isCount(size) || !isTime(mtimeMs) || !isTime(ctimeMs) || !isCount(ino) || typeof hash !== 'string') return undefined;
  return { ...check, fingerprint: { size, mtimeMs, ctimeMs, ino, hash } };
}
