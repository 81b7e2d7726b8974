/**
 * What a wait for a verdict ends with, in words for the agent: the verdict text (shared with
 * the hooks), or one line saying why there is none and what to do instead. Reading the verdict
 * marks its comments seen by the agent: it has them in full, as `get` would show them.
 */
import type { PlanRecord, PlanVerdict } from '../../shared/store';
import { MAX_PLAN_BYTES, markSeenByAgent, planFiles, readDataText, readStore, verdictText, visibleToAgent } from '../../shared/store';
import type { WaitOutcome } from './wait';

/** How the agent answers a plan comment. */
export const REPLY_HINT = '`.consider/bin/consider-cli reply <id> --message "…" --addressed|--declined|--question`';

/** The verdict in words, with `resubmit` saying how this route sends the next version. */
export function verdictFor(root: string, plan: PlanRecord, verdict: PlanVerdict, resubmit: string): { text: string; threadIds: string[] } {
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
  const text = verdictText({ plan, verdict, threads, versionText, resubmit, replyHint: REPLY_HINT });
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

/** Why there is no verdict, in one line, for every outcome but a verdict. */
export function noVerdictLine(outcome: Exclude<WaitOutcome, { kind: 'verdict' }>, planId: string, waitedS: number): string {
  switch (outcome.kind) {
    case 'timeout':
      return `No verdict on plan ${planId} after ${minutes(waitedS)}: ask the developer in your usual way, or keep waiting with \`consider-cli plan wait ${planId}\`.`;
    case 'editor-gone':
      return `VS Code closed before the developer gave a verdict on plan ${planId}: ask the developer in your usual way.`;
    case 'superseded':
      return `Plan ${planId} has a newer version (${outcome.version}) now: wait for that one with \`consider-cli plan wait ${planId}\`.`;
    case 'interrupted':
      return `Stopped waiting for the verdict on plan ${planId} (${outcome.signal === 'SIGINT' ? 'Ctrl+C' : outcome.signal}); the plan stays open in VS Code (\`consider-cli plan wait ${planId}\` waits again).`;
  }
}

export function minutes(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  return `${Math.round(seconds / 60)} min`;
}
