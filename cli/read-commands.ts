/** list, get/thread, context, summary: the commands that read (after lazy re-anchoring). */
import type { AnchorState, Comment, StoreFile, WorkflowState, Worktree } from '../shared';
import {
  ANCHOR_STATES, ConsiderError, groupDigits, WORKFLOW_STATES, findThread, isConsiderError, isUnseen, markSeenByAgent, pullRequestAccount, pullRequestOrigin, pullRequestReplyAuthor,
  commentTexts, readArchive, readStore, listJsonFromIndex, orderByLocation, resolveInWorkspace, roundsHiddenFrom, summarize, summaryFromIndex,
  listWorktrees, readingWorktree, selectWorktrees, worktreeName,
  rejectedChangeLeft, READ_SIDE_WRITE_WAIT_MS,
} from '../shared';
import type { Command, Ctx } from './command';
import { loadForRead, loadReconciled, note, oneOfFlag, warn } from './command';
import { threadItem, threadView } from './agent-view';
import { sessionOf } from './session-option';
import { laneFor, laneJson, laneLine } from './turn-lane';
import { formatCode, missingCodeReason, readCodeContext, removedCodeContext } from './code';
import { notAnchoredReason, notAnchoredWord, rejectedDiff, rejectedLine } from './rejected';
import { broughtFromText, headline, indented, inert, location, movedFromText, oneLine, plural, repliesLine, suggestedMoveText, writeJson, writeLean, writeOut, writeOutBytes } from './output';

/**
 * "Seen": the agent has read a thread when it ran get/thread/context on it or replied to
 * it; that sets agentLastSeenAt. A thread is unseen while it is open and a human wrote
 * (the thread, a reply or an edit) after that time. `list` marks nothing: it shows each
 * body on one line, cut at 100 characters, not the conversation.
 */
export async function markSeen(root: string, readOnly: boolean, c: Comment): Promise<void> {
  // Already seen and nothing new from the human: no need to rewrite the store.
  if (readOnly || (c.agentLastSeenAt && !isUnseen(c))) return;
  try {
    await markSeenByAgent(root, [c.id], { lockWaitMs: READ_SIDE_WRITE_WAIT_MS });
  } catch (e) {
    // The answer was already printed; a busy store only delays the "seen" mark, and one that
    // cannot be written (read-only, full) loses it, which the warning says.
    if (!isConsiderError(e) || (e.code !== 'busy' && e.code !== 'io')) throw e;
    if (e.code === 'io') warn(`the thread could not be marked seen: ${e.message}`);
  }
}

/**
 * One thread, for get/thread/context: found first, so an unknown id fails (exit 2) before
 * anything is written, then re-anchored on its own file only (the other threads' files are
 * not this read's business) and read again.
 */
async function loadThreadForRead(ctx: Ctx, id: string): Promise<{ thread: Comment; readOnly: boolean }> {
  const wanted = findThread(readStore(ctx.root).store, id, 'agent');
  const r = await loadReconciled(ctx.root, [wanted.file]);
  if (r.readOnlyReason) note(r.readOnlyReason);
  return { thread: findThread(r.store, wanted.id, 'agent'), readOnly: !!r.readOnlyReason };
}

function legacyStatus(status: string): { workflow: WorkflowState | 'all'; anchor: AnchorState | 'all' } {
  switch (status) {
    case 'open': case 'resolved': return { workflow: status, anchor: 'all' };
    case 'stale': case 'orphaned': return { workflow: 'all', anchor: status };
    case 'all': return { workflow: 'all', anchor: 'all' };
    default: throw new ConsiderError('usage', `--status must be one of open|resolved|stale|orphaned|all (got ${JSON.stringify(status)})`);
  }
}

/** Threads by file, then start line, ties in store order (shared/store/location-order.ts). */
export function sortByLocation(threads: readonly Comment[]): Comment[] {
  return orderByLocation(threads, (c) => c.file, (c) => c.anchor.startLine);
}

