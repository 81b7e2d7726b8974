/**
 * Capture baselines: what the workspace's files were at a moment — a submitted review round or
 * "Mark All Reviewed" — so the Changes view can show what changed since, with no commit by
 * anyone. Kept under `.consider/baselines/` (git never sees it: `.consider/` ignores itself).
 *
 * A baseline is a manifest, `<id>.json`, naming each file by its content hash with the `stat`
 * it had (so the next capture and the change list trust an untouched file without reading it),
 * and a pack, `<id>.pack`: the bytes of the files that capture had to copy, one after another.
 * Both are delta-coded against the previous baseline, as git packs objects: a manifest lists
 * only the files that differ from its parent's (and the paths gone since), a pack holds only
 * the contents no ancestor holds. So a round after an agent changed 50 files of 10,000 costs
 * about those 50 files (bench/changes-bench.mjs). Every MAX_CHAIN-th manifest is whole again,
 * so reading one never walks a long chain; manifests never change once written, so a process
 * keeps the last few it read.
 *
 * Why packs and not the re-anchoring snapshot store (one file per content): a first capture of
 * 10,000 files made 10,000 snapshot files, which took seconds on a loaded disk; one sequential
 * pack write takes a fraction of that, and a baseline's copies are dropped with it in one unlink.
 * The snapshot store keeps serving threads (a removed-code thread copies its text there).
 *
 * The id carries the kind and the time (`round-<ms base 36>-<4 hex>`), so listing baselines is
 * one readdir. A round's baseline is named by the round (model.ts ReviewRound.baseline).
 */
import fs from 'node:fs';
import path from 'node:path';
import { hashMatches } from '../anchoring/content-hash';
import { SESSION_PATTERN, type StoreFile } from '../model';
import { considerPaths } from '../paths';
import { randomHex, writeFileAtomic } from '../store/atomic-write';
import { utf8Text } from '../utf8';
import { STORE_MAX_BYTES, openDataFile, readDataFile } from '../data-file';
import { isConsiderStoredPath } from '../paths';
import { isWorkspaceRelative } from '../store/validate';
import { isProcessAlive, sweepDeadTempFiles } from '../store/atomic-write';

/** `turn`: taken by an agent's hook when its turn starts or ends (turn-lanes.ts), never offered as a round's. */
export type BaselineKind = 'round' | 'mark' | 'turn';
/** Which end of an agent's turn a `turn` capture was taken at. */
export type TurnPhase = 'start' | 'end';
export type SkipReason = 'binary' | 'too-large' | 'unreadable' | 'symlink-outside';
export const SKIP_REASONS: readonly SkipReason[] = ['binary', 'too-large', 'unreadable', 'symlink-outside'];

/** What a baseline knows of one file. */
export interface CapturedFile {
  /** Content hash (`mm3-…`). Absent for files too large or unreadable (compared by stat only). */
  hash?: string;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  /** Why its content was not kept (a binary file's hash still is). */
  skipped?: SkipReason;
  /** Where its bytes are: the pack of baseline `pack`, from `offset` (`size` bytes). */
  pack?: string;
  offset?: number;
}

export interface Baseline {
  id: string;
  kind: BaselineKind;
  /** ISO time of the capture. */
  createdAt: string;
  /** Every file, the parent chain applied. Never mutate: baselines are shared by the cache. */
  files: ReadonlyMap<string, CapturedFile>;
  /** Manifests read through to this one (0: a whole one); the next capture is whole after MAX_CHAIN. */
  depth: number;
  /**
   * A `turn` capture's agent session, `<agent>:<session id>` as the hooks record turns (issue 39:
   * which session's turn it marks). Optional, validated on read; captures written before it have none.
   */
  session?: string;
  /** A `turn` capture's end of the turn. */
  turn?: TurnPhase;
}

/** A baseline as listed (from its file name only). */
export interface BaselineInfo {
  id: string;
  kind: BaselineKind;
  createdAtMs: number;
}

export const MANIFEST_VERSION = 1;
const ID_PATTERN = /^(round|mark|turn)-([0-9a-z]{1,12})-([0-9a-f]{4})$/;
/** A manifest this many deltas away from a whole one is written whole. */
export const MAX_CHAIN = 16;

