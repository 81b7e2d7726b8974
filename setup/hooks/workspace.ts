/**
 * The delivery hooks across a whole setup, uninstall or status: which rows and files,
 * which tracked records, and the actions to report. One hook per agent per run, chosen
 * separately from the skills (a user may want the skill without the hook).
 */
import fs from 'node:fs';
import type { ConsiderConfig } from '../../shared/model';
import type { InstalledHook, SetupAction } from '../types';
import type { Scope } from '../targets/skills';
import { HOOK_ROWS, hookEntries, hookRow, legacyHookEntries, type FileHookRow, type HookAgent, type HookRow, type JsonHookRow } from '../targets/hooks';
import { hookFile, installFileHook, installJsonHook, removeHook, type HookResult } from './one-file';
import { actionOf, chosenRows } from '../choices';
import { mentionsConsiderHook } from '../targets/hook-command';
import { PLUGIN_MARKER } from '../targets/opencode-plugin';
import { trackedHooks, type HookInstall } from '../config';
import { guarded, removeRecorded } from '../agent-file';
import { readIfExists, rebaseDirs, sha256 } from '../fsutil';
import { jsonDepth, jsonEqual, MAX_JSON_DEPTH, parseJsonText } from '../json-text';
import { hookRuns } from './inspect';

const SCOPES: readonly Scope[] = ['project', 'home'];

/** Installs one row at one scope, given what is tracked for that file. */
function installRow(row: HookRow, scope: Scope, root: string, home: string, version: string, tracked?: HookInstall): HookResult {
  const opts = { scope, root, home, version, tracked };
  const r = guarded(hookFile(row, scope, root, home), () => (row.kind === 'json' ? installJsonHook({ row, ...opts }) : installFileHook({ row, ...opts })));
  return row.note && !r.detail && (r.kind === 'created' || r.kind === 'updated') ? { ...r, detail: row.note } : r;
}

/**
 * After an extension update: brings tracked hooks written by another version up to this
 * one (an untouched entry is replaced in place; an edited one is kept). A hook whose file
 * is gone is not put back: refresh never installs what the user removed.
 */
export function refreshHooks(root: string, home: string, version: string, config: ConsiderConfig): { actions: SetupAction[]; installs: HookInstall[] } {
  const actions: SetupAction[] = [];
  const installs: HookInstall[] = [];
  for (const t of hooksToRefresh(root, home, version, config)) {
    const r = installRow(hookRow(t.target)!, t.scope, root, home, version, t);
    actions.push(actionOf(r));
    if (r.install) installs.push(r.install);
  }
  return { actions, installs };
}

/**
 * Tracked hooks at a location of this workspace, whose file is there, written by another
 * version — or still holding, untouched, the command line of earlier versions that ran a
 * program found in the project (legacyHookEntries; issue 28), whatever version they say.
 */
export function hooksToRefresh(root: string, home: string, version: string, config: ConsiderConfig): HookInstall[] {
  return trackedHooks(config).filter((t) => {
    const row = hookRow(t.target);
    if (!row || hookFile(row, t.scope, root, home) !== t.path || !fs.existsSync(t.path)) return false;
    return t.version !== version || (row.kind === 'json' ? holdsLegacyEntry(row, t) : holdsOlderPlugin(row, t));
  });
}

/** The file is, untouched, a plugin setup wrote that is not this version's. */
function holdsOlderPlugin(row: FileHookRow, t: HookInstall): boolean {
  const text = readIfExists(t.path);
  return text !== undefined && t.sha256 !== sha256(row.render()) && sha256(text) === t.sha256;
}

/** The file still holds one of the tracked items, exactly as an earlier version wrote it. */
function holdsLegacyEntry(row: JsonHookRow, t: HookInstall): boolean {
  const legacy = legacyHookEntries(row);
  const tracked = (t.entries ?? []).filter((e) => legacy.some((l) => l.name === e.name && jsonEqual(l.entry, e.entry)));
  if (!tracked.length) return false;
  try {
    const text = fs.readFileSync(t.path, 'utf8');
    if (jsonDepth(text) > MAX_JSON_DEPTH) return false;
    const hooks = (parseJsonText(text) as { hooks?: Record<string, unknown> }).hooks ?? {};
    return tracked.some((e) => {
      const list = hooks[e.name];
      return Array.isArray(list) && list.some((item) => jsonEqual(item, e.entry));
    });
  } catch {
    return false;
  }
}

