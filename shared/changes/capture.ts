/**
 * Captures a baseline (baselines.ts): every workspace file's content into the snapshot store,
 * and its manifest. Incremental, as git refreshes its index: a file whose `stat` (size, mtime,
 * ctime, inode) is what the previous baseline recorded is taken from that baseline without
 * being read again — unless it changed within 2 s of that capture ("racily clean": a write in
 * the same timestamp tick would not show), then it is hashed. So a capture after an agent
 * edited 50 files of 10,000 reads those 50 (bench/changes-bench.mjs).
 *
 * Never captured, and listed in the manifest with the reason so the view can say so: binary
 * files (a NUL byte in the first 8,000 bytes, git's rule; their hash is kept, so a change is
 * still seen), files over the size limit (compared by `stat` only), unreadable files, and
 * symbolic links leading outside the workspace (never followed there).
 */
import fs from 'node:fs';
import { contentHash } from '../anchoring/content-hash';
import { utf8Text } from '../utf8';
import { absoluteOf, ensureConsiderDir, isWithin, realPathOf } from '../paths';
import { outsideRacyWindow } from '../store/threads';
import { type Baseline, type BaselineKind, type CapturedFile, PackWriter, type SkipReason, type TurnPhase, newBaselineId, newestBaseline, writeBaseline } from './baselines';
import { listWorkspaceFiles } from '../workspace/files';
import type { ChangeNote } from './model';

/** Default size limit of a captured file (the setting `consider.changes.maxFileSize` overrides it). */
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;
/** git's rule: a NUL byte in the first 8,000 bytes makes a file binary. */
const BINARY_PROBE_BYTES = 8000;

export interface CaptureOptions {
  kind: BaselineKind;
  maxFileBytes?: number;
  /** The baseline to build on; default: the newest readable one (of a round or mark: newestBaseline). null: capture from scratch. */
  previous?: Baseline | null;
  now?: Date;
  /** A `turn` capture's session and end of the turn (turn-lanes.ts). */
  session?: string;
  turn?: TurnPhase;
}

export interface CaptureReport {
  baseline: Baseline;
  /** Files read and hashed. */
  read: number;
  /** Files taken from the previous baseline by their unchanged stat. */
  reused: number;
  /** Files whose content was not kept, and why. */
  skipped: { path: string; reason: SkipReason }[];
  ms: number;
}

/** The file's stat as a baseline records it. */
export function statOf(st: fs.Stats): Omit<CapturedFile, 'hash' | 'skipped'> {
  return { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino };
}

export function sameStat(f: CapturedFile, st: fs.Stats): boolean {
  return f.size === st.size && f.mtimeMs === st.mtimeMs && f.ctimeMs === st.ctimeMs && f.ino === st.ino;
}

export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_PROBE_BYTES).includes(0);
}

/** What is at a listed path: a regular file's stat, a skipped entry, or nothing to capture. */
export type Probe = { kind: 'file'; abs: string; stat: fs.Stats } | { kind: 'outside'; stat: fs.Stats } | { kind: 'none' };

/**
 * Looks at one listed path without following a symbolic link out of the workspace: a link to a
 * file inside is captured as that file's content (what the editor shows), one leading outside
 * is skipped, a link to a folder is not a file.
 */
export function probePath(root: string, realRoot: string, rel: string): Probe {
  const abs = absoluteOf(root, rel);
  let st: fs.Stats | undefined;
  try {
    st = fs.lstatSync(abs, { throwIfNoEntry: false });
  } catch {
    return { kind: 'none' };
  }
  if (!st) return { kind: 'none' };
  if (st.isSymbolicLink()) {
    let real: string;
    try {
      real = fs.realpathSync.native(abs);
    } catch {
      return { kind: 'none' }; // dangling
    }
    if (!isWithin(realRoot, real)) return { kind: 'outside', stat: st };
    try {
      st = fs.statSync(real);
    } catch {
      return { kind: 'none' };
    }
  }
  return st.isFile() ? { kind: 'file', abs, stat: st } : { kind: 'none' };
}

/**
 * Reads one file: its entry, and its bytes when it is text that may need keeping. A file too
 * large, unreadable or binary gets an entry saying so and no bytes.
 */
export function readForCapture(abs: string, st: fs.Stats, maxFileBytes: number): { entry: CapturedFile; bytes?: Buffer } {
  const base = statOf(st);
  const r = readWorkingFile(abs, st, maxFileBytes);
  if ('unread' in r) return { entry: { ...base, skipped: r.unread } };
  if (r.binary) return { entry: { ...base, hash: r.hash, skipped: 'binary' } };
  // The size of what was read: a file written meanwhile keeps the bytes its hash names.
  return { entry: { ...base, size: r.bytes.length, hash: r.hash }, bytes: r.bytes };
}

