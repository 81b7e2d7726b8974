/**
 * Both ways (opt-in per pull request, docs/pull-requests.md): once `sync` is on for a pull
 * request, what happens here to its threads goes back to GitHub at the next pull — the agent's
 * replies (saying it is the agent, and its disposition), the developer's replies, Resolve and
 * Reopen. Only what was written after sync was turned on is posted, each reply once: a posted
 * reply is linked to its GitHub comment (Reply.pr), which is also how the pull that follows
 * recognises it and does not add it again.
 */
import type { Comment, PullRequestRecord, Reply, StoreFile } from '../model';
import { mutateStore, readStore } from '../store/store-io';
import type { Connection } from './connect';
import type { PullRequestInfo, RemoteComment } from './provider';
import { syncConfirmed, syncSeal } from './sync-seal';

export interface SyncReport {
  replies: number;
  resolved: number;
  reopened: number;
  /** The store says sync is on, but not sealed by this user in this folder: nothing was sent (sync-seal.ts). */
  unconfirmed?: true;
}

const repoName = (c: Connection) => `${c.repo.owner}/${c.repo.repo}`;

function recordOf(store: StoreFile, conn: Connection, number: number): PullRequestRecord | undefined {
  return store.pullRequests?.find((p) => p.repo === repoName(conn) && p.number === number && p.host === conn.repo.host);
}

/** How a reply reads on GitHub: the agent's say so (it is posted with the developer's account). */
function outgoingBody(r: Reply): string {
  if (r.author !== 'agent') return r.body;
  return `${r.body}\n\n— *the agent, via Consider${r.disposition ? ` (${r.disposition})` : ''}*`;
}

/** Turns sync on or off for a pull request the workspace knows (pulled from or pushed to). */
export async function setSync(root: string, conn: Connection, pr: PullRequestInfo, on: boolean): Promise<PullRequestRecord> {
  return mutateStore(root, 'human', (store, tx) => {
    store.pullRequests ??= [];
    let rec = recordOf(store, conn, pr.number);
    if (!rec) {
      rec = { provider: 'github', host: conn.repo.host, repo: repoName(conn), number: pr.number, title: pr.title, url: pr.url, headRefName: pr.headRefName };
      store.pullRequests.push(rec);
    }
    rec.sync = on;
    if (on) {
      rec.syncSince = tx.now;
      rec.syncSeal = syncSeal(root, rec, tx.now);
    } else {
      delete rec.syncSeal;
    }
    tx.log({ action: 'pr-sync', detail: { pr: pr.number, sync: on } });
    return rec;
  });
}

/**
 * Posts what changed here since sync was turned on: replies not on GitHub yet, and resolves or
 * reopens. Each success is recorded (even when a later post fails), so nothing is posted twice.
 */
export async function syncOutgoing(root: string, conn: Connection, pr: PullRequestInfo): Promise<SyncReport> {
  const report: SyncReport = { replies: 0, resolved: 0, reopened: 0 };
  const { store } = readStore(root);
  const rec = recordOf(store, conn, pr.number);
  if (!rec?.sync) return report;
  if (!syncConfirmed(root, rec)) return { ...report, unconfirmed: true };
  const since = typeof rec.syncSince === 'string' ? rec.syncSince : '';
  const mine = (c: Comment) => c.pr !== undefined && c.pr.repo === repoName(conn) && c.pr.number === pr.number;
  const posted = new Map<string, RemoteComment>(); // reply id → its GitHub comment
  const states = new Map<string, boolean>(); // thread id → resolved there now
  try {
    for (const c of store.comments.filter(mine)) {
      for (const r of c.thread) {
        if (r.pr || r.createdAt < since) continue;
        posted.set(`${c.id}/${r.id}`, await conn.provider.reply(c.pr!.threadId, outgoingBody(r)));
      }
      const resolvedHere = c.workflowState === 'resolved';
      if (resolvedHere !== c.pr!.resolved && (c.resolvedAt ?? c.updatedAt ?? '') >= since) {
        await conn.provider.setResolved(c.pr!.threadId, resolvedHere);
        states.set(c.id, resolvedHere);
      }
    }
  } finally {
    if (posted.size || states.size) {
      await mutateStore(root, 'system', (latest, tx) => {
        for (const c of latest.comments) {
          if (!c.pr) continue;
          for (const r of c.thread) {
            const gh = posted.get(`${c.id}/${r.id}`);
            if (gh) r.pr = { commentId: gh.id, url: gh.url, author: { login: gh.author.login } };
          }
          const s = states.get(c.id);
          if (s !== undefined) c.pr.resolved = s;
          if (s !== undefined || c.thread.some((r) => posted.has(`${c.id}/${r.id}`))) {
            c.pr.syncedAt = tx.now;
            tx.log({ action: 'pr-sync', threadId: c.id, detail: { pr: pr.number } });
          }
        }
      });
      report.replies = posted.size;
      for (const s of states.values()) report[s ? 'resolved' : 'reopened']++;
    }
  }
  return report;
}
