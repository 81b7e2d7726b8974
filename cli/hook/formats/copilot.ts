/**
 * GitHub Copilot (CLI and cloud agent) hooks, https://docs.github.com/en/copilot/reference/hooks-reference
 * (github/docs content/copilot/reference/hooks-reference.md):
 * - input: camelCase for camelCase event names (`sessionId`, `cwd`), snake_case for the
 *   VS Code compatible PascalCase ones (`session_id`, `cwd`); `agentStop` / `Stop` carry
 *   `stop_hook_active` in both.
 * - agentStop: `{"decision":"block","reason":…}` forces another turn with `reason` as its prompt
 *   (the CLI ends the turn after 8 blocks in a row).
 * - sessionStart: “can inject additionalContext into the session”: `{"additionalContext":…}`
 *   (the page shows no sessionStart output block; the field as the notification hook returns it).
 * - userPromptSubmitted: the output of command hooks is dropped: nothing to say.
 * - stderr on exit 0 is not shown to the agent.
 */
import type { AgentFormat } from '../format';
import { booleanField, stringField } from '../../hook-input';

export const copilotFormat: AgentFormat = {
  sessionId: (input) => stringField(input, 'sessionId', 'session_id'),
  projectDir: (input) => stringField(input, 'cwd'),
  continuing: (input) => booleanField(input, 'stop_hook_active'),
  block: (reason) => ({ decision: 'block', reason }),
  sessionContext: (line) => ({ additionalContext: line }),
};
