/**
 * review, wait: the commands of the review loop (docs/agent-loop.md). `review` shows a
 * submitted round with its overall message; `wait` blocks until the developer has something
 * new for the agent, so an agent can hand the turn back and pick it up again by itself.
 */
import fs from 'node:fs';
import type { Comment, ReviewRound, StoreFile } from '../shared';
import {
  ConsiderError, considerPaths, findRound, findThread, isConsiderError, isUnseen, latestRound, markRoundSeen,
  readStore, storeSeenBy, unseenFeedback, unseenReviewMessages, visibleToAgent,
} from '../shared';
import type { Command, Ctx } from './command';
import { loadForRead } from './command';
import { roundView, threadItem, threadNews as threadNewsView } from './agent-view';
import { rejectedInRound } from './rejected';
import { listBlock, sortByLocation } from './read-commands';
import { headline, indented, inert, oneLine, plural, writeJson, writeLean, writeOut } from './output';
import { unreadIn, type Unread } from './unread';
import { waitLoop } from './wait-loop';
import { SESSION_HELP, sessionOf } from './session-option';
import { laneFor, laneJson, laneLine } from './turn-lane';

function roundNumber(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new ConsiderError('usage', `the round must be a number from 1 (got ${JSON.stringify(raw)})`, 'run `consider-cli review` for the latest round');
  return Number(raw);
}

/** The round `review` shows by default: the oldest whose message the agent has not read, else the newest. */
function defaultRound(store: StoreFile): ReviewRound | undefined {
  return unseenReviewMessages(store)[0] ?? latestRound(store);
}

/** A round that still waits for the agent besides the one shown: its overall message unread, or threads it has not read. */
interface WaitingRound {
  round: number;
  unreadMessage?: true;
  unseenThreads?: number;
}

/**
 * The rounds other than `shown` that still wait for the agent, oldest first: `review` shows
 * one round a call, and says so when there are more, so none is missed.
 */
function otherWaitingRounds(store: StoreFile, visible: readonly Comment[], shown: ReviewRound): WaitingRound[] {
  const unseen = new Set(visible.filter(isUnseen).map((c) => c.id));
  const waiting: WaitingRound[] = [];
  for (const r of store.reviews ?? []) {
    if (r.round === shown.round) continue;
    const unreadMessage = r.message !== undefined && r.agentSeenAt === undefined;
    const unseenThreads = r.threadIds.filter((id) => unseen.has(id)).length;
    if (unreadMessage || unseenThreads) waiting.push({ round: r.round, ...(unreadMessage ? { unreadMessage } : {}), ...(unseenThreads ? { unseenThreads } : {}) });
  }
  return waiting;
}

/** `Also waiting: round 3 (overall message not read), round 4 (2 unseen comments). Run …` */
function waitingText(waiting: readonly WaitingRound[]): string {
  const rounds = waiting.map((w) => {
    const what = [...(w.unreadMessage ? ['overall message not read'] : []), ...(w.unseenThreads ? [plural(w.unseenThreads, 'unseen comment')] : [])];
    return `round ${w.round} (${what.join(', ')})`;
  });
  return `Also waiting: ${rounds.join(', ')}. Run \`consider-cli review ${waiting[0]!.round}\` next.`;
}

function roundText(round: ReviewRound, threads: readonly Comment[], waiting: readonly WaitingRound[]): string {
  const files = new Set(threads.map((c) => c.file)).size;
  const out = [`Review round ${round.round}, submitted ${inert(round.submittedAt)}: ${plural(threads.length, 'comment')} in ${plural(files, 'file')}.`];
  if (round.message !== undefined) out.push('', 'Overall message:', indented(round.message, '  '));
  if (threads.length) {
    out.push('');
    for (const c of threads) out.push(listBlock(c), '');
    const rejected = threads.filter((c) => c.rejected);
    if (rejected.length) {
      const reverted = rejected.filter((c) => c.rejected!.revert?.state === 'applied').length;
      out.push(`${plural(rejected.length, 'comment')} of this round reject${rejected.length === 1 ? 's' : ''} a change you made${reverted ? ` (${reverted} reverted by the developer already)` : ''}: the comment says why; \`consider-cli get <id>\` shows the change.`);
    }
    out.push('Answer every comment of the round before you stop: `consider-cli context <id>`, then');
    out.push('`consider-cli reply <id> --message "…" --addressed | --declined | --question`.');
  }
  if (waiting.length) out.push('', waitingText(waiting));
  return out.join('\n');
}