export const list: Command = {
  name: 'list',
  summary: 'list threads, optionally filtered',
  usage: 'consider-cli list [--workflow open|resolved|all] [--anchor anchored|stale|orphaned|all] [--unseen] [--file PATH] [--archived] [--worktree NAME|all] [--session ID] [--json]',
  options: {
    session: { type: 'string' },
    workflow: { type: 'string' },
    anchor: { type: 'string' },
    status: { type: 'string' },
    unseen: { type: 'boolean' },
    file: { type: 'string' },
    archived: { type: 'boolean' },
    worktree: { type: 'string' },
  },
  optionHelp: [
    ['--workflow open|resolved|all', 'conversation state (default: open)'],
    ['--anchor anchored|stale|orphaned|all', 'location reliability (default: all)'],
    ['--status S', 'legacy alias: open|resolved → --workflow, stale|orphaned → --anchor, all → both'],
    ['--unseen', 'only open threads with human activity the agent has not read yet. Reading a thread with get, thread or context (or replying to it) marks it seen; list does not.'],
    ['--file PATH', 'only threads on this file, or under this folder (workspace-relative)'],
    ['--archived', 'list the archive (.consider/archive.json) instead of the active store'],
    ['--session ID', 'the agent session you are (or CONSIDER_SESSION): threads of rounds the developer addressed to another session are left out'],
    ['--worktree NAME|all', 'the threads of another worktree of this repository (by its branch or folder name), or of every worktree, grouped by worktree; paths are relative to each worktree (docs/worktrees.md). Exit 2 for an unknown name, 1 outside a git repository'],
  ],
  examples: [
    'consider-cli list',
    'consider-cli list --unseen',
    'consider-cli list --workflow all --anchor stale --json',
    'consider-cli list --file src/auth',
    'consider-cli list --worktree all',
  ],
  positionals: [0, 0, ''],
  async run(ctx) {
    const v = ctx.values;
    let workflow = oneOfFlag(v, 'workflow', [...WORKFLOW_STATES, 'all'] as const, 'open');
    let anchor = oneOfFlag(v, 'anchor', [...ANCHOR_STATES, 'all'] as const, 'all');
    if (typeof v.status === 'string') {
      if (v.workflow !== undefined || v.anchor !== undefined) throw new ConsiderError('usage', '--status cannot be combined with --workflow or --anchor');
      ({ workflow, anchor } = legacyStatus(v.status));
    }
    const fileFilter = typeof v.file === 'string' ? resolveInWorkspace(ctx.root, v.file).rel : undefined;
    const archived = v.archived === true;
    const wanted = (t: { workflowState: WorkflowState; anchorState: AnchorState; file: string }, unseen: () => boolean): boolean =>
      (workflow === 'all' || t.workflowState === workflow) &&
      (anchor === 'all' || t.anchorState === anchor) &&
      (!v.unseen || unseen()) &&
      (!fileFilter || t.file === fileFilter || t.file.startsWith(fileFilter + '/'));
    const filters = [`workflow=${workflow}`, `anchor=${anchor}`];
    if (v.unseen) filters.push('unseen');
    if (fileFilter) filters.push(`file=${inert(fileFilter)}`);
    if (archived) filters.push('archived');
    if (typeof v.worktree === 'string') return listAcrossWorktrees(ctx, v.worktree, archived, (c) => wanted(c, () => isUnseen(c)), filters);
    // The common read with nothing to re-anchor, told from the list index: no parse of the store.
    const session = sessionOf(ctx);
    if (session !== undefined) filters.push(`session=${inert(session)}`);
    const fromIndex = ctx.json && !ctx.lean && !archived && session === undefined ? listJsonFromIndex(ctx.root, (t) => wanted(t, () => t.unseen), '{"comments":[', ']}\n') : undefined;
    if (fromIndex) return writeOutBytes(fromIndex);
    const read = archived ? undefined : await loadForRead(ctx);
    const store = read?.store;
    const hidden = read && session !== undefined ? roundsHiddenFrom(read.store, session) : undefined;
    const source = read ? read.visible.filter((c) => !hidden?.size || c.round === undefined || !hidden.has(c.round)) : readArchive(ctx.root);
    const shown = source.filter((c) => wanted(c, () => isUnseen(c)));
    const ordered = sortByLocation(shown);
    // The session's lane: what others changed since its last turn (turn-lane.ts).
    const lane = laneFor(ctx.root, session);
    const laneField = session !== undefined ? { changedSinceYourLastTurn: laneJson(lane) } : {};
    if (ctx.lean) return writeLean({ threads: ordered.map(threadItem), ...laneField });
    // Compact: this can be megabytes, and it is for programs (and token-counting agents).
    if (ctx.json) return writeOut(`{"comments":[${jsonOfEach(ordered, store).join(',')}]${session !== undefined ? `,"changedSinceYourLastTurn":${JSON.stringify(laneJson(lane))}` : ''}}`);
    const parts = [`${plural(shown.length, 'comment')} (${filters.join(', ')})${shown.length ? ':' : '.'}`];
    for (const c of ordered) parts.push(`\n${listBlock(c)}`);
    if (lane) parts.push('', laneLine(lane));
    writeOut(parts.join('\n'));
  },
};

