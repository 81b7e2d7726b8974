/**
 * The feedback waiting for the agent (docs/agent-loop.md): submitted, open threads with human
 * activity it has not read (`summary`'s unseenOpen) plus review messages it has not read
 * (unseenReviews). Threads of a pending review count for neither.
 *
 * Counted from the list index when the store is settled (summaryFromIndex: the store is not
 * even read), else from the store as it is: a hook must answer fast, and whether a thread is
 * unseen does not depend on where its anchor is, so no re-anchoring runs.
 */
import type { StoreFile } from '../../shared/store';
import {
  hashContent, lastActivityAt, readStore, summarize, summaryFromIndex, unseenFeedback,
} from '../../shared/store';
import { plural } from '../output';

export interface WaitingFeedback {
  comments: number;
  reviewMessages: number;
  /**
   * Names this very feedback: the unseen threads with their latest activity and the unread
   * review rounds. Equal keys mean the agent has done nothing about it since (stop-state.ts).
   */
  key(): string;
}

/** The feedback waiting in the store at `root`, or undefined when there is none (or no store). */
export function waitingFeedback(root: string): WaitingFeedback | undefined {
  let store: StoreFile | undefined;
  const s = summaryFromIndex(root) ?? summarize((store = readStore(root).store));
  if (s.unseenOpen + s.unseenReviews === 0) return undefined;
  return {
    comments: s.unseenOpen,
    reviewMessages: s.unseenReviews,
    key: () => feedbackKey(store ?? readStore(root).store),
  };
}

function feedbackKey(store: StoreFile): string {
  const { threads, reviews } = unseenFeedback(store);
  const parts = [
    ...threads.map((c) => `${c.id} ${lastActivityAt(c)} ${c.submittedAt ?? ''}`),
    ...reviews.map((r) => `round ${r.round} ${r.submittedAt}`),
  ];
  return hashContent(parts.join('\n'));
}

const CLI = '.consider/bin/consider-cli';

/** “2 new review comments and 1 overall review message” */
function what(f: WaitingFeedback): string {
  const parts: string[] = [];
  if (f.comments) parts.push(plural(f.comments, 'new review comment'));
  if (f.reviewMessages) parts.push(plural(f.reviewMessages, 'overall review message'));
  return parts.join(' and ');
}

/** Where to read it: the unseen threads, and `review` when a round's message is unread. */
function readIt(f: WaitingFeedback): string {
  const reads: string[] = [];
  if (f.comments) reads.push(`\`${CLI} list --unseen\``);
  if (f.reviewMessages) reads.push(`\`${CLI} review\` (the overall message)`);
  return reads.join(' and ');
}

/** Why a stop is blocked: what is waiting, and the commands that answer it. */
export function stopReason(f: WaitingFeedback): string {
  return `${what(f)} from the developer (Consider): run ${readIt(f)}, read each comment with \`${CLI} context <id>\`, `
    + `answer each with \`${CLI} reply <id> --message "…" --addressed|--declined|--question\`, then stop.`;
}

/** The one line of context a prompt or a new session gets; a session new to the review is pointed at the digest. */
export function contextLine(f: WaitingFeedback): string {
  return `Consider: ${what(f)} from the developer waiting; run ${readIt(f)} and answer each with \`${CLI} reply <id> --message "…" --addressed|--declined|--question\`.`
    + ` New to this review? \`${CLI} digest\` shows all of it on one page.`;
}
