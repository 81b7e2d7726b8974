/**
 * The command line every installed hook runs (written out in docs/agent-loop.md; the trust
 * model is in the README).
 *
 * One form for every agent and both scopes. It runs one program only: the user's own copy of
 * consider-cli, which setup deploys in `~/.local/share/consider/bin/` (shared/user-data.ts) —
 * never a program found in the project or a folder above it, which a cloned repository or a
 * shared folder such as /tmp could provide. From the agent's project folder (the variable it
 * documents, else the cwd it runs hooks in) it looks up for the nearest `.consider/` folder,
 * as data; only then does it start Node, and the CLI answers only in a project the user set
 * up on this machine (`--if-set-up`). So in a folder without Consider the hook costs a few sh
 * builtins, and in a folder Consider was never set up in by this user it says nothing.
 *
 * Without the user's copy, or outside a project, it exits 0 with no output. A failing CLI
 * exits 0 too: some agents read exit code 2 as "block", and a hook must never trap the agent.
 * POSIX sh only: agents run hook commands through a shell. The path is written `~/…` (tilde
 * expansion of an assignment), not `$HOME/…`: the same form as the MCP entries (mcp.ts),
 * where agents expand `$NAME` in their config files themselves.
 */
import type { HookAgent } from '../../shared/agents';
import { USER_DATA_REL } from '../../shared/user-data';

/** Our hook events: the delivery hooks' three, and the plan gate's two (setup/targets/plans.ts). */
export type HookEvent = 'stop' | 'prompt' | 'session-start' | 'plan' | 'plan-approved';

/** The project's own CLI, for the agent's commands (the skill); no command line setup writes runs it. */
export const CLI_REL = '.consider/bin/consider-cli';

/** The user's copy of the CLI as sh spells it: what every hook and MCP entry runs. */
export const USER_CLI_SH = `~/${USER_DATA_REL}/bin/consider-cli`;

/** The option the installed hooks pass: answer only in a project the user set up (cli/hook/run.ts). */
export const IF_SET_UP = '--if-set-up';

/** The recogniser of our hook entries lives beside the agents' ids: the CLI's hook needs it too (cli/hook/borrowed.ts). */
export { mentionsConsiderHook } from '../../shared/agents';

/** Where the project is: the folder the agent documents for hooks, if any. */
const START: Record<HookAgent, string> = {
  claude: '${CLAUDE_PROJECT_DIR:-$PWD}',
  gemini: '${GEMINI_PROJECT_DIR:-$PWD}',
  cursor: '${CURSOR_PROJECT_DIR:-$PWD}',
  codex: '$PWD',
  copilot: '$PWD',
  opencode: '$PWD',
};

/**
 * The sh that finds the nearest folder holding `.consider/`, from `$d` up, with builtins only
 * (`${d%/*}` drops the last segment); `$d` is empty when there is none. A relative start
 * (an agent that sets no absolute folder) finds nothing. The walk stops at the top of a linked
 * git worktree (its `.git` is a file naming `…/worktrees/…`): an agent in a worktree nested in
 * the main checkout (`.worktrees/feature`, `.claude/worktrees/…`) must never be handed the main
 * checkout's review (issue 39; shared/paths.ts isLinkedWorktreeTop says the same in TypeScript).
 */
/** FIND_PROJECT_SH as versions before the worktree boundary wrote it: kept to recognise their MCP entries (mcp.ts). */
export const FIND_PROJECT_SH_BEFORE_WORKTREES = 'case "$d" in /*) ;; *) d= ;; esac; while [ -n "$d" ] && [ ! -d "$d/.consider" ]; do d="${d%/*}"; done';
export const FIND_PROJECT_SH = 'case "$d" in /*) ;; *) d= ;; esac; while [ -n "$d" ] && [ ! -d "$d/.consider" ]; do if [ -f "$d/.git" ]; then g=; read -r g < "$d/.git"; case "$g" in *"/worktrees/"*) d=; break ;; esac; fi; d="${d%/*}"; done';

export function hookCommand(agent: HookAgent, event: HookEvent): string {
  return [
    `c=${USER_CLI_SH}`,
    '[ -x "$c" ] || exit 0',
    `d="${START[agent]}"`,
    FIND_PROJECT_SH,
    '[ -n "$d" ] || exit 0',
    `"$c" hook ${event} --agent ${agent} ${IF_SET_UP} --root "$d" || exit 0`,
  ].join('; ');
}

/**
 * The line earlier versions wrote: it walked up to the first executable
 * `.consider/bin/consider-cli` and ran it — a program any repository could ship (issue 28).
 * Kept only to recognise those entries: refresh and setup replace them, uninstall takes them out.
 */
export function legacyHookCommand(agent: HookAgent, event: HookEvent): string {
  const cli = `"$d/${CLI_REL}"`;
  return [
    `d="${START[agent]}"`,
    `while [ ! -x ${cli} ] && [ "$d" != / ] && [ "$d" != . ]; do d=$(dirname "$d"); done`,
    `[ -x ${cli} ] || exit 0`,
    `${cli} hook ${event} --agent ${agent} --root "$d" || exit 0`,
  ].join('; ');
}
