/**
 * Installing and removing one delivery hook (a row of targets/hooks.ts at one scope).
 *
 * The agent's file belongs to the user: setup merges one item per event into it and never
 * rewrites the rest (json-text.ts splices text), uninstall takes out exactly the items setup
 * tracked. An item of ours the user edited since is kept and reported, never duplicated. A
 * file that does not parse is refused whole: one line says so, nothing is lost. A file setup
 * created is deleted again once only its skeleton is left, with the folders it made, so
 * setup + uninstall leaves the folder byte-identical.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { HookInstall } from '../config';
import type { Scope } from '../targets/skills';
import { hookEntries, legacyHookEntries, type FileHookRow, type HookRow, type JsonHookRow } from '../targets/hooks';
import { mentionsConsiderHook } from '../targets/hook-command';
import { PLUGIN_MARKER } from '../targets/opencode-plugin';
import { appendChild, detectStyle, emptyInner, jsonEqual, member, parseJsonText, parseJsonTree, removeChild, replaceValue, type JsonNode } from '../json-text';
import { missingDirs, readIfExists, removeEmptyDirs, sha256 } from '../fsutil';
import { setupFolders } from '../safety';
import { compact, settingsFileProblem, writeKeepingMode, writeProblem, type AgentFileResult } from '../agent-file';

export type HookResult = AgentFileResult<HookInstall>;

export function hookFile(row: HookRow, scope: Scope, root: string, home: string): string {
  return scope === 'project' ? path.join(root, row.projectFile) : path.join(home, row.homeFile);
}

/** Why setup will not touch this file's text, if it will not: not strict JSON, or another shape. */
function jsonProblem(text: string, row: JsonHookRow): string | undefined {
  const checked = settingsFileProblem(text, 'hooks');
  if ('problem' in checked) return checked.problem;
  const event = row.events.find((e) => checked.container[e.name] !== undefined && !Array.isArray(checked.container[e.name]));
  return event ? `"hooks.${event.name}" is not a list` : undefined;
}

const eventList = (tree: JsonNode, name: string): JsonNode | undefined => member(member(tree, 'hooks'), name);
const itemValue = (text: string, node: JsonNode): unknown => JSON.parse(text.slice(node.start, node.end));

/** What setup changed in the file's structure, to undo it exactly. */
interface Made {
  /** Members setup created (`hooks`, `hooks.Stop`). */
  created: Set<string>;
  /** Containers that were empty but for whitespace, by path ('' = the file's object). */
  inner: Record<string, string>;
}

/** Appends to `container` (at `at`), remembering what was inside it when it was empty. */
function appendTo(text: string, container: JsonNode, at: string, value: unknown, made: Made, key?: string): string {
  const inner = emptyInner(text, container);
  if (inner) made.inner[at] = inner;
  return appendChild(text, container, value, detectStyle(text), key);
}

/** Sets `hooks.<name>` to hold `entry` (adding `hooks` and the list if needed). */
function addEntry(text: string, name: string, entry: unknown, made: Made): string {
  const tree = parseJsonTree(text);
  const hooks = member(tree, 'hooks');
  if (!hooks) {
    made.created.add('hooks').add(`hooks.${name}`);
    return appendTo(text, tree, '', { [name]: [entry] }, made, 'hooks');
  }
  const list = member(hooks, name);
  if (!list) {
    made.created.add(`hooks.${name}`);
    return appendTo(text, hooks, 'hooks', [entry], made, name);
  }
  return appendTo(text, list, `hooks.${name}`, entry, made);
}

