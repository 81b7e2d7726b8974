/**
 * "Changed since your last turn (by others)" (docs/worktrees.md "A lane per agent"): what
 * `review` and `list` tell the session they answer for (`--session`, CONSIDER_SESSION), from the
 * turn captures its hooks took (shared/changes/turn-lanes.ts). Nothing is said to a reader
 * without a session (the developer's view), nor to a session none of whose turns ended here.
 */
import path from 'node:path';
import type { ChangedByOthers } from '../shared/changes/turn-lanes';
import { inert } from './output';

type ChangesModule = typeof import('./digest/changes-bundle');

/**
 * consider-changes.cjs, beside this bundle (cli/digest/changed-files.ts): the Changes view's
 * module, loaded only by the commands that need a capture (a hook recording a turn, a read with
 * a session), so the other commands stay as small as they were.
 */
function changesModule(): ChangesModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at run time, by design (see above)
  return require(path.join(__dirname, 'consider-changes.cjs')) as ChangesModule;
}

/** The hooks (hook/run.ts): the workspace captured as a session's turn starts or ends. Best effort, never throws. */
export function captureTurn(root: string, session: string, phase: 'start' | 'end'): void {
  try {
    changesModule().captureTurn(root, session, phase);
  } catch {
    /* a hook never fails its agent over a capture */
  }
}

/** Files named in the line; the rest are counted ("and 12 more"). `--json` lists them all. */
const NAMED = 12;

/** The session's lane, or undefined (no session, no turn of it ended here, or the captures do not read). */
export function laneFor(root: string, session: string | undefined): ChangedByOthers | undefined {
  if (session === undefined) return undefined;
  try {
    return changesModule().changedSinceLastTurn(root, session);
  } catch {
    return undefined; // a workspace that cannot be listed: the read itself still answers
  }
}

/** `--json` / `--lean`: `{since, files}`, null when there is nothing to compare with. */
export function laneJson(lane: ChangedByOthers | undefined): { since: string; files: string[] } | null {
  return lane ? { since: lane.since, files: lane.files } : null;
}

/** The one line of text, file names inert (they come from the repository). */
export function laneLine(lane: ChangedByOthers): string {
  if (!lane.files.length) return 'Changed since your last turn (by others): nothing.';
  const named = lane.files.slice(0, NAMED).map(inert).join(', ');
  const more = lane.files.length > NAMED ? ` and ${lane.files.length - NAMED} more` : '';
  return `Changed since your last turn (by others): ${named}${more}.`;
}
