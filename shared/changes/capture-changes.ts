/**
 * What changed between a capture baseline and the files as they are now. A file whose `stat`
 * is what the baseline recorded (and that did not change within 2 s of the capture) is
 * unchanged without being read; any other is hashed and compared. A deleted file whose exact
 * content reappears under another path is a rename (git baselines get git's own, similarity-
 * based renames). Line counts come from the baseline's copy in the snapshot store: when that
 * copy is gone (removed by hand), the change is still listed, marked, and the baseline is
 * reported incomplete.
 */
import { realPathOf } from '../paths';
import { outsideRacyWindow } from '../store/threads';
import { type Baseline, type CapturedFile, capturedText } from './baselines';
import { DEFAULT_MAX_FILE_BYTES, readCurrent, probePath, sameStat, statKey, type Current } from './capture';
import { lineCount, lineStats } from './line-stats';
import type { ChangeList, FileChange } from './model';
import { listWorkspaceFiles } from '../workspace/files';

export interface CompareOptions {
  maxFileBytes?: number;
}

export function changesSinceCapture(root: string, baseline: Baseline, opts: CompareOptions = {}): ChangeList {
  const started = Date.now();
  const maxFileBytes = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const capturedAtMs = Date.parse(baseline.createdAt);
  const realRoot = realPathOf(root);
  const modified: { path: string; before: CapturedFile; now: Current }[] = [];
  const added: { path: string; now: Current }[] = [];
  const skipped: ChangeList['skipped'] = [];
  const present = new Set<string>();

  for (const rel of listWorkspaceFiles(root).files) {
    const p = probePath(root, realRoot, rel);
    if (p.kind === 'none') continue;
    present.add(rel);
    const before = baseline.files.get(rel);
    if (p.kind === 'outside') {
      if (!before) skipped.push({ path: rel, reason: 'symlink-outside' });
      continue;
    }
    if (before && sameStat(before, p.stat) && outsideRacyWindow(p.stat, capturedAtMs)) continue;
    const now = readCurrent(p.abs, p.stat, maxFileBytes);
    if (!before) {
      added.push({ path: rel, now });
      continue;
    }
    if (before.hash !== undefined && before.hash === now.hash) continue;
    if (before.hash === undefined && now.hash === undefined && statKey(before) === now.current) continue;
    modified.push({ path: rel, before, now });
  }

  const deleted: { path: string; before: CapturedFile }[] = [];
  for (const [rel, before] of baseline.files) {
    if (!present.has(rel) && before.skipped !== 'symlink-outside') deleted.push({ path: rel, before });
  }

  const missingContent: string[] = [];
  const oldText = (rel: string, f: CapturedFile): string | undefined => {
    if (f.skipped || f.hash === undefined) return undefined;
    const text = capturedText(root, f);
    if (text === undefined) missingContent.push(rel);
    return text;
  };

  const changes: FileChange[] = [];
  // Exact renames: a deleted file's content reappearing as a new file.
  const addedByHash = new Map<string, { path: string; now: Current }>();
  for (const a of added) if (a.now.hash !== undefined && !addedByHash.has(a.now.hash)) addedByHash.set(a.now.hash, a);
  const renamedTo = new Set<string>();
  const reallyDeleted: typeof deleted = [];
  for (const d of deleted) {
    const to = d.before.hash !== undefined ? addedByHash.get(d.before.hash) : undefined;
    if (to && !renamedTo.has(to.path)) {
      renamedTo.add(to.path);
      changes.push({ path: to.path, oldPath: d.path, kind: 'renamed', added: 0, removed: 0, current: to.now.current, ...(to.now.note ? { note: to.now.note } : {}) });
    } else {
      reallyDeleted.push(d);
    }
  }

  for (const a of added) {
    if (renamedTo.has(a.path)) continue;
    const counts = a.now.text !== undefined ? { added: lineCount(a.now.text), removed: 0 } : {};
    changes.push({ path: a.path, kind: 'added', ...counts, current: a.now.current, ...(a.now.note ? { note: a.now.note } : {}) });
  }
  for (const d of reallyDeleted) {
    const text = oldText(d.path, d.before);
    const note = d.before.skipped ?? (text === undefined ? 'missing-content' : undefined);
    changes.push({ path: d.path, kind: 'deleted', ...(text !== undefined ? { added: 0, removed: lineCount(text) } : {}), current: 'deleted', ...(note ? { note } : {}) });
  }
  for (const m of modified) {
    const note = m.now.note ?? m.before.skipped;
    const text = note === undefined ? oldText(m.path, m.before) : undefined;
    const counts = text !== undefined && m.now.text !== undefined ? lineStats(text, m.now.text) : {};
    const finalNote = note ?? (text === undefined ? 'missing-content' : undefined);
    changes.push({ path: m.path, kind: 'modified', ...counts, current: m.now.current, ...(finalNote ? { note: finalNote } : {}) });
  }

  for (const [rel, f] of baseline.files) {
    if (f.skipped && f.skipped !== 'binary' && present.has(rel)) skipped.push({ path: rel, reason: f.skipped });
  }
  changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  skipped.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { changes, skipped, missingContent, ms: Date.now() - started };
}
