/**
 * The feedback waiting for the agent (docs/agent-loop.md): submitted, open threads with human
 * activity it has not read (`summary`'s unseenOpen) plus review messages it has not read
 * (unseenReviews). Threads of a pending review count for neither.
 *
 * Counted from the list index when the store is settled (summaryFromIndex: the store is not
 * even read), else from the store as it is: a hook must answer fast, and whether a thread is
 * unseen does not depend on where its anchor is, so no re-anchoring runs.
 */
import type { Comment, StoreFile } from '../../shared';
import {
  hashContent, lastActivityAt, orderByLocation, readStore, storeSeenBy, summarize, summaryFromIndex, unseenFeedback,
} from '../../shared';
import { plural } from '../output';

export interface WaitingFeedback {
  comments: number;
  reviewMessages: number;
  /**
   * Names this very feedback: the unseen threads with their latest activity and the unread
   * review rounds. Equal keys mean the agent has done nothing about it since (stop-state.ts).
   */
  key(): string;
  /** The unseen threads' ids, in `list`'s order (by file, then line). */
  ids(): string[];
  /** "2 of them from PR #42 on GitHub" when unseen threads came from pull requests (docs/pull-requests.md), else ''. */
  fromPullRequests(): string;
}

/**
 * The feedback waiting in the store at `root` for the session `viewer` (`<agent>:<id>`), or
 * undefined when there is none (or no store). Rounds addressed to another session are not
 * this session's (model.ts storeSeenBy): addressing only hides, so when the index counts
 * nothing the store is not read; when it counts something, the store is read to leave them out.
 */
export function waitingFeedback(root: string, viewer: string | undefined): WaitingFeedback | undefined {
  const indexed = summaryFromIndex(root);
  if (indexed && indexed.unseenOpen + indexed.unseenReviews === 0) return undefined;
  const raw = readStore(root).store;
  const store = storeSeenBy(raw, viewer);
  const s = indexed && store === raw ? indexed : summarize(store);
  if (s.unseenOpen + s.unseenReviews === 0) return undefined;
  const full = () => store;
  return {
    comments: s.unseenOpen,
    reviewMessages: s.unseenReviews,
    key: () => feedbackKey(full()),
    ids: () => orderByLocation(unseenFeedback(full()).threads, (c) => c.file, (c) => c.anchor.startLine).map((c) => c.id),
    fromPullRequests: () => pullRequestNote(unseenFeedback(full()).threads),
  };
}

function pullRequestNote(threads: readonly Comment[]): string {
  const pulled = threads.filter((c) => c.pr?.via === 'pulled');
  if (pulled.length === 0) return '';
  const numbers = [...new Set(pulled.map((c) => `#${c.pr!.number}`))];
  return `${pulled.length === threads.length && threads.length > 1 ? 'all' : pulled.length} of them from ${numbers.length > 1 ? 'PRs' : 'PR'} ${numbers.join(', ')} on GitHub`;
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
/** Ids named in the reason: enough to act on, few enough to read (the rest: `list --unseen`). */
const IDS_NAMED = 3;

/** “2 new review comments and 1 overall review message” */
function what(f: WaitingFeedback): string {
  const parts: string[] = [];
  if (f.comments) parts.push(plural(f.comments, 'new review comment'));
  if (f.reviewMessages) parts.push(plural(f.reviewMessages, 'overall review message'));
  return parts.join(' and ');
}

/** “c_1, c_2, c_3 and 2 more”: the waiting threads by their real ids. */
function named(ids: string[]): string {
  const shown = ids.slice(0, IDS_NAMED);
  const more = ids.length - shown.length;
  if (more) return `${shown.join(', ')} and ${more} more`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : shown[0] ?? '';
}

/** Where to read it: the unseen threads, and `review` when a round's message is unread. */
function readIt(f: WaitingFeedback): string {
  const reads: string[] = [];
  if (f.comments) reads.push(`\`${CLI} list --unseen\``);
  if (f.reviewMessages) reads.push(`\`${CLI} review\` (the overall message)`);
  return reads.join(' and ');
}

/**
 * How to answer, with a real id: no `<id>` placeholder, which agents escape on the way to the
 * model (`&lt;id&gt;`) and a model may copy as it is.
 */
function answerIt(id: string): string {
  return `answer each with \`${CLI} reply ${id} --message "…" --addressed\` (or --declined, --question)`;
}

/** Words every stop reason carries, and no context line: how a prompt that is our own reason is recognised. */
const REASON_MARK = 'from the developer (Consider)';

/** Whether `prompt` is (or quotes) a stop reason of ours, sent back to the agent as its next prompt. */
export function isOwnReason(prompt: string | undefined): boolean {
  return prompt !== undefined && prompt.includes(REASON_MARK);
}

/** Why a stop is blocked: what is waiting (the threads by id), and the commands that answer it. */
export function stopReason(f: WaitingFeedback): string {
  const ids = f.comments ? f.ids() : [];
  const steps = [`Run ${readIt(f)}`];
  if (ids[0]) steps.push(`read each comment with \`${CLI} context ${ids[0]}\` (and so on)`, answerIt(ids[0]));
  const pr = f.comments ? f.fromPullRequests() : '';
  return `${what(f)} ${REASON_MARK}${ids.length ? `: ${named(ids)}` : ''}${pr ? ` (${pr})` : ''}. ${steps.join(', ')}, then stop.`;
}

/** The one line of context a prompt or a new session gets; a session new to the review is pointed at the digest. */
export function contextLine(f: WaitingFeedback): string {
  const ids = f.comments ? f.ids() : [];
  const pr = f.comments ? f.fromPullRequests() : '';
  return `Consider: ${what(f)} from the developer waiting${ids.length ? ` (${named(ids)}${pr ? `; ${pr}` : ''})` : ''}; run ${readIt(f)}${ids[0] ? ` and ${answerIt(ids[0])}` : ''}.`
    + ` New to this review? \`${CLI} digest\` shows all of it on one page.`;
}