export const review: Command = {
  name: 'review',
  summary: 'show a submitted review round: its overall message and its threads (marks the message read)',
  usage: 'consider-cli review [<round>] [--session ID] [--json]',
  options: { session: { type: 'string' } },
  optionHelp: [['<round>', 'the round number (default: the oldest round whose message you have not read, else the newest)'], SESSION_HELP],
  examples: ['consider-cli review', 'consider-cli review 2 --json'],
  positionals: [0, 1, '<round>'],
  async run(ctx) {
    const session = sessionOf(ctx);
    const read = await loadForRead(ctx);
    const readOnly = read.readOnly;
    const store = session === undefined ? read.store : storeSeenBy(read.store, session);
    const visible = store === read.store ? read.visible : store.comments.filter(visibleToAgent);
    const wanted = roundNumber(ctx.positionals[0]);
    if (wanted !== undefined && session !== undefined && !store.reviews?.some((r) => r.round === wanted) && read.store.reviews?.some((r) => r.round === wanted)) {
      throw new ConsiderError('not_found', `review round ${wanted} is addressed to another agent session`, 'run `consider-cli review` without a number for your rounds');
    }
    const round = wanted !== undefined ? findRound(store, wanted) : defaultRound(store);
    // The session's lane: what others changed since its last turn (turn-lane.ts).
    const lane = laneFor(ctx.root, session);
    const laneField = session !== undefined ? { changedSinceYourLastTurn: laneJson(lane) } : {};
    const laneText = lane ? `\n\n${laneLine(lane)}` : '';
    if (!round) {
      if (ctx.lean) return writeLean({ round: null, threads: [], ...laneField });
      if (ctx.json) return writeJson({ round: null, comments: [], ...laneField });
      return writeOut(`No review has been submitted yet. Threads the developer adds outside a review are in \`consider-cli list\`.${laneText}`);
    }
    const ids = new Set(round.threadIds);
    // Threads since resolved, archived or deleted are simply no longer in the round's list.
    const threads = sortByLocation(visible.filter((c) => ids.has(c.id)));
    const waiting = otherWaitingRounds(store, visible, round);
    const rejectedChanges = ctx.lean ? rejectedInRound(threads) : undefined;
    const leanExtras = { ...(rejectedChanges ? { rejectedChanges } : {}), ...(waiting.length ? { alsoWaiting: waiting } : {}), ...laneField };
    if (ctx.lean) writeLean({ round: roundView(round), threads: threads.map(threadItem), ...leanExtras });
    else if (ctx.json) writeJson({ round, comments: threads, alsoWaiting: waiting, ...laneField });
    else writeOut(roundText(round, threads, waiting) + laneText);
    if (!readOnly && round.message !== undefined && round.agentSeenAt === undefined) await markRoundSeenQuietly(ctx.root, round.round);
  },
};

/** The answer was printed already: a busy store only delays the "read" mark. */
async function markRoundSeenQuietly(root: string, round: number): Promise<void> {
  try {
    await markRoundSeen(root, round);
  } catch (e) {
    if (!isConsiderError(e) || e.code !== 'busy') throw e;
  }
}

/** What `wait` woke up for. */
type News =
  | { kind: 'feedback'; threads: Comment[]; reviews: ReviewRound[] }
  | { kind: 'thread'; thread: Comment; what: string }
  | { kind: 'gone'; id: string };

/** Nothing new yet (undefined), or what is new for the agent in this store. */
type NewsCheck = (store: StoreFile) => News | undefined;

