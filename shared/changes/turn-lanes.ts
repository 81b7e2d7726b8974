/**
 * A lane per agent session (issue 39, docs/worktrees.md "A lane per agent"): who changed which
 * files, read from the captures the hooks take when a session's turn starts and ends (`turn`
 * baselines carrying the session, baselines.ts). Two questions:
 *
 * - **What each session changed since the last round** (Submit Review's default addressee): the
 *   files that differ between a session's turn-start capture and its turn-end capture, for its
 *   turns since the newest round's capture; a turn running now counts up to the files as they are.
 *   A turn whose start was not captured (an agent with no prompt hook, or a start pruned) counts
 *   from the newest capture before its end. Two sessions whose turns overlap are both credited
 *   with the files changed during the overlap: captures tell when, not who.
 * - **What changed since a session's last turn, by others**: the files that differ between its
 *   last turn-end capture and its current turn's start capture (or the files now, when it is
 *   between turns). Its own edits are in neither (for an agent with no prompt hook, whose turn
 *   start is never captured, its current turn's edits are counted too: said in the docs).
 *
 * Only files are compared, by content hash (or size and mtime for a file kept by stat only): no
 * file is read for a comparison between two captures.
 */
import { isSameSession, type StoreFile } from '../model';
import { recentSessions, type TurnRecord } from '../store/agent-turns';
import { type Baseline, type BaselineHead, type CapturedFile, baselineHead, listBaselines, readBaseline } from './baselines';
import { changesSinceCapture } from './capture-changes';

/** Whether a file is the same in two captures: the same content hash, or for one kept by stat only, the same size and mtime. */
function sameEntry(a: CapturedFile, b: CapturedFile): boolean {
  if (a === b) return true;
  if (a.hash !== undefined || b.hash !== undefined) return a.hash === b.hash;
  return a.size === b.size && a.mtimeMs === b.mtimeMs;
}

/** The files added, changed or deleted from capture `a` to capture `b`, sorted. */
export function changedBetween(a: Baseline, b: Baseline): string[] {
  const out: string[] = [];
  for (const [rel, f] of b.files) {
    const before = a.files.get(rel);
    if (!before || !sameEntry(before, f)) out.push(rel);
  }
  for (const rel of a.files.keys()) if (!b.files.has(rel)) out.push(rel);
  return out.sort();
}

/**
 * The baselines, oldest first, as their headers say (a turn capture's session and phase): only
 * turn captures' headers are read; a round's or mark's time is its id's. The file lists of the
 * few captures a question needs are read after (`full`): a workspace's kept baselines may be
 * dozens of manifests of thousands of files each.
 */
function captureHeads(root: string): BaselineHead[] {
  const out: BaselineHead[] = [];
  for (const info of listBaselines(root)) {
    if (info.kind !== 'turn') {
      out.push({ id: info.id, kind: info.kind, createdAt: new Date(info.createdAtMs).toISOString() });
      continue;
    }
    const head = baselineHead(root, info.id);
    if (head) out.push(head);
  }
  return out;
}

/** A capture with its files, or undefined when it does not read (gone, damaged). */
function full(root: string, head: BaselineHead): Baseline | undefined {
  const r = readBaseline(root, head.id);
  return r.ok ? r.baseline : undefined;
}

const atOf = (b: { createdAt: string }): number => Date.parse(b.createdAt);

/** What one session changed: its files, and when it last acted (its newest turn capture). */
export interface SessionChanges {
  session: string;
  files: string[];
  lastAt: string;
  /** Its turn is running now (a start captured after its last end). */
  running: boolean;
}

/**
 * What each session changed since the newest round's capture (all kept turns when no round has
 * one), the session that changed most files first; ties: the one that acted most recently.
 * Sessions with no id (`claude:`) are left out: a round cannot be addressed to them.
 */