/** Round baselines kept: the newest rounds' (older rounds stay in the store, without their baseline). */
export const KEPT_ROUND_BASELINES = 20;
/** Mark All Reviewed baselines kept: the newest ones. */
export const KEPT_MARK_BASELINES = 3;
/** Turn captures kept since the newest round's capture (what "who changed what since the last round" reads). */
export const KEPT_TURN_BASELINES = 48;
/** A session's newest turn captures are kept this long (its "changed since your last turn"). */
export const KEPT_SESSION_TURN_MS = 7 * 24 * 60 * 60 * 1000;
/** A baseline this young is never collected: its round may not be in the store yet. */
export const BASELINE_GRACE_MS = 10 * 60_000;

export function baselinesDir(root: string): string {
  return path.join(considerPaths(root).dir, 'baselines');
}

const manifestFile = (root: string, id: string): string => path.join(baselinesDir(root), `${id}.json`);
export const packFile = (root: string, id: string): string => path.join(baselinesDir(root), `${id}.pack`);

export function isBaselineId(id: unknown): id is string {
  return typeof id === 'string' && ID_PATTERN.test(id);
}

export function newBaselineId(kind: BaselineKind, at: Date): string {
  return `${kind}-${at.getTime().toString(36)}-${randomHex(4)}`;
}

function infoOf(id: string): BaselineInfo | undefined {
  const m = ID_PATTERN.exec(id);
  if (!m) return undefined;
  return { id, kind: m[1] as BaselineKind, createdAtMs: parseInt(m[2]!, 36) };
}

/** The baselines on disk, oldest first. */
export function listBaselines(root: string): BaselineInfo[] {
  let names: string[];
  try {
    names = fs.readdirSync(baselinesDir(root));
  } catch {
    return [];
  }
  const out: BaselineInfo[] = [];
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    const info = infoOf(name.slice(0, -5));
    if (info) out.push(info);
  }
  return out.sort((a, b) => a.createdAtMs - b.createdAtMs || a.id.localeCompare(b.id));
}

// ---------------------------------------------------------------------------------------------
// Reading

export type ReadBaseline =
  | { ok: true; baseline: Baseline }
  | { ok: false; problem: 'missing' | 'damaged'; message: string };

/** One manifest file as written: its own entries and its parent. */
interface ManifestFile {
  id: string;
  kind: BaselineKind;
  createdAt: string;
  parent?: string;
  session?: string;
  turn?: TurnPhase;
  files: Map<string, CapturedFile>;
  deleted: string[];
}

/**
 * The last baselines read, by `root\0id`: a manifest never changes once written, so its stat
 * (one call) tells that the cached one is still the file on disk (not removed or replaced by hand).
 */
const cache = new Map<string, { baseline: Baseline; stat: string }>();
const CACHED = 4;

const statKeyOf = (root: string, id: string): string | undefined => {
  const st = fs.statSync(manifestFile(root, id), { throwIfNoEntry: false });
  return st && `${st.size}:${st.mtimeMs}:${st.ino}`;
};

function cached(root: string, id: string): Baseline | undefined {
  const c = cache.get(`${root}\0${id}`);
  return c && c.stat === statKeyOf(root, id) ? c.baseline : undefined;
}

function remember(root: string, b: Baseline): Baseline {
  const key = `${root}\0${b.id}`;
  const stat = statKeyOf(root, b.id);
  cache.delete(key);
  if (stat) cache.set(key, { baseline: b, stat });
  while (cache.size > CACHED) cache.delete(cache.keys().next().value!);
  return b;
}

/** Forgets the baselines read so far (the tests read from disk again). */
export function forgetBaselines(): void {
  cache.clear();
}

/** Reads a baseline with its parent chain; a missing or damaged one is an answer, not an exception. */
export function readBaseline(root: string, id: string): ReadBaseline {
  if (!isBaselineId(id)) return { ok: false, problem: 'missing', message: `${JSON.stringify(id)} is not a baseline id` };
  const known = cached(root, id);
  if (known) return { ok: true, baseline: known };
  const chain: ManifestFile[] = [];
  for (let at: string | undefined = id; at !== undefined;) {
    const from = chain.length ? cached(root, at) : undefined;
    if (from) return { ok: true, baseline: remember(root, apply(from.files, chain, from.depth)) };
    const r = readManifestFile(root, at);
    if (!r.ok) {
      if (!chain.length) return r;
      return { ok: false, problem: 'damaged', message: `the baseline ${id} builds on ${at}, which ${r.problem === 'missing' ? 'is gone' : 'cannot be read'}: ${r.message}` };
    }
    chain.push(r.manifest);
    if (chain.length > MAX_CHAIN + 1) return { ok: false, problem: 'damaged', message: `the baseline ${id} builds on a chain longer than ${MAX_CHAIN}` };
    at = r.manifest.parent;
  }
  return { ok: true, baseline: remember(root, apply(new Map(), chain, -1)) };
}

