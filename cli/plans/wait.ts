/**
 * Waiting for the developer's verdict on a plan version, as the CLI and the plan hooks do. It
 * is never a trap (docs/plan-gate.md): it ends when the verdict is written (fs.watch on the
 * plan's folder: a few milliseconds after the click), when the time is up, when VS Code is
 * gone for longer than a window takes to reload, when the process that started it is gone,
 * or at once on Ctrl+C (SIGINT) or SIGTERM/SIGHUP. While it waits, `waiting.json` says so,
 * and VS Code shows how long the agent has been waiting.
 */
import fs from 'node:fs';
import type { PlanVerdict } from '../../shared/store';
import { clearWaiting, markWaiting, planFiles, readLive, readPlan, readVerdict } from '../../shared/store';
import { STARTED_BY, parentGone } from '../review-commands';

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
/** How often the side conditions are looked at (VS Code live, the parent, a lost watch event). */
const CHECK_MS = 1_000;

export function awaitVerdict(root: string, planId: string, version: number, timeoutMs: number, opts: { graceMs?: number } = {}): Promise<WaitOutcome> {
  const files = planFiles(root, planId);
  // CONSIDER_TEST_EDITOR_GRACE_MS: the tests' shorter grace (a test cannot wait 90 s for each case).
  const graceMs = opts.graceMs ?? (Number(process.env.CONSIDER_TEST_EDITOR_GRACE_MS) || EDITOR_GONE_GRACE_MS);
  markWaiting(root, planId, version, Date.now() + timeoutMs);
  return new Promise<WaitOutcome>((resolve) => {
    let lastLive = Date.now();
    let watcher: fs.FSWatcher | undefined;
    const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    const onSignal = (signal: NodeJS.Signals): void => finish({ kind: 'interrupted', signal });
    const finish = (outcome: WaitOutcome): void => {
      watcher?.close();
      clearInterval(checker);
      clearTimeout(deadline);
      for (const s of signals) process.off(s, onSignal);
      clearWaiting(root, planId);
      resolve(outcome);
    };
    const verdictNow = (): boolean => {
      const verdict = readVerdict(root, planId, version);
      if (verdict) finish({ kind: 'verdict', verdict });
      return verdict !== undefined;
    };
    const sideChecks = (): void => {
      if (verdictNow()) return;
      if (parentGone(STARTED_BY)) return finish({ kind: 'interrupted', signal: 'SIGHUP' });
      if (readLive(root)) lastLive = Date.now();
      else if (Date.now() - lastLive > graceMs) return finish({ kind: 'editor-gone' });
      try {
        const latest = readPlan(root, planId).versions.length;
        if (latest > version) finish({ kind: 'superseded', version: latest });
      } catch {
        /* the plan's folder is being rewritten or went: the checks go on until the deadline */
      }
    };
    for (const s of signals) process.on(s, onSignal);
    try {
      watcher = fs.watch(files.versions, { persistent: true }, (_event, name) => {
        if (name === null || name === `v${version}.verdict.json`) verdictNow();
      });
      watcher.on('error', () => { watcher?.close(); watcher = undefined; });
    } catch {
      /* cannot watch (a network share): the checks below look every second */
    }
    const checker = setInterval(sideChecks, CHECK_MS);
    // Node's timer holds at most 2^31-1 ms (24.8 days); more would fire at once (issue 34).
    const deadline = setTimeout(() => finish({ kind: 'timeout' }), Math.min(timeoutMs, 2 ** 31 - 1));
    verdictNow(); // given before the watch started
  });
}