export function installJsonHook(opts: { row: JsonHookRow; scope: Scope; root: string; home: string; version: string; tracked?: HookInstall }): HookResult {
  const { row, scope, root, home, version, tracked } = opts;
  const file = hookFile(row, scope, root, home);
  const problem = writeProblem(file, scope, root);
  if (problem) return { kind: 'refused', path: file, detail: problem };
  const before = readIfExists(file)?.toString('utf8');
  const bad = jsonProblem(before ?? '{}', row);
  if (bad) return { kind: 'refused', path: file, detail: `${bad}; not touched` };

  let text = before === undefined ? '{}\n' : before;
  const made: Made = { created: new Set(tracked?.createdKeys ?? []), inner: { ...tracked?.emptyInner } };
  if (before === undefined) {
    for (const [k, v] of Object.entries(row.skeleton)) text = appendChild(text, parseJsonTree(text), v, detectStyle(text), k);
  }
  const entries: { name: string; entry: unknown }[] = [];
  const edited: string[] = []; // our item, edited by the user: theirs now
  const foreign: string[] = []; // our exact item, but not written by this setup (a teammate's commit, a lost record)
  const older: string[] = []; // an earlier version's exact item, not written by this setup
  const legacy = legacyHookEntries(row);
  for (const want of hookEntries(row)) {
    const old = tracked?.entries?.find((e) => e.name === want.name)?.entry;
    const list = eventList(parseJsonTree(text), want.name);
    const items = list?.kind === 'array' ? list.items : [];
    const values = items.map((n) => itemValue(text, n));
    if (values.some((v) => jsonEqual(v, want.entry))) {
      // Tracked only when setup wrote an item here: never adopt what it did not write (uninstall would take it).
      if (old !== undefined) entries.push(want);
      else foreign.push(want.name);
      continue;
    }
    const outdated = old === undefined ? -1 : values.findIndex((v) => jsonEqual(v, old));
    if (outdated >= 0) {
      text = replaceValue(text, items[outdated]!, want.entry, detectStyle(text));
      entries.push(want);
    } else if (values.some((v) => (row.mentions ?? mentionsConsiderHook)(JSON.stringify(v)))) {
      const legacyItem = legacy.find((l) => l.name === want.name)!.entry;
      if (old === undefined && values.some((v) => jsonEqual(v, legacyItem))) older.push(want.name);
      else edited.push(want.name);
      if (old !== undefined) entries.push({ name: want.name, entry: old });
    } else {
      text = addEntry(text, want.name, want.entry, made);
      entries.push(want);
    }
  }

  const dirs = before === undefined ? missingDirs(path.dirname(file)) : [];
  if (text !== (before ?? '')) writeKeepingMode(file, text);
  const install: HookInstall = compact({
    target: row.target, scope, path: file, version, entries,
    createdKeys: made.created.size ? [...made.created] : undefined,
    emptyInner: Object.keys(made.inner).length ? made.inner : undefined,
    createdFile: before === undefined || tracked?.createdFile ? true : undefined,
    createdDirs: dirs.length ? dirs : tracked?.createdDirs,
  });
  const kind = before === undefined ? 'created' : text !== before ? 'updated' : edited.length || older.length ? 'skipped' : 'unchanged';
  const details = [
    edited.length ? `your edited ${edited.join(', ')} hook kept as is` : '',
    foreign.length ? `Consider's ${foreign.join(', ')} hook was there already, not written by this setup: left as it is, by uninstall too` : '',
    older.length ? `an earlier version's ${older.join(', ')} hook, not written by this setup, kept: it runs the first .consider/bin/consider-cli above the project; remove it and run setup again` : '',
  ].filter(Boolean);
  return compact({ kind, path: file, detail: details.length ? details.join('; ') : undefined, install: entries.length || text !== (before ?? '') ? install : undefined });
}

