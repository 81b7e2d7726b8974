/**
 * Gemini CLI hooks, https://geminicli.com/docs/hooks/reference (google-gemini/gemini-cli
 * docs/hooks/reference.md):
 * - base input: `session_id`, `transcript_path`, `cwd`, `hook_event_name`, `timestamp`;
 *   AfterAgent adds `stop_hook_active` (already running as part of a retry).
 * - AfterAgent (the end of a turn): `{"decision":"deny","reason":…}` rejects the response and
 *   sends `reason` to the agent as a new prompt.
 * - BeforeAgent (a prompt), SessionStart: `hookSpecificOutput.additionalContext` (hookEventName
 *   as in the CLI's BeforeAgentOutput type).
 * - stderr is for logs; stdout must hold nothing but the JSON.
 */
import { claudeStyle } from './claude';

/** Claude Code's conventions (claude.ts), with Gemini's names: "deny", BeforeAgent. */
export const geminiFormat = claudeStyle('deny', 'BeforeAgent');