/**
 * One working file read the way both the capture and the comparisons read it: not at all when
 * larger than `maxFileBytes` or unreadable (and why), else its bytes, their content hash, and
 * whether they are binary.
 */
function readWorkingFile(abs: string, st: fs.Stats, maxFileBytes: number): { unread: 'too-large' | 'unreadable' } | { bytes: Buffer; hash: string; binary: boolean } {
  if (st.size > maxFileBytes) return { unread: 'too-large' };
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(abs);
  } catch {
    return { unread: 'unreadable' };
  }
  return { bytes, hash: contentHash(bytes), binary: isBinary(bytes) };
}

/** A working file as a comparison sees it (the Changes view's lists since a capture and since a commit). */
export interface Current {
  /** FileChange.current: the content hash, or a stat key when the file is compared by stat only. */
  current: string;
  hash?: string;
  text?: string;
  note?: ChangeNote;
}

/** A stat key standing in for the content of a file compared by stat only. */
export const statKey = (f: { size: number; mtimeMs: number }): string => `stat:${f.size}:${f.mtimeMs}`;

/** What a working file is now: its text, or why it has none (too large, unreadable, binary). */
export function readCurrent(abs: string, st: fs.Stats, maxFileBytes: number): Current {
  const r = readWorkingFile(abs, st, maxFileBytes);
  if ('unread' in r) return { current: statKey(st), note: r.unread };
  if (r.binary) return { current: r.hash, hash: r.hash, note: 'binary' };
  return { current: r.hash, hash: r.hash, text: utf8Text(r.bytes) };
}

/**
 * What is at a listed path now, as the comparisons see it: a regular file's content (a link
 * inside the workspace read through), a link leading outside (never read), or nothing.
 */
export function currentAt(root: string, realRoot: string, rel: string, maxFileBytes: number): Current | { current: 'deleted' } {
  const p = probePath(root, realRoot, rel);
  if (p.kind === 'none') return { current: 'deleted' };
  if (p.kind === 'outside') return { current: statKey(p.stat), note: 'symlink-outside' };
  return readCurrent(p.abs, p.stat, maxFileBytes);
}

/** Captures the workspace now and writes the baseline. Throws only when `.consider/` cannot be written. */
export function captureBaseline(root: string, opts: CaptureOptions): CaptureReport {
  const started = Date.now();
  const now = opts.now ?? new Date();
  const maxFileBytes = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  ensureConsiderDir(root);
  // A turn capture builds on any baseline; a round or mark never on a turn's (newestBaseline says why).
  const previous = opts.previous === undefined ? newestBaseline(root, opts.kind === 'turn' ? undefined : ['round', 'mark']) : opts.previous ?? undefined;
  const previousAtMs = previous ? Date.parse(previous.createdAt) : NaN;
  // Contents the previous baseline already holds, by hash: a file changed back, copied or renamed is not copied again.
  const packed = new Map<string, CapturedFile>();
  if (previous) for (const f of previous.files.values()) if (f.pack !== undefined && f.hash !== undefined) packed.set(f.hash, f);
  const id = newBaselineId(opts.kind, now);
  const pack = new PackWriter(root, id);
  const realRoot = realPathOf(root);
  const files = new Map<string, CapturedFile>();
  const skipped: CaptureReport['skipped'] = [];
  let read = 0;
  let reused = 0;
  try {
    for (const rel of listWorkspaceFiles(root).files) {
      const p = probePath(root, realRoot, rel);
      if (p.kind === 'none') continue;
      let entry: CapturedFile;
      if (p.kind === 'outside') {
        entry = { ...statOf(p.stat), skipped: 'symlink-outside' };
      } else {
        const before = previous?.files.get(rel);
        if (before && before.skipped !== 'unreadable' && sameStat(before, p.stat) && outsideRacyWindow(p.stat, previousAtMs)) {
          entry = before;
          reused++;
        } else {
          const r = readForCapture(p.abs, p.stat, maxFileBytes);
          read++;
          entry = r.entry;
          if (r.bytes) {
            const same = packed.get(entry.hash!);
            const at = same ? { pack: same.pack!, offset: same.offset! } : pack.add(r.bytes);
            if (!same) packed.set(entry.hash!, { ...entry, ...at });
            entry = before && before.hash === entry.hash && sameStat(before, p.stat) ? before : { ...entry, ...at };
          }
        }
      }
      if (entry.skipped) skipped.push({ path: rel, reason: entry.skipped });
      files.set(rel, entry);
    }
    pack.finish();
  } catch (e) {
    pack.abandon();
    throw e;
  }
  const turn = opts.kind === 'turn' ? { ...(opts.session !== undefined ? { session: opts.session } : {}), ...(opts.turn !== undefined ? { turn: opts.turn } : {}) } : {};
  const baseline = writeBaseline(root, { id, kind: opts.kind, createdAt: now.toISOString(), files, ...turn }, previous);
  return { baseline, read, reused, skipped, ms: Date.now() - started };
}