/** Applies manifests (newest first in `chain`) onto `base`, oldest first. */
function apply(base: ReadonlyMap<string, CapturedFile>, chain: readonly ManifestFile[], baseDepth: number): Baseline {
  const files = new Map(base);
  for (let i = chain.length - 1; i >= 0; i--) {
    const m = chain[i]!;
    for (const rel of m.deleted) files.delete(rel);
    for (const [rel, f] of m.files) files.set(rel, f);
  }
  const top = chain[0]!;
  return { id: top.id, kind: top.kind, createdAt: top.createdAt, files, depth: baseDepth + chain.length, ...turnFields(top) };
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function readManifestFile(root: string, id: string): { ok: true; manifest: ManifestFile } | { ok: false; problem: 'missing' | 'damaged'; message: string } {
  let text: string;
  try {
    const bytes = readDataFile(manifestFile(root, id), { maxBytes: STORE_MAX_BYTES, what: `.consider/baselines/${id}.json` });
    if (bytes === undefined) return { ok: false, problem: 'missing', message: `the baseline ${id} is no longer kept (.consider/baselines/${id}.json is gone)` };
    text = utf8Text(bytes);
  } catch (e) {
    return { ok: false, problem: 'damaged', message: `.consider/baselines/${id}.json cannot be read: ${(e as Error).message}` };
  }
  const manifest = parseManifest(text, id);
  return manifest ? { ok: true, manifest } : { ok: false, problem: 'damaged', message: `.consider/baselines/${id}.json is not a baseline this version understands` };
}

interface Header {
  id: string;
  kind: BaselineKind;
  createdAt: string;
  parent?: string;
  session?: string;
  turn?: TurnPhase;
  /** Every pack the baseline's files (its parents' included) are in: what keeps a pack. */
  packs: string[];
}

/** The first line of a manifest: what it is, without its (long) file list. */
function parseHeader(line: string, id: string): Header | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { version, id: rawId, kind, createdAt, parent, packs, session, turn } = raw as Record<string, unknown>;
  if (version !== MANIFEST_VERSION || rawId !== id || (kind !== 'round' && kind !== 'mark' && kind !== 'turn') || typeof createdAt !== 'string') return undefined;
  if (parent !== undefined && !isBaselineId(parent)) return undefined;
  if (!Array.isArray(packs) || !packs.every(isBaselineId)) return undefined;
  // A session is data from a file: the session pattern or no capture (never a name shown or matched unchecked).
  if (session !== undefined && (typeof session !== 'string' || !SESSION_PATTERN.test(session))) return undefined;
  if (turn !== undefined && turn !== 'start' && turn !== 'end') return undefined;
  const turnOf = turnFields({ session, turn } as Pick<Header, 'session' | 'turn'>);
  return { id, kind, createdAt, ...(parent !== undefined ? { parent } : {}), packs, ...turnOf };
}

/** A manifest: a header line, then `{"files":{…},"deleted":[…]}`. */
function parseManifest(text: string, id: string): ManifestFile | undefined {
  const eol = text.indexOf('\n');
  const header = eol > 0 ? parseHeader(text.slice(0, eol), id) : undefined;
  if (!header) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text.slice(eol + 1));
  } catch {
    return undefined;
  }
  const { files, deleted } = (body ?? {}) as Record<string, unknown>;
  if (typeof files !== 'object' || files === null || Array.isArray(files)) return undefined;
  if (deleted !== undefined && (!Array.isArray(deleted) || !deleted.every(isCapturedPath))) return undefined;
  const map = new Map<string, CapturedFile>();
  // Read by every capture and comparison (10,000 entries in a whole manifest): no entry arrays, no spreads.
  const entries = files as Record<string, unknown>;
  for (const rel in entries) {
    if (!isCapturedPath(rel)) return undefined; // `../../.ssh/id_rsa` listed as a "changed file": a manifest no capture wrote
    const f = parseEntry(entries[rel]);
    if (!f) return undefined;
    map.set(rel, f);
  }
  const parentOf = header.parent !== undefined ? { parent: header.parent } : {};
  return { id, kind: header.kind, createdAt: header.createdAt, ...parentOf, ...turnFields(header), files: map, deleted: (deleted as string[] | undefined) ?? [] };
}

