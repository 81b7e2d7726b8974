/**
 * Writing into an agent's own settings file (hooks/one-file.ts, mcp/one-file.ts): the checks before a write and
 * the write itself. The file belongs to the user; these keep setup from writing through a
 * link, outside the workspace, or with the wrong permissions.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ActionKind, SetupAction } from './types';
import type { Scope } from './targets/skills';
import { writeFileAtomic } from './fsutil';
import { actionOf } from './choices';
import { jsonDepth, MAX_JSON_DEPTH, member, parseJsonText, parseJsonTree } from './json-text';
import { projectWriteProblem, realpathOrSelf } from './safety';

/** What installing into or removing from one agent file did, with the record to track (if any). */
export interface AgentFileResult<Record> {
  kind: ActionKind;
  path: string;
  detail?: string;
  install?: Record;
}

/**
 * Uninstall's answer for a tracked record that names a file this workspace never writes to
 * (config.json tampered with, or the workspace moved): never followed. Gone already counts as
 * clear; a file there is refused.
 */
export function recordElsewhere(file: string, what: string): SetupAction {
  return fs.existsSync(file)
    ? { kind: 'refused', path: file, detail: `not a file Consider ${what}; not touched` }
    : { kind: 'skipped', path: file, detail: 'already gone' };
}

/**
 * Uninstall's pass over the records of one kind (hooks, plan gates, MCP servers): each goes
 * through `removal` when it names a file of this workspace's table, which gives the change to
 * make; a record naming any other file is never followed (recordElsewhere). Returns the report
 * lines and the paths now clear (all but the refused).
 */
export function removeRecorded<Install extends { path: string }>(
  installs: readonly Install[], what: string, removal: (install: Install) => (() => AgentFileResult<unknown>) | undefined,
): { actions: SetupAction[]; cleared: Set<string> } {
  const actions: SetupAction[] = [];
  const cleared = new Set<string>();
  for (const install of installs) {
    const change = removal(install);
    const r = change ? actionOf(guarded(install.path, change)) : recordElsewhere(install.path, what);
    actions.push(r);
    if (r.kind !== 'refused') cleared.add(install.path);
  }
  return { actions, cleared };
}

/**
 * One agent file's change, whatever happens in it: an unexpected failure (a disk error, a file
 * no check foresaw) becomes that file's one-line refusal, and setup goes on with the others and
 * tracks what it did, rather than stopping half-way with nothing tracked. Each change writes its
 * file once, atomically, last: a failure leaves it as it was.
 */
export function guarded<Record>(file: string, change: () => AgentFileResult<Record>): AgentFileResult<Record> {
  try {
    return change();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { kind: 'refused', path: file, detail: `could not be changed (${oneLine(code ? `${code}: ${(e as Error).message}` : String((e as Error).message ?? e))}); not touched` };
  }
}

/** Drops undefined fields so merging a record into the tracked one never erases anything. */
export function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Why setup must not write `file`, if it must not: a symbolic link (writing would replace
 * the user's link, or write outside the project), a non-file, a file its owner made read-only,
 * or a project folder that leads outside the workspace.
 */
export function writeProblem(file: string, scope: Scope, root: string): string | undefined {
  try {
    const st = fs.lstatSync(file);
    if (st.isSymbolicLink()) return 'is a symbolic link; not written through';
    if (!st.isFile()) return 'is not a file';
    // Setup replaces a file by rename, which a read-only file's mode would not stop: honour it.
    if ((st.mode & 0o200) === 0 || !canWrite(file)) return 'is read-only; not touched (make it writable and run this again to change it)';
  } catch { /* missing: fine */ }
  if (scope === 'project') {
    const escape = projectWriteProblem(path.dirname(file), root);
    if (escape) return escape;
    const real = realpathOrSelf(path.dirname(file));
    if (fs.existsSync(path.dirname(file)) && real !== path.join(realpathOrSelf(root), path.relative(root, path.dirname(file)))) {
      return 'the folder is reached through a symbolic link';
    }
  }
  return undefined;
}

function canWrite(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Writes keeping the file's permissions (settings files may be private). */
export function writeKeepingMode(file: string, text: string): void {
  let mode = 0o644;
  try {
    mode = fs.statSync(file).mode & 0o777;
  } catch { /* new file */ }
  writeFileAtomic(file, text, mode);
}

/** A parser's message on one line, invisible characters shown as escapes (`\u{feff}`), never raw. */
function oneLine(message: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return message.replace(/[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/gu, (c) => (c === '\n' || c === '\r' ? ' ' : `\\u{${c.codePointAt(0)!.toString(16)}}`));
}

/**
 * Why setup will not edit this settings file's text, if it will not: nested deeper than any
 * settings file is (jsonDepth), not strict JSON (a leading byte order mark is fine), not an
 * object, a `container` member (`hooks`, `mcpServers`) that is not an object, or a key twice
 * in either (JSON.parse keeps the last of two equal keys, a text edit would touch the first).
 * On success, the parsed container (empty when absent) for the caller's own checks.
 */
export function settingsFileProblem(text: string, container: string): { problem: string } | { container: Record<string, unknown> } {
  if (jsonDepth(text) > MAX_JSON_DEPTH) return { problem: `nests objects and lists more than ${MAX_JSON_DEPTH} levels deep` };
  let value: unknown;
  try {
    value = parseJsonText(text);
  } catch (e) {
    return { problem: `not valid JSON (${oneLine((e as Error).message)})` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { problem: 'not a JSON object' };
  const inner = (value as Record<string, unknown>)[container];
  if (inner !== undefined && (!inner || typeof inner !== 'object' || Array.isArray(inner))) return { problem: `"${container}" is not an object` };
  const tree = parseJsonTree(text);
  for (const obj of [tree, member(tree, container)]) {
    const keys = obj?.kind === 'object' ? obj.members.map((m) => m.key) : [];
    if (new Set(keys).size !== keys.length) return { problem: 'has the same key twice' };
  }
  return { container: (inner ?? {}) as Record<string, unknown> };
}
