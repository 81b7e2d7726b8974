/**
 * Pull: every review thread of the pull request into the store (docs/pull-requests.md).
 *
 * Everything that can fail is done before the store is touched: the pull request and all its
 * threads are read from the host, the commits the comments were written on are fetched, the new
 * threads' anchors are rebuilt and placed on today's files. Only then does one store transaction
 * add the new threads and bring the known ones up to date — so a failed pull (no network, a
 * refused token, the rate limit) leaves `.consider/store.json` exactly as it was.
 *
 * A thread already pulled (the same host thread id) is updated, never duplicated: new replies
 * are added, edited bodies follow, and its open/resolved state follows the host's when that
 * changed there since the last pull (a local Resolve is not undone by the next pull).
 */
import { ConsiderError } from '../errors';
import type { Comment, PullRequestRecord, StoreFile } from '../model';
import { placeDetached } from '../store/reconcile/pass';
import { mutateStore, readStore } from '../store/store-io';
import { newId } from '../store/threads';
import { CommitFiles, repositoryPrefix } from './commits';
import type { Connection } from './connect';
import { findPullRequest } from './connect';
import type { PullRequestInfo, RemoteThread } from './provider';
import { rebuildThread, replyFrom } from './rebuild';
import { syncOutgoing } from './sync';
import type { SyncReport } from './sync';

export interface PullOptions {
  /** The pull request's number; default: the open one whose head is the current branch. */
  number?: number;
  remote?: string;
}

export interface PullReport {
  pr: PullRequestInfo;
  repo: string;
  /** Threads on the pull request, and what the pull did with them. */
  remoteThreads: number;
  added: number;
  updated: number;
  unchanged: number;
  newReplies: number;
  /** Threads whose state followed a resolve or reopen on the host. */
  stateChanges: number;
  /** How the new threads were placed on today's files. */
  placed: { anchored: number; stale: number; orphaned: number; removedCode: number };
  /** New threads whose anchor came from the comment's diff hunk (the commit was gone). */
  fromHunk: number;
  /** Commits fetched from the remote. */
  fetchedCommits: number;
  /** Threads kept here that are no longer on the pull request. */
  goneFromHost: number;
  skipped: string[];
  /** Requests sent to the host. */
  apiCalls: number;
  /** The ids of the threads added. */
  addedIds: string[];
  /** What went back to the pull request first (sync on, sync.ts). */
  sent: SyncReport;
}

const repoName = (c: Connection) => `${c.repo.owner}/${c.repo.repo}`;

/** Whether `c` mirrors this host thread. */
const mirrors = (c: Comment, conn: Connection, pr: PullRequestInfo, threadId: string) =>
  c.pr?.threadId === threadId && c.pr.repo === repoName(conn) && c.pr.number === pr.number;

export async function pullThreads(root: string, conn: Connection, opts: PullOptions = {}): Promise<PullReport> {
  const read = readStore(root);
  if (read.readOnlyReason) throw new ConsiderError('unreadable', `the store cannot be changed: ${read.readOnlyReason}`);
  const pr = await findPullRequest(root, conn, opts.number, opts.remote);
  // Sync on: what happened here goes back first, so what comes in next already holds it.
  const sent = await syncOutgoing(root, conn, pr);
  const remote = await conn.provider.threads(pr);
  const now = new Date().toISOString();

  // New threads: rebuilt from their commits and placed, all before the store is touched.
  const known = new Set(read.store.comments.filter((c) => c.pr).map((c) => `${c.pr!.repo}#${c.pr!.number}:${c.pr!.threadId}`));
  const fresh = remote.filter((t) => !known.has(`${repoName(conn)}#${pr.number}:${t.id}`));
  const commits = new CommitFiles(root, opts.remote ?? conn.repo.remote);
  commits.ensure([...fresh.map((t) => t.comments[0]?.originalCommit).filter((o): o is string => !!o), ...(fresh.some((t) => t.side === 'LEFT') ? [pr.baseOid] : [])]);
  const ctx = { root, commits, pr, repo: conn.repo, prefix: repositoryPrefix(root), now };
  const skipped: string[] = [];
  const built: Comment[] = [];
  for (const t of fresh) {
    const r = rebuildThread(ctx, t);
    if ('skipped' in r) skipped.push(r.skipped);
    else built.push(r.comment);
  }
  // Temporary ids for the placing pass (it keys its results by id); the store gives the real ones.
  built.forEach((c, i) => { c.id = `pull-${i}`; });
  placeDetached(root, built);

  const report: PullReport = {
    pr, repo: repoName(conn), remoteThreads: remote.length, added: 0, updated: 0, unchanged: 0, newReplies: 0, stateChanges: 0,
    placed: { anchored: 0, stale: 0, orphaned: 0, removedCode: 0 }, fromHunk: built.filter((c) => c.pr?.rebuiltFrom === 'hunk').length,
    fetchedCommits: commits.fetched, goneFromHost: 0, skipped, apiCalls: conn.provider.calls, addedIds: [], sent,
  };

  await mutateStore(root, 'system', (store, tx) => {
    const byThread = new Map(remote.map((t) => [t.id, t]));
    for (const c of store.comments) {
      if (!c.pr || c.pr.repo !== report.repo || c.pr.number !== pr.number) continue;
      const t = byThread.get(c.pr.threadId);
      if (!t) {
        report.goneFromHost++;
        continue;
      }
      const r = updateThread(c, t, tx.now);
      if (r.changed) report.updated++;
      else report.unchanged++;
      report.newReplies += r.replies;
      if (r.state) report.stateChanges++;
      if (r.changed) tx.log({ action: 'pr-pull', threadId: c.id, detail: { pr: pr.number, replies: r.replies, ...(r.state ? { state: c.workflowState } : {}) } });
    }
    const ids = new Set(store.comments.map((c) => c.id));
    for (const c of built) {
      // Pulled concurrently by another process meanwhile: that copy stands, this one is dropped.
      if (store.comments.some((o) => c.pr && mirrors(o, conn, pr, c.pr.threadId))) continue;
      c.id = newId('c', (id) => ids.has(id));
      ids.add(c.id);
      store.comments.push(c);
      report.added++;
      report.addedIds.push(c.id);
      if (c.removed) report.placed.removedCode++;
      else report.placed[c.anchorState]++;
      tx.log({ action: 'pr-pull', threadId: c.id, detail: { pr: pr.number, added: true, file: c.file, anchorState: c.anchorState } });
    }
    recordPullRequest(store, conn, pr, tx.now);
  });
  report.apiCalls = conn.provider.calls;
  return report;
}

