/**
 * The `hook` command as main.ts lists it. Its work lives in run.ts, loaded only when a hook
 * runs: the other commands do not pay for it. main.ts hands `hook` its raw arguments
 * (runHook) rather than parsing them strictly, so that even a command line it does not
 * understand (a newer setup's option, a typo) ends in exit 0 without a word to the agent.
 */
import type { Command } from '../command';
import { HOOK_AGENT_IDS } from '../../shared';
import { HOOK_EVENTS } from './names';

export async function runHook(args: string[]): Promise<void> {
  const { answerHook, hookRequest } = await import('./run');
  await answerHook(hookRequest(args));
  // Answered (stdout is written synchronously): a read of stdin still waiting on a pipe the
  // agent never closed (input.ts, INPUT_DEADLINE_MS) must not keep the process alive.
  process.exit(0);
}

export const hook: Command = {
  name: 'hook',
  summary: "answer an agent's hook: while review feedback waits, block its stop or add a line of context",
  usage: `consider-cli hook ${HOOK_EVENTS.join('|')} --agent ${HOOK_AGENT_IDS.join('|')} [--if-set-up] [--root DIR]`,
  options: { agent: { type: 'string' }, 'if-set-up': { type: 'boolean' } },
  optionHelp: [
    ['stop', 'the agent is about to end its turn: while feedback waits, print the answer that keeps it working (not again for feedback unchanged since the last block of this turn; at most 3 times for the same feedback and 3 times in a row; never when it cannot remember its blocks)'],
    ['prompt', 'the developer sent a prompt: while feedback waits, print one line of context (where the agent takes context there)'],
    ['session-start', 'a session starts: the same line of context'],
    ['plan', 'the agent is about to leave plan mode (Claude Code\'s PreToolUse on ExitPlanMode, Gemini CLI\'s BeforeTool and Copilot\'s preToolUse on exit_plan_mode): holds the plan for review in VS Code and answers with the verdict (docs/plan-gate.md); steps aside when VS Code is not open there'],
    ['plan-approved', 'after an approval (Gemini CLI\'s AfterTool, Copilot\'s postToolUse): the comments to follow, once'],
    ['(event names)', "the agent's own name for an event works too: Stop, UserPromptSubmit, SessionStart (Claude Code, Codex), AfterAgent, BeforeAgent (Gemini CLI), agentStop, sessionStart (Copilot, Cursor), session.idle (OpenCode)"],
    ['--agent NAME', `whose hook this is: ${HOOK_AGENT_IDS.join(', ')}; decides the JSON read on stdin and printed (docs/agent-loop.md)`],
    ['--if-set-up', 'answer only in a project you set Consider up in on this machine (recorded in ~/.local/share/consider/projects/); every hook setup installs passes it'],
    ['(--root, --json)', "--root is used only when the agent's input names no folder (cwd, Cursor's workspace_roots); --json changes nothing: the output is always the agent's JSON"],
    ['(exit)', 'always 0; prints nothing when nothing waits or anything goes wrong (no store, a broken one, input that is not JSON); an unknown agent or event is said in one line on stderr'],
  ],
  examples: [
    `echo '{"session_id":"s1","cwd":"'"$PWD"'","stop_hook_active":false}' | consider-cli hook stop --agent claude`,
    'consider-cli hook session-start --agent cursor < input.json',
  ],
  positionals: [1, 1, '<event>'],
  async run(ctx) {
    const { answerHook, stringValue } = await import('./run');
    await answerHook({ event: ctx.positionals[0], agent: stringValue(ctx.values.agent), root: stringValue(ctx.values.root), ifSetUp: ctx.values['if-set-up'] === true });
  },
};
