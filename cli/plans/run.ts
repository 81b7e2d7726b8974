/**
 * `consider-cli plan submit|wait|status` (command.ts has the options; docs/plan-gate.md the
 * contract). A plan is submitted for review only while a VS Code window with Consider is live
 * on the workspace and its plan gate is on (shared/plans/live.ts): with `--wait` and nobody
 * there, the command says so in one line and exits 8 at once, storing nothing, so the agent
 * asks the developer its usual way instead of waiting for no one.
 *
 * Exit codes: 0 approved, 7 changes requested, 6 no verdict in time, 8 not reviewed (no live
 * VS Code, the gate is off, VS Code closed while waiting), 130/143 stopped by a signal; errors
 * as every command (1 usage: an empty, binary or oversized plan, a file outside the workspace).
 */
import fs from 'node:fs';
import type { PlanRecord } from '../../shared';
import {
  ConsiderError, DEFAULT_PLAN_WAIT_S, checkAgentName, checkPlanSize, checkPlanText, isConsiderError, latestVersion, listPlans, planDocumentRel, planState,
  readLive, readPlan, readVerdict, resolveInWorkspace, submitPlan,
} from '../../shared';
import type { Ctx } from '../command';
import { note } from '../command';
import { inert, writeJson, writeLean, writeOut } from '../output';
import { writeStderr } from '../stdio';
import { markDelivered, minutes, noVerdictLine, resubmitHint, verdictFor, type Route } from './outcome';
import { awaitVerdict, type WaitOutcome } from './wait';

export const PLAN_EXIT = { approved: 0, timeout: 6, changesRequested: 7, notReviewed: 8 } as const;

/** `--via tools` (what the MCP server and VS Code's tools pass): the answer says what to do next in tool calls. */
function routeOf(ctx: Ctx): Route {
  const via = ctx.values.via;
  if (via === undefined) return 'shell';
  if (via === 'tools' || via === 'shell') return via;
  throw new ConsiderError('usage', `--via must be tools or shell (got ${JSON.stringify(via)})`);
}

export async function runPlan(ctx: Ctx): Promise<number> {
  const action = ctx.positionals[0];
  const arg = ctx.positionals[1];
  switch (action) {
    case 'submit': return submit(ctx, arg);
    case 'wait':
      if (arg === undefined) throw new ConsiderError('usage', 'missing <plan>', 'usage: consider-cli plan wait <plan> [--timeout SECONDS]');
      return waitFor(ctx, readPlan(ctx.root, arg), undefined);
    case 'status':
      status(ctx, arg);
      return 0;
    default:
      throw new ConsiderError('usage', `unknown plan action ${JSON.stringify(action)}`, 'one of: submit, wait, status (consider-cli plan --help)');
  }
}

/** Seconds from --timeout: a whole number from 1 to a day; undefined when not given. */
function timeoutOption(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw.trim()) || n < 1 || n > 86_400) {
    throw new ConsiderError('usage', `--timeout must be a whole number of seconds from 1 to 86400 (got ${JSON.stringify(raw)})`);
  }
  return n;
}

/** The plan's bytes: --text, stdin (`-`) or a file inside the workspace. */
function planInput(ctx: Ctx, arg: string | undefined): { bytes: Uint8Array; what: string } {
  const text = ctx.values.text;
  if (typeof text === 'string') {
    if (arg !== undefined) throw new ConsiderError('usage', 'give the plan either as <file|-> or with --text, not both');
    return { bytes: Buffer.from(text, 'utf8'), what: 'the plan' };
  }
  if (arg === undefined) throw new ConsiderError('usage', 'missing <file|->', 'consider-cli plan submit plan.md --wait (or - to read the plan from stdin)');
  if (arg === '-') {
    try {
      return { bytes: fs.readFileSync(0), what: 'the plan on stdin' };
    } catch (e) {
      throw new ConsiderError('io', `cannot read the plan from stdin: ${(e as Error).message}`);
    }
  }
  let abs: string;
  let rel: string;
  try {
    ({ abs, rel } = resolveInWorkspace(ctx.root, arg));
  } catch (e) {
    // A plan file outside the workspace is not read: the developer reviews what is in the project.
    if (isConsiderError(e) && e.code === 'usage') throw new ConsiderError('usage', e.message, 'write the plan to a file inside the workspace, or pipe it: consider-cli plan submit - --wait < plan.md');
    throw e;
  }
  let st: fs.Stats;
  try {
    st = fs.statSync(abs);
  } catch {
    throw new ConsiderError('not_found', `no file ${rel} in the workspace`, 'paths are relative to the workspace root');
  }
  if (!st.isFile()) throw new ConsiderError('usage', `${rel} is not a file`);
  checkPlanSize(st.size, rel); // before reading it all
  return { bytes: fs.readFileSync(abs), what: rel };
}

/** Why a plan cannot be reviewed in VS Code right now, if it cannot. */
export function notReviewable(root: string): string | undefined {
  const live = readLive(root);
  if (!live) return 'VS Code with Consider is not open on this project, so nobody would see the plan';
  if (!live.gate) return 'the plan gate is turned off in VS Code (setting consider.planGate.enabled)';
  return undefined;
}

