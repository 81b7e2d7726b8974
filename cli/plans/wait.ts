/**
 * Waiting for the developer's verdict on a plan version, as the CLI and the plan hooks do. It
 * is never a trap (docs/plan-gate.md): it ends when the verdict is written (fs.watch on the
 * plan's folder: a few milliseconds after the click), when the time is up, when VS Code is
 * gone for longer than a window takes to reload, when the process that started it is gone,
 * or at once on Ctrl+C (SIGINT) or SIGTERM/SIGHUP. While it waits, `waiting.json` says so,
 * and VS Code shows how long the agent has been waiting.
 */
import type { PlanVerdict } from '../../shared';
import { clearWaiting, markWaiting, planFiles, readLive, readPlan, readVerdict } from '../../shared';
import { waitLoop } from '../wait-loop';

export type WaitOutcome =
  | { kind: 'verdict'; verdict: PlanVerdict }
  | { kind: 'timeout' }
  | { kind: 'editor-gone' }
  | { kind: 'superseded'; version: number }
  | { kind: 'interrupted'; signal: NodeJS.Signals };

/**
 * How long VS Code may be missing before the wait ends: longer than a window takes to reload.
 * A reload took 57 s on the 2-core test machine under load (the plan-reload scenario); a laptop
 * with many extensions can take tens of seconds too. Closing VS Code costs the agent this much
 * more waiting before it asks its own way; losing the wait at a reload costs the review.
 */
export const EDITOR_GONE_GRACE_MS = 90_000;
/** How often the side conditions are looked at (VS Code live, a newer version, a lost watch event). */
const CHECK_MS = 1_000;

export async function awaitVerdict(root: string, planId: string, version: number, timeoutMs: number, opts: { graceMs?: number } = {}): Promise<WaitOutcome> {
  const files = planFiles(root, planId);
  // CONSIDER_TEST_EDITOR_GRACE_MS: the tests' shorter grace (a test cannot wait 90 s for each case).
  const graceMs = opts.graceMs ?? (Number(process.env.CONSIDER_TEST_EDITOR_GRACE_MS) || EDITOR_GONE_GRACE_MS);
  let lastLive = Date.now();
  try {
    // The loop first (its signal handlers are in place once it returns), then `waiting.json`:
    // whoever sees the wait announced (VS Code, the agent's Esc, a test) may end it with a signal
    // at once, and a signal before the handlers would kill the hook and leave the plan "waiting".
    const verdict = waitLoop<WaitOutcome>({
      dir: files.versions,
      wanted: (name) => name === null || name === `v${version}.verdict.json`,
      look: () => {
        const verdict = readVerdict(root, planId, version);
        if (verdict) return { kind: 'verdict', verdict };
        if (readLive(root)) lastLive = Date.now();
        else if (Date.now() - lastLive > graceMs) return { kind: 'editor-gone' };
        try {
          const latest = readPlan(root, planId).versions.length;
          if (latest > version) return { kind: 'superseded', version: latest };
        } catch {
          /* the plan's folder is being rewritten or went: the checks go on until the deadline */
        }
        return undefined;
      },
      recheckMs: CHECK_MS,
      timeoutMs,
      onTimeout: () => ({ kind: 'timeout' }),
      orphaned: () => ({ kind: 'interrupted', signal: 'SIGHUP' }),
      onSignal: (signal) => ({ kind: 'interrupted', signal }),
    });
    markWaiting(root, planId, version, Date.now() + timeoutMs);
    return await verdict;
  } finally {
    clearWaiting(root, planId);
  }
}
