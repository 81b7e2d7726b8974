/**
 * The command line every installed hook runs (written out in docs/agent-loop.md).
 *
 * One form for every agent and both scopes: start at the agent's project folder (the
 * variable it documents, else the cwd it runs hooks in), walk up to the nearest folder with
 * an executable `.consider/bin/consider-cli`, and run `hook` there with `--root`. Without one
 * (a project Consider is not set up in, or `.consider/` deleted by hand) it exits 0 with no
 * output, so a home-scope hook is harmless in every other project and a stale project hook
 * never shows the agent an error. A failing CLI (one deployed before `hook` existed) exits 0
 * too: some agents read exit code 2 as "block", and a hook must never trap the agent.
 * POSIX sh only: agents run hook commands through a shell.
 */
import type { HookAgent } from '../../shared/agents';

export type HookEvent = 'stop' | 'prompt' | 'session-start';

export const CLI_REL = '.consider/bin/consider-cli';

/** True for text that runs our hook: identifies our entries, also after the user edited them. */
export function mentionsConsiderHook(text: string): boolean {
  return /consider-cli(?:\\?")?\s+hook\s/.test(text); // raw, or inside a JSON string
}

/** Where the walk starts: the project folder the agent documents for hooks, if any. */
const START: Record<HookAgent, string> = {
  claude: '${CLAUDE_PROJECT_DIR:-$PWD}',
  gemini: '${GEMINI_PROJECT_DIR:-$PWD}',
  cursor: '${CURSOR_PROJECT_DIR:-$PWD}',
  codex: '$PWD',
  copilot: '$PWD',
  opencode: '$PWD',
};

export function hookCommand(agent: HookAgent, event: HookEvent): string {
  const cli = `"$d/${CLI_REL}"`;
  return [
    `d="${START[agent]}"`,
    `while [ ! -x ${cli} ] && [ "$d" != / ] && [ "$d" != . ]; do d=$(dirname "$d"); done`,
    `[ -x ${cli} ] || exit 0`,
    `${cli} hook ${event} --agent ${agent} --root "$d" || exit 0`,
  ].join('; ');
}
