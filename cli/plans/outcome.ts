/**
 * What a wait for a verdict ends with, in words for the agent: the verdict text (shared with
 * the hooks), or one line saying why there is none and what to do instead. Reading the verdict
 * marks its comments seen by the agent: it has them in full, as `get` would show them.
 */
import type { PlanRecord, PlanVerdict } from '../../shared';
import { MAX_PLAN_BYTES, markSeenByAgent, planFiles, readDataText, readStore, verdictText, visibleToAgent } from '../../shared';
import type { WaitOutcome } from './wait';

/**
 * How the verdict reached the agent, which says what it does next: `shell` (consider-cli, and the
 * agents' plan hooks, whose agents run commands) or `tools` (the MCP tools and VS Code's language-
 * model tools: the agent calls plan_wait, plan, reply, and may have no shell at all).
 */
export type Route = 'shell' | 'tools';

/**
 * How the agent answers a plan comment, naming one of the verdict's comments: no `<id>`
 * placeholder (Gemini CLI shows `<` `>` as `&lt;` `&gt;`: issue 40).
 */
export function replyHint(route: Route, exampleId: string): string {
  return route === 'tools'
    ? `call the reply tool with the comment's id (in brackets above, such as "${exampleId}"), your message and what you did: addressed, declined or question`
    : `\`.consider/bin/consider-cli reply ${exampleId} --message "…" --addressed\` (the comment's id is in brackets above; --declined or --question instead when that is what you did)`;
}

/** How the agent sends its revised plan, on the CLI and tools routes (a plan hook's format says its own). */
export function resubmitHint(route: Route, planId: string): string {
  return route === 'tools'
    ? `Then call the plan tool again with the revised plan and revises "${planId}".`
    : `Then submit the new version as a revision of ${planId}: \`.consider/bin/consider-cli plan submit plan.md --revises ${planId} --wait\`, with the revised plan in plan.md (or pipe it: \`plan submit - --revises ${planId} --wait\`).`;
}

/** The verdict in words, with `resubmit` saying how this route sends the next version. */
export function verdictFor(root: string, plan: PlanRecord, verdict: PlanVerdict, resubmit: string, route: Route = 'shell'): { text: string; threadIds: string[] } {
  const { store } = readStore(root);
  const wanted = new Set(verdict.threadIds);
  const threads = store.comments.filter((c) => wanted.has(c.id) && visibleToAgent(c))
    .sort((a, b) => a.anchor.startLine - b.anchor.startLine || a.createdAt.localeCompare(b.createdAt));
  let versionText = '';
  try {
    versionText = readDataText(planFiles(root, plan.id).version(verdict.version), { maxBytes: MAX_PLAN_BYTES }) ?? '';
  } catch {
    /* the version's file went: the comments are still given, without their lines */
  }
  const text = verdictText({ plan, verdict, threads, versionText, resubmit, ...(threads.length ? { replyHint: replyHint(route, threads[0]!.id) } : {}) });
  return { text, threadIds: threads.map((c) => c.id) };
}

/** The comments the agent has now read in full: seen, as after `get` (a busy store only delays it). */
export async function markDelivered(root: string, threadIds: string[]): Promise<void> {
  try {
    await markSeenByAgent(root, threadIds, { lockWaitMs: 2_000 });
  } catch {
    /* they stay "unseen": the delivery hooks may mention them once more */
  }
}

/** Why there is no verdict, in one line, for every outcome but a verdict, and what to do on this route. */
export function noVerdictLine(outcome: Exclude<WaitOutcome, { kind: 'verdict' }>, planId: string, waitedS: number, route: Route = 'shell'): string {
  const waitAgain = route === 'tools' ? `call the plan_wait tool with id "${planId}"` : `\`consider-cli plan wait ${planId}\``;
  switch (outcome.kind) {
    case 'timeout':
      return route === 'tools'
        ? `No verdict on plan ${planId} yet after ${minutes(waitedS)}: the developer is reviewing it in VS Code. To keep waiting, ${waitAgain}; do not start implementing meanwhile.`
        : `No verdict on plan ${planId} after ${minutes(waitedS)}: ask the developer in your usual way, or keep waiting with ${waitAgain}.`;
    case 'editor-gone':
      return `VS Code closed before the developer gave a verdict on plan ${planId}: ask the developer in your usual way.`;
    case 'superseded':
      return `Plan ${planId} has a newer version (${outcome.version}) now: to wait for that one, ${route === 'tools' ? waitAgain : `run ${waitAgain}`}.`;
    case 'interrupted':
      return `Stopped waiting for the verdict on plan ${planId} (${outcome.signal === 'SIGINT' ? 'Ctrl+C' : outcome.signal}); the plan stays open in VS Code (${waitAgain} waits again).`;
  }
}

export function minutes(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  return `${Math.round(seconds / 60)} min`;
}
