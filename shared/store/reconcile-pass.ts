/**
 * Lazy reconciliation of a workspace's threads against the files on disk (spec §4.3), and
 * the manual re-anchoring the triage view uses. Every CLI read runs reconcileWorkspace first.
 *
 * The pass computes on a read copy of the store without the lock; only when something
 * changed does it take the lock and re-apply its results to the latest store (a thread
 * deleted meanwhile is skipped; one whose anchor changed meanwhile is computed again).
 * Workflow state is never touched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { anchorSizeProblem, captureAnchorFromLines, validateRange } from '../anchoring/anchor';
import { ConsiderError, describeFsError } from '../errors';
import type { Anchor, AnchorState, Author, Comment, FileFingerprint, MovedFrom, StoreFile } from '../model';
import { resolveInWorkspace } from '../paths';
import { linesOf, noteUniqueWindow, reanchor } from '../anchoring/reconcile';
import type { ReanchorResult } from '../anchoring/reconcile';
import { findRename, gitRenames, isGitWorkspace } from '../anchoring/renames';
import { findMovedCode } from '../anchoring/cross-file';
import { holdsCopyAt } from '../anchoring/moved-code';
import type { CrossFileStats, LostThread } from '../anchoring/cross-file';
import { collectSnapshots, readSnapshot, recordSnapshot as storeSnapshot, snapshotCollectionDue, snapshotId } from '../anchoring/snapshots';
import { mutateStore, readStore } from './store-io';
import type { SettleFacts } from './list-index';

export type { SettleFacts };
import type { MutationTx } from './store-io';
import { readArchive } from './archive';
import { findThread, fingerprintOf, outsideRacyWindow, statMatches } from './threads';
import { splitLines } from '../text';
import { strictUtf8Text } from '../utf8';

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

/** Files above this size are not re-anchored (a thread on them goes stale, with a reason). */
const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** What is on disk at a thread's path. */
type FileProbe =
  | { kind: 'missing' }
  | { kind: 'unusable'; reason: string; fingerprint?: FileFingerprint }
  | TextProbe;

interface TextProbe {
  kind: 'text';
  text: string;
  /** The file's bytes: a snapshot is written from them, with no encoding of `text` back. */
  bytes: Buffer;
  fingerprint: FileFingerprint;
  /** Filled on first use, shared by every thread on the file. */
  lines?: readonly string[];
  snapshotId?: string;
}

