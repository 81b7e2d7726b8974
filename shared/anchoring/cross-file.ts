/**
 * Threads follow code into another file (issue 26). When a read's pass is about to make a
 * thread stale or orphaned, its code is looked for in the rest of the workspace before giving
 * up; a unique, distinctive copy is followed (store/reconcile/follow.ts turns it into the thread's new
 * place, with `movedFrom`). What counts as a copy: moved-code.ts.
 *
 * Where it looks, and why that is both safe and cheap:
 *  - only files git would show (workspace-files.ts), under MAX_SEARCHED_FILE_BYTES each and
 *    MAX_SEARCHED_BYTES in all (past that, nothing is followed);
 *  - only files written since the thread was last checked (mtime, with MTIME_SLACK_MS for
 *    coarse clocks). Moved code was written after its thread last saw it in its own file; a
 *    copy in a file nobody touched since is a twin that was there all along, not the code that
 *    moved — as the in-file rule ignores copies made of lines that were already there. Usually
 *    that leaves the few files the agent just wrote: the rest of the tree costs one `stat`
 *    each, and is read only after a checkout or a clone touched it all;
 *  - in a git repository, a copy that was already in its file in the last commit before the
 *    check is such a twin too, however recently the file was written (git-history.ts);
 *  - a file is decoded and split only when its bytes hold a target's longest word as a word
 *    (one scan of its bytes for all the threads searched for: WordFinder);
 *  - one walk over the files for all the threads a pass lost, never one per thread;
 *  - the search runs only on that transition (anchored → stale/orphaned), when the editor asks
 *    for threads lost moments ago (a file was saved: a cut and paste), or when every thread is
 *    re-anchored on request: a read with nothing changed never gets here.
 * Only a copy that is the only one counts; none, or several, leave the thread flagged. A copy
 * still in the thread's own file keeps it there (the in-file decision stands).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Anchor } from '../model';
import { splitLines } from '../text';
import { strictUtf8Text } from '../utf8';
import { findCopies, movedCodeNeedle } from './moved-code';
import type { CodeCopy, MovedCodeNeedle } from './moved-code';
import { listWorkspaceFiles } from '../workspace/files';
import { GitHistory } from './git-history';

/** Files larger than this are not searched (generated or minified code, data). */
export const MAX_SEARCHED_FILE_BYTES = 1024 * 1024;
/**
 * At most this much is read in one search: past it (a checkout rewrote a huge tree since the
 * threads were checked) the search gives up, and the threads are flagged as before.
 */
export const MAX_SEARCHED_BYTES = 64 * 1024 * 1024;
/**
 * A file whose mtime is up to this much before the thread's last check may still have been
 * written after it: Linux stamps files from a clock that ticks every few milliseconds. Kept
 * small, since a file written before the check held its copy while the thread's own file
 * still held the code: a duplicate, not a move. (On filesystems with whole-second times a move
 * made within a second of a check is then missed: the thread is flagged, never misplaced.)
 */
export const MTIME_SLACK_MS = 100;

/** A thread a pass is about to lose to stale or orphaned. */
export interface LostThread {
  id: string;
  /** Its anchor as it was before the pass: the code, and when it was last checked. */
  anchor: Anchor;
  /** Files the search leaves out: its own file (and a file git renamed that to). */
  ownFiles: readonly string[];
  /** Today's lines of its own file, when it still has one. */
  linesToday?: readonly string[];
}

/** Where a lost thread's code is now. Lines are 1-based, inclusive. */
export interface FoundCode {
  file: string;
  startLine: number;
  endLine: number;
  /** The very lines (else equal once whitespace is removed). */
  exact: boolean;
}

/** What a search did, for the benchmarks. */
export interface CrossFileStats {
  /** Threads whose code was looked for. */
  searched: number;
  listed: number;
  /** Files written since the threads' last checks. */
  recent: number;
  /** …of which read, and decoded (their bytes held a target's word). */
  read: number;
  decoded: number;
}

interface Search {
  thread: LostThread;
  needle: MovedCodeNeedle;
  /** The needle's word as its UTF-8 bytes read as latin1 (WordFinder). */
  wordBytes: string;
  /** The thread's last check (epoch ms). */
  lastCheck: number;
  /** Files written before this (epoch ms) cannot hold the moved code. */
  since: number;
  copies: number;
  found?: { file: string; copy: CodeCopy };
}

export interface CrossFileOptions {
  /** Filled with what the search did. */
  stats?: CrossFileStats;
  /** Instead of MAX_SEARCHED_BYTES (tests). */
  maxBytes?: number;
}

