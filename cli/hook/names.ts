/**
 * The agents and events `consider-cli hook` knows, apart from their formats: main.ts lists the
 * command (usage, help) at every start, and must not load the hook's code for it.
 */
export const AGENT_NAMES = ['claude', 'codex', 'gemini', 'cursor', 'copilot', 'opencode'] as const;
export type AgentName = (typeof AGENT_NAMES)[number];

export const HOOK_EVENTS = ['stop', 'prompt', 'session-start'] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

export function isHookEvent(name: string | undefined): name is HookEvent {
  return (HOOK_EVENTS as readonly (string | undefined)[]).includes(name);
}
