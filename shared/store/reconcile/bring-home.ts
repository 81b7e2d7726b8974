/**
 * Threads come home (issue 39, docs/worktrees.md): the open threads of another worktree's store
 * are copied into this checkout's store, each re-anchored on this checkout's files by the pass's
 * own decisions (decide.ts: the snapshot diff, content matching, git's renames; follow.ts: code
 * followed into another file). Only a thread that lands anchored is brought: anchored means on
 * lines equal to its code up to whitespace, so a brought thread never points at the wrong code.
 * Every other open thread is listed with the reason it stays (its code did not arrive, it is
 * part of a pending review there, it is about removed code): none is dropped silently, and the
 * worktree's store is left as it is (a copy, not a move).
 *
 * The worktree's threads are taken as its store last confirmed them, not re-anchored in the
 * worktree first: their snapshot and code are what they were written about, and re-reading
 * there would move their last-check times past the merge, hiding from cross-file following
 * the files the merge wrote here.
 *
 * A preview (planBringHome) writes nothing: its decisions name the snapshots they would record
 * without writing them. bringHome decides again, records the snapshots the brought threads need
 * (those of the worktree's store they keep are copied over), then adds the threads under the
 * store's lock, skipping any brought meanwhile.
 */
import type { Comment, StoreFile } from '../../model';
import { readSnapshot, recordSnapshot as storeSnapshot } from '../../anchoring/snapshots';
import { mutateStore, readStore } from '../store-io';
import { newId } from '../threads';
import type { Outcome } from './decide';
import { decideAfresh } from './follow';
import { passContext } from './pass-context';
import { beginSnapshotWrites, endSnapshotWrites } from './snapshot-upkeep';

/** The worktree threads come from: its Consider workspace, and how it is named. */
export interface HomecomingSource {
  /** The worktree's Consider workspace (a folder git listed: shared/workspace/worktrees.ts). */
  root: string;
  /** Its folder, as git lists it (recorded in Comment.broughtFrom). */
  worktree: string;
  branch?: string;
}

/** What becomes of one open thread of the worktree. */
export type Homecoming =
  /**
   * Its code is here: it lands on these lines (`outcome.file`; moved when the file differs).
   * `conflictsWith`: open threads here on overlapping lines of that file — two reviews (two
   * sessions, two worktrees) of the same code, flagged for the developer to reconcile; the
   * thread still comes home (each is right about its code).
   */
  | { kind: 'lands'; thread: Comment; outcome: Outcome; conflictsWith?: string[] }
  /** Its code is not here (the branch is not merged, or the code changed since): listed, not brought. */
  | { kind: 'not-arrived'; thread: Comment; reason: string }
  /** Brought by an earlier run: the thread here that it became. */
  | { kind: 'already-home'; thread: Comment; homeId: string }
  /** Not brought for what it is (pending in that worktree's review, about removed code). */
  | { kind: 'stays'; thread: Comment; reason: string };

export interface HomecomingPlan {
  source: HomecomingSource;
  /** One entry per open thread of the worktree, in its store's order. */
  entries: Homecoming[];
  /** Resolved threads of the worktree: they stay there (only open threads come home). */
  resolvedLeft: number;
}

/** Where each open thread of `source` would land in `homeRoot`'s files now. Writes nothing. */
export function planBringHome(homeRoot: string, source: HomecomingSource): HomecomingPlan {
  beginSnapshotWrites(false, true);
  try {
    return decideHomecoming(homeRoot, source, readStore(source.root).store, readStore(homeRoot).store);
  } finally {
    endSnapshotWrites();
  }
}

/**
 * A thread of the worktree already here: one an earlier bring-home made from it
 * (broughtFrom.thread), or the very thread (same id and creation time: the store was copied).
 */
function alreadyHome(home: StoreFile, t: Comment): Comment | undefined {
  return home.comments.find((h) => h.broughtFrom?.thread === t.id || (h.id === t.id && h.createdAt === t.createdAt));
}

function decideHomecoming(homeRoot: string, source: HomecomingSource, there: StoreFile, home: StoreFile): HomecomingPlan {
  const open = there.comments.filter((c) => c.workflowState === 'open');
  const ctx = passContext(homeRoot);
  // The worktree's snapshots stand in for this checkout's (content-addressed: an id names one text wherever it is).
  for (const c of open) {
    const id = c.anchor.snapshot;
    if (id !== undefined && !ctx.snapshots.has(id)) ctx.snapshots.set(id, readSnapshot(source.root, id));
  }
  const entries = new Map<string, Homecoming>();
  const candidates: Comment[] = [];
  for (const thread of open) {
    const here = alreadyHome(home, thread);
    if (here) entries.set(thread.id, { kind: 'already-home', thread, homeId: here.id });
    else if (thread.pending) entries.set(thread.id, { kind: 'stays', thread, reason: 'part of a review still pending in that worktree: submit or discard it there first' });
    else if (thread.removed) entries.set(thread.id, { kind: 'stays', thread, reason: 'about code removed in that worktree (written on a diff\'s old side): it has no code to land on' });
    else candidates.push(thread);
  }
  // Decided on this checkout's files (the fingerprints are of the worktree's), and code the merge
  // carried into another file followed there, as a read here would follow it.
  const outcomes = decideAfresh(ctx, candidates, () => true);
  for (const thread of candidates) {
    const outcome = outcomes.get(thread.id)?.outcome;
    if (outcome?.anchorState === 'anchored') {
      const conflicts = overlapping(home, outcome);
      entries.set(thread.id, { kind: 'lands', thread, outcome, ...(conflicts.length ? { conflictsWith: conflicts } : {}) });
    } else entries.set(thread.id, { kind: 'not-arrived', thread, reason: notArrivedReason(thread, outcome) });
  }
  return { source, entries: open.map((c) => entries.get(c.id)!), resolvedLeft: there.comments.length - open.length };
}

