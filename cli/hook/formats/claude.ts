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
 * stop.command.input/output, user-prompt-submit.command.*, session-start.command.output).
 */
import type { AgentFormat } from '../format';
import { booleanField, stringField } from '../input';

export const claudeFormat: AgentFormat = {
  sessionId: (input) => stringField(input, 'session_id'),
  projectDir: (input) => stringField(input, 'cwd'),
  continuing: (input) => booleanField(input, 'stop_hook_active'),
  block: (reason) => ({ decision: 'block', reason }),
  promptContext: (line) => ({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: line } }),
  sessionContext: (line) => ({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: line } }),
};