function probeFile(root: string, rel: string): FileProbe {
  let abs: string;
  try {
    abs = resolveInWorkspace(root, rel).abs;
  } catch {
    return { kind: 'unusable', reason: 'the path leads outside the workspace' };
  }
  let stat: fs.Stats;
  try {
    stat = fs.statSync(abs);
  } catch {
    return { kind: 'missing' };
  }
  if (!stat.isFile()) return { kind: 'missing' };
  if (stat.size > MAX_FILE_BYTES) return { kind: 'unusable', reason: `the file is too large to re-anchor (${Math.round(stat.size / 1048576)} MB)` };
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(abs);
  } catch (e) {
    return { kind: 'unusable', reason: `the file cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  const fingerprint = fingerprintOf(stat, bytes);
  if (bytes.subarray(0, 8000).includes(0)) return { kind: 'unusable', reason: 'the file is binary now', fingerprint };
  try {
    return { kind: 'text', text: strictUtf8Text(bytes), bytes, fingerprint };
  } catch {
    return { kind: 'unusable', reason: 'the file is not UTF-8 text any more', fingerprint };
  }
}

/** A thread's new location facts, computed from one look at its file. */
interface Outcome {
  file: string;
  anchor: Anchor;
  anchorState: AnchorState;
  kind: 'moved' | 'stale' | 'orphaned' | 'restored' | 'same';
  /** Set when the thread followed its code into another file (cross-file.ts). */
  movedFrom?: MovedFrom;
}

/**
 * Whether `latest` (the thread as the locked write finds it) has the location facts of `seen`
 * (the same thread as the pass read it, never changed since): else another writer moved it
 * meanwhile and the pass's result for it no longer applies.
 */
function sameAsSeen(latest: Comment, seen: Comment): boolean {
  const locationOf = (c: Comment): string => JSON.stringify([c.file, c.anchorState, c.anchor]);
  return locationOf(latest) === locationOf(seen);
}

/** A copy without `keys`. Built key by key rather than with `delete`, which turns the object into a slow dictionary. */
function withoutKeys(anchor: Anchor, ...keys: string[]): Partial<Anchor> {
  const copy: Record<string, unknown> = {};
  for (const k of Object.keys(anchor)) if (!keys.includes(k)) copy[k] = anchor[k];
  return copy as Partial<Anchor>;
}

/**
 * A fresh anchor at [startLine, endLine] of `text`, with a snapshot of `text` and the file's
 * fingerprint. Unknown fields of the old anchor survive (forward compatibility).
 * `placedByWindow`: the place is a 'window' result (see noteUniqueWindow).
 */
function confirmedAnchor(root: string, old: Anchor | undefined, file: TextProbe | string, startLine: number, endLine: number, now: string, placedByWindow = false): Anchor {
  const base = old ? withoutKeys(old, 'snapshotLine', 'reason', 'file', 'uniqueWindow') : {};
  const text = typeof file === 'string';
  // A probe's split is usually the one the re-anchoring just made; its snapshot is shared by every thread on the file.
  const lines = text ? linesOf(file) : (file.lines ??= linesOf(file.text));
  const snapshot = text ? recordSnapshot(root, file) : (file.snapshotId ??= recordSnapshot(root, file.bytes, file.fingerprint.hash));
  const anchor: Anchor = { ...base, ...captureAnchorFromLines(lines, startLine, endLine, now, old), snapshot };
  if (!text) anchor.file = file.fingerprint;
  noteUniqueWindow(anchor, lines, placedByWindow);
  return anchor;
}

/** Applies a re-anchoring result: anchored → a fresh anchor there; stale → shown there, evidence kept. */
function outcomeOf(ctx: PassContext, c: Comment, file: string, probe: TextProbe, r: ReanchorResult): Outcome {
  const old = c.anchor;
  const { now } = ctx;
  const fingerprint = probe.fingerprint;
  if (r.anchorState === 'anchored') {
    const same = c.anchorState === 'anchored' && file === c.file && r.startLine === old.startLine && r.endLine === old.endLine;
    const anchor = same && old.snapshot && snapshotText(ctx, old.snapshot) === probe.text
      ? { ...old, file: fingerprint, lastAnchorCheck: now }
      : confirmedAnchor(ctx.root, old, probe, r.startLine, r.endLine, now, r.method === 'window');
    const kind = c.anchorState !== 'anchored' ? 'restored' : same ? 'same' : 'moved';
    return { file, anchor, anchorState: 'anchored', kind };
  }
  // Stale: keep the remembered code, context and snapshot, so the thread can come back when
  // the code does (an undo, a revert); only the place it is shown moves.
  const anchor: Anchor = { ...old, startLine: r.startLine, endLine: r.endLine, file: fingerprint, lastAnchorCheck: now };
  if (old.snapshot && old.snapshotLine === undefined && r.startLine !== old.startLine) anchor.snapshotLine = old.startLine;
  if (r.reason) anchor.reason = r.reason;
  return { file, anchor, anchorState: 'stale', kind: c.anchorState === 'stale' ? 'same' : 'stale' };
}

interface PassContext {
  root: string;
  now: string;
  nowMs: number;
  /** `stat` of each thread's file, taken once per pass (null: missing). */
  stats: Map<string, fs.Stats | null>;
  /** git's renames, asked once per pass and only when a file is missing. */
  renames?: Map<string, string>;
  probes: Map<string, FileProbe>;
  /** Snapshots read in this pass (many threads share one). */
  snapshots: Map<string, string | undefined>;
  /** Settled threads whose fingerprint no longer matches the file's stat, by id: see isSettled. */
  refresh: Map<string, { seen: Comment; fingerprint: FileFingerprint }>;
}

function snapshotText(ctx: PassContext, id: string | undefined): string | undefined {
  if (id === undefined) return undefined;
  if (!ctx.snapshots.has(id)) ctx.snapshots.set(id, readSnapshot(ctx.root, id));
  return ctx.snapshots.get(id);
}

function probe(ctx: PassContext, rel: string): FileProbe {
  let p = ctx.probes.get(rel);
  if (!p) {
    p = probeFile(ctx.root, rel);
    ctx.probes.set(rel, p);
  }
  return p;
}

function statOf(ctx: PassContext, rel: string): fs.Stats | null {
  let stat = ctx.stats.get(rel);
  if (stat === undefined) {
    stat = fs.statSync(path.join(ctx.root, rel), { throwIfNoEntry: false }) ?? null;
    ctx.stats.set(rel, stat);
  }
  return stat;
}

/**
 * The stat part of isSettled: true = the thread's file shows the very stat of its last check
 * (nothing to do); false = it needs a proper look; undefined = its stat moved, compare content.
 */
function settledByStatOf(ctx: PassContext, t: SettleFacts): boolean | undefined {
  if (t.fixed) return true; // about removed code: nothing on disk to follow
  if (!t.fingerprint || t.anchorState === 'orphaned') return false;
  if (t.anchorState === 'anchored' && !t.hasSnapshot) return false; // decide adopts a snapshot
  const stat = statOf(ctx, t.file);
  if (!stat) return false;
  return statMatches(t.fingerprint, stat, t.lastAnchorCheck) ? true : undefined;
}

const factsOf = (c: Comment): SettleFacts => ({
  file: c.file, anchorState: c.anchorState, fingerprint: c.anchor.file, lastAnchorCheck: c.anchor.lastAnchorCheck, hasSnapshot: !!c.anchor.snapshot,
  fixed: c.removed !== undefined,
});

/**
 * The common case, decided cheaply: the thread's file is byte for byte what it was at the
 * thread's last check, so there is nothing to do. Trusts `stat` when it shows the same file
 * untouched (no read, no hash); else compares content hashes. A false here is not a verdict:
 * `decide` looks properly. (The same path outside the workspace through a symlink shows
 * another inode, so the stat test never vouches for a file `probe` would refuse.)
 */
function isSettled(ctx: PassContext, c: Comment): boolean {
  const byStat = settledByStatOf(ctx, factsOf(c));
  if (byStat !== undefined) return byStat;
  const fp = c.anchor.file!;
  const p = probe(ctx, c.file);
  if (p.kind !== 'text' || p.fingerprint.hash !== fp.hash) return false;
  // The same bytes under a new stat (a checkout, a copy, an edit undone), or last checked
  // too soon after a change to trust the stat (racily clean): settled, but every read would
  // hash the file again. As git refreshes its index, this pass records the fresh stat, once
  // the file is old enough for the next read to trust it.
  if (outsideRacyWindow(p.fingerprint, ctx.nowMs)) ctx.refresh.set(c.id, { seen: c, fingerprint: p.fingerprint });
  return true;
}

/**
 * Whether a read's pass would find nothing to do for any of these threads, told from `stat`
 * alone, without reading a file: each thread's file shows the stat of its last check, or the
 * thread is orphaned and its file is still missing (decideMissing leaves it be). False means
 * only "look properly": run reconcileWorkspace. For the list index's checks (list-index.ts).
 */
export function settledByStat(root: string, checks: readonly SettleFacts[]): boolean {
  const ctx = passContext(root);
  return checks.every((t) => (t.anchorState === 'orphaned' ? statOf(ctx, t.file) === null : settledByStatOf(ctx, t) === true));
}

function passContext(root: string): PassContext {
  const nowMs = Date.now();
  return { root, now: new Date(nowMs).toISOString(), nowMs, stats: new Map(), probes: new Map(), snapshots: new Map(), refresh: new Map() };
}

/** Decides one thread against what is on disk now. undefined = nothing to do. */
function decide(ctx: PassContext, c: Comment, force: boolean): Outcome | undefined {
  const p = probe(ctx, c.file);
  if (p.kind === 'missing') return decideMissing(ctx, c, force);
  if (p.kind === 'unusable') {
    if (c.anchorState === 'stale' && c.anchor.reason === p.reason && !force) return undefined;
    const anchor: Anchor = { ...c.anchor, reason: p.reason, lastAnchorCheck: ctx.now };
    if (p.fingerprint) anchor.file = p.fingerprint;
    return { file: c.file, anchor, anchorState: 'stale', kind: c.anchorState === 'stale' ? 'same' : 'stale' };
  }
  const unchangedSinceCheck = c.anchor.file?.hash === p.fingerprint.hash && c.anchorState !== 'orphaned';
  if (unchangedSinceCheck && !force) {
    // An anchor captured without a snapshot, on exactly this content: adopt it now.
    if (!c.anchor.snapshot && c.anchorState === 'anchored') {
      p.snapshotId ??= recordSnapshot(ctx.root, p.bytes, p.fingerprint.hash);
      return { file: c.file, anchor: { ...c.anchor, snapshot: p.snapshotId }, anchorState: 'anchored', kind: 'same' };
    }
    return undefined;
  }
  const r = reanchor(c.anchor, p.text, { snapshotText: () => snapshotText(ctx, c.anchor.snapshot) });
  return outcomeOf(ctx, c, c.file, p, r);
}

function decideMissing(ctx: PassContext, c: Comment, force: boolean): Outcome | undefined {
  // git is asked once, when the file goes missing (or on a forced pass): an orphaned thread
  // must not cost every later read a `git log`.
  if ((c.anchorState !== 'orphaned' || force) && isGitWorkspace(ctx.root)) {
    ctx.renames ??= gitRenames(ctx.root);
    const snapshot = snapshotText(ctx, c.anchor.snapshot);
    const to = findRename(ctx.root, c.file, snapshot, ctx.renames);
    if (to !== undefined) {
      const p = probe(ctx, to);
      if (p.kind === 'text') {
        const r = reanchor(c.anchor, p.text, snapshot === undefined ? {} : { snapshotText: snapshot });
        const outcome = outcomeOf(ctx, c, to, p, r);
        if (outcome.kind === 'same') outcome.kind = 'moved';
        return outcome;
      }
    }
  }
  if (c.anchorState === 'orphaned') return undefined;
  return {
    file: c.file,
    anchor: { ...c.anchor, reason: 'the file no longer exists', lastAnchorCheck: ctx.now },
    anchorState: 'orphaned',
    kind: 'orphaned',
  };
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

/**
 * Before threads are given up as stale or orphaned, their code is looked for in the rest of the
 * workspace (cross-file.ts): a unique, distinctive copy in a file written since is where the
 * code went, and the thread follows it there, noting where it came from. Only threads this pass
 * is about to lose are searched for, and those `searchAgain` names that are still lost (a forced
 * pass: all; ReconcileOptions.searchMovedCodeOf). Replaces their outcomes in `outcomes`.
 */
function followMovedCode(
  ctx: PassContext, threads: readonly Comment[], outcomes: Map<string, { seen: Comment; outcome: Outcome }>,
  searchAgain: (c: Comment) => boolean, stats?: CrossFileStats,
): void {
  const lost: LostThread[] = [];
  for (const c of threads) {
    const o = outcomes.get(c.id)?.outcome;
    const losing = o !== undefined && (o.kind === 'stale' || o.kind === 'orphaned');
    const stillLost = searchAgain(c) && (o ? o.anchorState !== 'anchored' : c.anchorState !== 'anchored');
    if (!losing && !stillLost) continue;
    const ownFiles = o && o.file !== c.file ? [c.file, o.file] : [c.file];
    const today = probe(ctx, o?.file ?? c.file);
    lost.push({ id: c.id, anchor: c.anchor, ownFiles, ...(today.kind === 'text' ? { linesToday: today.lines ??= linesOf(today.text) } : {}) });
  }
  if (lost.length === 0) return;
  const byId = new Map(threads.map((c) => [c.id, c]));
  for (const [id, found] of findMovedCode(ctx.root, lost, { stats })) {
    const c = byId.get(id)!;
    const p = probe(ctx, found.file);
    // Read again for the anchor: it must still hold the copy (the file may have changed since the search read it).
    if (p.kind !== 'text' || !holdsCopyAt(c.anchor, p.lines ??= linesOf(p.text), found.startLine - 1)) continue;
    const anchor = confirmedAnchor(ctx.root, c.anchor, p, found.startLine, found.endLine, ctx.now);
    const n = found.endLine - found.startLine;
    const was = c.anchor.snapshotLine ?? c.anchor.startLine; // where the code was, for a stale thread
    const movedFrom: MovedFrom = { file: c.file, startLine: was, endLine: was + n, at: ctx.now };
    outcomes.set(id, { seen: c, outcome: { file: found.file, anchor, anchorState: 'anchored', kind: c.anchorState === 'anchored' ? 'moved' : 'restored', movedFrom } });
  }
}

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

function collectGarbage(root: string, store: StoreFile): void {
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

/** recordSnapshot, except that in a bestEffortWrite pass a failure is noted instead of thrown. */
function recordSnapshot(root: string, content: string | Uint8Array, knownId?: string): string {
  if (!snapshotFailure.active) return storeSnapshot(root, content, knownId);
  try {
    return storeSnapshot(root, content, knownId);
  } catch (e) {
    snapshotFailure.error ??= e;
    return knownId ?? snapshotId(content);
  }
}

/** Why the pass's results were not saved, as a ConsiderError; undefined for any other failure (rethrown). */
function notSavedReason(e: unknown): ConsiderError | undefined {
  const err = describeFsError(e);
  return err && (err.code === 'busy' || err.code === 'io') ? err : undefined;
}

export async function reconcileWorkspace(root: string, opts: ReconcileOptions = {}): Promise<ReconcileReport> {
  snapshotFailure = { active: opts.bestEffortWrite === true };
  try {
    return await reconcilePass(root, opts);
  } finally {
    snapshotFailure = { active: false };
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
  if (opts.bestEffortWrite && snapshotFailure.error !== undefined) {
    return inMemory(describeFsError(snapshotFailure.error) ?? new ConsiderError('io', String(snapshotFailure.error)));
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
      if (snapshotFailure.error !== undefined) throw snapshotFailure.error;
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
 * Records the fresh stats isSettled found, where nothing changed since it looked (else the
 * next pass looks again). `unchanged`: `latest` is the very file the pass read. True when one
 * was recorded.
 */
function applyRefresh(refresh: PassContext['refresh'], latest: StoreFile, now: string, unchanged: boolean): boolean {
  let any = false;
  for (const c of latest.comments) {
    const r = refresh.get(c.id);
    if (!r || !(unchanged || sameAsSeen(c, r.seen)) || c.anchor.file?.hash !== r.fingerprint.hash) continue;
    c.anchor = { ...c.anchor, file: r.fingerprint, lastAnchorCheck: now };
    any = true;
  }
  return any;
}

/**
 * Re-anchors a thread against text that may not be on disk (an open editor's buffer).
 * With `root`, the thread's snapshot is used, exactly as the CLI's pass does.
 */
export function reanchorInText(comment: Comment, text: string, opts: { root?: string } = {}): ReanchorResult {
  const root = opts.root;
  return reanchor(comment.anchor, text, root === undefined ? {} : { snapshotText: () => readSnapshot(root, comment.anchor.snapshot) });
}

function readForAnchor(root: string, rel: string): TextProbe {
  const p = probeFile(root, rel);
  if (p.kind === 'missing') throw new ConsiderError('not_found', `the file ${rel} no longer exists`, 'the thread can only be re-anchored in an existing file');
  if (p.kind === 'unusable') throw new ConsiderError('usage', `cannot anchor in ${rel}: ${p.reason}`);
  return p;
}

/**
 * Manual re-anchor (triage, or an editor persisting a range it shifted while typing):
 * anchors the thread at [startLine, endLine] of `text` (the editor's text) or of the file
 * on disk. The thread becomes anchored; its workflow state is untouched. With `file`, the
 * thread moves to that workspace file (spec §4.3: an orphaned thread whose code now lives
 * elsewhere, a renamed or split file, is moved there by hand).
 */
export async function setAnchor(
  root: string, id: string, range: { startLine: number; endLine: number; text?: string; file?: string }, actor: Author,
): Promise<Comment> {
  const thread = findThread(readStore(root).store, id);
  const file = range.file === undefined ? thread.file : resolveInWorkspace(root, range.file).rel;
  const disk = readForAnchor(root, file);
  const text = range.text ?? disk.text;
  const lines = splitLines(text);
  const problem = validateRange(range.startLine, range.endLine, lines.length) ?? anchorSizeProblem(lines, range.startLine, range.endLine);
  if (problem) throw new ConsiderError('usage', `cannot anchor ${thread.id} at ${range.startLine}-${range.endLine}: ${problem}`);
  // The disk fingerprint only vouches for the anchor when the anchor was taken from the disk text.
  const fromDisk = text === disk.text;
  return mutateStore(root, actor, (store, tx) => {
    const c = findThread(store, thread.id);
    const from = { file: c.file, startLine: c.anchor.startLine, endLine: c.anchor.endLine, anchorState: c.anchorState };
    c.anchor = confirmedAnchor(root, c.anchor, fromDisk ? disk : text, range.startLine, range.endLine, tx.now);
    c.anchorState = 'anchored';
    // Put in another file by hand: where the code once moved from is no longer this thread's story.
    if (c.file !== file) delete c.movedFrom;
    c.file = file;
    tx.log({ action: 'reanchor', threadId: c.id, detail: { manual: true, from, to: { file, startLine: range.startLine, endLine: range.endLine, anchorState: 'anchored' } } });
    return c;
  });
}

/**
 * Where a thread pointed: what restoreAnchor puts back (the undo of setAnchor and confirmAnchor).
 * `movedFrom` as it was (absent: the thread had none).
 */
export type AnchorPlace = Pick<Comment, 'file' | 'anchor' | 'anchorState' | 'movedFrom'>;

/**
 * Puts a thread back where it pointed before a manual re-anchor: its file, anchor and anchor
 * state exactly as they were (its conversation and workflow state are left as they are now).
 */
export async function restoreAnchor(root: string, id: string, place: AnchorPlace, actor: Author): Promise<Comment> {
  const anchor = structuredClone(place.anchor);
  // Its snapshot may have been collected since (unreferenced after the re-anchor): an anchor
  // never names a missing snapshot; without one, re-anchoring matches by content and context.
  if (anchor.snapshot !== undefined && readSnapshot(root, anchor.snapshot) === undefined) {
    delete anchor.snapshot;
    delete anchor.snapshotLine;
    delete anchor.uniqueWindow;
  }
  return mutateStore(root, actor, (store, tx) => {
    const c = findThread(store, id);
    const from = { file: c.file, startLine: c.anchor.startLine, endLine: c.anchor.endLine, anchorState: c.anchorState };
    c.file = place.file;
    c.anchor = anchor;
    c.anchorState = place.anchorState;
    if (place.movedFrom) c.movedFrom = structuredClone(place.movedFrom);
    else delete c.movedFrom;
    tx.log({ action: 'reanchor', threadId: c.id, detail: { undo: true, from, to: { file: place.file, startLine: place.anchor.startLine, endLine: place.anchor.endLine, anchorState: place.anchorState } } });
    return c;
  });
}

/** "Still valid here": recaptures the thread's anchor at its current range of the file on disk. */
export async function confirmAnchor(root: string, id: string, actor: Author): Promise<Comment> {
  const thread = findThread(readStore(root).store, id);
  const { text } = readForAnchor(root, thread.file);
  const lineCount = splitLines(text).length;
  const startLine = Math.min(thread.anchor.startLine, Math.max(1, lineCount));
  const endLine = Math.min(Math.max(thread.anchor.endLine, startLine), lineCount);
  return setAnchor(root, thread.id, { startLine, endLine, text }, actor);
}

/** Re-exported for the store's addThread and the extension: record the text an anchor was taken on. */
export { recordSnapshot, readSnapshot } from '../anchoring/snapshots';

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
  const live = threads.filter((c) => c.removed === undefined);
  const outcomes = new Map<string, { seen: Comment; outcome: Outcome }>();
  for (const c of live) {
    const outcome = decide(ctx, c, true);
    if (outcome) outcomes.set(c.id, { seen: c, outcome });
  }
  followMovedCode(ctx, live, outcomes, () => false);
  const tx: MutationTx = { now: ctx.now, log: () => {}, noWrite: () => {} };
  for (const { seen, outcome } of outcomes.values()) applyOutcome(seen, outcome, tx);
}
