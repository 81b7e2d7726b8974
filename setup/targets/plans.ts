/**
 * The plan gate's hooks (docs/plan-gate.md): where each agent that has a plan hook reads it,
 * and the one entry setup merges there per event. THE table of plan gates; the wire formats
 * the CLI speaks are cli/plans/formats.ts (with the sources). Every entry runs the same sh
 * line as the delivery hooks (setup/targets/hook-command.ts: your own copy of consider-cli, only in
 * a project you set up), `hook plan` or `hook plan-approved`.
 *
 * - Claude Code: `hooks.PreToolUse: [{ matcher: "ExitPlanMode", hooks: [{ type: "command", command,
 *   timeout }] }]` in .claude/settings.json or ~/.claude/settings.json (code.claude.com/docs/en/hooks).
 * - Gemini CLI: `hooks.BeforeTool` and `hooks.AfterTool` with `matcher: "exit_plan_mode"`, timeout
 *   in milliseconds, in .gemini/settings.json or ~/.gemini/settings.json (geminicli.com/docs/hooks/reference).
 * - GitHub Copilot CLI: `preToolUse` and `postToolUse` entries with `matcher: "exit_plan_mode"`,
 *   `timeoutSec`, in a file of ours, .github/hooks/consider-plan.json or ~/.copilot/hooks/consider-plan.json
 *   (docs.github.com/en/copilot/reference/hooks-reference).
 *
 * The gate's hook timeout is written explicitly, above the longest the gate waits
 * (cli/plans/gate.ts PLAN_HOOK_MAX_WAIT_S, 55 min): the gate always answers first, with the
 * verdict or one line saying why there is none, and the agent's own prompt decides then.
 */
import type { HookEvent } from './hook-command';
import { USER_CLI_SH } from './hook-command';
import type { JsonHookRow } from './hooks';
import type { PlanGateAgent } from '../../shared/agents';

/** The plan hook's own timeout, in seconds: an hour, five minutes above the gate's longest wait. */
export const PLAN_HOOK_TIMEOUT_S = 60 * 60;
/** The post hook (the comments after an approval) answers at once. */
const POST_HOOK_TIMEOUT_S = 30;

/** True for text that runs the plan gate: `"$c" hook plan …` (also inside a JSON string, and after the user edited it). */
export function mentionsPlanGate(text: string): boolean {
  return text.includes('consider/bin/consider-cli') && /(?:\\?")?\$c(?:\\?")?\s+hook\s+plan(?:-approved)?\b/.test(text);
}

const timeout = (event: HookEvent): number => (event === 'plan' ? PLAN_HOOK_TIMEOUT_S : POST_HOOK_TIMEOUT_S);

export interface PlanGateRow extends JsonHookRow {
  readonly target: PlanGateAgent;
  readonly entryFor: (command: string, event: HookEvent) => unknown;
}

const row = (r: Omit<PlanGateRow, 'kind' | 'entry' | 'mentions'>): PlanGateRow => ({
  ...r, kind: 'json', mentions: mentionsPlanGate, entry: (command) => r.entryFor(command, 'plan'),
});

export const PLAN_GATE_ROWS: readonly PlanGateRow[] = [
  row({
    target: 'claude', label: 'Claude Code', projectFile: '.claude/settings.json', homeFile: '.claude/settings.json', skeleton: {},
    events: [{ name: 'PreToolUse', event: 'plan' }],
    entryFor: (command, event) => ({ matcher: 'ExitPlanMode', hooks: [{ type: 'command', command, timeout: timeout(event) }] }),
  }),
  row({
    target: 'gemini', label: 'Gemini CLI', projectFile: '.gemini/settings.json', homeFile: '.gemini/settings.json', skeleton: {},
    note: 'approving in VS Code still leaves Gemini CLI\'s own confirmation in the terminal',
    events: [{ name: 'BeforeTool', event: 'plan' }, { name: 'AfterTool', event: 'plan-approved' }],
    entryFor: (command, event) => ({ matcher: 'exit_plan_mode', hooks: [{ type: 'command', name: 'consider-plan', command, timeout: timeout(event) * 1000 }] }),
  }),
  row({
    target: 'copilot', label: 'GitHub Copilot', projectFile: '.github/hooks/consider-plan.json', homeFile: '.copilot/hooks/consider-plan.json', skeleton: { version: 1 },
    note: 'approving in VS Code still leaves Copilot\'s own plan dialog in the terminal',
    events: [{ name: 'preToolUse', event: 'plan' }, { name: 'postToolUse', event: 'plan-approved' }],
    entryFor: (command, event) => ({ type: 'command', bash: command, cwd: '.', timeoutSec: timeout(event), matcher: 'exit_plan_mode' }),
  }),
];

export function planGateRow(target: string): PlanGateRow | undefined {
  return PLAN_GATE_ROWS.find((r) => r.target === target);
}

/** What an installed plan gate runs, for status: the user's copy of the CLI (USER_CLI_SH). */
export const PLAN_GATE_RUNS = `${USER_CLI_SH} hook plan`;