async function submit(ctx: Ctx, arg: string | undefined): Promise<number> {
  const { bytes, what } = planInput(ctx, arg);
  const text = checkPlanText(bytes, what);
  const timeoutS = timeoutOption(ctx.values.timeout);
  const revises = typeof ctx.values.revises === 'string' ? ctx.values.revises : undefined;
  if (revises !== undefined) readPlan(ctx.root, revises); // not found or not an id: said before anything is written
  const agent = typeof ctx.values.agent === 'string' ? checkAgentName(ctx.values.agent) : undefined;
  routeOf(ctx);
  const wait = ctx.values.wait === true;
  const why = notReviewable(ctx.root);
  if (wait && why) return notReviewed(ctx, why);
  const { plan, version } = await submitPlan(ctx.root, { text, ...(revises ? { revises } : {}), ...(agent ? { agent } : {}) });
  if (!wait) {
    if (ctx.lean) writeLean({ plan: plan.id, version, ...(why ? { notReviewed: why } : {}) });
    else if (ctx.json) writeJson({ plan: { id: plan.id, title: plan.title, version, document: planDocumentRel(plan) }, ...(why ? { notReviewed: why } : {}) });
    else {
      writeOut([
        `Submitted plan ${plan.id}, version ${version}: "${inert(plan.title)}" (${planDocumentRel(plan)}).`,
        why ? `Not reviewed yet: ${why}.` : 'It is open for review in VS Code.',
        routeOf(ctx) === 'tools' ? `Wait for the verdict with the plan_wait tool, id "${plan.id}".` : `Wait for the verdict with \`consider-cli plan wait ${plan.id}\`.`,
      ].join('\n'));
    }
    return 0;
  }
  return waitFor(ctx, plan, timeoutS, version);
}

/** Waits for the verdict on `version` (default: the latest) and prints it. */
async function waitFor(ctx: Ctx, plan: PlanRecord, timeoutS: number | undefined, version = latestVersion(plan).version): Promise<number> {
  const given = readVerdict(ctx.root, plan.id, version);
  if (given) return printVerdict(ctx, plan, { kind: 'verdict', verdict: given }, 0);
  const why = notReviewable(ctx.root);
  if (why) return notReviewed(ctx, why, plan.id);
  const seconds = timeoutS ?? timeoutOption(ctx.values.timeout) ?? readLive(ctx.root)?.timeoutSeconds ?? DEFAULT_PLAN_WAIT_S;
  if (!ctx.json) note(`plan ${plan.id} version ${version} is open for review in VS Code; waiting up to ${minutes(seconds)} for the developer's verdict (Ctrl+C stops waiting)`);
  const started = Date.now();
  const outcome = await awaitVerdict(ctx.root, plan.id, version, seconds * 1000);
  return printVerdict(ctx, plan, outcome, (Date.now() - started) / 1000);
}

async function printVerdict(ctx: Ctx, plan: PlanRecord, outcome: WaitOutcome, waitedS: number): Promise<number> {
  if (outcome.kind !== 'verdict') {
    const line = noVerdictLine(outcome, plan.id, waitedS, routeOf(ctx));
    if (outcome.kind === 'interrupted') {
      writeStderr(`consider-cli: ${line}\n`);
      return outcome.signal === 'SIGINT' ? 130 : outcome.signal === 'SIGTERM' ? 143 : 129;
    }
    const verdict = outcome.kind === 'timeout' ? 'timeout' : 'not-reviewed';
    output(ctx, { plan: plan.id, version: latestVersion(plan).version, verdict, text: line });
    return outcome.kind === 'timeout' ? PLAN_EXIT.timeout : PLAN_EXIT.notReviewed;
  }
  const { verdict } = outcome;
  const route = routeOf(ctx);
  const { text, threadIds } = verdictFor(ctx.root, plan, verdict, resubmitHint(route, plan.id), route);
  await markDelivered(ctx.root, threadIds);
  output(ctx, { plan: plan.id, version: verdict.version, verdict: verdict.verdict, ...(verdict.message !== undefined ? { message: verdict.message } : {}), threadIds, text });
  return verdict.verdict === 'approved' ? PLAN_EXIT.approved : PLAN_EXIT.changesRequested;
}

function notReviewed(ctx: Ctx, why: string, planId?: string): number {
  const line = `Not reviewed in VS Code: ${why}. Ask the developer to approve the plan in your usual way.`;
  output(ctx, { ...(planId ? { plan: planId } : {}), verdict: 'not-reviewed', text: line });
  return PLAN_EXIT.notReviewed;
}

interface Answer { plan?: string; version?: number; verdict: string; message?: string; threadIds?: string[]; text: string }

/** The answer: the text for a person or an agent's shell, or JSON (`--lean`: what the MCP tool returns). */
function output(ctx: Ctx, a: Answer): void {
  if (ctx.lean) writeLean({ plan: a.plan, version: a.version, verdict: a.verdict, text: a.text });
  else if (ctx.json) writeJson(a);
  else writeOut(inert(a.text));
}

function status(ctx: Ctx, id: string | undefined): void {
  const plans = id !== undefined ? [readPlan(ctx.root, id)] : listPlans(ctx.root);
  const rows = plans.map((p) => {
    const s = planState(ctx.root, p);
    const state = s.verdict ? s.verdict.verdict : s.waiter ? 'waiting' : 'no-verdict';
    return { id: p.id, title: p.title, version: s.version.version, submittedAt: s.version.submittedAt, state, document: planDocumentRel(p), ...(p.agent ? { agent: p.agent } : {}) };
  });
  if (ctx.json) return ctx.lean ? writeLean({ plans: rows }) : writeJson({ plans: rows });
  if (rows.length === 0) return writeOut('No plans have been submitted here.');
  const words = { 'approved': 'approved', 'changes-requested': 'changes requested', 'waiting': 'waiting for the developer\'s verdict', 'no-verdict': 'no verdict yet (nobody waits for it)' } as const;
  writeOut(rows.map((r) => `[${r.id}] "${inert(r.title)}" version ${r.version}, ${inert(r.submittedAt)}: ${words[r.state as keyof typeof words]}`).join('\n'));
}