/** A turn capture's session and phase, when it has them. */
function turnFields(x: { session?: string | undefined; turn?: TurnPhase | undefined }): { session?: string; turn?: TurnPhase } {
  return { ...(x.session !== undefined ? { session: x.session } : {}), ...(x.turn !== undefined ? { turn: x.turn } : {}) };
}

/** A path a capture can list: workspace-relative, no `..`, not absolute, not inside `.consider/` (a manifest is data, never a path out). */
function isCapturedPath(rel: unknown): rel is string {
  return isWorkspaceRelative(rel) && !isConsiderStoredPath(rel);
}

/** `[hash|null, size, mtimeMs, ctimeMs, ino, skipped|null, pack|null, offset|null]`, trailing nulls left out. */
function parseEntry(v: unknown): CapturedFile | undefined {
  if (!Array.isArray(v) || v.length < 5) return undefined;
  const hash: unknown = v[0], size: unknown = v[1], mtimeMs: unknown = v[2], ctimeMs: unknown = v[3], ino: unknown = v[4];
  if ((hash !== null && typeof hash !== 'string') || !isNum(size) || !isNum(mtimeMs) || !isNum(ctimeMs) || !isNum(ino)) return undefined;
  const entry: CapturedFile = { size, mtimeMs, ctimeMs, ino };
  if (hash !== null) entry.hash = hash;
  if (v.length === 5) return entry;
  const skipped: unknown = v[5], pack: unknown = v[6], offset: unknown = v[7];
  if (skipped != null) {
    if (!SKIP_REASONS.includes(skipped as SkipReason)) return undefined;
    entry.skipped = skipped as SkipReason;
  }
  if (pack != null) {
    if (!isBaselineId(pack) || !isNum(offset)) return undefined;
    entry.pack = pack;
    entry.offset = offset;
  }
  return entry;
}

function entryRow(f: CapturedFile): unknown[] {
  const row: unknown[] = [f.hash ?? null, f.size, f.mtimeMs, f.ctimeMs, f.ino, f.skipped ?? null, f.pack ?? null, f.offset ?? null];
  while (row.length > 5 && row[row.length - 1] === null) row.pop();
  return row;
}

/**
 * A captured file's text, or undefined when the baseline kept no copy of it or its copy is gone
 * or damaged (checked against its hash: a pack is written without fsync, and may be cut short).
 */
