/**
 * Builds what the webview is sent from the host's folder states: the snapshot (thread
 * summaries, small enough to paint thousands of rows at once) and, on request, the details
 * (every thread's conversation).
 */
import fs from 'node:fs';
import { awaitsHumanCheck, considerPaths, dispositionOf, isUnseen, lastActivityAt, offeredMove, rejectedChangeLeft, resolveInWorkspace, splitLines, type Comment, type StoreFile } from '../../shared';
import { titleOf, type FolderDetails, type FolderSnapshot, type ReviewView, type ThreadDetails, type ThreadView } from '../../shared/board/protocol';
import type { Author } from '../../shared/model';
import type { FolderStoreState } from '../api';
import { addressedButUnchanged, codeSinceWritten, linesNowFor } from '../../shared/changes/proof';
import { readSnapshot } from '../../shared/anchoring/snapshots';
import { listBaselines } from '../../shared/changes/baselines';
import { isWorkingNow, readTurns, type TurnRecord } from '../../shared/store/agent-turns';
import { isSameSession } from '../../shared/model';
import { rejectedLeftReason } from '../comments/thread-view';
import type { ChangeProgress } from './services';

/** `title: 'later'` leaves the title empty, for SnapshotDraft to fill in. */
export function toThreadView(c: Comment, title: 'now' | 'later' = 'now'): ThreadView {
  // Built field by field rather than with conditional spreads: thousands of threads a snapshot,
  // and the board's first screen waits for them (the keys keep this order in the JSON).
  const view: { -readonly [K in keyof ThreadView]: ThreadView[K] } = {
    id: c.id,
    file: c.file,
    startLine: c.anchor.startLine,
    endLine: c.anchor.endLine,
    workflowState: c.workflowState,
    anchorState: c.anchorState,
    author: c.author,
    title: title === 'now' ? titleOf(c.body) : '',
    lastActivityAt: lastActivityAt(c),
  };
  // Fields in their common case are left out (see ThreadView): thousands of threads per snapshot.
  if (isUnseen(c)) view.unseen = true;
  const left = rejectedChangeLeft(c);
  if (left) {
    view.rejectedLeft = left;
    view.reason = rejectedLeftReason(left);
  } else if (c.anchor.reason) view.reason = String(c.anchor.reason);
  // Only the triage view shows the stored code: anchored threads do not carry it.
  if (c.anchorState !== 'anchored') view.targetContent = c.anchor.targetContent;
  const replies = c.thread;
  if (replies.length) {
    const replyAuthors: Author[] = [];
    for (const r of replies) if (!replyAuthors.includes(r.author)) replyAuthors.push(r.author);
    view.replyCount = replies.length;
    view.lastReplyAuthor = replies[replies.length - 1]!.author;
    view.replyAuthors = replyAuthors;
    const disposition = dispositionOf(c);
    if (disposition) view.disposition = disposition;
    if (awaitsHumanCheck(c)) view.awaitingCheck = true;
  }
  if (c.pending === true) view.pending = true;
  if (typeof c.round === 'number') view.round = c.round;
  if (c.movedFrom) view.movedFrom = { file: c.movedFrom.file, startLine: c.movedFrom.startLine, endLine: c.movedFrom.endLine };
  const offered = offeredMove(c);
  if (offered) view.suggestedMove = { file: offered.file, startLine: offered.startLine, endLine: offered.endLine, reason: String(offered.reason) };
  // Proof of fix (shared/changes/proof.ts): only threads that keep their origin can tell.
  if (c.origin !== undefined) {
    if (codeSinceWritten(c) === 'changed') view.codeChanged = true;
    if (view.awaitingCheck && addressedButUnchanged(c)) view.addressedUnchanged = true;
  }
  if (c.removed !== undefined) view.removedIn = c.removed.label;
  if (c.pr !== undefined) {
    view.pr = { number: c.pr.number, via: c.pr.via, author: c.pr.author.login, ...(c.pr.author.bot ? { bot: true } : {}), url: c.pr.url };
  }
  return view;
}

/** The session a round is addressed to, with its last turn here (the rounds list's "for claude 1a2b3c4d · working now"). */
function addresseeView(session: string, turns: readonly TurnRecord[]): NonNullable<ReviewView['forSession']> {
  const last = turns.find((t) => isSameSession(session, t.session));
  if (!last) return { session };
  return isWorkingNow(last) ? { session, lastActedAt: last.at, working: true } : { session, lastActedAt: last.at };
}

