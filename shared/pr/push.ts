/**
 * Push: a submitted review round goes out as a review on the pull request (docs/pull-requests.md),
 * with the verdict the reviewer chose (Comment, Approve, Request changes). First a plan — the dry
 * run — that says exactly what will be posted where, and what cannot be:
 *
 *  - a thread whose code is in the pull request's head, on lines the pull request's diff shows:
 *    a line or range comment on that side (RIGHT for today's code, LEFT for removed code);
 *  - its code is in the head but outside the diff: a comment on the whole file, quoting the lines
 *    (GitHub refuses line comments outside the diff);
 *  - its file is not changed by the pull request at all: a paragraph of the review's message;
 *  - its code is not in the pull request (uncommitted edits, unpushed commits): not posted, and why.
 *
 * Where a thread's lines are in the head is decided by the re-anchoring algorithm against the
 * head's text, never by line number: the working tree may differ from what was pushed.
 * Posting links each posted thread to its review thread (Comment.pr, via `pushed`), so the next
 * pull updates it instead of adding it again.
 */
import { ConsiderError } from '../errors';
import type { Comment, StoreFile } from '../model';
import { reanchor } from '../anchoring/reconcile';
import { readSnapshot } from '../anchoring/snapshots';
import { findRound } from '../store/reviews';
import { mutateStore, readStore } from '../store/store-io';
import { splitLines } from '../text';
import { CommitFiles, repositoryPrefix } from './commits';
import type { Connection } from './connect';
import { findPullRequest } from './connect';
import { runGit } from '../workspace/git';
import type { DiffSide, DraftComment, PullRequestInfo, ReviewVerdict } from './provider';
import { recordPullRequest } from './pull';

export type PlannedItem =
  | { threadId: string; kind: 'line'; path: string; side: DiffSide; startLine: number; line: number }
  | { threadId: string; kind: 'file'; path: string; side: DiffSide; startLine: number; line: number; why: string }
  | { threadId: string; kind: 'message'; path: string; why: string }
  | { threadId: string; kind: 'skip'; path: string; why: string };

export interface PushPlan {
  pr: PullRequestInfo;
  round: number;
  verdict: ReviewVerdict;
  /** The review's overall message: the round's, and the paragraphs of threads on files outside the pull request. */
  body: string;
  items: PlannedItem[];
  /** What goes to the provider (items of kind line and file, in order). */
  comments: { threadId: string; draft: DraftComment }[];
}

export interface PushOptions {
  round?: number;
  verdict: ReviewVerdict;
  number?: number;
  remote?: string;
}

/** Lines of each side the pull request's diff shows for one file: a comment may go on any of them. */
interface DiffLines { left: Set<number>; right: Set<number>; hunkOf: { left: Map<number, number>; right: Map<number, number> } }

function diffLines(root: string, base: string, head: string, repoPath: string): DiffLines | undefined {
  // `repoPath` is from the repository's top, and git reads a pathspec from the folder it runs in
  // (a workspace may be a subfolder): `top`. A stored file name is a name, never a pattern: `literal`.
  const r = runGit(root, ['diff', '--no-color', '--no-ext-diff', '-U3', base, head, '--', `:(top,literal)${repoPath}`]);
  if (!r.ok) return undefined;
  const out: DiffLines = { left: new Set(), right: new Set(), hunkOf: { left: new Map(), right: new Map() } };
  let left = 0;
  let right = 0;
  let hunk = -1;
  for (const line of r.stdout.toString('utf8').split('\n')) {
    const h = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
    if (h) {
      [left, right] = [Number(h[1]), Number(h[2])];
      hunk++;
      continue;
    }
    if (hunk < 0 || line.startsWith('\\')) continue;
    const kind = line[0];
    if (kind !== ' ' && kind !== '+' && kind !== '-') continue;
    if (kind !== '+') { out.left.add(left); out.hunkOf.left.set(left, hunk); left++; }
    if (kind !== '-') { out.right.add(right); out.hunkOf.right.set(right, hunk); right++; }
  }
  return hunk < 0 ? undefined : out;
}

/** Where a thread's lines are in `text` (the head's or the base's file), by its anchor: undefined when its code is not there. */
function linesIn(root: string, c: Comment, text: string | undefined): { start: number; end: number } | undefined {
  if (text === undefined) return undefined;
  // With the snapshot the anchor was confirmed on, as a read re-anchors: unchanged lines map exactly.
  const r = reanchor(c.anchor, text, { snapshotText: () => readSnapshot(root, c.anchor.snapshot) });
  return r.anchorState === 'anchored' ? { start: r.startLine, end: r.endLine } : undefined;
}

