/**
 * Writing into an agent's own settings file (hooks/one-file.ts, mcp/one-file.ts): the checks before a write and
 * the write itself. The file belongs to the user; these keep setup from writing through a
 * link, outside the workspace, or with the wrong permissions.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ActionKind, SetupAction } from './types';
import type { Scope } from './skills/targets';
import { writeFileAtomic } from './fsutil';
import { member, parseJsonTree } from './json-text';
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

/** Drops undefined fields so merging a record into the tracked one never erases anything. */
export function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Why setup must not write `file`, if it must not: a symbolic link (writing would replace
 * the user's link, or write outside the project), a non-file, or a project folder that
 * leads outside the workspace.
 */
export function writeProblem(file: string, scope: Scope, root: string): string | undefined {
  try {
    const st = fs.lstatSync(file);
    if (st.isSymbolicLink()) return 'is a symbolic link; not written through';
    if (!st.isFile()) return 'is not a file';
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

/** Writes keeping the file's permissions (settings files may be private). */
export function writeKeepingMode(file: string, text: string): void {
  let mode = 0o644;
  try {
    mode = fs.statSync(file).mode & 0o777;
  } catch { /* new file */ }
  writeFileAtomic(file, text, mode);
}

/**
 * Why setup will not edit this settings file's text, if it will not: not strict JSON, not an
 * object, a `container` member (`hooks`, `mcpServers`) that is not an object, or a key twice
 * in either (JSON.parse keeps the last of two equal keys, a text edit would touch the first).
 * On success, the parsed container (empty when absent) for the caller's own checks.
 */
export function settingsFileProblem(text: string, container: string): { problem: string } | { container: Record<string, unknown> } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { problem: `not valid JSON (${(e as Error).message})` };
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
