/**
 * The agents `consider-cli hook` answers: one row per agent, naming its wire format
 * (formats/, each file cites the documentation it follows). Adding an agent is one row here,
 * plus a format file when it speaks a new one.
 *
 * | agent    | stop event      | prompt event        | session-start event | source |
 * | claude   | Stop            | UserPromptSubmit    | SessionStart        | code.claude.com/docs/en/hooks |
 * | codex    | Stop            | UserPromptSubmit    | SessionStart        | openai/codex codex-rs/hooks/schema (Claude's format) |
 * | gemini   | AfterAgent      | BeforeAgent         | SessionStart        | geminicli.com/docs/hooks/reference |
 * | cursor   | stop            | (beforeSubmitPrompt: no context) | sessionStart | cursor.com/docs/agent/hooks |
 * | copilot  | agentStop       | (userPromptSubmitted: output dropped) | sessionStart | docs.github.com/en/copilot/reference/hooks-reference |
 * | opencode | session.idle (our plugin) | our plugin | our plugin          | docs/agent-loop.md |
 */
import type { AgentFormat } from './format';
import { claudeFormat } from './formats/claude';
import { copilotFormat } from './formats/copilot';
import { cursorFormat } from './formats/cursor';
import { geminiFormat } from './formats/gemini';
import { opencodeFormat } from './formats/opencode';

export const AGENTS = {
  claude: claudeFormat,
  codex: claudeFormat,
  gemini: geminiFormat,
  cursor: cursorFormat,
  copilot: copilotFormat,
  opencode: opencodeFormat,
} as const satisfies Record<string, AgentFormat>;

export type AgentName = keyof typeof AGENTS;

export const AGENT_NAMES = Object.keys(AGENTS) as AgentName[];

export function agentFormat(name: string | undefined): AgentFormat | undefined {
  return name !== undefined && Object.hasOwn(AGENTS, name) ? AGENTS[name as AgentName] : undefined;
}

export const HOOK_EVENTS = ['stop', 'prompt', 'session-start'] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

export function isHookEvent(name: string | undefined): name is HookEvent {
  return (HOOK_EVENTS as readonly (string | undefined)[]).includes(name);
}