const quote = (text: string): string => {
  const fence = text.includes('```') ? '~~~~' : '```';
  return `${fence}\n${text}\n${fence}`;
};

export async function planPush(root: string, conn: Connection, opts: PushOptions): Promise<PushPlan> {
  const { store, readOnlyReason } = readStore(root);
  if (readOnlyReason) throw new ConsiderError('unreadable', `the store cannot be changed: ${readOnlyReason}`);
  const round = opts.round !== undefined ? findRound(store, opts.round) : store.reviews?.at(-1);
  if (!round) throw new ConsiderError('usage', 'no review round has been submitted yet', 'submit a review first (Submit Review in VS Code), then push it');
  const pr = await findPullRequest(root, conn, opts.number, opts.remote);
  const posted = round.postedTo;
  if (posted && posted.repo === `${conn.repo.owner}/${conn.repo.repo}` && posted.number === pr.number) {
    throw new ConsiderError('usage', `review round ${round.round} was posted to PR #${pr.number} already (${posted.url})`, 'submit a new review round to post more');
  }
  const commits = new CommitFiles(root, opts.remote ?? conn.repo.remote);
  commits.ensure([pr.headOid, pr.baseOid]);
  const head: string = pr.headOid;
  if (!commits.available(head)) {
    throw new ConsiderError('io', `commit ${pr.headOid.slice(0, 7)} (the pull request's head) cannot be fetched from ${conn.repo.remote}`, 'fetch the branch, then try again');
  }
  const base = commits.mergeBase(pr.headOid, pr.baseOid) ?? pr.baseOid;
  const prefix = repositoryPrefix(root);
  const byId = new Map(store.comments.map((c) => [c.id, c]));
  const items: PlannedItem[] = [];
  const comments: PushPlan['comments'] = [];
  const paragraphs: string[] = [];
  const diffs = new Map<string, DiffLines | undefined>();
  const diffOf = (p: string) => {
    if (!diffs.has(p)) diffs.set(p, diffLines(root, base, pr.headOid, p));
    return diffs.get(p);
  };
  for (const id of round.threadIds) {
    const c = byId.get(id);
    if (!c) continue; // archived or deleted since
    const path = prefix + c.file;
    const skip = (why: string) => items.push({ threadId: c.id, kind: 'skip', path, why });
    if (c.pr) { skip(`already on PR #${c.pr.number}`); continue; }
    const side: DiffSide = c.removed ? 'LEFT' : 'RIGHT';
    const text = commits.text(side === 'LEFT' ? base : pr.headOid, path);
    const at = linesIn(root, c, text);
    if (!at) {
      skip(side === 'LEFT'
        ? 'the removed code is not in the pull request\'s base (it was removed before the pull request, or by uncommitted changes)'
        : text === undefined ? `${c.file} is not in the pull request's head (a new file not yet committed and pushed?)`
          : 'its code is not in the pull request\'s head: uncommitted changes, or commits not pushed yet');
      continue;
    }
    const diff = diffOf(path);
    if (!diff) {
      items.push({ threadId: c.id, kind: 'message', path, why: `${c.file} is not changed by the pull request: the comment goes into the review's message` });
      paragraphs.push(`**${c.file}:${at.start === at.end ? at.start : `${at.start}-${at.end}`}**\n\n${quote(splitLines(text!).slice(at.start - 1, at.end).join('\n'))}\n\n${c.body}`);
      continue;
    }
    const lines = side === 'LEFT' ? diff.left : diff.right;
    const hunks = side === 'LEFT' ? diff.hunkOf.left : diff.hunkOf.right;
    let inDiff = true;
    for (let n = at.start; n <= at.end; n++) if (!lines.has(n)) inDiff = false;
    // GitHub takes a range only inside one hunk.
    if (inDiff && hunks.get(at.start) === hunks.get(at.end)) {
      items.push({ threadId: c.id, kind: 'line', path, side, startLine: at.start, line: at.end });
      comments.push({ threadId: c.id, draft: { kind: 'line', path, side, line: at.end, ...(at.start !== at.end ? { startLine: at.start } : {}), body: c.body } });
      continue;
    }
    const where = at.start === at.end ? `line ${at.start}` : `lines ${at.start}-${at.end}`;
    const why = `${where} ${side === 'LEFT' ? 'of the base' : ''} are outside the pull request's diff: posted on the whole file, quoting them`.replace('  ', ' ');
    items.push({ threadId: c.id, kind: 'file', path, side, startLine: at.start, line: at.end, why });
    const quoted = splitLines(text!).slice(at.start - 1, at.end).join('\n');
    comments.push({ threadId: c.id, draft: { kind: 'file', path, body: `**${side === 'LEFT' ? 'Removed ' : ''}${where}:**\n\n${quote(quoted)}\n\n${c.body}` } });
  }
  const body = [round.message ?? '', ...paragraphs].filter((p) => p.trim() !== '').join('\n\n---\n\n');
  return { pr, round: round.round, verdict: opts.verdict, body, items, comments };
}

