/**
 * The agents `consider-cli hook` answers: one row per agent, naming its wire format
 * (formats/, each file cites the documentation it follows). Adding an agent is its id in
 * shared/agents.ts HOOK_AGENT_IDS (setup installs hooks for the same list) and one row here,
 * which the type below asks for, plus a format file when it speaks a new one.
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
import type { HookAgent } from '../../shared';
import type { HookEvent } from './names';
import { HOOK_EVENTS } from './names';
import { claudeFormat } from './formats/claude';
import { copilotFormat } from './formats/copilot';
import { cursorFormat } from './formats/cursor';
import { geminiFormat } from './formats/gemini';
import { opencodeFormat } from './formats/opencode';

interface AgentRow {
  readonly label: string;
  readonly format: AgentFormat;
  /**
   * The agent's own names for our events, as its hook settings spell them (setup/hooks/targets.ts
   * writes those; a test ties the two): `hook Stop --agent claude` is `hook stop --agent claude`.
   */
  readonly events: Readonly<Record<string, HookEvent>>;
}

const CLAUDE_EVENTS = { Stop: 'stop', UserPromptSubmit: 'prompt', SessionStart: 'session-start' } as const;

const AGENTS: Record<HookAgent, AgentRow> = {
  claude: { label: 'Claude Code', format: claudeFormat, events: CLAUDE_EVENTS },
  codex: { label: 'Codex', format: claudeFormat, events: CLAUDE_EVENTS },
  gemini: { label: 'Gemini CLI', format: geminiFormat, events: { AfterAgent: 'stop', BeforeAgent: 'prompt', SessionStart: 'session-start' } },
  cursor: { label: 'Cursor', format: cursorFormat, events: { stop: 'stop', beforeSubmitPrompt: 'prompt', sessionStart: 'session-start' } },
  copilot: {
    label: 'GitHub Copilot', format: copilotFormat,
    events: { agentStop: 'stop', Stop: 'stop', userPromptSubmitted: 'prompt', UserPromptSubmit: 'prompt', sessionStart: 'session-start', SessionStart: 'session-start' },
  },
  opencode: { label: 'OpenCode', format: opencodeFormat, events: { 'session.idle': 'stop' } },
};

function row(name: string | undefined): AgentRow | undefined {
  return name !== undefined && Object.hasOwn(AGENTS, name) ? AGENTS[name as HookAgent] : undefined;
}

export function agentFormat(name: string | undefined): AgentFormat | undefined {
  return row(name)?.format;
}

/** Our event for `name`: one of ours, or the agent's own name for it, in any letter case. */
export function hookEvent(agent: string | undefined, name: string | undefined): HookEvent | undefined {
  if (name === undefined) return undefined;
  const wanted = name.toLowerCase();
  const ours = HOOK_EVENTS.find((e) => e === wanted);
  if (ours) return ours;
  const events = row(agent)?.events ?? {};
  const key = Object.keys(events).find((k) => k.toLowerCase() === wanted);
  return key === undefined ? undefined : events[key];
}

/** The agent's name and its own event names, for a message. */
export function agentEvents(agent: string | undefined): { label: string; names: string[] } | undefined {
  const r = row(agent);
  return r && { label: r.label, names: Object.keys(r.events) };
}