/** One worktree's part of `list --worktree`: its threads, or why there are none to read. */
interface WorktreeThreads {
  worktree: Worktree;
  /** Read and filtered, in location order; undefined when the worktree has no store, or its folder is gone. */
  threads?: Comment[];
  store?: StoreFile;
}

/**
 * `list --worktree NAME|all`: the threads of the worktrees git lists (never a folder a store
 * names), each read through the same path as this checkout's (re-anchored lazily in its own
 * worktree, results written back there), grouped by worktree in git's order.
 */
async function listAcrossWorktrees(ctx: Ctx, name: string, archived: boolean, wanted: (c: Comment) => boolean, filters: string[]): Promise<void> {
  const chosen = selectWorktrees(listWorktrees(ctx.root), name);
  const parts: WorktreeThreads[] = [];
  for (const worktree of chosen) {
    if (worktree.missing || !worktree.hasStore) {
      parts.push({ worktree });
      continue;
    }
    const read = archived ? undefined : await readingWorktree(worktree, () => loadForRead({ ...ctx, root: worktree.root }));
    const source = read ? read.visible : await readingWorktree(worktree, () => readArchive(worktree.root));
    parts.push({ worktree, threads: sortByLocation(source.filter(wanted)), ...(read ? { store: read.store } : {}) });
  }
  if (ctx.lean) {
    return writeLean({
      worktrees: parts.map(({ worktree: w, threads }) => ({
        branch: w.branch ?? null, folder: w.folder, ...(w.current ? { current: true } : {}), ...(threads ? {} : { store: false }),
        threads: (threads ?? []).map(threadItem),
      })),
    });
  }
  if (ctx.json) {
    const entries = parts.map(({ worktree: w, threads, store }) => {
      const head = JSON.stringify({ branch: w.branch ?? null, folder: w.folder, root: w.root, head: w.head ?? null, current: w.current, store: w.hasStore, missing: w.missing });
      return `${head.slice(0, -1)},"comments":[${jsonOfEach(threads ?? [], store).join(',')}]}`;
    });
    return writeOut(`{"worktrees":[${entries.join(',')}]}`);
  }
  const blocks = parts.map(({ worktree: w, threads }) => {
    const title = `worktree ${inert(worktreeName(w))} (${inert(w.folder)}${w.current ? ', this checkout' : ''})`;
    if (w.missing) return `${title}: its folder is gone (\`git worktree prune\` forgets it).`;
    if (!threads) return `${title}: no Consider store.`;
    const lines = [`${title}: ${plural(threads.length, 'comment')} (${filters.join(', ')})${threads.length ? ':' : '.'}`];
    for (const c of threads) lines.push(`\n${listBlock(c)}`);
    return lines.join('\n');
  });
  writeOut(blocks.join('\n\n'));
}

/** A thread as `list` shows it: headline, the body on one line (cut at 100 characters), the replies, why it is not anchored. */
export function listBlock(c: Comment): string {
  let block = `${headline(c)}\n  "${oneLine(c.body)}"\n  ${repliesLine(c)}`;
  const why = notAnchoredReason(c);
  if (why) block += `\n  ${notAnchoredWord(c)}: ${oneLine(why)}`;
  const moved = movedFromText(c);
  if (moved) block += `\n  ${moved}`;
  const offered = suggestedMoveText(c);
  if (offered) block += `\n  ${offered}`;
  if (c.broughtFrom) block += `\n  brought home from ${inert(broughtFromText(c.broughtFrom))}`;
  const rejected = rejectedLine(c);
  if (rejected) block += `\n  ${rejected}`;
  if (c.removed) block += `\n  about removed code (lines ${c.anchor.startLine}-${c.anchor.endLine} in ${oneLine(c.removed.label)}, ${rejectedChangeLeft(c) === 'reverted' ? 'back in the file: the revert put them back' : 'not in the file now'}): "${oneLine(c.removed.text.replace(/\s+/g, ' '))}"`;
  return block;
}

