/**
 * The agent view (`--lean`): what each command says, as compact JSON with only what an agent
 * acts on — the same facts as the text output, none of the store's anchoring internals
 * (context lines, hashes, file stats, snapshot ids). The MCP tools and VS Code's
 * language-model tools return it. Fields are listed in docs/agent-loop.md ("The agent view");
 * a field that would be false, empty or absent is left out. `--json` keeps the store's own
 * shape (DESIGN.md §5), for programs.
 */
import type { Comment, Reply, ReviewRound } from '../shared';
import { dispositionOf, isUnseen, offeredMove, placeText } from '../shared';
import { codeLines, missingCodeReason, readCodeContext, removedCodeContext } from './code';
import { broughtFromText, flatten, lineSpan } from './output';
import { notAnchoredReason, rejectedView } from './rejected';
import type { Unread } from './unread';

type View = Record<string, unknown>;

/** Only the fields that carry something: a flag that is false, a value that is undefined, go. */
function present(fields: View): View {
  const kept: View = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== false) kept[k] = v;
  return kept;
}

/** Why a thread is stale or orphaned, when it is (a reverted rejected change says so, cli/rejected.ts). */
const reasonOf = notAnchoredReason;

/** Where a thread is and what state it is in: the start of every thread in this view. */
function placeAndState(c: Comment): View {
  const offered = offeredMove(c);
  return present({
    id: c.id,
    file: c.file,
    lines: lineSpan(c),
    workflow: c.workflowState,
    anchor: c.anchorState,
    unseen: isUnseen(c),
    disposition: dispositionOf(c),
    round: c.round,
    movedFrom: c.movedFrom ? placeText(c.movedFrom.file, c.movedFrom.startLine, c.movedFrom.endLine) : undefined,
    mayHaveMovedTo: offered ? placeText(offered.file, offered.startLine, offered.endLine) : undefined,
    removedIn: c.removed?.label,
    pr: prView(c),
    broughtFrom: c.broughtFrom ? broughtFromText(c.broughtFrom) : undefined,
    rejected: rejectedView(c.rejected),
  });
}

/** Where a thread came from on a pull request: its number, author, whether a bot, the link. */
function prView(c: Comment): View | undefined {
  const p = c.pr;
  if (!p) return undefined;
  return present({ number: p.number, via: p.via, author: p.author.login, bot: p.author.bot === true, outdated: p.outdated === true, url: p.url });
}

/** A thread as `list` shows it: place, states, the body on one line, the replies counted. */
export function threadItem(c: Comment): View {
  const n = c.thread.length;
  return present({
    ...placeAndState(c),
    excerpt: flatten(c.body),
    replies: n,
    lastReplyFrom: n ? c.thread[n - 1]!.author : undefined,
    reason: reasonOf(c),
  });
}

function replyView(r: Reply): View {
  return present({ id: r.id, author: r.author, prAuthor: r.pr?.author.login, bot: r.pr?.author.bot === true, createdAt: r.createdAt, editedAt: r.editedAt, disposition: r.disposition, body: r.body });
}

/**
 * A thread as `get` and `context` show it: the whole conversation and the code, today's lines
 * with `>` on the commented ones (`code`), or why there is none (`noCode`); `writtenAbout` is the
 * code the comment was written on, when today's differs (stale) or is gone.
 */
export function threadView(root: string, c: Comment, around: number): View {
  return present({
    ...placeAndState(c),
    author: c.author,
    createdAt: c.createdAt,
    editedAt: c.editedAt,
    body: c.body,
    reason: reasonOf(c),
    resolvedBy: c.workflowState === 'resolved' ? c.resolvedBy : undefined,
    resolvedAt: c.workflowState === 'resolved' ? c.resolvedAt : undefined,
    replies: c.thread.map(replyView),
    ...codeView(root, c, around),
  });
}

function codeView(root: string, c: Comment, around: number): View {
  // About removed code: the lines as they were in their baseline, `-` on the commented ones.
  if (c.removed) return { code: codeLines(removedCodeContext(c)).join('\n') };
  const missing = missingCodeReason(root, c);
  const code = missing ? undefined : readCodeContext(root, c, around);
  if (!code) return { noCode: missing ?? `${c.file} could not be read`, writtenAbout: c.anchor.targetContent };
  return present({ code: codeLines(code).join('\n'), writtenAbout: c.anchorState === 'stale' && !c.rejected?.goneAt ? c.anchor.targetContent : undefined });
}

/** A thread with what the developer wrote in it that the agent has not read (`wait`), in full. */
export function threadNews(c: Comment, unread: Unread): View {
  return {
    ...threadItem(c),
    new: present({
      comment: unread.comment ? c.body : undefined,
      replies: unread.replies.length ? unread.replies.map(replyView) : undefined,
    }),
  };
}

/** A review round's own fields (its threads are listed beside it). */
export function roundView(r: ReviewRound): View {
  return present({ round: r.round, submittedAt: r.submittedAt, message: r.message, forSession: r.forSession });
}