/** Any submitted feedback the agent has not read: unseen open threads or unread review messages. */
function anyFeedback(store: StoreFile): News | undefined {
  const { threads, reviews } = unseenFeedback(store);
  return threads.length || reviews.length ? { kind: 'feedback', threads, reviews } : undefined;
}

/** News on one thread: the human wrote since the agent last read it, changed its state, or deleted it. */
function threadNews(store: StoreFile, id: string, startState: Comment['workflowState']): News | undefined {
  const c = store.comments.find((t) => t.id === id && visibleToAgent(t));
  if (!c) return { kind: 'gone', id };
  if (isUnseen(c)) return { kind: 'thread', thread: c, what: 'the developer wrote in it' };
  if (c.workflowState !== startState) return { kind: 'thread', thread: c, what: c.workflowState === 'resolved' ? 'it was resolved' : 'it was reopened' };
  return undefined;
}

/** Seconds from --timeout: a whole number from 1 to a day. */
function timeoutOf(raw: unknown): number {
  if (raw === undefined) return DEFAULT_WAIT_S;
  const n = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw.trim()) || n < 1 || n > 86_400) {
    throw new ConsiderError('usage', `--timeout must be a whole number of seconds from 1 to 86400 (got ${JSON.stringify(raw)})`);
  }
  return n;
}

/**
 * Five minutes: agents run shell commands under their own time limits (Claude Code's Bash
 * tool allows up to ten minutes), and a wait that outlives the tool call is lost.
 */
const DEFAULT_WAIT_S = 300;
/** A safety net for file systems whose change events can be lost (network shares, some containers). */
const RECHECK_MS = 5_000;

/**
 * Resolves with the news once `check` finds some in store.json, re-reading it whenever it
 * changes (wait-loop.ts), or with undefined when the time is up. A store that cannot be read for
 * a moment (being replaced) is read again at the next change; one that stays unreadable ends the
 * wait with its error, as any other command would.
 */
function watchForNews(root: string, check: NewsCheck, timeoutMs: number): Promise<News | undefined> {
  return waitLoop<News | undefined>({
    dir: considerPaths(root).dir,
    wanted: (name) => name === null || name === 'store.json',
    look: () => {
      try {
        return check(readStore(root).store);
      } catch (e) {
        if (isConsiderError(e) && e.code === 'unreadable') throw e;
        return undefined; // busy or mid-replace: the next change or re-check reads it again
      }
    },
    recheckMs: RECHECK_MS,
    timeoutMs,
    onTimeout: () => undefined,
    orphaned: () => { throw new ConsiderError('io', 'the process that started `wait` is gone, and nobody is left to read its answer'); },
  });
}

export const wait: Command = {
  name: 'wait',
  summary: 'block until the developer has something new for you (a submitted review, a reply), then show it',
  usage: 'consider-cli wait [<id>] [--timeout SECONDS] [--session ID] [--json]',
  options: { timeout: { type: 'string' }, session: { type: 'string' } },
  optionHelp: [
    ['<id>', 'wait for news on this thread only: a reply or edit from the developer, or the thread resolved, reopened or deleted'],
    ['--timeout SECONDS', `give up after this long (default ${DEFAULT_WAIT_S}); exit code 6 then`],
    ['--session ID', 'the agent session you are (or CONSIDER_SESSION): wake for rounds addressed to it and to any session; without it, only for rounds addressed to any session'],
  ],
  examples: [
    'consider-cli wait                       # until the developer submits a review or replies',
    'consider-cli wait c_k3j9x0ab --timeout 120',
  ],
  positionals: [0, 1, '<id>'],
  async run(ctx) {
    const timeoutS = timeoutOf(ctx.values.timeout);
    if (!fs.existsSync(considerPaths(ctx.root).dir)) {
      throw new ConsiderError('not_found', `Consider is not set up in ${ctx.root} (no .consider/ folder)`, 'ask the developer to run "Consider: Setup" in VS Code');
    }
    const session = sessionOf(ctx);
    const { store } = readStore(ctx.root);
    // A round addressed to another session is not news for this one (model.ts storeSeenBy).
    let check: NewsCheck = (s) => anyFeedback(storeSeenBy(s, session));
    const wanted = ctx.positionals[0];
    if (wanted !== undefined) {
      const c = findThread(store, wanted, 'agent');
      const startState = c.workflowState;
      check = (s) => threadNews(s, c.id, startState);
    }
    const news = check(store) ?? (await watchForNews(ctx.root, check, timeoutS * 1000));
    if (!news) throw new ConsiderError('timeout', `nothing new from the developer after ${plural(timeoutS, 'second')}`, 'run `consider-cli wait` again, or carry on with your task');
    await printNews(ctx, news);
  },
};

