/**
 * The Viewed checkboxes of the Changes view, as GitHub's "Viewed" on a pull request's files:
 * per baseline, a file ticked remembers what it was when ticked (its content hash, `deleted`,
 * or a stat key: FileChange.current). It shows ticked only while the file is still that, so a
 * file the agent changes again unticks itself, with no watcher to keep in step. Kept in
 * `.consider/viewed.json` (git never sees it), written whole by temp file and rename.
 */
import { STORE_MAX_BYTES, readDataFile } from '../data-file';
import path from 'node:path';
import { considerPaths, ensureConsiderDir } from '../paths';
import { writeFileAtomic } from '../store/atomic-write';
import { utf8Text } from '../utf8';

/** Baselines whose ticks are kept: the ones used last. */
export const KEPT_VIEWED_BASELINES = 30;

/** baseline key → path → what the file was when ticked. Insertion order = least recently used first. */
export type ViewedState = Map<string, Map<string, string>>;

export function viewedFile(root: string): string {
  return path.join(considerPaths(root).dir, 'viewed.json');
}

export function readViewed(root: string): ViewedState {
  const state: ViewedState = new Map();
  let raw: unknown;
  try {
    const bytes = readDataFile(viewedFile(root), { maxBytes: STORE_MAX_BYTES });
    if (bytes === undefined) return state;
    raw = JSON.parse(utf8Text(bytes));
  } catch {
    return state; // none yet, or damaged: nothing is ticked
  }
  const baselines = (raw as { baselines?: unknown })?.baselines;
  if (typeof baselines !== 'object' || baselines === null) return state;
  for (const [key, files] of Object.entries(baselines as Record<string, unknown>)) {
    if (typeof files !== 'object' || files === null) continue;
    const m = new Map<string, string>();
    for (const [rel, v] of Object.entries(files as Record<string, unknown>)) if (typeof v === 'string') m.set(rel, v);
    state.set(key, m);
  }
  return state;
}

/** Whether a file shows ticked: it was ticked for this baseline and is still what it was then. */
export function isViewed(state: ViewedState, baseline: string, rel: string, current: string): boolean {
  return state.get(baseline)?.get(rel) === current;
}

/**
 * Ticks (`current` given) or unticks files for one baseline, and saves. Reads the file again
 * first, so ticks made meanwhile by another window survive.
 */
export function setViewed(root: string, baseline: string, files: readonly { path: string; current?: string }[]): ViewedState {
  const state = readViewed(root);
  const forBaseline = state.get(baseline) ?? new Map<string, string>();
  for (const f of files) {
    if (f.current === undefined) forBaseline.delete(f.path);
    else forBaseline.set(f.path, f.current);
  }
  state.delete(baseline); // most recently used last
  if (forBaseline.size) state.set(baseline, forBaseline);
  while (state.size > KEPT_VIEWED_BASELINES) state.delete(state.keys().next().value!);
  const out: Record<string, Record<string, string>> = {};
  for (const [key, m] of state) out[key] = Object.fromEntries(m);
  ensureConsiderDir(root);
  writeFileAtomic(viewedFile(root), JSON.stringify({ version: 1, baselines: out }), { syncDir: false });
  return state;
}
