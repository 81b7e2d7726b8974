/**
 * The changes (hunks) marked reviewed in the Changes view: per baseline, per file, the identities
 * of the hunks marked (hunks.ts), and the shape of the file's hunks as they were shown at the
 * last mark, so that later hunks follow what the user saw. Kept in `.consider/hunk-marks.json`
 * (git never sees it):
 *   {"version":1,"baselines":{"<baseline key>":{"<path>":{"reviewed":["h…"],"shape":{…}}}}}
 * with the care of every file under `.consider/`: written whole (temp file, fsync, rename), read
 * as data (a regular file, not a link, at most MAX_MARKS_BYTES; anything that does not validate
 * is left out), and bounded: the KEPT_MARK_BASELINES baselines used last, MAX_MARKS_PER_FILE
 * identities a file, and shapes dropped (largest first) when the file would outgrow its cap — a
 * mark without its shape still counts, it only follows a fresh diff.
 */
import fs from 'node:fs';
import path from 'node:path';
import { considerPaths, ensureConsiderDir } from '../paths';
import { writeFileAtomic } from '../store/atomic-write';
import { utf8Text } from '../utf8';
import type { HunkShape } from './hunks';

export const KEPT_MARK_BASELINES = 30;
export const MAX_MARKS_PER_FILE = 5_000;
/** A marks file larger than this is not read (nothing a user marks comes near it). */
export const MAX_MARKS_BYTES = 16 * 1024 * 1024;
/** Written files stay under this; shapes go first. */
const WRITE_BUDGET_BYTES = 8 * 1024 * 1024;

export interface FileMarks {
  reviewed: ReadonlySet<string>;
  shape?: HunkShape;
}

/** baseline key → path → marks. Insertion order: least recently used baseline first. */
export type HunkMarks = Map<string, Map<string, FileMarks>>;

export function hunkMarksFile(root: string): string {
  return path.join(considerPaths(root).dir, 'hunk-marks.json');
}

/** What is marked; an absent, damaged or oversized file is no marks (said through `onProblem`). */
export function readHunkMarks(root: string, onProblem?: (message: string) => void): HunkMarks {
  const marks: HunkMarks = new Map();
  const file = hunkMarksFile(root);
  let raw: unknown;
  try {
    const st = fs.lstatSync(file, { throwIfNoEntry: false });
    if (!st) return marks;
    if (!st.isFile()) throw new Error('it is not a regular file');
    if (st.size > MAX_MARKS_BYTES) throw new Error(`it is larger than ${MAX_MARKS_BYTES / 1024 / 1024} MB`);
    raw = JSON.parse(utf8Text(fs.readFileSync(file)));
  } catch (e) {
    onProblem?.(`.consider/hunk-marks.json is not read: ${(e as Error).message}`);
    return marks;
  }
  const baselines = isObject(raw) && raw.version === 1 ? raw.baselines : undefined;
  if (!isObject(baselines)) {
    onProblem?.('.consider/hunk-marks.json is not a marks file this version understands');
    return marks;
  }
  for (const [key, files] of Object.entries(baselines)) {
    if (!isObject(files)) continue;
    const byFile = new Map<string, FileMarks>();
    for (const [rel, v] of Object.entries(files)) {
      const m = parseFileMarks(v);
      if (m) byFile.set(rel, m);
    }
    if (byFile.size) marks.set(key, byFile);
  }
  return marks;
}

function parseFileMarks(v: unknown): FileMarks | undefined {
  if (!isObject(v) || !Array.isArray(v.reviewed)) return undefined;
  const reviewed = new Set(v.reviewed.filter((id): id is string => typeof id === 'string' && id.length <= 200).slice(0, MAX_MARKS_PER_FILE));
  const shape = parseShape(v.shape);
  return { reviewed, ...(shape ? { shape } : {}) };
}

function parseShape(v: unknown): HunkShape | undefined {
  if (!isObject(v) || typeof v.text !== 'string' || !Array.isArray(v.hunks)) return undefined;
  for (const h of v.hunks) {
    if (!Array.isArray(h) || h.length !== 3 || !Number.isInteger(h[0]) || !Number.isInteger(h[1]) || !Array.isArray(h[2]) || !h[2].every((l) => typeof l === 'string')) return undefined;
  }
  return { text: v.text, hunks: v.hunks as HunkShape['hunks'] };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A file's new marks: the whole set of hunks marked (none: forget the file) and the shape they were made on. */
export interface FileMarksUpdate {
  path: string;
  reviewed: readonly string[];
  shape?: HunkShape;
}

/**
 * Sets the marks of some files for one baseline, and saves. Reads the file again first, so marks
 * another window saved meanwhile on other files survive. Returns the marks as saved.
 */
export function setHunkMarks(root: string, baseline: string, updates: readonly FileMarksUpdate[]): HunkMarks {
  const marks = readHunkMarks(root);
  const forBaseline = marks.get(baseline) ?? new Map<string, FileMarks>();
  for (const u of updates) {
    if (!u.reviewed.length) forBaseline.delete(u.path);
    else forBaseline.set(u.path, { reviewed: new Set(u.reviewed.slice(0, MAX_MARKS_PER_FILE)), ...(u.shape ? { shape: u.shape } : {}) });
  }
  marks.delete(baseline); // most recently used last
  if (forBaseline.size) marks.set(baseline, forBaseline);
  while (marks.size > KEPT_MARK_BASELINES) marks.delete(marks.keys().next().value!);
  ensureConsiderDir(root);
  writeFileAtomic(hunkMarksFile(root), serialize(marks), { syncDir: false });
  return marks;
}

function serialize(marks: HunkMarks): string {
  const entries: { files: Record<string, { reviewed: string[]; shape?: HunkShape }>; rel: string; m: FileMarks }[] = [];
  const out: Record<string, Record<string, { reviewed: string[]; shape?: HunkShape }>> = {};
  for (const [key, files] of marks) {
    const o: Record<string, { reviewed: string[]; shape?: HunkShape }> = {};
    for (const [rel, m] of files) {
      o[rel] = { reviewed: [...m.reviewed], ...(m.shape ? { shape: m.shape } : {}) };
      if (m.shape) entries.push({ files: o, rel, m });
    }
    out[key] = o;
  }
  let text = JSON.stringify({ version: 1, baselines: out });
  if (text.length <= WRITE_BUDGET_BYTES) return text;
  // Over budget: drop the largest shapes until it fits (their marks stay).
  const sized = entries.map((e) => ({ ...e, size: JSON.stringify(e.m.shape).length })).sort((x, y) => y.size - x.size);
  let over = text.length - WRITE_BUDGET_BYTES;
  for (const e of sized) {
    if (over <= 0) break;
    delete e.files[e.rel]!.shape;
    over -= e.size;
  }
  text = JSON.stringify({ version: 1, baselines: out });
  return text;
}