/**
 * Prints what woke `wait`, re-read and re-anchored as any read command shows it: what the
 * developer wrote since the agent last read the thread (a new reply, in full for `wait <id>`),
 * not the thread's first comment again.
 */
async function printNews(ctx: Ctx, news: News): Promise<void> {
  if (news.kind === 'gone') throw new ConsiderError('not_found', `thread ${news.id} was deleted or archived while you waited`, 'run `consider-cli list` to see the open threads');
  const { store } = await loadForRead(ctx);
  if (news.kind === 'thread') {
    const c = store.comments.find((t) => t.id === news.thread.id) ?? news.thread;
    const unread = unreadIn(c);
    if (ctx.lean) return writeLean({ what: news.what, thread: threadNewsView(c, unread) });
    if (ctx.json) return writeJson({ comment: c, what: news.what, unread: unreadIds(unread) });
    return writeOut(threadNewsText(c, news.what, unread));
  }
  const ids = new Set(news.threads.map((c) => c.id));
  const threads = sortByLocation(store.comments.filter((c) => ids.has(c.id)));
  if (ctx.lean) return writeLean({ threads: threads.map((c) => threadNewsView(c, unreadIn(c))), reviews: news.reviews.map(roundView) });
  if (ctx.json) return writeJson({ comments: threads, reviews: news.reviews, unread: Object.fromEntries(threads.map((c) => [c.id, unreadIds(unreadIn(c))])) });
  const parts = [`New from the developer: ${plural(threads.length, 'unseen comment')}${news.reviews.length ? ` and ${plural(news.reviews.length, 'review message')} (run \`consider-cli review\`)` : ''}.`];
  for (const c of threads) parts.push('', feedbackBlock(c, unreadIn(c)));
  writeOut(parts.join('\n'));
}

/** `wait --json`: which parts of the thread are new, by id (the thread itself is printed whole beside it). */
function unreadIds(unread: Unread): { comment: boolean; replyIds: string[] } {
  return { comment: unread.comment, replyIds: unread.replies.map((r) => r.id) };
}

/** A thread in `wait`'s overview: as `list` shows it, then each new reply on one line. */
function feedbackBlock(c: Comment, unread: Unread): string {
  const lines = [listBlock(c)];
  for (const r of unread.replies) lines.push(`  new reply from ${inert(r.author)}${r.editedAt ? ' (edited)' : ''}: "${oneLine(r.body)}"`);
  return lines.join('\n');
}

/** `wait <id>`: what happened, then the new comment or replies in full. */
function threadNewsText(c: Comment, what: string, unread: Unread): string {
  const id = inert(c.id);
  const out = [`News on [${id}]: ${what}.`, ''];
  if (!unread.comment && unread.replies.length === 0) {
    out.push(listBlock(c), '', `Read it with \`consider-cli thread ${id}\`.`);
    return out.join('\n');
  }
  out.push(headline(c));
  if (unread.comment) out.push('', `${inert(c.author)} · ${inert(c.editedAt ?? c.createdAt)}${c.editedAt ? ' (edited)' : ''}:`, indented(c.body, '  '));
  for (const r of unread.replies) out.push('', `[${inert(r.id)}] ${inert(r.author)} · ${inert(r.editedAt ?? r.createdAt)}${r.editedAt ? ' (edited)' : ''}:`, indented(r.body, '  '));
  out.push('', `Answer with \`consider-cli reply ${id} --message "…"\`; the whole thread: \`consider-cli thread ${id}\`.`);
  return out.join('\n');
}
