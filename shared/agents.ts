/**
 * The agents Consider can be set up for, by id: one list for setup's tables (setup/), the
 * wizards' protocol (shared/board/protocol.ts) and the CLI's `hook --agent`. Adding an agent starts
 * here; test/setup.test.ts then asks for its row in setup/targets/skills.ts (skills) and, if it has
 * hooks, setup/targets/hooks.ts (and the type checker for its row in cli/hook/agents.ts, the
 * format `hook --agent` answers in), and if it takes MCP servers, setup/targets/mcp.ts.
 */
export const INTEGRATION_IDS = ['claude', 'codex', 'opencode', 'roo', 'gemini', 'cursor', 'copilot', 'cline', 'agents'] as const;
/** Where an agent reads a skill from (setup/targets/skills.ts); `agents` is the shared `.agents/skills`. */
export type Integration = (typeof INTEGRATION_IDS)[number];

/** Agents setup can install a delivery hook for (docs/agent-loop.md): a subset of the integrations. */
export const HOOK_AGENT_IDS = ['claude', 'codex', 'gemini', 'cursor', 'copilot', 'opencode'] as const satisfies readonly Integration[];
export type HookAgent = (typeof HOOK_AGENT_IDS)[number];

/** Agents setup can register the MCP server with (setup/targets/mcp.ts), in their own MCP config. */
export const MCP_AGENT_IDS = ['claude', 'codex', 'gemini', 'cursor', 'copilot', 'opencode'] as const satisfies readonly Integration[];
export type McpAgent = (typeof MCP_AGENT_IDS)[number];

/** A project's folder, or the user's home folder. */
export type InstallScope = 'project' | 'home';

/** Agents whose own plan hook setup can install, the plan gate (docs/plan-gate.md): a subset of the hook agents. */
export const PLAN_GATE_AGENT_IDS = ['claude', 'gemini', 'copilot'] as const satisfies readonly HookAgent[];
export type PlanGateAgent = (typeof PLAN_GATE_AGENT_IDS)[number];

/**
 * True for text that runs our hook: identifies our entries, also after the user edited them,
 * and the entries older versions wrote (`…/.consider/bin/consider-cli" hook stop …`).
 */
export function mentionsConsiderHook(text: string): boolean {
  return /consider-cli(?:\\?")?\s+hook\s/.test(text) // raw, or inside a JSON string
    || (text.includes('consider/bin/consider-cli') && /(?:\\?")?\$c(?:\\?")?\s+hook\s+(?:stop|prompt|session-start)\b/.test(text));
}
