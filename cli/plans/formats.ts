/**
 * The agents' plan hooks on the wire: where the plan is in the hook's input, and the JSON that
 * approves it, sends it back with the developer's comments, or leaves the decision to the
 * agent's own approval prompt (docs/plan-gate.md, with the sources). One object per agent that
 * has a hook where its plan can be held for review:
 *
 * - Claude Code, `PreToolUse` on the `ExitPlanMode` tool (code.claude.com/docs/en/hooks,
 *   "PreToolUse decision control"): `tool_input.plan` holds the plan (Claude Code adds it from
 *   the plan file, with `planFilePath`: the tool's input schema in @anthropic-ai/claude-code
 *   2.1.197, "injected by normalizeToolInput"). `permissionDecision: "deny"` sends
 *   `permissionDecisionReason` to Claude, which stays in plan mode; `"allow"` with
 *   `updatedInput` approves the plan without Claude Code's own dialog (an `allow` without it
 *   still shows the dialog for a tool that needs the user, as ExitPlanMode does: the same
 *   package's hook handling), and `additionalContext` carries the comments to follow. No
 *   decision leaves the plan to Claude Code's dialog; `systemMessage` tells the user why.
 * - Gemini CLI, `BeforeTool` on `exit_plan_mode` (geminicli.com/docs/hooks/reference,
 *   docs/cli/plan-mode.md "Using hooks with Plan Mode"): `tool_input.plan_filename` names the
 *   plan in `$GEMINI_PLANS_DIR`. `decision: "deny"` sends `reason` to the model as the tool's
 *   error (it stays in Plan Mode). An allow cannot skip Gemini's own approval dialog
 *   (packages/core/src/scheduler/scheduler.ts: only "ask" and "deny" change the policy
 *   decision), so approving in VS Code leaves one confirmation in the terminal, and the
 *   comments come after it, from `AfterTool` (`hookSpecificOutput.additionalContext`, appended
 *   to the tool's result).
 * - GitHub Copilot CLI, `preToolUse` on `exit_plan_mode` (docs.github.com/en/copilot/reference/
 *   hooks-reference; the tool fires the hook: github/copilot-cli#2349): `permissionDecision:
 *   "deny"` with `permissionDecisionReason` sends the plan back; `"allow"` is followed by
 *   Copilot's own plan dialog (the same issue); the comments come from `postToolUse`
 *   (`additionalContext`). The plan is in `toolArgs` when the tool carries it, else in the
 *   session's `plan.md` (`~/.copilot/session-state/<sessionId>/plan.md`, `$COPILOT_HOME`).
 *   A `{"type":"progress"}` line tells the user why the hook stepped aside.
 *
 * Codex, Cursor and OpenCode have no hook at the moment a plan is approved (Codex's Plan mode
 * ends with a `<proposed_plan>` in its message and asks in its own prompt; its hooks have no
 * such event: openai/codex codex-rs/hooks/src/events): they use `consider-cli plan submit`
 * and the MCP tool, taught by the skill.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HookInput } from '../hook-input';
import { stringField } from '../hook-input';
import { isWithin } from '../../shared';

/** Our plan events: the gate (before the plan is approved) and the comments after an approval (post hooks). */
export type PlanEvent = 'plan' | 'plan-approved';
export const PLAN_EVENTS: readonly PlanEvent[] = ['plan', 'plan-approved'];

/** Where the plan is: its bytes, or why it could not be read; undefined when the hook fired for another tool. */
export type PlanSource = { bytes: Uint8Array; what: string } | { problem: string } | undefined;

export interface PlanHookFormat {
  readonly label: string;
  /** The agent's own event names for ours (what setup writes: setup/plans/targets.ts). */
  readonly events: Readonly<Record<string, PlanEvent>>;
  sessionId(input: HookInput): string | undefined;
  projectDir(input: HookInput): string | undefined;
  plan(input: HookInput): PlanSource;
  /** The tool is the plan tool (post hooks carry the same input). */
  isPlanTool(input: HookInput): boolean;
  /** Approved; `text` is the verdict with the comments to follow. */
  approve(input: HookInput, text: string): object;
  /** Changes requested; `text` is the verdict with every comment, `comments` how many. */
  requestChanges(text: string, comments: number): object;
  /** No decision: the agent's own approval prompt decides; `line` says why to the user. */
  stepAside(line: string): object;
  /** How the agent sends its revised plan on this route. */
  readonly resubmit: string;
  /** The approval itself carries the comments (else a post hook delivers them: approvedContext). */
  readonly approvalCarriesComments: boolean;
  approvedContext?(text: string): object;
}

