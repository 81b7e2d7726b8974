/**
 * Where each agent reads its hooks from, and what one Consider hook entry looks like there:
 * THE table of delivery hooks. Supporting another agent is one row. Every row runs the same
 * command, `consider-cli hook <event> --agent <agent>` (docs/agent-loop.md), at the agent's
 * "turn ends" (stop), "prompt submitted" (prompt) and "session starts" (session-start) events
 * where the agent lets a hook speak to the model there.
 *
 * Formats, as documented when this table was written (2026-11):
 * - Claude Code: `hooks.<Event>: [{ matcher?, hooks: [{ type: "command", command, timeout }] }]`
 *   in .claude/settings.json or ~/.claude/settings.json; `$CLAUDE_PROJECT_DIR` is the project
 *   root (docs.anthropic.com/en/docs/claude-code/hooks).
 * - Codex: the same shape in .codex/hooks.json or ~/.codex/hooks.json (Stop,
 *   UserPromptSubmit, SessionStart; commands run in the session's cwd). Hooks are on by
 *   default in current Codex; Codex asks the user to trust a new hook once (/hooks)
 *   (developers.openai.com/codex/hooks). The TOML form ([hooks] in config.toml) is not used.
 * - Gemini CLI: `hooks.<Event>: [{ matcher?, hooks: [{ type: "command", command, name, timeout(ms) }] }]`
 *   in .gemini/settings.json or ~/.gemini/settings.json; AfterAgent can deny a response with a
 *   reason that becomes the next prompt, BeforeAgent and SessionStart add context;
 *   `$GEMINI_PROJECT_DIR` is set (geminicli.com/docs/hooks/reference).
 * - Cursor: `{ "version": 1, "hooks": { "stop": [{ command }], "sessionStart": [{ command }] } }`
 *   in .cursor/hooks.json or ~/.cursor/hooks.json; stop answers `followup_message`,
 *   sessionStart `additional_context`. beforeSubmitPrompt can only allow or block a prompt,
 *   not add context, so it is not used (cursor.com/docs/agent/hooks).
 * - GitHub Copilot (cloud agent and CLI): `{ "version": 1, "hooks": { "agentStop": [{ type:
 *   "command", bash, cwd, timeoutSec }], "sessionStart": [...] } }` in .github/hooks/*.json or
 *   ~/.copilot/hooks/*.json; agentStop answers `{decision:"block", reason}`, sessionStart
 *   `additionalContext`. userPromptSubmitted's output is ignored, so it is not used
 *   (docs.github.com/en/copilot/reference/hooks-configuration). The file is ours alone.
 * - OpenCode: no JSON hooks; a plugin file in .opencode/plugins/ or ~/.config/opencode/plugins/
 *   is loaded at startup and sees every event, `session.idle` when a turn ends; it answers by
 *   prompting the session through the SDK client (opencode.ai/docs/plugins, /docs/sdk).
 */
import type { HookEvent } from './hook-command';
import { hookCommand, legacyHookCommand } from './hook-command';
import { renderOpencodePlugin } from './opencode-plugin';

export type { HookAgent } from '../../shared/agents';
import type { HookAgent } from '../../shared/agents';

interface RowBase {
  readonly target: HookAgent;
  readonly label: string;
  /** The file, relative to the workspace root (project scope) or the home folder (home scope). */
  readonly projectFile: string;
  readonly homeFile: string;
  /** Said next to a hook setup has just written, when the agent wants something of the user. */
  readonly note?: string;
}

/** Entries merged into the agent's own JSON file, next to the user's. */
export interface JsonHookRow extends RowBase {
  readonly kind: 'json';
  /** Top-level members a file setup creates starts with (Cursor and Copilot want `version`). */
  readonly skeleton: Readonly<Record<string, unknown>>;
  /** The agent's event name → our event. */
  readonly events: readonly { readonly name: string; readonly event: HookEvent }[];
  /** The one item setup appends to `hooks.<name>`. */
  entry(command: string): unknown;
  /** When the item differs by event (the plan gate's: a matcher and a timeout each): used instead of `entry`. */
  entryFor?(command: string, event: HookEvent): unknown;
  /** Whether text holds this row's kind of Consider hook (default: a delivery hook, command.ts mentionsConsiderHook). */
  mentions?(text: string): boolean;
}