export interface PushReport {
  plan: PushPlan;
  reviewUrl: string;
  posted: number;
  apiCalls: number;
}

/** Posts the plan as one review, then links each posted thread to its review thread. */
export async function pushReview(root: string, conn: Connection, plan: PushPlan): Promise<PushReport> {
  if (plan.comments.length === 0 && plan.body.trim() === '' && plan.verdict !== 'APPROVE') {
    throw new ConsiderError('usage', `nothing of review round ${plan.round} can be posted to PR #${plan.pr.number}`, 'see `consider-cli pr push --dry-run` for why');
  }
  const posted = await conn.provider.submitReview(plan.pr, {
    verdict: plan.verdict, commit: plan.pr.headOid, comments: plan.comments.map((c) => c.draft), ...(plan.body ? { body: plan.body } : {}),
  });
  await mutateStore(root, 'human', (store: StoreFile, tx) => {
    const byId = new Map(store.comments.map((c) => [c.id, c]));
    plan.comments.forEach((item, i) => {
      const c = byId.get(item.threadId);
      const t = posted.threads[i];
      const first = t?.comments[0];
      if (!c || !t || !first) return;
      c.pr = {
        provider: 'github', host: conn.repo.host, repo: `${conn.repo.owner}/${conn.repo.repo}`, number: plan.pr.number, threadId: t.id, commentId: first.id,
        url: t.url || first.url, author: { login: first.author.login }, via: 'pushed', resolved: t.resolved, syncedAt: tx.now,
        ...(t.subject === 'file' ? { fileLevel: true as const } : {}),
      };
      tx.log({ action: 'pr-push', threadId: c.id, detail: { pr: plan.pr.number, kind: t.subject } });
    });
    recordPullRequest(store, conn, plan.pr);
    const round = store.reviews?.find((r) => r.round === plan.round);
    if (round) round.postedTo = { repo: `${conn.repo.owner}/${conn.repo.repo}`, number: plan.pr.number, url: posted.url, at: tx.now };
  });
  return { plan, reviewUrl: posted.url, posted: plan.comments.length, apiCalls: conn.provider.calls };
}

/** The dry run in words: each thread, and where it goes or why it does not. */
export function planText(plan: PushPlan, fileOf: (threadId: string) => string | undefined = () => undefined): string {
  const verdict = { COMMENT: 'Comment', APPROVE: 'Approve', REQUEST_CHANGES: 'Request changes' }[plan.verdict];
  const lines = [`Review round ${plan.round} to PR #${plan.pr.number} (${plan.pr.url}) as "${verdict}", on ${plan.pr.headOid.slice(0, 7)}:`];
  for (const it of plan.items) {
    const name = `${it.threadId}${fileOf(it.threadId) ? ` ${fileOf(it.threadId)}` : ''}`;
    if (it.kind === 'line') lines.push(`  post    ${name} → ${it.path}:${it.startLine === it.line ? it.line : `${it.startLine}-${it.line}`} (${it.side === 'LEFT' ? 'removed lines, LEFT' : 'RIGHT'})`);
    else if (it.kind === 'file') lines.push(`  file    ${name} → ${it.path} (whole file): ${it.why}`);
    else if (it.kind === 'message') lines.push(`  message ${name}: ${it.why}`);
    else lines.push(`  not posted ${name}: ${it.why}`);
  }
  if (plan.body) lines.push(`  review message: ${plan.body.length} characters`);
  return lines.join('\n') + '\n';
}