export function installHooks(
  choices: readonly { target: HookAgent; scope: Scope }[], root: string, home: string, version: string, config: ConsiderConfig,
): { actions: SetupAction[]; installs: HookInstall[] } {
  const actions: SetupAction[] = [];
  const installs: HookInstall[] = [];
  for (const { row, scope } of chosenRows(choices, hookRow, 'no delivery hook for this agent', actions)) {
    const file = hookFile(row, scope, root, home);
    const tracked = trackedHooks(config).find((t) => t.path === file);
    const r = installRow(row, scope, root, home, version, tracked);
    // Both scopes at once is allowed (stop-state.ts keeps it harmless) but never useful: say so.
    const other = hookFile(row, scope === 'project' ? 'home' : 'project', root, home);
    const twice = r.kind !== 'refused' && hasConsiderHook(other, row.kind) ? `the same hook is also in ${other}: both run at every event; one of them is enough` : undefined;
    actions.push(actionOf(twice ? { ...r, detail: [r.detail, twice].filter(Boolean).join('; ') } : r));
    if (r.install) installs.push(r.install);
  }
  return { actions, installs };
}

/** Does `file` hold a Consider hook right now (tracked or not)? */
function hasConsiderHook(file: string, kind: 'json' | 'file'): boolean {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  return kind === 'file' ? text.startsWith(PLUGIN_MARKER) : mentionsConsiderHook(text);
}

/**
 * Removes every tracked hook, plus those found in this workspace's own agent files when the
 * tracking has a different path (a moved or copied workspace) or, with no record at all
 * (`hasRecord` false: no readable config.json), was lost. With a record, an entry it does not
 * name is not setup's (a teammate's committed file): left alone. Home files are only touched
 * when tracked: they serve other projects too. Returns the paths now clear.
 */
export function uninstallHooks(
  root: string, home: string, config: ConsiderConfig, createdBySetup: ReadonlySet<string> = new Set(), hasRecord = true,
): { actions: SetupAction[]; cleared: Set<string> } {
  const tracked = trackedHooks(config);
  const candidates: HookInstall[] = [...tracked];
  for (const row of HOOK_ROWS) {
    const file = hookFile(row, 'project', root, home);
    if (tracked.some((t) => t.path === file) || !hasConsiderHook(file, row.kind)) continue;
    // A moved workspace's record says what setup created; without one, take out our entries
    // and whatever lists of ours they leave empty, but never delete the user's file.
    const like = tracked.find((t) => t.target === row.target && t.scope === 'project');
    if (like) candidates.push({ ...like, path: file, createdDirs: rebaseDirs(like.createdDirs, like.path, file) });
    else if (hasRecord) continue;
    else if (row.kind === 'json') {
      // This version's items and those of earlier versions (legacyHookEntries): whichever is there goes.
      const entries = [...hookEntries(row), ...legacyHookEntries(row)];
      candidates.push({ target: row.target, scope: 'project', path: file, entries, createdKeys: ['hooks', ...row.events.map((e) => `hooks.${e.name}`)] });
    } else candidates.push({ target: row.target, scope: 'project', path: file });
  }
  return removeRecorded(candidates, 'installs hooks in', (install) => {
    const row = hookRow(install.target);
    const known = row && SCOPES.includes(install.scope) && hookFile(row, install.scope, root, home) === install.path;
    return known ? () => removeHook(row, install, root, home, createdBySetup.has(install.path)) : undefined;
  });
}

/** Per agent with a delivery hook: where one is installed now, and what it runs (inspect.ts). */
export function describeHooks(root: string, home: string): { target: HookAgent; label: string; installed: InstalledHook[] }[] {
  return HOOK_ROWS.map((row) => ({
    target: row.target,
    label: row.label,
    installed: SCOPES.map((scope) => ({ scope, path: hookFile(row, scope, root, home) }))
      .filter((x) => hasConsiderHook(x.path, row.kind))
      .map((x) => ({ ...x, ...hookRuns(row, x.path) })),
  }));
}