/**
 * JSON.stringify of each comment; cut from the store file when it is one the store module
 * wrote (commentTexts: the same text, without serialising megabytes again), else serialised.
 */
function jsonOfEach(comments: readonly Comment[], store: StoreFile | undefined): string[] {
  const texts = store && commentTexts(store);
  if (!texts) return comments.map((c) => JSON.stringify(c));
  const position = new Map<Comment, number>();
  store.comments.forEach((c, i) => position.set(c, i));
  return comments.map((c) => texts[position.get(c)!]!);
}

function threadText(c: Comment): string {
  const origin = pullRequestOrigin(c);
  const by = origin && c.pr!.via === 'pulled' ? pullRequestAccount(c.pr!.author, c.pr!.number) : c.author;
  const out = [headline(c), `${by} · ${c.createdAt}${c.editedAt ? ` (edited ${c.editedAt})` : ''}`, '', indented(c.body, '  ')];
  if (origin) out.push('', `${origin}${c.pr!.outdated ? ' (outdated there: its code changed in the pull request since)' : ''}: ${c.pr!.url}`);
  const why = notAnchoredReason(c);
  if (why) out.push('', `${notAnchoredWord(c)}: ${oneLine(why, 300)}`);
  const moved = movedFromText(c);
  if (moved) out.push('', `${moved} (its code moved into ${c.file}; followed ${c.movedFrom!.at})`);
  const offered = suggestedMoveText(c);
  if (offered) {
    out.push('', `${offered}\n  Its code was found there once, but not followed: ${oneLine(c.anchor.suggestedMove!.reason, 300)}.`,
      '  Re-anchoring it there is the human\'s call (Consider board, Triage); until then this thread is flagged.');
  }
  if (c.rejected) out.push('', `${rejectedLine(c)!}:`, rejectedDiff(c.rejected));
  if (c.workflowState === 'resolved') out.push('', `resolved${c.resolvedBy ? ` by ${c.resolvedBy}` : ''}${c.resolvedAt ? ` at ${c.resolvedAt}` : ''}`);
  out.push('', c.thread.length ? `${plural(c.thread.length, 'reply', 'replies')}:` : '0 replies');
  for (const r of c.thread) {
    out.push('', `  [${r.id}] ${pullRequestReplyAuthor(r, c.pr?.number) ?? r.author} · ${r.createdAt}${r.editedAt ? ` (edited ${r.editedAt})` : ''}`, indented(r.body, '    '));
  }
  // Ids, timestamps and names come from a store that may be hand-edited: inert like the bodies.
  return inert(out.join('\n'));
}

/** The code part of get/context: current lines around the anchor, or why there are none. */
function codeText(ctx: Ctx, c: Comment, around: number): string {
  if (c.removed) {
    const code = removedCodeContext(c);
    return `Removed code: ${inert(c.file)}:${c.anchor.startLine}-${c.anchor.endLine} as it was in ${inert(code.removedIn!)} (- marks the commented lines; ${rejectedChangeLeft(c) === 'reverted' ? 'the revert put them back in the file' : 'they are not in the file any more'}):\n${formatCode(code)}`;
  }
  const missing = missingCodeReason(ctx.root, c);
  if (missing) return `No code context: ${inert(missing)}.\nThe comment was written about:\n${indented(c.anchor.targetContent, '  | ')}`;
  const code = readCodeContext(ctx.root, c, around);
  if (!code) return `No code context: ${inert(c.file)} could not be read.`;
  let text = `Code at ${location(c)} (current file, > marks the commented lines):\n${formatCode(code)}`;
  if (rejectedChangeLeft(c) === 'reverted') {
    text += `\nThe rejected change was reverted: these are the baseline's lines again (the code did not change under the thread). It was written about:\n${indented(c.anchor.targetContent, '  | ')}`;
  } else if (c.anchorState === 'stale') {
    text += `\nThe anchor is stale: the code changed since the comment. It was written about:\n${indented(c.anchor.targetContent, '  | ')}`;
  }
  return text;
}

function idOf(ctx: Ctx): string {
  return ctx.positionals[0]!;
}

