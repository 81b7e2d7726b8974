/**
 * `consider-cli plan`: the plan gate's portable route, for every agent (docs/plan-gate.md).
 * The agent submits its plan before it writes code; the developer reviews it in VS Code, as a
 * document with threads on its lines, and answers with a verdict the agent waits for. The work
 * lives in run.ts, loaded only when this command runs.
 */
import type { Command } from '../command';

export const plan: Command = {
  name: 'plan',
  summary: 'submit your plan for the developer to review in VS Code before you write code, and wait for the verdict',
  usage: 'consider-cli plan submit <file|-> [--wait] [--timeout SECONDS] [--revises PLAN] [--agent NAME] | plan wait <plan> [--timeout SECONDS] | plan status [<plan>]',
  options: {
    wait: { type: 'boolean' },
    timeout: { type: 'string' },
    revises: { type: 'string' },
    agent: { type: 'string' },
    text: { type: 'string' },
    via: { type: 'string' },
  },
  optionHelp: [
    ['submit <file|->', 'submit a Markdown plan (a file in the workspace, or - for stdin); it opens in VS Code for review. Prints the plan id'],
    ['wait <plan>', 'wait for the verdict on the plan\'s latest version (at once when it is there already)'],
    ['status [<plan>]', 'the plans and where each stands (waiting, approved, changes requested)'],
    ['--wait', 'submit: then wait for the verdict and print it'],
    ['--timeout SECONDS', 'how long to wait (default: the developer\'s setting in VS Code, consider.planGate.timeoutMinutes, 30 min)'],
    ['--revises PLAN', 'submit: this is the next version of that plan (its threads are re-anchored onto it)'],
    ['--agent NAME', 'submit: who you are, as VS Code shows it (claude, codex, …)'],
    ['--text TEXT', 'submit: the plan itself instead of <file|->'],
    ['--via tools', 'say what to do next as tool calls (plan_wait, plan, reply) rather than commands: what the MCP server and VS Code\'s tools pass'],
    ['(exit)', '0 approved (follow its comments), 7 changes requested (revise, then submit with --revises), 6 no verdict in time, 8 not reviewed: VS Code is not open here, its plan gate is off, or it closed (ask the developer your usual way), 130 Ctrl+C'],
  ],
  examples: [
    'consider-cli plan submit plan.md --wait',
    'consider-cli plan submit plan.md --revises p_k3j9x0ab --wait',
    'consider-cli plan wait p_k3j9x0ab --timeout 540',
    'consider-cli plan status',
  ],
  positionals: [1, 2, '<submit|wait|status>'],
  async run(ctx) {
    const { runPlan } = await import('./run');
    return runPlan(ctx);
  },
};