export function capturedText(root: string, f: CapturedFile | undefined): string | undefined {
  if (!f || f.skipped || f.hash === undefined || f.pack === undefined || f.offset === undefined) return undefined;
  let fd: number | undefined;
  try {
    fd = openDataFile(packFile(root, f.pack));
    // The manifest's size and offset are data: never more than the pack holds (a huge size would be a huge allocation).
    if (fd === undefined || f.offset + f.size > fs.fstatSync(fd).size) return undefined;
    const bytes = Buffer.alloc(f.size);
    const got = fs.readSync(fd, bytes, 0, f.size, f.offset);
    if (got !== f.size || !hashMatches(f.hash, bytes)) return undefined;
    return utf8Text(bytes);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Collects the bytes a capture copies into its pack, written to a temp file as they come. */
export class PackWriter {
  private fd: number | undefined;
  private size = 0;
  private readonly temp: string;

  constructor(private readonly root: string, readonly id: string) {
    // Named as atomic-write names its temp files, so pruneBaselines sweeps the one a dead capture left.
    this.temp = `${packFile(root, id)}.tmp-${process.pid}-${randomHex(4)}`;
  }

  /** Appends one file's bytes; returns where they are. */
  add(bytes: Uint8Array): { pack: string; offset: number } {
    if (this.fd === undefined) {
      prepareDir(this.root);
      this.fd = fs.openSync(this.temp, 'wx');
    }
    const offset = this.size;
    let done = 0;
    while (done < bytes.length) done += fs.writeSync(this.fd, bytes, done, bytes.length - done);
    this.size += bytes.length;
    return { pack: this.id, offset };
  }

  /** Puts the pack in place (before its manifest is written). Not fsynced: capturedText checks every read. */
  finish(): void {
    if (this.fd === undefined) return;
    fs.closeSync(this.fd);
    this.fd = undefined;
    fs.renameSync(this.temp, packFile(this.root, this.id));
  }

  abandon(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
    fs.rmSync(this.temp, { force: true });
  }
}

function prepareDir(root: string): void {
  const dir = baselinesDir(root);
  if (fs.lstatSync(dir, { throwIfNoEntry: false })?.isSymbolicLink()) throw new Error(`${dir} is a symbolic link; Consider writes no copies of source files through it`);
  fs.mkdirSync(dir, { recursive: true });
}

/**
 * Writes a baseline's manifest (temp file, fsync, rename: whole or absent): as a delta against
 * `parent` when there is one and the chain is short enough, else whole. Returns the baseline
 * as written (its depth).
 */
export function writeBaseline(root: string, b: Omit<Baseline, 'depth'>, parent?: Baseline): Baseline {
  const delta = parent !== undefined && parent.depth < MAX_CHAIN;
  const files: Record<string, unknown[]> = {};
  const deleted: string[] = [];
  for (const [rel, f] of b.files) {
    if (delta && parent.files.get(rel) === f) continue; // the parent's very entry: inherited
    files[rel] = entryRow(f);
  }
  if (delta) for (const rel of parent.files.keys()) if (!b.files.has(rel)) deleted.push(rel);
  const packs = new Set<string>();
  for (const f of b.files.values()) if (f.pack !== undefined) packs.add(f.pack);
  prepareDir(root);
  const header = { version: MANIFEST_VERSION, id: b.id, kind: b.kind, createdAt: b.createdAt, ...(delta ? { parent: parent.id } : {}), packs: [...packs], ...turnFields(b) };
  writeFileAtomic(manifestFile(root, b.id), `${JSON.stringify(header)}\n${JSON.stringify({ files, ...(delta ? { deleted } : {}) })}\n`);
  return remember(root, { ...b, depth: delta ? parent.depth + 1 : 0 });
}

/**
 * The newest baseline that can be read (the base of an incremental capture), if any; `kinds`:
 * of those kinds only. Round and mark captures build on rounds and marks only: a version of
 * Consider from before turn captures cannot read a `turn` manifest, so none of its baselines
 * may depend on one.
 */
export function newestBaseline(root: string, kinds?: readonly BaselineKind[]): Baseline | undefined {
  const all = listBaselines(root).filter((b) => !kinds || kinds.includes(b.kind));
  for (let i = all.length - 1; i >= 0; i--) {
    const r = readBaseline(root, all[i]!.id);
    if (r.ok) return r.baseline;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Collecting

/**
 * Which baselines stay: those of the newest KEPT_ROUND_BASELINES rounds that have one, the
 * newest KEPT_MARK_BASELINES marks, the newest baseline of all (the next capture builds on it),
 * any younger than the grace period (a capture whose round is being written) — and every
 * manifest one of those builds on. `packs`: the packs their files are in.
 */
export function baselinesToKeep(root: string, all: readonly BaselineInfo[], store: StoreFile | undefined, nowMs = Date.now()): { manifests: Set<string>; packs: Set<string> } {
  const wanted = new Set<string>();
  const onDisk = new Set(all.map((b) => b.id));
  const roundIds = (store?.reviews ?? []).map((r) => r.baseline).filter((id): id is string => isBaselineId(id) && onDisk.has(id));
  for (const id of roundIds.slice(-KEPT_ROUND_BASELINES)) wanted.add(id);
  for (const m of all.filter((b) => b.kind === 'mark').slice(-KEPT_MARK_BASELINES)) wanted.add(m.id);
  if (all.length) wanted.add(all[all.length - 1]!.id);
  const newestRoundOrMark = all.filter((b) => b.kind !== 'turn').at(-1);
  if (newestRoundOrMark) wanted.add(newestRoundOrMark.id); // the next round or mark builds on it
  for (const id of turnsToKeep(root, all, roundIds.at(-1), nowMs)) wanted.add(id);
  for (const b of all) if (nowMs - b.createdAtMs < BASELINE_GRACE_MS) wanted.add(b.id);
  const manifests = new Set<string>();
  const packs = new Set<string>();
  for (const id of wanted) {
    for (let at: string | undefined = id; at !== undefined && !manifests.has(at) && onDisk.has(at);) {
      manifests.add(at);
      const header = readHeader(root, at);
      if (!header) break; // damaged: it keeps nothing it names
      for (const p of header.packs) packs.add(p);
      at = header.parent;
    }
  }
  return { manifests, packs };
}

/**
 * The turn captures kept (turn-lanes.ts reads them): the newest KEPT_TURN_BASELINES taken since
 * the newest round's capture, and each session's newest start and end within KEPT_SESSION_TURN_MS.
 */
function turnsToKeep(root: string, all: readonly BaselineInfo[], newestRound: string | undefined, nowMs: number): string[] {
  const roundAt = all.find((b) => b.id === newestRound)?.createdAtMs ?? -Infinity;
  const turns = all.filter((b) => b.kind === 'turn');
  const keep = turns.filter((b) => b.createdAtMs >= roundAt).slice(-KEPT_TURN_BASELINES).map((b) => b.id);
  const newestOf = new Map<string, string>();
  for (const b of turns) {
    if (nowMs - b.createdAtMs > KEPT_SESSION_TURN_MS) continue;
    const h = readHeader(root, b.id);
    if (h?.session !== undefined) newestOf.set(`${h.session}\0${h.turn ?? 'end'}`, b.id); // oldest first: the last one wins
  }
  return [...keep, ...newestOf.values()];
}

/** What a baseline is, from its header line alone (not its file list): turn-lanes.ts picks the captures it needs with it. */
export interface BaselineHead {
  id: string;
  kind: BaselineKind;
  createdAt: string;
  session?: string;
  turn?: TurnPhase;
}

/** A baseline's header, validated as a whole read validates it; undefined when it does not read. */
export function baselineHead(root: string, id: string): BaselineHead | undefined {
  if (!isBaselineId(id)) return undefined;
  const h = readHeader(root, id);
  return h && { id: h.id, kind: h.kind, createdAt: h.createdAt, ...turnFields(h) };
}

/** A manifest's header line, read without the rest of the file. */
function readHeader(root: string, id: string): Header | undefined {
  let fd: number | undefined;
  try {
    fd = openDataFile(manifestFile(root, id));
    if (fd === undefined) return undefined;
    let head = '';
    const buf = Buffer.alloc(16 * 1024);
    for (let at = 0; ; at += buf.length) {
      const n = fs.readSync(fd, buf, 0, buf.length, at);
      const chunk = buf.subarray(0, n).toString('latin1');
      const eol = chunk.indexOf('\n');
      if (eol >= 0) return parseHeader(Buffer.from(head + chunk.slice(0, eol), 'latin1').toString('utf8'), id);
      if (n < buf.length || head.length > 1024 * 1024) return undefined; // a header is a short line
      head += chunk;
    }
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Deletes the manifests and packs `baselinesToKeep` does not keep. Returns the manifest ids removed. */
export function pruneBaselines(root: string, store: StoreFile | undefined, nowMs = Date.now()): string[] {
  const all = listBaselines(root);
  const keep = baselinesToKeep(root, all, store, nowMs);
  const removed: string[] = [];
  for (const b of all) {
    if (keep.manifests.has(b.id)) continue;
    try {
      fs.unlinkSync(manifestFile(root, b.id));
      removed.push(b.id);
    } catch {
      /* gone already, or not ours to delete now: tried again next time */
    }
  }
  let names: string[] = [];
  try {
    names = fs.readdirSync(baselinesDir(root));
  } catch {
    /* no folder: nothing to collect */
  }
  // The temp files of captures that died on the way (a pack, a manifest): their process is gone.
  sweepDeadTempFiles(baselinesDir(root));
  for (const name of names) {
    const legacyTemp = /\.pack\.(\d+)\.tmp$/.exec(name); // a pack's temp file as versions before issue 34 named it
    if (legacyTemp && !isProcessAlive(Number(legacyTemp[1]))) fs.rmSync(path.join(baselinesDir(root), name), { force: true });
    const id = name.endsWith('.pack') ? name.slice(0, -5) : undefined;
    if (id === undefined || keep.packs.has(id) || !isBaselineId(id)) continue;
    if (nowMs - (infoOf(id)?.createdAtMs ?? 0) < BASELINE_GRACE_MS) continue; // its manifest may be being written
    fs.rmSync(path.join(baselinesDir(root), name), { force: true });
  }
  return removed;
}
