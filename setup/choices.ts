/** What setup makes of a list of choices, for skills and hooks alike. */
import type { SetupAction } from './types';
import type { Scope } from './targets/skills';

/**
 * The table rows the user chose, with their scope: an unknown target is reported as
 * refused, and a target chosen twice gets one location (the first choice wins).
 */
export function chosenRows<R extends { target: string }>(
  choices: readonly { target: string; scope: Scope }[], lookup: (target: string) => R | undefined, unknown: string, actions: SetupAction[],
): { row: R; scope: Scope }[] {
  const out: { row: R; scope: Scope }[] = [];
  for (const choice of choices) {
    const row = lookup(choice.target);
    if (!row) actions.push({ kind: 'refused', path: String(choice.target), detail: unknown });
    else if (!out.some((o) => o.row.target === row.target)) out.push({ row, scope: choice.scope });
  }
  return out;
}

/** A result as a report line (no empty `detail`). */
export function actionOf(r: { kind: SetupAction['kind']; path: string; detail?: string }): SetupAction {
  return { kind: r.kind, path: r.path, ...(r.detail ? { detail: r.detail } : {}) };
}
