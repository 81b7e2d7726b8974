/**
 * A pull request's review thread as a Consider thread, its anchor rebuilt on the code it was
 * written on: the file at the comment's **original** commit (fetched when the clone lacks it),
 * lines `originalStartLine..originalLine`. When that commit is gone (force-pushed away and
 * collected), the diff hunk the comment quotes stands in: the commented lines and those before
 * them. The thread is then placed on today's files by the re-anchoring pass (pull.ts), never
 * by line number alone: so an outdated thread lands where its code is now, or is flagged stale
 * or orphaned with its original code, and never sits on code it was not written about.
 *
 * A comment on the base side (LEFT: lines the pull request removes) becomes a thread about
 * removed code (Comment.removed), as one written on a Changes diff's left side.
 */
import { anchorSizeProblem, captureAnchorFromLines, hashContent } from '../anchoring/anchor';
import { noteUniqueWindow } from '../anchoring/reconcile';
import { recordSnapshot } from '../anchoring/snapshots';
import type { Anchor, Comment, PullRequestThread, Reply } from '../model';
import { isWorkspaceRelative } from '../store/validate';
import { newId } from '../store/threads';
import { splitLines } from '../text';
import type { CommitFiles } from './commits';
import { parseDiffHunk, sideOf } from './hunk';
import type { DiffSide, PullRequestInfo, RemoteComment, RemoteThread } from './provider';
import type { RemoteRepo } from './remote';

export interface RebuildContext {
  root: string;
  commits: CommitFiles;
  pr: PullRequestInfo;
  repo: RemoteRepo;
  /** The workspace folder's place in the repository (`packages/app/`, or ''). */
  prefix: string;
  now: string;
}

export type Rebuilt = { comment: Comment } | { skipped: string };

/** The workspace-relative path of a repository path, or undefined when it is outside this folder or not a safe path. */
function workspacePath(prefix: string, repoPath: string): string | undefined {
  if (!repoPath.startsWith(prefix)) return undefined;
  const rel = repoPath.slice(prefix.length);
  return isWorkspaceRelative(rel) && !rel.startsWith('.consider/') ? rel : undefined;
}

/** The store's record of who wrote on the pull request. */
const authorOf = (c: RemoteComment) => ({ login: c.author.login, ...(c.author.bot ? { bot: true as const } : {}) });

/** A reply pulled from the pull request: the reviewer's side (author human), its author there kept. */
export function replyFrom(c: RemoteComment, taken: (id: string) => boolean): Reply {
  return {
    id: newId('r', taken), author: 'human', body: c.body, createdAt: c.createdAt,
    ...(c.editedAt ? { editedAt: c.editedAt } : {}),
    pr: { commentId: c.id, url: c.url, author: authorOf(c) },
  };
}

interface Code {
  /** The file's lines the anchor is taken from, and the commented range in them (1-based). */
  lines: readonly string[];
  start: number;
  end: number;
  /** The file's lines' real numbers, when `lines` is only the diff hunk's excerpt. */
  realStart?: number;
  /** The whole file's text, for the snapshot (absent for a hunk). */
  text?: string;
  from: 'commit' | 'hunk';
  /** The commit the lines are from. */
  commit?: string;
}

/** The commented lines of one side at the commit, checked against the comment's hunk; or the hunk's own lines. */
function findCode(ctx: RebuildContext, t: RemoteThread, first: RemoteComment, side: DiffSide, commit: string | undefined): Code | undefined {
  const end = t.originalLine!;
  const start = t.originalStartLine !== undefined && t.originalStartLine <= end && (t.startSide ?? side) === side ? t.originalStartLine : end;
  const rows = first.diffHunk ? parseDiffHunk(first.diffHunk) : undefined;
  const hunkSide = rows ? sideOf(rows, side) : [];
  const hunkLast = hunkSide.at(-1);
  if (commit !== undefined) {
    const text = ctx.commits.text(commit, t.path);
    if (text !== undefined) {
      const lines = splitLines(text);
      // The hunk ends on the commented line: the file must say the same there, or it is not the comment's file.
      const agrees = !hunkLast || hunkLast.line !== end || lines[end - 1] === hunkLast.text;
      if (end <= lines.length && agrees && !anchorSizeProblem(lines, start, end)) return { lines, start, end, text, from: 'commit', commit };
    }
  }
  const s = hunkSide.findIndex((r) => r.line === start);
  const e = hunkSide.findIndex((r) => r.line === end);
  if (s < 0 || e < s) return undefined;
  return { lines: hunkSide.map((r) => r.text), start: s + 1, end: e + 1, realStart: start, from: 'hunk' };
}

function anchorOn(ctx: RebuildContext, code: Code): Anchor {
  const anchor = captureAnchorFromLines(code.lines, code.start, code.end, ctx.now);
  if (code.text !== undefined) {
    anchor.snapshot = recordSnapshot(ctx.root, code.text);
    noteUniqueWindow(anchor, code.lines);
  } else if (code.realStart !== undefined) {
    // An excerpt: the lines' real numbers (a hint for ranking copies), and nothing after them is known.
    const n = code.end - code.start;
    anchor.startLine = code.realStart;
    anchor.endLine = code.realStart + n;
  }
  return anchor;
}