/**
 * The review loop's folder-level part of a snapshot: what the review bar and the rounds list
 * show (each round's threads still open, their dispositions, whether its baseline is kept for
 * "Changes since this round"); nothing in the common case of no reviews.
 */
function reviewFields(root: string, store: StoreFile | undefined): { pendingCount?: number; reviews?: ReviewView[] } {
  if (!store) return {};
  let pendingCount = 0;
  for (const c of store.comments) if (c.pending === true) pendingCount++;
  if (!store.reviews?.length) return pendingCount ? { pendingCount } : {};
  const byId = new Map(store.comments.map((c) => [c.id, c]));
  const kept = new Set(listBaselines(root).map((b) => b.id));
  // Read once, and only when a round is addressed (the usual store has none).
  const turns = store.reviews.some((r) => r.forSession !== undefined) ? readTurns(root) : [];
  const reviews = store.reviews.map((r): ReviewView => {
    const dispositions = { addressed: 0, declined: 0, question: 0 };
    let open = 0;
    for (const id of r.threadIds) {
      const c = byId.get(id);
      if (!c) continue; // archived or deleted since
      if (c.workflowState === 'open') open++;
      const d = dispositionOf(c);
      if (d) dispositions[d]++;
    }
    return {
      round: r.round, submittedAt: r.submittedAt, threads: r.threadIds.length, ...(r.message !== undefined ? { message: r.message } : {}),
      ...(dispositions.addressed + dispositions.declined + dispositions.question ? { dispositions } : {}), open,
      ...(r.baseline !== undefined && kept.has(r.baseline) ? { hasBaseline: true } : {}),
      ...(r.forSession !== undefined ? { forSession: addresseeView(r.forSession, turns) } : {}),
    };
  });
  return { ...(pendingCount ? { pendingCount } : {}), reviews };
}

/**
 * The board's rounds with per-change progress: "12 of 31 changes reviewed" on a round.
 *
 * What a round's count means (issue 38): the changes (hunks, shared/changes/hunks.ts) between
 * the capture taken when that round was submitted (its baseline) and the files today, and how
 * many of them are reviewed under that baseline — marked in the Changes view
 * (shared/changes/hunk-marks.ts, kept per baseline) or in a file ticked Viewed. The same numbers
 * the Changes view shows on its badge when it is on that round, by the same index
 * (extension/changes/hunk-review.ts), so the two never disagree.
 *
 * Only the round whose baseline the Changes view is counting from gets a count (in practice the
 * last round: the view opens on it, and "Changes since this round" moves it). Counting every round
 * would diff the workspace against each of up to 20 kept captures on the extension host; an
 * old round says nothing rather than a guessed or outdated figure. A Mark All Reviewed capture
 * is no round: its progress shows on no round. Snapshots the count does not touch are
 * returned as they are (a prepared one keeps its serialised form).
 */
export function withRoundProgress(
  snapshots: readonly FolderSnapshot[], folders: readonly FolderStoreState[], progressOf: ((root: string) => ChangeProgress | undefined) | undefined,
): FolderSnapshot[] {
  if (!progressOf) return snapshots as FolderSnapshot[];
  let changed = false;
  const out = snapshots.map((s, i) => {
    const p = s.reviews?.length ? progressOf(s.root) : undefined;
    const round = p && folders[i]?.store?.reviews?.find((r) => r.baseline === p.baseline)?.round;
    if (!p || round === undefined) return s;
    changed = true;
    return { ...s, reviews: s.reviews!.map((r) => (r.round === round ? { ...r, changes: { reviewed: p.reviewed, total: p.total } } : r)) };
  });
  return changed ? out : (snapshots as FolderSnapshot[]);
}

/** `title: 'later'`: every thread's title is left empty (see SnapshotDraft). */
export function toFolderSnapshot(f: FolderStoreState, title: 'now' | 'later' = 'now'): FolderSnapshot {
  return {
    root: f.root,
    name: f.name,
    hasStore: !!f.store,
    threads: f.error ? [] : (f.store?.comments ?? []).map((c) => toThreadView(c, title)),
    ...(f.error ? { error: { code: f.error.code, message: f.error.message, ...(f.error.hint ? { hint: f.error.hint } : {}) }, hasBackup: fs.existsSync(considerPaths(f.root).backup) } : {}),
    ...(f.readOnlyReason ? { readOnlyReason: f.readOnlyReason } : {}),
    ...(f.error ? {} : reviewFields(f.root, f.store)),
  };
}

