/**
 * Builds what the webview is sent from the host's folder states: the snapshot (thread
 * summaries, small enough to paint thousands of rows at once) and, on request, the details
 * (every thread's conversation).
 */
import fs from 'node:fs';
import { awaitsHumanCheck, considerPaths, dispositionOf, isUnseen, lastActivityAt, type Comment, type StoreFile } from '../../shared/store';
import { titleOf, type FolderDetails, type FolderSnapshot, type ReviewView, type ThreadDetails, type ThreadView } from '../../shared/board/protocol';
import type { Author } from '../../shared/model';
import type { FolderStoreState } from '../api';

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
  if (c.anchor.reason) view.reason = String(c.anchor.reason);
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
  return view;
}

/** The review loop's folder-level part of a snapshot: what the review bar shows; nothing in the common case of no reviews. */
function reviewFields(store: StoreFile | undefined): { pendingCount?: number; reviews?: ReviewView[] } {
  if (!store) return {};
  let pendingCount = 0;
  for (const c of store.comments) if (c.pending === true) pendingCount++;
  const reviews = (store.reviews ?? []).map((r): ReviewView => ({
    round: r.round, submittedAt: r.submittedAt, threads: r.threadIds.length, ...(r.message !== undefined ? { message: r.message } : {}),
  }));
  return { ...(pendingCount ? { pendingCount } : {}), ...(reviews.length ? { reviews } : {}) };
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
    ...(f.error ? {} : reviewFields(f.store)),
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

export function toThreadDetails(c: Comment): ThreadDetails {
  const replies = c.thread.map((r) => ({ id: r.id, author: r.author, body: r.body, createdAt: r.createdAt, ...(r.disposition ? { disposition: r.disposition } : {}) }));
  return { id: c.id, body: c.body, createdAt: c.createdAt, replies };
}

export function toFolderDetails(f: FolderStoreState): FolderDetails {
  return { root: f.root, threads: f.error ? [] : (f.store?.comments ?? []).map(toThreadDetails) };
}