/** The pull request in StoreFile.pullRequests, added or brought up to date. */
export function recordPullRequest(store: StoreFile, conn: Connection, pr: PullRequestInfo, pulledAt?: string): PullRequestRecord {
  store.pullRequests ??= [];
  let rec = store.pullRequests.find((p) => p.repo === repoName(conn) && p.number === pr.number && p.host === conn.repo.host);
  if (!rec) {
    rec = { provider: 'github', host: conn.repo.host, repo: repoName(conn), number: pr.number, title: pr.title, url: pr.url, headRefName: pr.headRefName };
    store.pullRequests.push(rec);
  }
  rec.title = pr.title;
  rec.url = pr.url;
  rec.headRefName = pr.headRefName;
  if (pulledAt) rec.pulledAt = pulledAt;
  return rec;
}

/**
 * Brings a pulled thread up to date with the host's: edited bodies, new replies (a reply that
 * was posted from here is recognised by its comment id and not added again), and the resolved
 * state when it changed there since it was last seen.
 */
function updateThread(c: Comment, t: RemoteThread, now: string): { changed: boolean; replies: number; state: boolean } {
  let changed = false;
  let replies = 0;
  let state = false;
  const [first, ...rest] = t.comments;
  if (first && c.pr!.commentId === first.id && first.body !== c.body && c.pr!.via === 'pulled') {
    c.body = first.body;
    c.editedAt = first.editedAt ?? now;
    changed = true;
  }
  const byComment = new Map(c.thread.filter((r) => r.pr).map((r) => [r.pr!.commentId, r]));
  const taken = new Set(c.thread.map((r) => r.id));
  for (const rc of rest) {
    const mine = byComment.get(rc.id);
    if (mine) {
      if (mine.body !== rc.body && mine.author === 'human') {
        mine.body = rc.body;
        mine.editedAt = rc.editedAt ?? now;
        changed = true;
      }
      continue;
    }
    const reply = replyFrom(rc, (id) => taken.has(id));
    taken.add(reply.id);
    // Written on the host before the agent last read the thread here, but news to it: it arrives now
    // (isUnseen goes by the reply's time). The host's own time is kept beside it.
    if (c.agentLastSeenAt !== undefined && reply.createdAt <= c.agentLastSeenAt) {
      reply.pr!.createdAt = reply.createdAt;
      reply.createdAt = now;
    }
    c.thread.push(reply);
    replies++;
    changed = true;
  }
  if (t.resolved !== c.pr!.resolved) {
    c.pr!.resolved = t.resolved;
    const wanted = t.resolved ? 'resolved' : 'open';
    if (c.workflowState !== wanted) {
      c.workflowState = wanted;
      if (t.resolved) {
        c.resolvedAt = now;
        c.resolvedBy = 'human';
      } else {
        delete c.resolvedAt;
        delete c.resolvedBy;
      }
      state = true;
    }
    changed = true;
  }
  const outdated = t.outdated ? true : undefined;
  if (c.pr!.outdated !== outdated) {
    if (outdated) c.pr!.outdated = true;
    else delete c.pr!.outdated;
    changed = true;
  }
  if (changed) {
    c.pr!.syncedAt = now;
    c.updatedAt = now;
  }
  return { changed, replies, state };
}