/**
 * Folder snapshots whose thread titles are filled in on demand. The board's first screen,
 * built before the panel's HTML, shows ~30 rows of thousands, and a title (titleOf: the body's
 * first line without Markdown) is ~85% of the cost of a thread's view. `complete()` fills in
 * the rest before the snapshot is serialised, after the HTML is on its way.
 */
export class SnapshotDraft {
  readonly snapshots: FolderSnapshot[];
  /** Views still without their title, with the body it comes from. */
  private readonly untitled = new Map<ThreadView, string>();

  constructor(folders: readonly FolderStoreState[]) {
    this.snapshots = folders.map((f) => toFolderSnapshot(f, 'later'));
    // A folder's views are its comments' in order (toFolderSnapshot).
    this.snapshots.forEach((s, i) => s.threads.forEach((v, j) => this.untitled.set(v, folders[i]!.store!.comments[j]!.body)));
  }

  /** Fills in this view's title (a view of this draft; others are left alone). */
  title(view: ThreadView): void {
    const body = this.untitled.get(view);
    if (body === undefined) return;
    (view as { title: string }).title = titleOf(body);
    this.untitled.delete(view);
  }

  /** The snapshots with every title filled in. */
  complete(): FolderSnapshot[] {
    for (const [view, body] of this.untitled) (view as { title: string }).title = titleOf(body);
    this.untitled.clear();
    return this.snapshots;
  }
}

/** Today's lines of a file, read once per details request (undefined: missing or unreadable). */
type LinesOf = (file: string) => readonly string[] | undefined;
/** The text of a snapshot of `.consider/snapshots/` (undefined: not kept). */
type SnapshotOf = (id: string) => string | undefined;

function toThreadDetails(c: Comment, linesOf?: LinesOf, snapshotOf?: SnapshotOf): ThreadDetails {
  const replies = c.thread.map((r) => ({
    id: r.id, author: r.author, body: r.body, createdAt: r.createdAt, ...(r.disposition ? { disposition: r.disposition } : {}),
    ...(r.pr && r.author === 'human' ? { prAuthor: r.pr.author.login } : {}),
  }));
  return { id: c.id, body: c.body, createdAt: c.createdAt, replies, ...codeOf(c, linesOf, snapshotOf) };
}

/**
 * Proof of fix for the detail pane: the lines the thread was written on and today's. An
 * anchored thread's are its anchor's; a stale one keeps its old lines as evidence, so today's are
 * the lines that stand where they stood (linesNowFor: the file as written on diffed with today's),
 * or, without that copy of the file, the lines where the thread is shown now.
 */
function codeOf(c: Comment, linesOf?: LinesOf, snapshotOf?: SnapshotOf): { code?: NonNullable<ThreadDetails['code']> } {
  if (!c.origin || codeSinceWritten(c) !== 'changed') return {};
  if (c.anchorState === 'anchored') return { code: { then: c.origin.text, now: c.anchor.targetContent } };
  const lines = c.anchorState === 'stale' ? linesOf?.(c.file) : undefined;
  if (!lines) return { code: { then: c.origin.text } };
  const then = c.origin.snapshot !== undefined ? snapshotOf?.(c.origin.snapshot) : undefined;
  const place = then !== undefined ? linesNowFor(splitLines(then), lines, c.origin.startLine, c.origin.endLine) : { startLine: c.anchor.startLine, endLine: c.anchor.endLine };
  const now = place && lines.slice(place.startLine - 1, place.endLine);
  return { code: { then: c.origin.text, ...(now?.length ? { now: now.join('\n') } : {}) } };
}

export function toFolderDetails(f: FolderStoreState): FolderDetails {
  const files = new Map<string, readonly string[] | undefined>();
  const linesOf: LinesOf = (file) => {
    if (!files.has(file)) {
      let lines: readonly string[] | undefined;
      try {
        lines = splitLines(fs.readFileSync(resolveInWorkspace(f.root, file).abs, 'utf8'));
      } catch {
        lines = undefined; // gone, unreadable, or leading outside: no "now" to show
      }
      files.set(file, lines);
    }
    return files.get(file);
  };
  return { root: f.root, threads: f.error ? [] : (f.store?.comments ?? []).map((c) => toThreadDetails(c, linesOf, (id) => readSnapshot(f.root, id))) };
}