/** The commit of each side: the comment's own (RIGHT), or where the pull request's diff started from (LEFT). */
function sideCommit(ctx: RebuildContext, t: RemoteThread, original: string | undefined): string | undefined {
  if (t.side === 'RIGHT') return original;
  return original !== undefined ? ctx.commits.mergeBase(original, ctx.pr.baseOid) : undefined;
}

export function rebuildThread(ctx: RebuildContext, t: RemoteThread): Rebuilt {
  const first = t.comments[0];
  if (!first) return { skipped: `${t.path}: a thread without comments` };
  const file = workspacePath(ctx.prefix, t.path);
  if (file === undefined) return { skipped: `${t.path}: outside this workspace folder` };
  const original = ctx.commits.available(first.originalCommit) ? first.originalCommit : undefined;
  const commit = sideCommit(ctx, t, original);
  const short = (first.originalCommit ?? '').slice(0, 7);
  const taken = new Set<string>();
  const replies = t.comments.slice(1).map((c) => {
    const r = replyFrom(c, (id) => taken.has(id));
    taken.add(r.id);
    return r;
  });
  const latest = t.comments.reduce((m, c) => (c.createdAt > m ? c.createdAt : m), first.editedAt ?? first.createdAt);
  const link: PullRequestThread = {
    provider: 'github', host: ctx.repo.host, repo: `${ctx.repo.owner}/${ctx.repo.repo}`, number: ctx.pr.number, threadId: t.id, commentId: first.id,
    url: t.url || first.url, author: authorOf(first), via: 'pulled', resolved: t.resolved, syncedAt: ctx.now,
    ...(t.outdated ? { outdated: true as const } : {}), ...(first.originalCommit ? { originalCommit: first.originalCommit } : {}),
  };
  const make = (anchor: Anchor, extra: Partial<Comment> = {}): Comment => ({
    id: '', file, anchor, anchorState: 'anchored', workflowState: t.resolved ? 'resolved' : 'open', createdAt: first.createdAt, updatedAt: latest,
    author: 'human', body: first.body, thread: replies,
    ...(first.editedAt ? { editedAt: first.editedAt } : {}),
    ...(t.resolved ? { resolvedAt: ctx.now, resolvedBy: 'human' as const } : {}),
    pr: link,
    ...extra,
  });

  if (t.subject === 'file' || t.originalLine === undefined) {
    // About the whole file: shown on its first line, in the file as it was then (or as it is now).
    const text = (commit !== undefined ? ctx.commits.text(commit, t.path) : undefined);
    const lines = text !== undefined ? splitLines(text) : [];
    link.fileLevel = true;
    link.rebuiltFrom = text !== undefined ? 'commit' : 'none';
    if (lines.length === 0) {
      return { comment: make(emptyAnchor(ctx.now, 'a comment on the whole file')) };
    }
    const anchor = anchorOn(ctx, { lines, start: 1, end: 1, text: text!, from: 'commit' });
    return { comment: make(anchor, { origin: { startLine: 1, endLine: 1, text: anchor.targetContent, ...(anchor.snapshot ? { snapshot: anchor.snapshot } : {}) } }) };
  }

  const code = findCode(ctx, t, first, t.side, commit);
  link.rebuiltFrom = code?.from ?? 'none';
  if (!code) {
    // Neither the commit nor a usable hunk: the thread is kept, about code that cannot be shown, never placed on a guess.
    const why = first.originalCommit ? `commit ${short} is no longer on the remote and the comment quotes no usable diff` : 'the pull request gave no commit for it';
    return {
      comment: make({ ...emptyAnchor(ctx.now, why), startLine: t.originalLine, endLine: t.originalLine }, {
        removed: { baseline: `pr:${ctx.pr.number}`, label: `PR #${ctx.pr.number}, ${why}`, startLine: t.originalLine, endLine: t.originalLine, text: '' },
      }),
    };
  }
  const anchor = anchorOn(ctx, code);
  if (t.side === 'LEFT') {
    const label = code.commit ? `the base of PR #${ctx.pr.number} (${code.commit.slice(0, 7)})` : `the base of PR #${ctx.pr.number}`;
    return {
      comment: make(anchor, {
        removed: {
          baseline: `pr:${ctx.pr.number}`, label, ...(code.commit ? { sha: code.commit } : {}),
          startLine: anchor.startLine, endLine: anchor.endLine, text: anchor.targetContent,
        },
      }),
    };
  }
  return {
    // The code as written on (Show Changes diffs it with today's; "its code did not change").
    comment: make(anchor, { origin: { startLine: anchor.startLine, endLine: anchor.endLine, text: anchor.targetContent, ...(anchor.snapshot ? { snapshot: anchor.snapshot } : {}) } }),
  };
}

function emptyAnchor(now: string, reason: string): Anchor {
  return { startLine: 1, endLine: 1, contextBefore: [], contextAfter: [], targetContent: '', contentHash: hashContent(''), lastAnchorCheck: now, reason };
}
