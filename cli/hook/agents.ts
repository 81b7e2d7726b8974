/**
 * The agents `consider-cli hook` answers: one row per agent, naming its wire format
 * (formats/, each file cites the documentation it follows). Adding an agent is its name in
 * names.ts and one row here, plus a format file when it speaks a new one.
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
import type { AgentName } from './names';
import { claudeFormat } from './formats/claude';
import { copilotFormat } from './formats/copilot';
import { cursorFormat } from './formats/cursor';
import { geminiFormat } from './formats/gemini';
import { opencodeFormat } from './formats/opencode';

const AGENTS: Record<AgentName, AgentFormat> = {
  claude: claudeFormat,
  codex: claudeFormat,
  gemini: geminiFormat,
  cursor: cursorFormat,
  copilot: copilotFormat,
  opencode: opencodeFormat,
};

export function agentFormat(name: string | undefined): AgentFormat | undefined {
  return name !== undefined && Object.hasOwn(AGENTS, name) ? AGENTS[name as AgentName] : undefined;
}