export function changesBySession(root: string, store: StoreFile | undefined, opts: { maxFileBytes?: number } = {}): SessionChanges[] {
  const heads = captureHeads(root);
  const lastRound = [...(store?.reviews ?? [])].reverse().find((r) => r.baseline !== undefined && heads.some((h) => h.id === r.baseline));
  const sinceMs = lastRound ? atOf(heads.find((h) => h.id === lastRound.baseline)!) : -Infinity;
  const bySession = new Map<string, { files: Set<string>; lastAt: string; running: boolean; openStart?: BaselineHead }>();
  for (const [i, h] of heads.entries()) {
    if (h.kind !== 'turn' || h.session === undefined || h.session.endsWith(':') || atOf(h) < sinceMs) continue;
    const s = bySession.get(h.session) ?? { files: new Set<string>(), lastAt: h.createdAt, running: false };
    bySession.set(h.session, s);
    s.lastAt = h.createdAt;
    if (h.turn === 'start') {
      s.openStart ??= h; // a second start in one turn (a prompt that is our own stop reason) keeps the first
      s.running = true;
      continue;
    }
    // A turn's end: compared with its start, else with the capture just before it.
    const fromHead = s.openStart ?? heads[i - 1];
    const from = fromHead && full(root, fromHead);
    const to = from && full(root, h);
    if (from && to) for (const rel of changedBetween(from, to)) s.files.add(rel);
    delete s.openStart;
    s.running = false;
  }
  for (const s of bySession.values()) {
    const start = s.openStart && full(root, s.openStart);
    if (!start) continue;
    // A turn running now: its changes so far.
    for (const change of changesSinceCapture(root, start, opts).changes) {
      s.files.add(change.path);
      if (change.oldPath !== undefined) s.files.add(change.oldPath);
    }
  }
  return [...bySession.entries()]
    .map(([session, s]) => ({ session, files: [...s.files].sort(), lastAt: s.lastAt, running: s.running }))
    .sort((a, b) => b.files.length - a.files.length || (a.lastAt < b.lastAt ? 1 : a.lastAt > b.lastAt ? -1 : 0));
}

/** What changed since a session's last turn ended, by others: `since` is when that turn ended. */
export interface ChangedByOthers {
  session: string;
  since: string;
  files: string[];
}

/**
 * The files changed since `viewer`'s last turn ended, by anyone else (the developer, another
 * session): up to its current turn's start when one was captured since, else up to now.
 * undefined when no turn of that session ended here (nothing to compare with). `viewer`: the
 * full `<agent>:<id>` or the bare id, as `--session` takes it.
 */
export function changedSinceLastTurn(root: string, viewer: string, opts: { maxFileBytes?: number } = {}): ChangedByOthers | undefined {
  const own = captureHeads(root).filter((h) => h.kind === 'turn' && h.session !== undefined && isSameSession(h.session, viewer));
  let lastEnd: BaselineHead | undefined;
  let startAfter: BaselineHead | undefined;
  for (const h of own) {
    if (h.turn === 'start') startAfter ??= h; // the turn's first start: what came after it is the session's own
    else {
      lastEnd = h;
      startAfter = undefined;
    }
  }
  const end = lastEnd && full(root, lastEnd);
  if (!end) return undefined;
  const start = startAfter && full(root, startAfter);
  const files = start ? changedBetween(end, start) : changesSinceCapture(root, end, opts).changes.flatMap((c) => (c.oldPath !== undefined ? [c.oldPath, c.path] : [c.path])).sort();
  return { session: lastEnd!.session!, since: end.createdAt, files };
}

/** A session Submit Review offers: its turn record, and how many files its turns changed since the last round. */
export interface SessionChoice extends TurnRecord {
  files: number;
}

/**
 * The sessions Submit Review asks about (those that acted within RECENT_SESSION_MS,
 * agent-turns.ts), the default first: the one whose turns changed the most files since the last
 * round, ties (none changed any, say) to the one that acted most recently.
 */
export function sessionChoices(root: string, store: StoreFile | undefined, now = Date.now(), opts: { maxFileBytes?: number } = {}): SessionChoice[] {
  const recent = recentSessions(root, now);
  if (recent.length < 2) return recent.map((t) => ({ ...t, files: 0 }));
  let changed: SessionChanges[] = [];
  try {
    changed = changesBySession(root, store, opts);
  } catch {
    /* captures that cannot be read: the most recent session is the default, as before */
  }
  const count = new Map(changed.map((c) => [c.session, c.files.length]));
  // recentSessions is most recent first; a stable sort keeps that order among equal counts.
  return recent.map((t) => ({ ...t, files: count.get(t.session) ?? 0 })).sort((a, b) => b.files - a.files);
}
