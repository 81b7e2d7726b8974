/**
 * OpenCode has no command hooks: Consider's own plugin (docs/agent-loop.md, “OpenCode”) runs
 * `consider-cli hook <event> --agent opencode` and feeds it this input, defined by us:
 * - input: `{"session_id":…,"cwd":…}` (the plugin's session id and project directory). OpenCode
 *   does not say whether a stop follows a blocked one: the state file alone bounds the blocks.
 * - stop (on `session.idle`): `{"message":…}`, which the plugin sends into the session as the
 *   next user message.
 * - prompt, session-start: `{"context":…}`, one line the plugin may add to the session.
 */
import type { AgentFormat } from '../format';
import { stringField } from '../input';

export const opencodeFormat: AgentFormat = {
  sessionId: (input) => stringField(input, 'session_id'),
  projectDir: (input) => stringField(input, 'cwd'),
  continuing: () => undefined,
  block: (message) => ({ message }),
  promptContext: (context) => ({ context }),
  sessionContext: (context) => ({ context }),
};
