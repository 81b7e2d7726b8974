/**
 * What the editor's counts count, in one place: the status bar (countStoredThreads), the board's
 * summary bar and its first screen all count with countThread, so they cannot disagree (issue 22: the status bar
 * said "7 open" while the board said "8 open" during a pending review).
 *  - open: open threads, your pending review's included (they are open threads in your editor,
 *    not sent yet); resolved: the rest;
 *  - unseen: open threads with news for the agent (never a pending one: the agent cannot see it);
 *  - stale, orphaned: threads whose code changed or went away, open or resolved;
 *  - awaitingCheck: addressed by the agent, not checked by you yet; pending: your pending review.
 * The agent's own view (`consider-cli summary`) leaves the pending review out altogether.
 */
import { awaitsHumanCheck, isUnseen, type AnchorState, type Comment, type WorkflowState } from '../model';

/** The parts of a thread the counts look at: a board row's ThreadView has them, countedThread makes them from a stored thread. */
export interface CountedThread {
  readonly workflowState: WorkflowState;
  readonly anchorState: AnchorState;
  readonly unseen?: boolean;
  readonly pending?: boolean;
  readonly awaitingCheck?: boolean;
}

export interface ThreadCounts {
  total: number;
  open: number;
  resolved: number;
  unseen: number;
  stale: number;
  orphaned: number;
  awaitingCheck: number;
  pending: number;
}

export const noThreads = (): ThreadCounts => ({ total: 0, open: 0, resolved: 0, unseen: 0, stale: 0, orphaned: 0, awaitingCheck: 0, pending: 0 });

/** Adds one thread to `counts` (a plain function: the board counts thousands of rows per snapshot). */
export function countThread(counts: ThreadCounts, t: CountedThread): void {
  counts.total++;
  if (t.workflowState === 'open') counts.open++;
  else counts.resolved++;
  if (t.unseen) counts.unseen++;
  if (t.anchorState === 'stale') counts.stale++;
  else if (t.anchorState === 'orphaned') counts.orphaned++;
  if (t.awaitingCheck) counts.awaitingCheck++;
  if (t.pending) counts.pending++;
}

/** The counted parts of a stored thread, as the board's snapshot carries them (extension/board/snapshot.ts). */
export function countedThread(c: Comment): CountedThread {
  return { workflowState: c.workflowState, anchorState: c.anchorState, unseen: isUnseen(c), pending: c.pending === true, awaitingCheck: awaitsHumanCheck(c) };
}

/** The counts of stored threads (the status bar's). */
export function countStoredThreads(comments: readonly Comment[], counts: ThreadCounts = noThreads()): ThreadCounts {
  for (const c of comments) countThread(counts, countedThread(c));
  return counts;
}