const objectField = (input: HookInput, key: string): Record<string, unknown> | undefined => {
  const v = input[key];
  if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  if (typeof v === 'string') {
    try {
      const parsed = JSON.parse(v) as unknown;
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
};

/** A Markdown file the agent names as its plan (only `.md`: a hook input is no reason to read any file). */
function planFile(file: string, what: string): PlanSource {
  if (!/\.md$/i.test(file)) return { problem: `the plan file ${file} is not a Markdown file` };
  try {
    return { bytes: fs.readFileSync(file), what };
  } catch (e) {
    return { problem: `the plan file ${file} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` };
  }
}

/** What the user reads under Claude Code's "hook error" label when the developer sent the plan back. */
function changesLine(comments: number): string {
  const with_ = comments === 0 ? '' : comments === 1 ? ' with 1 comment' : ` with ${comments} comments`;
  return `Consider: the developer requested changes to this plan in VS Code${with_}; Claude revises it and submits the next version.`;
}

const claude: PlanHookFormat = {
  label: 'Claude Code',
  events: { PreToolUse: 'plan' },
  sessionId: (input) => stringField(input, 'session_id'),
  projectDir: (input) => stringField(input, 'cwd'),
  isPlanTool: (input) => input.tool_name === 'ExitPlanMode',
  plan(input) {
    if (input.tool_name !== 'ExitPlanMode') return undefined;
    const args = objectField(input, 'tool_input') ?? {};
    if (typeof args.plan === 'string') return { bytes: Buffer.from(args.plan, 'utf8'), what: 'the plan' };
    if (typeof args.planFilePath === 'string' && path.isAbsolute(args.planFilePath)) return planFile(args.planFilePath, 'the plan');
    return { problem: 'Claude Code sent no plan with ExitPlanMode' };
  },
  approve: (input, text) => ({
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
      permissionDecisionReason: 'Approved by the developer in VS Code (Consider)',
      updatedInput: objectField(input, 'tool_input') ?? {},
      additionalContext: text,
    },
  }),
  // Claude Code labels every PreToolUse deny "hook returned blocking error" (it has no other way to
  // refuse a tool with a reason), so the systemMessage tells the user in plain words what happened.
  requestChanges: (text, comments) => ({
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: text },
    systemMessage: changesLine(comments),
  }),
  stepAside: (line) => ({ systemMessage: line }),
  resubmit: 'Then call ExitPlanMode again with the revised plan: it comes back to the developer in VS Code as the next version, with their comments carried over.',
  approvalCarriesComments: true,
};

const gemini: PlanHookFormat = {
  label: 'Gemini CLI',
  events: { BeforeTool: 'plan', AfterTool: 'plan-approved' },
  sessionId: (input) => stringField(input, 'session_id'),
  projectDir: (input) => stringField(input, 'cwd'),
  isPlanTool: (input) => input.tool_name === 'exit_plan_mode',
  plan(input) {
    if (input.tool_name !== 'exit_plan_mode') return undefined;
    const name = objectField(input, 'tool_input')?.plan_filename;
    if (typeof name !== 'string' || name.trim() === '') return { problem: 'Gemini CLI sent no plan_filename with exit_plan_mode' };
    if (path.isAbsolute(name)) return planFile(name, name);
    const dir = process.env.GEMINI_PLANS_DIR;
    if (!dir || !path.isAbsolute(dir)) return { problem: 'Gemini CLI did not say where its plans are (GEMINI_PLANS_DIR)' };
    const file = path.resolve(dir, name);
    if (!isWithin(dir, file)) return { problem: `the plan file ${name} is outside Gemini CLI's plans folder` };
    return planFile(file, name);
  },
  approve: () => ({ decision: 'allow', systemMessage: 'Consider: the developer approved this plan in VS Code.' }),
  requestChanges: (text) => ({ decision: 'deny', reason: text }),
  stepAside: (line) => ({ systemMessage: line }),
  resubmit: 'Then update the plan file and call exit_plan_mode again: it comes back to the developer in VS Code as the next version, with their comments carried over.',
  approvalCarriesComments: false,
  approvedContext: (text) => ({ hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: text } }),
};

function copilotHome(): string {
  const home = process.env.COPILOT_HOME;
  return home && path.isAbsolute(home) ? home : path.join(os.homedir(), '.copilot');
}

const copilot: PlanHookFormat = {
  label: 'GitHub Copilot',
  events: { preToolUse: 'plan', postToolUse: 'plan-approved' },
  sessionId: (input) => stringField(input, 'sessionId', 'session_id'),
  projectDir: (input) => stringField(input, 'cwd'),
  isPlanTool: (input) => (stringField(input, 'toolName', 'tool_name') ?? '') === 'exit_plan_mode',
  plan(input) {
    if (!copilot.isPlanTool(input)) return undefined;
    const args = objectField(input, 'toolArgs') ?? objectField(input, 'tool_input') ?? {};
    for (const key of ['plan', 'planContent', 'content']) {
      const v = args[key];
      if (typeof v === 'string' && v.trim() !== '') return { bytes: Buffer.from(v, 'utf8'), what: 'the plan' };
    }
    const session = stringField(input, 'sessionId', 'session_id');
    if (!session || !/^[A-Za-z0-9_-]{1,128}$/.test(session)) return { problem: 'Copilot sent no session to find its plan by' };
    return planFile(path.join(copilotHome(), 'session-state', session, 'plan.md'), 'plan.md');
  },
  approve: () => ({ permissionDecision: 'allow', permissionDecisionReason: 'Approved by the developer in VS Code (Consider)' }),
  requestChanges: (text) => ({ permissionDecision: 'deny', permissionDecisionReason: text }),
  stepAside: (line) => ({ type: 'progress', message: line }),
  resubmit: 'Then update the plan and call exit_plan_mode again: it comes back to the developer in VS Code as the next version, with their comments carried over.',
  approvalCarriesComments: false,
  approvedContext: (text) => ({ additionalContext: text }),
};

const FORMATS: Readonly<Record<string, PlanHookFormat>> = { claude, gemini, copilot };

export function planHookFormat(agent: string | undefined): PlanHookFormat | undefined {
  return agent !== undefined && Object.hasOwn(FORMATS, agent) ? FORMATS[agent] : undefined;
}

/** Our plan event for `name` (ours, or the agent's own name for it, in any letter case), if it is one. */
export function planEvent(agent: string | undefined, name: string | undefined): PlanEvent | undefined {
  if (name === undefined) return undefined;
  const wanted = name.toLowerCase();
  const ours = PLAN_EVENTS.find((e) => e === wanted);
  if (ours) return ours;
  const events = planHookFormat(agent)?.events ?? {};
  const key = Object.keys(events).find((k) => k.toLowerCase() === wanted);
  return key === undefined ? undefined : events[key];
}

/** The agents with a plan hook. */
export const PLAN_HOOK_AGENTS = Object.keys(FORMATS);
