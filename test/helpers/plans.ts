/**
 * The VS Code side of the plan gate, for tests that run the CLI as the agent: a window's
 * heartbeat (as extension/plans/plan-service.ts keeps it) and the developer's verdict (as its
 * decide() records it), with the same store functions.
 */
import fs from 'node:fs';
import {
  addThread, listPlans, planDocumentRel, planState, readPlan, readStore, releasePlanComments, verdictThreads, writeLive, writeVerdict,
  touchLive, removeLive, type Comment, type VerdictKind,
} from '../../shared';

/** A live window on `root` until the returned function is called (touched every second). */
export function liveWindow(root: string, opts: { gate?: boolean; timeoutSeconds?: number; id?: string } = {}): () => void {
  const id = opts.id ?? 'test-window';
  writeLive(root, id, { gate: opts.gate ?? true, timeoutSeconds: opts.timeoutSeconds ?? 120 });
  const timer = setInterval(() => touchLive(root, id), 1000);
  return () => {
    clearInterval(timer);
    removeLive(root, id);
  };
}

/** Polls until a plan has a waiter on `version` (default: any) and returns its id. */
export async function waitingPlan(root: string, opts: { version?: number; not?: string[]; timeoutMs?: number } = {}): Promise<string> {
  const end = Date.now() + (opts.timeoutMs ?? 10_000);
  for (;;) {
    for (const p of listPlans(root)) {
      if (opts.not?.includes(p.id)) continue;
      const s = planState(root, p);
      if (s.waiter && (opts.version === undefined || s.version.version === opts.version)) return p.id;
    }
    if (Date.now() > end) throw new Error(`no plan waiting in ${root}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A human comment on lines of the plan's review document. */
export function commentOnPlan(root: string, planId: string, startLine: number, body: string, endLine = startLine): Promise<Comment> {
  return addThread(root, { file: planDocumentRel(readPlan(root, planId)), startLine, endLine, body, author: 'human' });
}

/** The developer's verdict on the plan's current version, as the extension records it. */
export async function decide(root: string, planId: string, verdict: VerdictKind, message?: string): Promise<void> {
  const plan = readPlan(root, planId);
  const rel = planDocumentRel(plan);
  await releasePlanComments(root, rel);
  const threads = verdictThreads(readStore(root).store, rel);
  writeVerdict(root, planId, { version: planState(root, plan).version.version, verdict, ...(message ? { message } : {}), threadIds: threads.map((c) => c.id) });
}

/** Everything under `.consider/plans/` but the heartbeats: what a refused submit must leave as it was. */
export function planFilesOf(root: string): string[] {
  const dir = `${root}/.consider/plans`;
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => !f.startsWith('live')).sort();
}
