/**
 * `consider-cli hook plan --agent <agent>`: the plan gate as an agent's own plan hook runs it
 * (formats.ts has the agents and their wire formats; docs/plan-gate.md the contract). It holds
 * the agent's plan for review in VS Code and answers with the developer's verdict in the
 * agent's own format. It is never a trap: when VS Code is not open on the project, the gate
 * is off there, the plan cannot be read, the wait times out (below the hook timeout setup
 * writes: PLAN_HOOK_MAX_WAIT_S) or VS Code closes, it steps aside with one line saying why,
 * and the agent's own approval prompt decides. Stopped by the agent (Esc, Ctrl+C: a signal),
 * it ends at once and prints nothing. Like every hook, it exits 0 and never prints a stack.
 *
 * `hook plan-approved` (Gemini CLI's AfterTool, Copilot's postToolUse): after an approval, the
 * comments to follow, once, for agents whose approval cannot carry them.
 */
import { checkPlanText, claimDelivery, isConsiderError, latestVersion, listPlans, readLive, readVerdict, sessionPlanToRevise, submitPlan } from '../../shared';
import type { HookInput } from '../hook-input';
import { hookWorkspaceRoot, readHookInput } from '../hook-input';
import type { HookRequest } from '../hook-request';
import { PLAN_HOOK_AGENTS, planEvent, planHookFormat, type PlanHookFormat } from './formats';
import { writeStderr } from '../stdio';
import { markDelivered, minutes, verdictFor } from './outcome';
import { awaitVerdict } from './wait';
import { mayAnswerIn } from '../set-up-guard';

/**
 * The longest a plan hook waits, whatever the developer's setting says: setup writes each
 * agent's hook timeout above it (setup/plans/targets.ts, PLAN_HOOK_TIMEOUT_S), so the gate
 * always answers before the agent gives up on it.
 */
export const PLAN_HOOK_MAX_WAIT_S = 55 * 60;

/** A plan may be 1 MB; its hook input (JSON, escaped) somewhat more. */
const PLAN_INPUT_MAX_BYTES = 8 * 1024 * 1024;

/** The answer for the agent, or undefined (print nothing). Never throws. */
export async function answerPlanHook(req: HookRequest): Promise<object | undefined> {
  const format = planHookFormat(req.agent);
  const event = planEvent(req.agent, req.event);
  if (!event) return undefined;
  if (!format) {
    writeStderr(`consider-cli: hook: ${req.agent ?? '(no --agent)'} has no plan hook (${PLAN_HOOK_AGENTS.join(', ')} do); nothing done, see docs/plan-gate.md\n`);
    return undefined;
  }
  const input = await readHookInput(PLAN_INPUT_MAX_BYTES);
  if (!input || !format.isPlanTool(input)) return undefined;
  const root = hookWorkspaceRoot(format.projectDir(input), req.root);
  if (!mayAnswerIn(root, req.ifSetUp)) return undefined;
  return event === 'plan' ? gate(format, req.agent!, input, root) : approvedComments(format, req.agent!, input, root);
}

const stepAside = (format: PlanHookFormat, why: string): object =>
  format.stepAside(`Consider: not reviewed in VS Code: ${why}. Approve or revise the plan here.`);

async function gate(format: PlanHookFormat, agent: string, input: HookInput, root: string): Promise<object | undefined> {
  const source = format.plan(input);
  if (!source) return undefined;
  if ('problem' in source) return stepAside(format, source.problem);
  let text: string;
  try {
    text = checkPlanText(source.bytes, source.what);
  } catch (e) {
    return stepAside(format, isConsiderError(e) ? e.message : 'the plan cannot be read');
  }
  const live = readLive(root);
  if (!live) return stepAside(format, 'VS Code with Consider is not open on this project');
  if (!live.gate) return stepAside(format, 'the plan gate is turned off in VS Code (consider.planGate.enabled)');
  const sessionId = format.sessionId(input);
  const session = sessionId ? `${agent}:${sessionId}` : undefined;
  const revises = session ? sessionPlanToRevise(root, session)?.id : undefined;
  const { plan, version } = await submitPlan(root, { text, agent, ...(session ? { session } : {}), ...(revises ? { revises } : {}) });
  const seconds = Math.min(live.timeoutSeconds, PLAN_HOOK_MAX_WAIT_S);
  const outcome = await awaitVerdict(root, plan.id, version, seconds * 1000);
  switch (outcome.kind) {
    case 'interrupted': return undefined; // the agent stopped us: it is not listening
    case 'timeout': return stepAside(format, `no verdict after ${minutes(seconds)} (plan ${plan.id} stays open in VS Code)`);
    case 'editor-gone': return stepAside(format, 'VS Code closed before the developer gave a verdict');
    case 'superseded': return stepAside(format, `a newer version of plan ${plan.id} was submitted meanwhile`);
  }
  const { text: words, threadIds } = verdictFor(root, plan, outcome.verdict, format.resubmit);
  if (outcome.verdict.verdict === 'changes-requested') {
    await markDelivered(root, threadIds);
    return format.requestChanges(words, threadIds.length);
  }
  if (format.approvalCarriesComments) await markDelivered(root, threadIds);
  return format.approve(input, words);
}

/** After an approval (post hooks): the approved version's comments, once per version. */
async function approvedComments(format: PlanHookFormat, agent: string, input: HookInput, root: string): Promise<object | undefined> {
  if (!format.approvedContext) return undefined;
  const sessionId = format.sessionId(input);
  if (!sessionId) return undefined;
  const plan = listPlans(root).find((p) => p.session === `${agent}:${sessionId}`);
  if (!plan) return undefined;
  const version = latestVersion(plan).version;
  const verdict = readVerdict(root, plan.id, version);
  if (verdict?.verdict !== 'approved' || verdict.threadIds.length === 0 || !claimDelivery(root, plan.id, version)) return undefined;
  const { text, threadIds } = verdictFor(root, plan, verdict, format.resubmit);
  await markDelivered(root, threadIds);
  return format.approvedContext(text);
}