/** The lost threads whose code was found, unique and distinctive, in another file: by thread id. */
export function findMovedCode(root: string, lost: readonly LostThread[], { stats, maxBytes = MAX_SEARCHED_BYTES }: CrossFileOptions = {}): Map<string, FoundCode> {
  const searches = lost.map(searchFor).filter((s): s is Search => s !== undefined);
  const result = new Map<string, FoundCode>();
  if (stats) stats.searched = searches.length;
  if (searches.length === 0) return result;
  const listing = listWorkspaceFiles(root);
  if (stats) stats.listed = listing.files.length;
  // A file left out could hold a second copy: uniqueness cannot be told.
  if (!listing.complete) return result;
  const earliest = Math.min(...searches.map((s) => s.since));
  // First only `stat`: which files were written since, and how much they hold.
  const recent: { rel: string; abs: string; mtimeMs: number }[] = [];
  let bytes = 0;
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  for (const rel of listing.files) {
    const abs = prefix + rel; // not path.join: it normalises each of 10,000 paths, and `rel` is already clean
    const stat = fs.lstatSync(abs, { throwIfNoEntry: false });
    // Not a regular file (a symbolic link, a submodule's folder, gone since the listing), too big, or older than every lost thread's check.
    if (!stat?.isFile() || stat.size > MAX_SEARCHED_FILE_BYTES || stat.mtimeMs < earliest) continue;
    recent.push({ rel, abs, mtimeMs: stat.mtimeMs });
    bytes += stat.size;
  }
  if (stats) stats.recent = recent.length;
  // Too much to read (a checkout rewrote a huge tree): a copy could hide in what is left unread,
  // so uniqueness cannot be told; give up before reading anything.
  if (bytes > maxBytes) return result;
  const words = new WordFinder(searches);
  for (const { rel, abs, mtimeMs } of recent) {
    const wanted = searches.filter((s) => s.copies < 2 && mtimeMs >= s.since && !s.thread.ownFiles.includes(rel));
    if (wanted.length === 0) continue;
    const candidate = searchableLines(abs, wanted, words, stats);
    if (!candidate) continue;
    for (const s of candidate.searches) {
      for (const copy of findCopies(s.needle, candidate.lines)) {
        s.copies++;
        s.found = { file: rel, copy };
      }
    }
    if (searches.every((s) => s.copies >= 2)) break;
  }
  const history = new GitHistory(root);
  for (const s of searches) {
    if (s.copies !== 1 || !s.found) continue;
    const { file, copy } = s.found;
    const before = history.textBefore(file, s.lastCheck);
    if (before !== undefined && findCopies(s.needle, splitLines(before)).length > 0) continue; // a duplicate committed before: not a move
    result.set(s.thread.id, { file, startLine: copy.start + 1, endLine: copy.start + s.needle.target.length, exact: copy.exact });
  }
  return result;
}

function searchFor(thread: LostThread): Search | undefined {
  const needle = movedCodeNeedle(thread.anchor);
  if (!needle) return undefined;
  // Still in its own file (a copy the in-file rules would not follow): not a move.
  if (thread.linesToday && findCopies(needle, thread.linesToday).length > 0) return undefined;
  const lastCheck = Date.parse(thread.anchor.lastAnchorCheck);
  if (!Number.isFinite(lastCheck)) return undefined;
  const wordBytes = Buffer.from(needle.word, 'utf8').toString('latin1');
  return { thread, needle, wordBytes, lastCheck, since: lastCheck - MTIME_SLACK_MS, copies: 0 };
}

/**
 * Finds which searches' words occur in a file's bytes, as whole words, in one pass for all of
 * them: a regular expression of the words, run over the bytes read as latin1 (each byte one
 * character, so no decoding; a non-ASCII word is its UTF-8 bytes read the same way). V8
 * compiles an alternation of literal words into a search that skips ahead: over a 10,000-file
 * tree it took ~50 ms where a native byte search per thread took seconds.
 */
class WordFinder {
  private readonly words: ReadonlySet<string>;
  private readonly pattern: RegExp;

  constructor(searches: readonly Search[]) {
    this.words = new Set(searches.map((s) => s.wordBytes));
    const alternatives = [...this.words].sort((x, y) => y.length - x.length).map((w) => w.replace(/[$]/g, '\\$'));
    // Letters, digits, `_`, `$` and the bytes of non-ASCII characters make words (moved-code.ts WORD).
    this.pattern = new RegExp(`(?<![A-Za-z0-9_$\\x80-\\xff])(?:${alternatives.join('|')})(?![A-Za-z0-9_$\\x80-\\xff])`, 'g');
  }

  /** Of `wanted`, the searches whose word `bytes` hold. */
  in(bytes: Buffer, wanted: readonly Search[]): Search[] {
    const text = bytes.toString('latin1');
    const found = new Set<string>();
    this.pattern.lastIndex = 0;
    for (let m = this.pattern.exec(text); m !== null && found.size < this.words.size; m = this.pattern.exec(text)) found.add(m[0]);
    return wanted.filter((s) => found.has(s.wordBytes));
  }
}

/** The file's lines, and the searches whose word its bytes hold; undefined when none does, or it is not UTF-8 text. */
function searchableLines(abs: string, wanted: readonly Search[], words: WordFinder, stats?: CrossFileStats): { lines: readonly string[]; searches: Search[] } | undefined {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(abs);
  } catch {
    return undefined;
  }
  if (stats) stats.read++;
  const searches = words.in(bytes, wanted);
  if (searches.length === 0 || bytes.subarray(0, 8000).includes(0)) return undefined;
  let text: string;
  try {
    text = strictUtf8Text(bytes);
  } catch {
    return undefined;
  }
  if (stats) stats.decoded++;
  return { lines: splitLines(text), searches };
}
