/**
 * `.consider/config.json` (spec §4.5): setup's record of where it installed skills, so
 * uninstall can clean up exactly. Writes share the store lock and merge idempotently:
 * the same install recorded twice is one entry.
 */
import { SMALL_RECORD_MAX_BYTES, readDataText } from '../data-file';
import { ConsiderError } from '../errors';
import type { ConsiderConfig, SkillInstall } from '../model';
import { considerPaths } from '../paths';
import { writeFileAtomic } from './atomic-write';
import { withStoreLock } from './store-io';
import { ValidationError, validateConfig } from './validate';

function emptyConfig(): ConsiderConfig {
  return { version: 1, trackedSkillInstalls: [] };
}

/** Reads the config; a missing or empty file reads as an empty config (older installs). */
export function readConfig(root: string): ConsiderConfig {
  const file = considerPaths(root).config;
  let text: string | undefined;
  try {
    text = readDataText(file, { maxBytes: SMALL_RECORD_MAX_BYTES, what: '.consider/config.json' });
  } catch (e) {
    if (e instanceof ConsiderError && e.code === 'unreadable') throw new ConsiderError('unreadable', e.message, 'delete .consider/config.json (it only records where skills were installed)');
    throw new ConsiderError('io', `cannot read ${file}: ${(e as Error).message}`);
  }
  if (text === undefined || text.trim() === '') return emptyConfig();
  try {
    return validateConfig(JSON.parse(text));
  } catch (e) {
    const why = e instanceof ValidationError ? e.message : `not valid JSON (${(e as Error).message})`;
    throw new ConsiderError('unreadable', `.consider/config.json: ${why}`, 'fix or delete .consider/config.json (it only records where skills were installed)');
  }
}

/**
 * Adds or replaces one tracked install, keyed by its absolute path (the one thing that names
 * an install: two records of one file are one install); unknown fields of the old record kept.
 */
export function mergeInstall<T extends { path: string }>(list: T[], install: T): void {
  const i = list.findIndex((t) => t.path === install.path);
  if (i < 0) list.push(install);
  else list[i] = { ...list[i], ...install };
}

/** One record per path: later ones merged into earlier ones (the rule mergeInstall keeps). */
function dedupeInstalls(list: SkillInstall[]): SkillInstall[] {
  const out: SkillInstall[] = [];
  for (const s of list) mergeInstall(out, s);
  return out;
}

/** Reads the latest config under the lock, applies `fn`, merges duplicates and writes it atomically. */
export async function updateConfig(root: string, fn: (c: ConsiderConfig) => void): Promise<ConsiderConfig> {
  return withStoreLock(root, () => {
    const config = readConfig(root);
    fn(config);
    config.trackedSkillInstalls = dedupeInstalls(config.trackedSkillInstalls);
    config.lastUpdatedAt = new Date().toISOString();
    try {
      validateConfig(config);
    } catch (e) {
      if (e instanceof ValidationError) throw new ConsiderError('usage', `refused to write an invalid config: ${e.message}`);
      throw e;
    }
    writeFileAtomic(considerPaths(root).config, JSON.stringify(config, null, 2) + '\n');
    return config;
  });
}