/** Open threads here on lines that overlap where a thread lands (the same file; threads brought home earlier count too). */
function overlapping(home: StoreFile, landing: Outcome): string[] {
  const { startLine, endLine } = landing.anchor;
  return home.comments
    .filter((h) => h.workflowState === 'open' && h.anchorState !== 'orphaned' && h.file === landing.file && h.anchor.startLine <= endLine && startLine <= h.anchor.endLine)
    .map((h) => h.id);
}

function notArrivedReason(thread: Comment, outcome: Outcome | undefined): string {
  if (!outcome || outcome.anchorState === 'orphaned') return `${thread.file} is not in this checkout`;
  return outcome.anchor.reason ?? 'its code is not in this checkout';
}

export interface HomecomingResult {
  plan: HomecomingPlan;
  /** The threads added here, by the worktree thread's id. */
  brought: Map<string, Comment>;
}

/**
 * Brings home every open thread of `source` whose code is here (planBringHome's `lands`), as new
 * threads of this checkout's store: the worktree's id when it is free here, else a new one;
 * Comment.broughtFrom says where each came from. `only`: of those, the threads with these ids
 * (the worktree's; VS Code's preview lets the developer leave some out).
 */
export async function bringHome(homeRoot: string, source: HomecomingSource, only?: ReadonlySet<string>): Promise<HomecomingResult> {
  // Decided again, now with the snapshots written: the preview may be minutes old.
  const plan = decideHomecoming(homeRoot, source, readStore(source.root).store, readStore(homeRoot).store);
  const landing = plan.entries.filter((e): e is Extract<Homecoming, { kind: 'lands' }> => e.kind === 'lands' && (!only || only.has(e.thread.id)));
  if (landing.length === 0) return { plan, brought: new Map() };
  copySnapshots(homeRoot, source.root, landing);
  const brought = await mutateStore(homeRoot, 'system', (store, tx) => {
    const added = new Map<string, Comment>();
    const ids = new Set(store.comments.map((c) => c.id));
    for (const { thread, outcome } of landing) {
      if (alreadyHome(store, thread)) continue; // another run brought it meanwhile
      const id = ids.has(thread.id) ? newId('c', (candidate) => ids.has(candidate)) : thread.id;
      ids.add(id);
      const comment = homeThread(thread, outcome, id, source, tx.now);
      store.comments.push(comment);
      added.set(thread.id, comment);
      tx.log({
        action: 'add', threadId: id,
        detail: { file: comment.file, startLine: comment.anchor.startLine, endLine: comment.anchor.endLine, broughtFrom: comment.broughtFrom },
      });
    }
    if (added.size === 0) tx.noWrite();
    return added;
  });
  return { plan, brought };
}

/**
 * The thread as this checkout's: its conversation as it was, on the place it landed. Its review
 * round is dropped (a number in the worktree's own list of rounds); where it was is broughtFrom.
 */
function homeThread(thread: Comment, outcome: Outcome, id: string, source: HomecomingSource, now: string): Comment {
  const { round: _round, movedFrom, ...rest } = thread;
  const comment: Comment = { ...rest, id, file: outcome.file, anchor: outcome.anchor, anchorState: 'anchored' };
  // Moved into another file here: where it was. In its own file: its earlier move still holds.
  if (outcome.movedFrom) comment.movedFrom = outcome.movedFrom;
  else if (movedFrom && outcome.file === thread.file) comment.movedFrom = movedFrom;
  comment.broughtFrom = {
    worktree: source.worktree,
    ...(source.branch !== undefined ? { branch: source.branch } : {}),
    thread: thread.id, file: thread.file, startLine: thread.anchor.startLine, endLine: thread.anchor.endLine, at: now,
  };
  return comment;
}

/**
 * The snapshots the brought threads name that this checkout lacks (an anchor the decision kept
 * as it was, the code a thread was written on), copied from the worktree under the same id.
 */
function copySnapshots(homeRoot: string, sourceRoot: string, landing: readonly { thread: Comment; outcome: Outcome }[]): void {
  const ids = new Set<string>();
  for (const { thread, outcome } of landing) {
    if (outcome.anchor.snapshot !== undefined) ids.add(outcome.anchor.snapshot);
    if (typeof thread.origin?.snapshot === 'string') ids.add(thread.origin.snapshot);
  }
  for (const id of ids) {
    if (readSnapshot(homeRoot, id) !== undefined) continue;
    const text = readSnapshot(sourceRoot, id);
    if (text !== undefined) storeSnapshot(homeRoot, text, id);
  }
}
