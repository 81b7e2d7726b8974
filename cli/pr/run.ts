/**
 * The `pr` command's work, built into its own bundle (`.consider/bin/consider-pr.cjs`) and
 * loaded by command.ts only. Answers text and JSON; command.ts prints them.
 */
import { ConsiderError } from '../../shared/errors';
import { readStore } from '../../shared/store/store-io';
import { findCliToken, noTokenError } from '../../shared/pr/auth';
import { connect, findPullRequest } from '../../shared/pr/connect';
import { setSync } from '../../shared/pr/sync';
import { syncConfirmed } from '../../shared/pr/sync-seal';
import { pullThreads } from '../../shared/pr/pull';
import type { PullReport } from '../../shared/pr/pull';
import { planPush, planText, pushReview } from '../../shared/pr/push';
import type { ReviewVerdict } from '../../shared/pr/provider';
import type { Ctx } from '../command';
import { inert, plural } from '../output';
import { productVersion } from '../version';

export async function runPr(ctx: Ctx, action: 'pull' | 'push' | 'sync' | 'status'): Promise<{ text: string; json: unknown }> {
  if (action === 'sync') return sync(ctx);
  return action === 'pull' ? pull(ctx) : action === 'push' ? push(ctx) : status(ctx);
}

async function sync(ctx: Ctx): Promise<{ text: string; json: unknown }> {
  const word = ctx.positionals[1];
  if (word !== 'on' && word !== 'off') throw new ConsiderError('usage', `pr sync takes on or off (got ${JSON.stringify(word)})`);
  const remote = typeof ctx.values.remote === 'string' ? ctx.values.remote : undefined;
  const conn = cliConnection(ctx, remote);
  const pr = await findPullRequest(ctx.root, conn, prNumber(ctx.values.pr), remote);
  await setSync(ctx.root, conn, pr, word === 'on');
  const text = word === 'on'
    ? `Sync on for PR #${pr.number}: from now on, replies here (the agent's too) and Resolve/Reopen go back to GitHub at each \`consider-cli pr pull\`.\n`
    : `Sync off for PR #${pr.number}: nothing goes back to GitHub; pulls still bring its threads in.\n`;
  return { text, json: { number: pr.number, sync: word === 'on' } };
}

const VERDICTS: Record<string, ReviewVerdict> = { comment: 'COMMENT', approve: 'APPROVE', 'request-changes': 'REQUEST_CHANGES' };

function cliConnection(ctx: Ctx, remote: string | undefined) {
  return connect(ctx.root, (host) => findCliToken(host) ?? (() => { throw noTokenError(host); })(), { remote, userAgent: `consider-cli/${productVersion()}` });
}

async function push(ctx: Ctx): Promise<{ text: string; json: unknown }> {
  const v = ctx.values;
  const verdict = VERDICTS[typeof v.verdict === 'string' ? v.verdict : 'comment'];
  if (!verdict) throw new ConsiderError('usage', `--verdict must be comment, approve or request-changes (got ${JSON.stringify(v.verdict)})`);
  const round = v.round === undefined ? undefined : Number(v.round);
  if (round !== undefined && (!Number.isInteger(round) || round < 1)) throw new ConsiderError('usage', `--round must be a round number (got ${JSON.stringify(v.round)})`);
  const remote = typeof v.remote === 'string' ? v.remote : undefined;
  const conn = cliConnection(ctx, remote);
  const plan = await planPush(ctx.root, conn, { verdict, remote, ...(round !== undefined ? { round } : {}), ...(prNumber(v.pr) !== undefined ? { number: prNumber(v.pr) } : {}) });
  const files = new Map(readStore(ctx.root).store.comments.map((c) => [c.id, c.file]));
  const planJson = { pullRequest: { number: plan.pr.number, url: plan.pr.url, headOid: plan.pr.headOid }, round: plan.round, verdict: plan.verdict, body: plan.body, items: plan.items };
  if (v['dry-run'] === true) return { text: `Dry run, nothing posted.\n${inert(planText(plan, (id) => files.get(id)))}`, json: { dryRun: true, ...planJson } };
  const r = await pushReview(ctx.root, conn, plan);
  return { text: `${inert(planText(plan, (id) => files.get(id)))}Posted: ${plural(r.posted, 'comment')}, review ${inert(r.reviewUrl)}\n`, json: { dryRun: false, ...planJson, reviewUrl: r.reviewUrl, posted: r.posted, apiCalls: r.apiCalls } };
}

