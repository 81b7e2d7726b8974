/**
 * Cursor hooks, https://cursor.com/docs/agent/hooks (`stop`, `sessionStart`, `beforeSubmitPrompt`):
 * - base input: `conversation_id`, `generation_id`, `hook_event_name`, `workspace_roots`, …
 *   (no `cwd`); sessionStart adds `session_id`.
 * - stop: input `status` ("completed" | "aborted" | "error") and `loop_count` (follow-ups this
 *   hook already triggered in the conversation); output `{"followup_message":…}`, submitted as
 *   the next user message (Cursor caps them with `loop_limit`, default 5).
 * - sessionStart: output `{"additional_context":…}` (also `env`, `continue`, `user_message`).
 * - beforeSubmitPrompt: output only `continue` and `user_message`, no context: nothing to say.
 */
import type { AgentFormat } from '../format';
import type { HookInput } from '../../hook-input';
import { stringField } from '../../hook-input';

function firstWorkspaceRoot(input: HookInput): string | undefined {
  const roots = input.workspace_roots;
  return Array.isArray(roots) && typeof roots[0] === 'string' && roots[0] !== '' ? roots[0] : undefined;
}

export const cursorFormat: AgentFormat = {
  sessionId: (input) => stringField(input, 'conversation_id', 'session_id'),
  projectDir: (input) => firstWorkspaceRoot(input) ?? stringField(input, 'cwd'),
  continuing: (input) => (typeof input.loop_count === 'number' ? input.loop_count > 0 : undefined),
  // An aborted or failed run is the developer's or the agent's trouble, not a turn to extend.
  mayBlock: (input) => input.status === undefined || input.status === 'completed',
  block: (reason) => ({ followup_message: reason }),
  sessionContext: (line) => ({ additional_context: line }),
};
