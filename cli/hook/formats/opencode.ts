/**
 * OpenCode has no command hooks: Consider's own plugin (docs/agent-loop.md, “OpenCode”) runs
 * `consider-cli hook <event> --agent opencode` and feeds it this input, defined by us:
 * - input: `{"session_id":…,"cwd":…}` (the plugin's session id and project directory), and at a
 *   stop `stop_hook_active`: true when the plugin's own prompt after the last block reached this
 *   session (in this OpenCode process). So a block that never arrived (`opencode run` exits at its
 *   first stop, before the plugin's prompt is taken) does not count as delivered: the next stop,
 *   in a new process, starts a fresh run and blocks again. Absent (a plugin written before it
 *   existed): the state file alone bounds the blocks. `prompt`: the text of a prompt (chat.message).
 * - stop (on `session.idle`): `{"message":…}`, which the plugin sends into the session as the
 *   next user message.
 * - prompt, session-start: `{"context":…}`, one line the plugin may add to the session.
 */
import type { AgentFormat } from '../format';
import { booleanField, stringField } from '../../hook-input';

export const opencodeFormat: AgentFormat = {
  sessionId: (input) => stringField(input, 'session_id'),
  projectDir: (input) => stringField(input, 'cwd'),
  continuing: (input) => booleanField(input, 'stop_hook_active'),
  block: (message) => ({ message }),
  promptContext: (context) => ({ context }),
  sessionContext: (context) => ({ context }),
};
