/**
 * Where did a missing file go? Asked only when the workspace is a git repository, and only
 * of git (spec §4.3: a deleted file is orphaned unless git reports a rename). Read-only git
 * commands; any failure (no git, not a repo, timeout) simply means "no rename known".
 */
import fs from 'node:fs';
import path from 'node:path';
import { splitLines } from '../text';
import { gitText, READ_GIT_TIMEOUT_MS } from '../workspace/git';
import { untrackedFiles } from '../workspace/files';

/** How far back committed renames are looked for. */
const RENAME_HISTORY = 200;
/** git's own default: a rename keeps at least half of the file. */
const MIN_SIMILARITY = 0.5;
const MAX_CANDIDATE_BYTES = 2_000_000;

/** On a CLI read's way: git gives up sooner (no rename known then). */
const ON_READ = { timeoutMs: READ_GIT_TIMEOUT_MS };

/**
 * Renames git knows about, old path → new path (workspace-relative, '/'):
 * staged ones (`git mv`) and committed ones in recent history, chained (a → b → c).
 */
export function gitRenames(root: string): Map<string, string> {
  const renames = new Map<string, string>();
  // Oldest first, so a later rename of the same file wins.
  const log = gitText(root, ['log', '-M', '--diff-filter=R', '--name-status', '--format=', '-z', '--reverse', `-n${RENAME_HISTORY}`], ON_READ);
  if (log) parseNameStatus(log, renames);
  const status = gitText(root, ['status', '--porcelain=v1', '-z', '-M', '--untracked-files=no'], ON_READ);
  if (status) {
    const fields = status.split('\0');
    for (let i = 0; i < fields.length; i++) {
      const entry = fields[i]!;
      if (entry.length < 4) continue;
      if (entry[0] === 'R' || entry[1] === 'R') {
        const to = entry.slice(3);
        const from = fields[++i];
        if (from) renames.set(from, to);
      }
    }
  }
  return renames;
}

function parseNameStatus(text: string, into: Map<string, string>): void {
  const fields = text.split('\0').filter((f) => f !== '');
  for (let i = 0; i < fields.length; i++) {
    const status = fields[i]!.trim();
    if (status.startsWith('R') && i + 2 < fields.length) {
      into.set(fields[i + 1]!, fields[i + 2]!);
      i += 2;
    }
  }
}

/** Share of the old file's lines found in the candidate (as multisets). */
function lineSimilarity(oldText: string, newText: string): number {
  const counts = new Map<string, number>();
  const oldLines = splitLines(oldText).map((l) => l.trim()).filter((l) => l !== '');
  if (oldLines.length === 0) return 0;
  for (const l of splitLines(newText)) {
    const t = l.trim();
    if (t) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  let kept = 0;
  for (const l of oldLines) {
    const c = counts.get(l);
    if (c) {
      kept++;
      counts.set(l, c - 1);
    }
  }
  return kept / oldLines.length;
}

/**
 * The path the missing `rel` now lives at, or undefined. A rename git recorded wins; else,
 * with the file's last known text, an untracked file holding at least half of its lines
 * (one clear best) — what `git status` would call a rename once the move is staged.
 */
export function findRename(root: string, rel: string, lastKnownText: string | undefined, renames: Map<string, string>): string | undefined {
  let current = rel;
  for (let hops = 0; hops < 10; hops++) {
    const next = renames.get(current);
    if (next === undefined) break;
    current = next;
    if (fs.existsSync(path.join(root, ...current.split('/')))) return current;
  }
  if (lastKnownText === undefined) return undefined;
  let best: { file: string; score: number } | undefined;
  let runnerUp = 0;
  // A plain `mv` shows up as a deletion plus a file git does not track yet.
  for (const file of untrackedFiles(root)) {
    let text: string;
    try {
      const abs = path.join(root, ...file.split('/'));
      if (fs.statSync(abs).size > MAX_CANDIDATE_BYTES) continue;
      text = fs.readFileSync(abs, 'utf8');
    } catch {
      continue;
    }
    const score = lineSimilarity(lastKnownText, text);
    if (!best || score > best.score) {
      runnerUp = best?.score ?? 0;
      best = { file, score };
    } else if (score > runnerUp) {
      runnerUp = score;
    }
  }
  if (best && best.score >= MIN_SIMILARITY && best.score - runnerUp >= 0.1) return best.file;
  return undefined;
}
