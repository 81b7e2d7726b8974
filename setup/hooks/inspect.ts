/**
 * What an installed hook runs, for `consider-setup status` and the wizard (README, "Trust
 * model"): this version's line (the user's own copy of the CLI), an earlier version's (the
 * first `.consider/bin/consider-cli` above the project, which any repository could ship:
 * refresh replaces it), or a command the user edited, shown as it is.
 */
import { hookCommand, IF_SET_UP, legacyHookCommand, mentionsConsiderHook, USER_CLI_SH, type HookEvent } from '../targets/hook-command';
import type { HookRow } from '../targets/hooks';
import type { HookRuns } from '../types';
import { readForDescription } from '../fsutil';
import { jsonDepth, MAX_JSON_DEPTH, parseJsonText } from '../json-text';

/** Every string in `value` (an item of the agent's hook list): the command sits under another key per agent. */
export function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** What the Consider hook in `file` runs, if there is one. */
export function hookRuns(row: HookRow, file: string): HookRuns | undefined {
  const text = readForDescription(file);
  if (text === undefined) return undefined;
  if (row.kind === 'file') {
    if (text === row.render()) return { runs: 'your-cli', command: `${USER_CLI_SH} hook stop --agent opencode ${IF_SET_UP}` };
    // The plugin of earlier versions ran `.consider/bin/consider-cli` of the nearest project folder.
    if (text.includes("path.join('.consider', 'bin', 'consider-cli')")) return { runs: 'earlier-version', command: '.consider/bin/consider-cli hook stop --agent opencode' };
    return { runs: 'edited', command: file };
  }
  let hooks: Record<string, unknown>;
  try {
    if (jsonDepth(text) > MAX_JSON_DEPTH) return undefined;
    hooks = ((parseJsonText(text) as { hooks?: Record<string, unknown> }).hooks ?? {});
  } catch {
    return undefined;
  }
  for (const { name, event } of row.events) {
    const command = strings(hooks[name]).find(mentionsConsiderHook);
    if (command !== undefined) return { runs: classify(row, event, command), command };
  }
  return undefined;
}

function classify(row: HookRow, event: HookEvent, command: string): HookRuns['runs'] {
  if (command === hookCommand(row.target, event)) return 'your-cli';
  if (command === legacyHookCommand(row.target, event)) return 'earlier-version';
  return 'edited';
}

/** One line for a person: what runs when the hook fires. */
export function describeRuns(r: HookRuns): string {
  switch (r.runs) {
    case 'your-cli': return `runs your copy, ${USER_CLI_SH}`;
    case 'earlier-version': return 'runs the first .consider/bin/consider-cli above the project (an earlier version\'s hook: run setup here again to replace it)';
    case 'edited': return `runs your edited command: ${r.command}`;
  }
}
