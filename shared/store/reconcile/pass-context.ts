/**
 * What one reconcile pass knows of the workspace's files: each thread's file looked at once
 * (its stat, and when needed its text), and the snapshots read, shared by every thread on them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Comment, FileFingerprint } from '../../model';
import { resolveInWorkspace } from '../../paths';
import { readSnapshot } from '../../anchoring/snapshots';
import { fingerprintOf } from '../threads';
import { strictUtf8Text } from '../../utf8';

/** Files above this size are not re-anchored (a thread on them goes stale, with a reason). */
const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** What is on disk at a thread's path. */
export type FileProbe =
  | { kind: 'missing' }
  | { kind: 'unusable'; reason: string; fingerprint?: FileFingerprint }
  | TextProbe;

export interface TextProbe {
  kind: 'text';
  text: string;
  /** The file's bytes: a snapshot is written from them, with no encoding of `text` back. */
  bytes: Buffer;
  fingerprint: FileFingerprint;
  /** Filled on first use, shared by every thread on the file. */
  lines?: readonly string[];
  snapshotId?: string;
}

export function probeFile(root: string, rel: string): FileProbe {
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

export interface PassContext {
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

export function snapshotText(ctx: PassContext, id: string | undefined): string | undefined {
  if (id === undefined) return undefined;
  if (!ctx.snapshots.has(id)) ctx.snapshots.set(id, readSnapshot(ctx.root, id));
  return ctx.snapshots.get(id);
}

export function probe(ctx: PassContext, rel: string): FileProbe {
  let p = ctx.probes.get(rel);
  if (!p) {
    p = probeFile(ctx.root, rel);
    ctx.probes.set(rel, p);
  }
  return p;
}

export function statOf(ctx: PassContext, rel: string): fs.Stats | null {
  let stat = ctx.stats.get(rel);
  if (stat === undefined) {
    stat = fs.statSync(path.join(ctx.root, rel), { throwIfNoEntry: false }) ?? null;
    ctx.stats.set(rel, stat);
  }
  return stat;
}

export function passContext(root: string): PassContext {
  const nowMs = Date.now();
  return { root, now: new Date(nowMs).toISOString(), nowMs, stats: new Map(), probes: new Map(), snapshots: new Map(), refresh: new Map() };
}
