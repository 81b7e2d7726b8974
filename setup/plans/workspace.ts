/**
 * The plan gate's hooks across a setup, uninstall, status or refresh (targets/plans.ts has the
 * table). They are installed, merged and taken out exactly as the delivery hooks are
 * (setup/hooks/one-file.ts: the user's bytes kept, an edited entry kept and reported, a file
 * setup created deleted again with its folders), and tracked apart from them in
 * `.consider/config.json` `trackedPlanGateInstalls`, since both may live in one file
 * (Claude Code's and Gemini CLI's settings.json).
 */
import fs from 'node:fs';
import type { ConsiderConfig } from '../../shared/model';
import { mergeInstall as mergeTracked } from '../../shared/store/config';
import type { InstalledHook, SetupAction } from '../types';
import type { Scope } from '../targets/skills';
import type { HookInstall } from '../config';
import { trackedHooks } from '../config';
import { actionOf, chosenRows } from '../choices';
import { guarded, removeRecorded } from '../agent-file';
import { hookFile, installJsonHook, removeHook, type HookResult } from '../hooks/one-file';
import { hookEntries } from '../targets/hooks';
import { hookCommand } from '../targets/hook-command';
import { readForDescription } from '../fsutil';
import { jsonDepth, MAX_JSON_DEPTH, parseJsonText } from '../json-text';
import { strings } from '../hooks/inspect';
import type { PlanGateAgent } from '../../shared/agents';
import { PLAN_GATE_ROWS, mentionsPlanGate, planGateRow, type PlanGateRow } from '../targets/plans';

const SCOPES: readonly Scope[] = ['project', 'home'];

/** The tracked plan gates of a config (an older config has none). */
export function trackedPlanGates(config: ConsiderConfig): HookInstall[] {
  const list = config.trackedPlanGateInstalls;
  return Array.isArray(list) ? (list as HookInstall[]).filter((x) => !!x && typeof x.path === 'string' && typeof x.target === 'string') : [];
}

/** Adds or replaces one tracked plan gate, keyed by its file's absolute path. */
export function mergePlanGateInstall(config: ConsiderConfig, install: HookInstall): void {
  const list = trackedPlanGates(config);
  mergeTracked(list, install);
  config.trackedPlanGateInstalls = list;
}

function installRow(row: PlanGateRow, scope: Scope, root: string, home: string, version: string, tracked?: HookInstall): HookResult {
  const r = guarded(hookFile(row, scope, root, home), () => installJsonHook({ row, scope, root, home, version, tracked }));
  return row.note && !r.detail && (r.kind === 'created' || r.kind === 'updated') ? { ...r, detail: row.note } : r;
}

export function installPlanGates(
  choices: readonly { target: PlanGateAgent; scope: Scope }[], root: string, home: string, version: string, config: ConsiderConfig,
): { actions: SetupAction[]; installs: HookInstall[] } {
  const actions: SetupAction[] = [];
  const installs: HookInstall[] = [];
  for (const { row, scope } of chosenRows(choices, planGateRow, 'no plan hook for this agent: it submits its plan with consider-cli plan submit (the skill)', actions)) {
    const file = hookFile(row, scope, root, home);
    const r = installRow(row, scope, root, home, version, trackedPlanGates(config).find((t) => t.path === file));
    actions.push(actionOf(r));
    if (r.install) installs.push(r.install);
  }
  return { actions, installs };
}

/** After an update: tracked plan gates written by another version, brought up to this one (as refreshHooks). */
export function refreshPlanGates(root: string, home: string, version: string, config: ConsiderConfig): { actions: SetupAction[]; installs: HookInstall[] } {
  const actions: SetupAction[] = [];
  const installs: HookInstall[] = [];
  for (const t of planGatesToRefresh(root, home, version, config)) {
    const r = installRow(planGateRow(t.target)!, t.scope, root, home, version, t);
    actions.push(actionOf(r));
    if (r.install) installs.push(r.install);
  }
  return { actions, installs };
}

export function planGatesToRefresh(root: string, home: string, version: string, config: ConsiderConfig): HookInstall[] {
  return trackedPlanGates(config).filter((t) => {
    const row = planGateRow(t.target);
    return !!row && hookFile(row, t.scope, root, home) === t.path && fs.existsSync(t.path) && t.version !== version;
  });
}

function holdsPlanGate(file: string): boolean {
  const text = readForDescription(file);
  return text !== undefined && mentionsPlanGate(text);
}

/**
 * Takes out every tracked plan gate; with no record at all (`hasRecord` false), also those found
 * in this workspace's own agent files. Run after the delivery hooks are out: where both live in
 * one file, the `hooks` member either of them created goes once it is empty, so setup and
 * uninstall leave the file byte-identical whichever was installed first.
 */
export function uninstallPlanGates(
  root: string, home: string, config: ConsiderConfig, createdBySetup: ReadonlySet<string>, hasRecord: boolean,
): { actions: SetupAction[]; cleared: Set<string> } {
  const candidates: HookInstall[] = [...trackedPlanGates(config)];
  if (!hasRecord) {
    for (const row of PLAN_GATE_ROWS) {
      const file = hookFile(row, 'project', root, home);
      if (candidates.some((t) => t.path === file) || !holdsPlanGate(file)) continue;
      candidates.push({ target: row.target, scope: 'project', path: file, entries: hookEntries(row), createdKeys: row.events.map((e) => `hooks.${e.name}`) });
    }
  }
  const deliveryKeys = (file: string): string[] => trackedHooks(config).filter((t) => t.path === file).flatMap((t) => (t.createdKeys ?? []).filter((k) => k === 'hooks'));
  return removeRecorded(candidates, 'installs a plan hook in', (install) => {
    const row = planGateRow(install.target);
    if (!row || !SCOPES.includes(install.scope) || hookFile(row, install.scope, root, home) !== install.path) return undefined;
    const withShared = { ...install, createdKeys: [...new Set([...(install.createdKeys ?? []), ...deliveryKeys(install.path)])] };
    return () => removeHook(row, withShared, root, home, createdBySetup.has(install.path));
  });
}

/** Per agent with a plan hook: where one is installed now, and what it runs. */
export function describePlanGates(root: string, home: string): { target: PlanGateAgent; label: string; note?: string; installed: InstalledHook[] }[] {
  return PLAN_GATE_ROWS.map((row) => ({
    target: row.target,
    label: row.label,
    ...(row.note ? { note: row.note } : {}),
    installed: SCOPES.map((scope) => ({ scope, path: hookFile(row, scope, root, home) }))
      .filter((x) => holdsPlanGate(x.path))
      .map((x) => ({ ...x, ...gateRuns(row, x.path) })),
  }));
}

/** What the plan gate in `file` runs: this version's line, or the user's edit of it. */
function gateRuns(row: PlanGateRow, file: string): { runs: 'your-cli' | 'edited'; command: string } | undefined {
  const text = readForDescription(file);
  if (text === undefined || jsonDepth(text) > MAX_JSON_DEPTH) return undefined;
  let hooks: Record<string, unknown>;
  try {
    hooks = (parseJsonText(text) as { hooks?: Record<string, unknown> }).hooks ?? {};
  } catch {
    return undefined;
  }
  const command = strings(hooks[row.events[0]!.name]).find(mentionsPlanGate);
  if (command === undefined) return undefined;
  return { runs: command === hookCommand(row.target, 'plan') ? 'your-cli' : 'edited', command };
}