/** A whole file that is ours (OpenCode's plugin). */
export interface FileHookRow extends RowBase {
  readonly kind: 'file';
  render(): string;
}

export type HookRow = JsonHookRow | FileHookRow;

/** Claude Code, Codex and Gemini CLI share the matcher-group shape. */
const group = (handler: Record<string, unknown>) => ({ hooks: [{ type: 'command', ...handler }] });

const TABLE: readonly HookRow[] = [
  {
    target: 'claude', label: 'Claude Code', kind: 'json', projectFile: '.claude/settings.json', homeFile: '.claude/settings.json', skeleton: {},
    events: [{ name: 'Stop', event: 'stop' }, { name: 'UserPromptSubmit', event: 'prompt' }, { name: 'SessionStart', event: 'session-start' }],
    entry: (command) => group({ command, timeout: 30 }),
  },
  {
    target: 'codex', label: 'Codex', kind: 'json', projectFile: '.codex/hooks.json', homeFile: '.codex/hooks.json', skeleton: {},
    note: 'Codex asks you once to trust a new hook (/hooks)',
    events: [{ name: 'Stop', event: 'stop' }, { name: 'UserPromptSubmit', event: 'prompt' }, { name: 'SessionStart', event: 'session-start' }],
    entry: (command) => group({ command, timeout: 30 }),
  },
  {
    target: 'gemini', label: 'Gemini CLI', kind: 'json', projectFile: '.gemini/settings.json', homeFile: '.gemini/settings.json', skeleton: {},
    events: [{ name: 'AfterAgent', event: 'stop' }, { name: 'BeforeAgent', event: 'prompt' }, { name: 'SessionStart', event: 'session-start' }],
    entry: (command) => group({ name: 'consider', command, timeout: 30000 }),
  },
  {
    target: 'cursor', label: 'Cursor', kind: 'json', projectFile: '.cursor/hooks.json', homeFile: '.cursor/hooks.json', skeleton: { version: 1 },
    events: [{ name: 'stop', event: 'stop' }, { name: 'sessionStart', event: 'session-start' }],
    entry: (command) => ({ command }),
  },
  {
    target: 'copilot', label: 'GitHub Copilot', kind: 'json', projectFile: '.github/hooks/consider.json', homeFile: '.copilot/hooks/consider.json', skeleton: { version: 1 },
    events: [{ name: 'agentStop', event: 'stop' }, { name: 'sessionStart', event: 'session-start' }],
    entry: (command) => ({ type: 'command', bash: command, cwd: '.', timeoutSec: 30 }),
  },
  {
    target: 'opencode', label: 'OpenCode', kind: 'file', projectFile: '.opencode/plugins/consider.js', homeFile: '.config/opencode/plugins/consider.js',
    render: renderOpencodePlugin,
  },
];

export const HOOK_ROWS: readonly HookRow[] = TABLE;

export function hookRow(target: string): HookRow | undefined {
  return TABLE.find((r) => r.target === target);
}

/** Every item a JSON row adds, by the agent's event name. */
export function hookEntries(row: JsonHookRow): { name: string; entry: unknown }[] {
  return row.events.map((e) => ({ name: e.name, entry: itemOf(row, hookCommand(row.target, e.event), e.event) }));
}

/** The items earlier versions added (command.ts, legacyHookCommand): recognised to be replaced or removed. */
export function legacyHookEntries(row: JsonHookRow): { name: string; entry: unknown }[] {
  return row.events.map((e) => ({ name: e.name, entry: itemOf(row, legacyHookCommand(row.target, e.event), e.event) }));
}

const itemOf = (row: JsonHookRow, command: string, event: HookEvent): unknown => (row.entryFor ? row.entryFor(command, event) : row.entry(command));