/** The code part of `get --json` and `context --json`: the lines (CodeContext), or why there are none. */
function codeJson(ctx: Ctx, c: Comment, around: number): { context: ReturnType<typeof readCodeContext> | null; noContextReason?: string } {
  if (c.removed) return { context: removedCodeContext(c) }; // the removed lines as they were in their baseline
  const missing = missingCodeReason(ctx.root, c);
  if (missing) return { context: null, noContextReason: missing };
  return { context: readCodeContext(ctx.root, c, around) ?? null };
}

/** Lines of code `get` shows around the commented ones (context: --around, default 10). */
const GET_AROUND = 2;

export const get: Command = {
  name: 'get',
  summary: 'show one thread: the comment, every reply, and the code it is on',
  usage: 'consider-cli get <id> [--json]',
  options: {},
  optionHelp: [['<id>', 'thread id, or a unique prefix of it (the c_ may be left out)']],
  examples: ['consider-cli get c_k3j9x0ab', 'consider-cli get k3j9 --json'],
  positionals: [1, 1, '<id>'],
  async run(ctx) {
    const { thread: c, readOnly } = await loadThreadForRead(ctx, idOf(ctx));
    // --json: the thread in the store's shape, and the code snippet the text shows (spec §6.2), as context --json gives it.
    if (ctx.lean) writeLean(threadView(ctx.root, c, GET_AROUND));
    else if (ctx.json) writeJson({ ...c, ...codeJson(ctx, c, GET_AROUND) });
    else writeOut(`${threadText(c)}\n\n${codeText(ctx, c, GET_AROUND)}`);
    await markSeen(ctx.root, readOnly, c);
  },
};

export const thread: Command = { ...get, name: 'thread', aliasOf: 'get', usage: 'consider-cli thread <id> [--json]', examples: ['consider-cli thread c_k3j9x0ab'] };

export const context: Command = {
  name: 'context',
  summary: 'show a thread with the current code around it (line numbers, > marks the commented lines)',
  usage: 'consider-cli context <id> [--around N] [--json]',
  options: { around: { type: 'string' } },
  optionHelp: [
    ['<id>', 'thread id or unique prefix'],
    ['--around N', 'lines of code before and after the commented lines (default 10)'],
  ],
  examples: ['consider-cli context c_k3j9x0ab', 'consider-cli context k3j9 --around 25 --json'],
  positionals: [1, 1, '<id>'],
  async run(ctx) {
    const raw = ctx.values.around;
    const around = raw === undefined ? 10 : Number(raw);
    if (!Number.isInteger(around) || around < 0 || around > 10_000) throw new ConsiderError('usage', `--around must be a whole number from 0 to 10000 (got ${JSON.stringify(raw)})`);
    const { thread: c, readOnly } = await loadThreadForRead(ctx, idOf(ctx));
    if (ctx.lean) writeLean(threadView(ctx.root, c, around));
    else if (ctx.json) writeJson({ comment: c, ...codeJson(ctx, c, around) });
    else writeOut(`${threadText(c)}\n\n${codeText(ctx, c, around)}`);
    await markSeen(ctx.root, readOnly, c);
  },
};

export const summary: Command = {
  name: 'summary',
  summary: 'counts: open threads across files, unseen, and the workflow/anchor breakdown',
  usage: 'consider-cli summary [--json]',
  options: {},
  optionHelp: [],
  examples: ['consider-cli summary', 'consider-cli summary --json'],
  positionals: [0, 0, ''],
  async run(ctx) {
    // The common read with nothing to re-anchor, counted from the list index: the store is not even read.
    const s = summaryFromIndex(ctx.root) ?? summarize((await loadForRead(ctx)).store);
    if (ctx.lean) return writeLean(s);
    if (ctx.json) return writeJson(s);
    const lines = [
      `${plural(s.open, 'open comment')} across ${plural(s.files, 'file')} (${groupDigits(s.unseenOpen)} unseen).`,
      `workflow: ${s.open} open, ${s.resolved} resolved`,
      `anchor: ${s.anchored} anchored, ${s.stale} stale, ${s.orphaned} orphaned`,
    ];
    // Only once the agent has said what it did about a thread: older outputs stay as they were.
    if (s.addressed + s.declined + s.question > 0) lines.push(`agent: ${s.addressed} addressed, ${s.declined} declined, ${s.question} question`);
    if (s.unseenReviews > 0) lines.push(`review: ${plural(s.unseenReviews, 'overall review message')} not read yet (run \`consider-cli review\`)`);
    writeOut(lines.join('\n'));
  },
};
