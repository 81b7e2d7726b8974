/**
 * `.consider/config.json` (spec §4.5): which skills setup installed, by absolute path, so
 * uninstall removes exactly those and refresh knows what it may update. One reader and one
 * error policy, the store module's (readConfig): what it refuses, setup reads as "nothing
 * tracked" with the reason (uninstall then falls back to discovery) and moves aside before
 * writing; writes go through the store's updateConfig: under the store lock, applied to the
 * latest file, unknown fields kept.
 */
import fs from 'node:fs';
import type { ConsiderConfig, SkillInstall } from '../shared/model';
import { considerPaths, isConsiderError, readConfig, updateConfig } from '../shared';
import { mergeInstall as mergeTracked } from '../shared/store/config';

function isSkillInstall(x: unknown): x is SkillInstall {
  const o = x as SkillInstall;
  return !!o && typeof o === 'object' && typeof o.target === 'string' && typeof o.path === 'string' && (o.scope === 'project' || o.scope === 'home');
}

/**
 * The config as the store module reads it. One it refuses (not JSON, a field the schema does
 * not allow, a file that cannot be read) reads as "nothing tracked", and `problem` says why.
 */
export function readSetupConfig(root: string): { config: ConsiderConfig; problem?: string } {
  try {
    return { config: readConfig(root) };
  } catch (e) {
    if (!isConsiderError(e)) throw e;
    return { config: { version: 1, trackedSkillInstalls: [] }, problem: e.message };
  }
}

/**
 * Applies `change` to the latest config under the store lock. A config.json the store module
 * refuses as unreadable is first moved aside to config.json.broken (kept for the user, never
 * silently lost); one that cannot be read at all fails with the writer's own error.
 */
export async function changeSetupConfig(root: string, change: (c: ConsiderConfig) => void): Promise<void> {
  const file = considerPaths(root).config;
  try {
    readConfig(root);
  } catch (e) {
    if (!isConsiderError(e) || e.code !== 'unreadable') throw e;
    fs.renameSync(file, file + '.broken');
  }
  await updateConfig(root, change);
}

/** Adds or replaces one tracked skill install, keyed by its absolute path (the store module's one rule). */
export function mergeInstall(config: ConsiderConfig, install: SkillInstall): void {
  mergeTracked(config.trackedSkillInstalls, install);
}

/**
 * What setup wrote into one agent file (a hook or an MCP registration), kept in config.json
 * (here, not in shared/model.ts, because only setup reads it): enough to undo exactly what
 * setup did, the members and the file it created and the folders it had to make.
 */
interface AgentFileRecord {
  target: string;
  scope: 'project' | 'home';
  /** Absolute path of the agent's file. */
  path: string;
  version?: string;
  /** JSON files: members setup created (`hooks`, `hooks.Stop`, `mcpServers`), removed again once empty. */
  createdKeys?: string[];
  /** JSON files: what was inside containers setup found empty (`{ }`), by path ('' = the file's object); put back when they empty again. */
  emptyInner?: Record<string, string>;
  /** Setup created the file: uninstall deletes it when nothing but setup's skeleton is left. */
  createdFile?: boolean;
  /** Folders setup created for the file, deepest first; removed when empty. */
  createdDirs?: string[];
  [unknownField: string]: unknown;
}

/** One delivery hook setup installed (config.json `trackedHookInstalls`, next to the skills). */
export interface HookInstall extends AgentFileRecord {
  /** JSON rows: the items setup added, by the agent's event name. */
  entries?: { name: string; entry: unknown }[];
  /** File rows: sha256 of what setup wrote. */
  sha256?: string;
}

function isHookInstall(x: unknown): x is HookInstall {
  return isSkillInstall(x);
}

/** The tracked hooks of a config (an older config has none). */
export function trackedHooks(config: ConsiderConfig): HookInstall[] {
  const list = config.trackedHookInstalls;
  return Array.isArray(list) ? list.filter(isHookInstall) : [];
}

/** Adds or replaces one tracked hook, keyed by its file's absolute path. */
export function mergeHookInstall(config: ConsiderConfig, install: HookInstall): void {
  const list = trackedHooks(config);
  mergeTracked(list, install);
  config.trackedHookInstalls = list;
}

/** Tracked entries without the volatile timestamp, for "did anything change" checks. */
export function trackingKey(config: ConsiderConfig): string {
  const { lastUpdatedAt: _ignored, ...rest } = config;
  return JSON.stringify(rest);
}

/** One MCP server registration setup made (config.json `trackedMcpInstalls`, next to the hooks). */
export interface McpInstall extends AgentFileRecord {
  scope: 'project';
  /** JSON rows: the server entry setup wrote (removed only while it is still exactly this). */
  entry?: unknown;
  /** TOML rows: the exact text setup appended (taken out again byte for byte). */
  block?: string;
}

/** The tracked MCP registrations of a config (an older config has none). */
export function trackedMcp(config: ConsiderConfig): McpInstall[] {
  const list = config.trackedMcpInstalls;
  return Array.isArray(list) ? (list.filter((x) => isSkillInstall(x) && (x as McpInstall).scope === 'project') as McpInstall[]) : [];
}

/** Adds or replaces one tracked MCP registration, keyed by its file's absolute path. */
export function mergeMcpInstall(config: ConsiderConfig, install: McpInstall): void {
  const list = trackedMcp(config);
  mergeTracked(list, install);
  config.trackedMcpInstalls = list;
}
