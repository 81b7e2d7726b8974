/**
 * The events `consider-cli hook` knows, apart from their formats: main.ts lists the command
 * (usage, help) at every start, and must not load the hook's code for it. Its agents are setup's
 * hook agents, one list (shared/agents.ts HOOK_AGENT_IDS): agents.ts has a row for each.
 */

export const HOOK_EVENTS = ['stop', 'prompt', 'session-start'] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

export function isHookEvent(name: string | undefined): name is HookEvent {
  return (HOOK_EVENTS as readonly (string | undefined)[]).includes(name);
}