export function installFileHook(opts: { row: FileHookRow; scope: Scope; root: string; home: string; version: string; tracked?: HookInstall }): HookResult {
  const { row, scope, root, home, version, tracked } = opts;
  const file = hookFile(row, scope, root, home);
  const problem = writeProblem(file, scope, root);
  if (problem) return { kind: 'refused', path: file, detail: problem };
  const content = row.render();
  const install: HookInstall = compact({ target: row.target, scope, path: file, version, sha256: sha256(content), createdDirs: tracked?.createdDirs });
  const before = readIfExists(file)?.toString('utf8');
  if (before === content) return { kind: 'unchanged', path: file, install };
  if (before !== undefined) {
    if (!before.startsWith(PLUGIN_MARKER)) return { kind: 'refused', path: file, detail: 'a different file is there' };
    if (sha256(before) !== tracked?.sha256) {
      // Tracked at this version, so that refresh does not come back to it on every start.
      return { kind: 'skipped', path: file, detail: 'edited since setup wrote it; kept as is', install: { ...(tracked ?? compact({ ...install, sha256: undefined })), version } };
    }
  }
  const dirs = before === undefined ? missingDirs(path.dirname(file)) : [];
  writeKeepingMode(file, content);
  return { kind: before === undefined ? 'created' : 'updated', path: file, install: dirs.length ? { ...install, createdDirs: dirs } : install };
}

/**
 * Takes one tracked hook out again. Refuses what it must not touch, keeps what the user
 * edited (reported), deletes the file when setup created it and nothing else is left
 * (`createdBySetup`: another of setup's records, an MCP registration in the same file, says so).
 */
export function removeHook(row: HookRow, install: HookInstall, root: string, home: string, createdBySetup = false): HookResult {
  const file = install.path;
  const problem = writeProblem(file, install.scope, root);
  if (problem) return { kind: 'refused', path: file, detail: problem };
  const before = readIfExists(file)?.toString('utf8');
  if (before === undefined) return { kind: 'skipped', path: file, detail: 'already gone' };
  if (row.kind === 'file') {
    if (sha256(before) !== install.sha256 && before !== row.render()) return { kind: 'skipped', path: file, detail: 'edited since setup wrote it; kept' };
    fs.rmSync(file);
    removeEmptyDirs(setupFolders(install.createdDirs ?? [], root, home));
    return { kind: 'removed', path: file };
  }
  const bad = jsonProblem(before, row);
  if (bad) return { kind: 'refused', path: file, detail: `${bad}; the Consider hooks in it were left in place` };

  let text = before;
  const edited: string[] = [];
  for (const { name, entry } of install.entries ?? []) {
    for (;;) {
      const list = eventList(parseJsonTree(text), name);
      const items = list?.kind === 'array' ? list.items : [];
      const at = items.findIndex((n) => jsonEqual(itemValue(text, n), entry));
      if (at < 0) {
        if (items.some((n) => (row.mentions ?? mentionsConsiderHook)(text.slice(n.start, n.end)))) edited.push(name);
        break;
      }
      text = removeChild(text, list!, at, install.emptyInner?.[`hooks.${name}`]);
    }
  }
  // Members setup created go once empty: lists first, then `hooks`.
  for (const key of [...(install.createdKeys ?? [])].sort((a, b) => b.length - a.length)) {
    const tree = parseJsonTree(text);
    const parts = key.split('.');
    const parent = parts.length === 1 ? tree : member(tree, parts[0]!);
    const node = member(parent, parts[parts.length - 1]!);
    const empty = node && (node.kind === 'array' ? node.items.length === 0 : node.kind === 'object' && node.members.length === 0);
    const at = parts.length === 1 ? '' : parts[0]!;
    if (parent?.kind === 'object' && empty) text = removeChild(text, parent, parent.members.findIndex((m) => m.value === node), install.emptyInner?.[at]);
  }
  const detail = edited.length ? `your edited ${[...new Set(edited)].join(', ')} hook kept` : undefined;
  if ((install.createdFile || createdBySetup) && jsonEqual(parseJsonText(text), row.skeleton)) {
    fs.rmSync(file);
    removeEmptyDirs(setupFolders(install.createdDirs ?? [], root, home));
    return compact({ kind: 'removed', path: file, detail });
  }
  if (text === before) return { kind: edited.length ? 'skipped' : 'unchanged', path: file, detail: detail ?? 'no Consider hook left in it' };
  writeKeepingMode(file, text);
  return compact({ kind: 'updated', path: file, detail: detail ?? 'removed the Consider hooks' });
}