function prNumber(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new ConsiderError('usage', `--pr must be a pull request number (got ${JSON.stringify(raw)})`);
  return n;
}

async function pull(ctx: Ctx): Promise<{ text: string; json: unknown }> {
  const number = prNumber(ctx.values.pr);
  const remote = typeof ctx.values.remote === 'string' ? ctx.values.remote : undefined;
  const conn = cliConnection(ctx, remote);
  const report = await pullThreads(ctx.root, conn, { number, remote });
  return { text: pullText(report), json: pullJson(report) };
}

function pullJson(r: PullReport): unknown {
  const { pr, ...rest } = r;
  return { pullRequest: { number: pr.number, title: pr.title, url: pr.url, head: pr.headRefName, headOid: pr.headOid, base: pr.baseRefName }, ...rest };
}

function pullText(r: PullReport): string {
  const lines = [`Pulled PR #${r.pr.number} ${JSON.stringify(inert(r.pr.title))} (${inert(r.repo)}): ${plural(r.remoteThreads, 'review thread')}; ${r.added} new, ${r.updated} updated, ${r.unchanged} unchanged.`];
  if (r.added) {
    const p = r.placed;
    const parts = [`${p.anchored} on their code`, ...(p.stale ? [`${p.stale} stale (their code changed since)`] : []), ...(p.orphaned ? [`${p.orphaned} orphaned (the file is gone)`] : []),
      ...(p.removedCode ? [`${p.removedCode} about removed code`] : [])];
    lines.push(`New threads: ${parts.join(', ')}.${r.fromHunk ? ` ${plural(r.fromHunk, 'thread')} rebuilt from the comment's diff hunk (its commit is gone).` : ''}`);
  }
  if (r.sent.unconfirmed) lines.push('Sync is on in the store, but was not turned on by you in this folder (a copied or committed store?): nothing was sent to GitHub. `consider-cli pr sync on` turns it on here.');
  if (r.sent.replies || r.sent.resolved || r.sent.reopened) lines.push(`Sent to GitHub first: ${plural(r.sent.replies, 'reply', 'replies')}, ${r.sent.resolved} resolved, ${r.sent.reopened} reopened.`);
  if (r.newReplies || r.stateChanges) lines.push(`${plural(r.newReplies, 'new reply', 'new replies')}; ${plural(r.stateChanges, 'thread')} resolved or reopened on GitHub.`);
  if (r.goneFromHost) lines.push(`${plural(r.goneFromHost, 'thread')} no longer on the pull request (kept here).`);
  for (const s of r.skipped) lines.push(`skipped: ${inert(s)}`);
  if (r.added) lines.push(`Run \`consider-cli list\` to read them.`);
  return lines.join('\n') + '\n';
}

function status(ctx: Ctx): { text: string; json: unknown } {
  const { store } = readStore(ctx.root);
  const records = store.pullRequests ?? [];
  const rows = records.map((p) => {
    const threads = store.comments.filter((c) => c.pr && c.pr.repo === p.repo && c.pr.number === p.number);
    const count = (f: (c: typeof threads[number]) => boolean) => threads.filter(f).length;
    return {
      number: p.number, repo: p.repo, title: p.title, url: p.url, head: p.headRefName, pulledAt: p.pulledAt ?? null, sync: syncConfirmed(ctx.root, p),
      threads: threads.length, open: count((c) => c.workflowState === 'open'), resolved: count((c) => c.workflowState === 'resolved'),
      stale: count((c) => c.anchorState === 'stale'), orphaned: count((c) => c.anchorState === 'orphaned'), removedCode: count((c) => c.removed !== undefined),
      pulled: count((c) => c.pr!.via === 'pulled'), pushed: count((c) => c.pr!.via === 'pushed'),
    };
  });
  if (rows.length === 0) return { text: 'No pull request yet: run `consider-cli pr pull` on the pull request\'s branch.\n', json: { pullRequests: [] } };
  const text = rows.map((r) => [
    `PR #${r.number} ${JSON.stringify(inert(r.title))} (${inert(r.repo)}, ${inert(r.head)}) ${inert(r.url)}`,
    `  ${plural(r.threads, 'thread')}: ${r.open} open, ${r.resolved} resolved; ${r.stale} stale, ${r.orphaned} orphaned, ${r.removedCode} about removed code`,
    `  last pulled: ${r.pulledAt ? inert(r.pulledAt) : 'never'}; replies and resolutions sync back: ${r.sync ? 'on' : 'off'}`,
  ].join('\n')).join('\n') + '\n';
  return { text, json: { pullRequests: rows } };
}
