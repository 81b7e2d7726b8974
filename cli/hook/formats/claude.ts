/**
 * Claude Code hooks, https://code.claude.com/docs/en/hooks (“Hook input”, “Stop/SubagentStop
 * decision control”, “UserPromptSubmit / SessionStart decision control”):
 * - input (every event): `session_id`, `transcript_path`, `cwd`, `hook_event_name`; Stop adds
 *   `stop_hook_active`, true when Claude is already continuing because of a stop hook.
 * - Stop: `{"decision":"block","reason":…}` keeps Claude working, `reason` tells it why.
 * - UserPromptSubmit, SessionStart: `{"hookSpecificOutput":{"hookEventName":…,"additionalContext":…}}`.
 * - stderr on exit 0 is shown only in verbose mode (transcript), never to the model.
 *
 * Codex takes the same wire format (openai/codex codex-rs/hooks/schema/generated:
 * stop.command.input/output, user-prompt-submit.command.*, session-start.command.output), and
 * Gemini CLI its conventions under other names (gemini.ts): hence claudeStyle.
 */
import type { AgentFormat } from '../format';
import { booleanField, stringField } from '../../hook-input';

/**
 * Claude Code's conventions: snake_case input with `session_id`, `cwd` and `stop_hook_active`,
 * `decision` + `reason` to block, `hookSpecificOutput.additionalContext` for context.
 * `blockDecision` and `promptEvent` are the names an agent gives the decision and its prompt event.
 */
export function claudeStyle(blockDecision: string, promptEvent: string): AgentFormat {
  return {
    sessionId: (input) => stringField(input, 'session_id'),
    projectDir: (input) => stringField(input, 'cwd'),
    continuing: (input) => booleanField(input, 'stop_hook_active'),
    block: (reason) => ({ decision: blockDecision, reason }),
    promptContext: (line) => ({ hookSpecificOutput: { hookEventName: promptEvent, additionalContext: line } }),
    sessionContext: (line) => ({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: line } }),
  };
}

export const claudeFormat = claudeStyle('block', 'UserPromptSubmit');
