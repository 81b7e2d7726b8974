/**
 * The light timer while VS Code is open (docs/pull-requests.md): for each folder whose current
 * branch is a pull request it pulled from, one conditional request every few minutes
 * (`consider.pullRequests.pollMinutes`, default 3; 0 turns it off) asks GitHub whether any review
 * comment was added or edited since the last answer (ETag: an unchanged answer is a 304, which
 * costs no rate limit). Only then, and every fifth turn for resolves and reopens (which the
 * comments' ETag does not show), does it pull. Quiet: it never asks the user to sign in, and
 * says something only when new threads or replies came in. A refused token stops it for that
 * folder until the next manual pull.
 */
import * as vscode from 'vscode';
import { pullThreads } from '../../shared/pr/pull';
import { currentBranch } from '../../shared/pr/remote';
import { readStore } from '../../shared';
import * as notify from '../notify';
import type { FolderStores } from '../store/folder-stores';
import { vscodeConnection } from './auth';

const FULL_PULL_EVERY = 5;

export class PullRequestPoller implements vscode.Disposable {
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly etags = new Map<string, string>();
  private readonly stopped = new Set<string>();
  private turn = 0;
  private busy = false;
  private readonly config: vscode.Disposable;

  constructor(private readonly stores: FolderStores) {
    this.schedule();
    this.config = vscode.workspace.onDidChangeConfiguration((e) => { if (e.affectsConfiguration('consider.pullRequests.pollMinutes')) this.schedule(); });
  }

  schedule(): void {
    if (this.timer) clearInterval(this.timer);
    const minutes = vscode.workspace.getConfiguration('consider').get<number>('pullRequests.pollMinutes', 3);
    this.timer = minutes > 0 ? setInterval(() => { void this.tick(); }, Math.max(1, minutes) * 60_000) : undefined;
  }

  /** A manual pull lifts the stop a refused token put on a folder. */
  resume(root: string): void {
    this.stopped.delete(root);
  }

  async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.turn++;
    try {
      for (const root of this.stores.roots()) if (!this.stopped.has(root)) await this.check(root);
    } finally {
      this.busy = false;
    }
  }

  private async check(root: string): Promise<void> {
    let record;
    try {
      const branch = currentBranch(root);
      record = readStore(root).store.pullRequests?.find((p) => p.pulledAt !== undefined && p.headRefName === branch);
    } catch {
      return; // not a repository, detached HEAD, no store: nothing to follow
    }
    if (!record) return;
    try {
      const conn = await vscodeConnection(root, { interactive: false });
      const key = `${root}#${record.number}`;
      const answer = await conn.provider.commentsChanged({ number: record.number } as Parameters<typeof conn.provider.commentsChanged>[0], this.etags.get(key));
      const first = !this.etags.has(key);
      if (answer.etag) this.etags.set(key, answer.etag);
      if ((first || !answer.changed) && this.turn % FULL_PULL_EVERY !== 0) return;
      const r = await pullThreads(root, conn, { number: record.number });
      this.stores.reload(root);
      if (r.added || r.newReplies) void notify.info(vscode.l10n.t('Consider: PR #{0}: {1} new threads, {2} new replies.', r.pr.number, r.added, r.newReplies));
    } catch (e) {
      if ((e as { code?: string }).code === 'auth') this.stopped.add(root);
      // Otherwise (offline, rate limit): the next turn tries again; the manual command says why.
    }
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    this.config.dispose();
  }
}
