/**
 * Hooks run by an agent they were not written for. GitHub Copilot CLI runs the hooks in Claude
 * Code's `.claude/settings.json` too (it sets COPILOT_CLI=1 in their environment; seen with
 * Copilot CLI 1.0.102), and Cursor does by its documentation (third-party hooks; its input carries
 * `cursor_version`). In a project set up for both agents, every stop would then run two Consider
 * hooks and hand the model the review twice. So Claude Code's hook keeps quiet when the agent
 * running it has a Consider hook of its own installed; without one it answers (Claude Code's
 * answer is one those agents read too), so a project set up only for Claude still reaches them.
 *
 * Where those own hooks live is setup's table (setup/hooks/targets.ts: projectFile, homeFile);
 * test/cli-hook.test.ts keeps the two in step.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HookInput } from '../hook-input';
import { stringField } from '../hook-input';
import { mentionsConsiderHook } from '../../shared';

/** The hook files of the agents that borrow Claude Code's, relative to the project and to the home folder. */
export const OWN_HOOK_FILES: Readonly<Record<'copilot' | 'cursor', { project: string; home: string }>> = {
  copilot: { project: '.github/hooks/consider.json', home: '.copilot/hooks/consider.json' },
  cursor: { project: '.cursor/hooks.json', home: '.cursor/hooks.json' },
};

/** The agent actually running a hook written for `agent`, when it is another one. */
function borrower(agent: string | undefined, input: HookInput): keyof typeof OWN_HOOK_FILES | undefined {
  if (agent !== 'claude') return undefined;
  if (process.env.COPILOT_CLI === '1') return 'copilot';
  if (stringField(input, 'cursor_version') !== undefined || process.env.CURSOR_VERSION) return 'cursor';
  return undefined;
}

function holdsConsiderHook(file: string): boolean {
  try {
    return mentionsConsiderHook(fs.readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
}

/** True when this hook runs in an agent it was not written for, whose own Consider hook answers instead. */
export function answeredByOwnHook(agent: string | undefined, input: HookInput, root: string): boolean {
  const host = borrower(agent, input);
  if (!host) return false;
  const files = OWN_HOOK_FILES[host];
  return holdsConsiderHook(path.join(root, files.project)) || holdsConsiderHook(path.join(os.homedir(), files.home));
}
