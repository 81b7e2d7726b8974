/**
 * `.consider/config.json` (spec §4.5): setup's record of where it installed skills, so
 * uninstall can clean up exactly. Writes share the store lock and merge idempotently:
 * the same install recorded twice is one entry.
 */
import fs from 'node:fs';
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
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return emptyConfig();
    throw new ConsiderError('io', `cannot read ${file}: ${(e as Error).message}`);
  }
  if (text.trim() === '') return emptyConfig();
  try {
    return validateConfig(JSON.parse(text));
  } catch (e) {
    const why = e instanceof ValidationError ? e.message : `not valid JSON (${(e as Error).message})`;
    throw new ConsiderError('unreadable', `.consider/config.json: ${why}`, 'fix or delete .consider/config.json (it only records where skills were installed)');
  }
}

const installKey = (s: SkillInstall) => `${s.target}\u0000${s.scope}\u0000${s.path}`;

/** Later entries for the same target+scope+path replace earlier ones (keeping unknown fields). */
function dedupeInstalls(list: SkillInstall[]): SkillInstall[] {
  const byKey = new Map<string, SkillInstall>();
  for (const s of list) byKey.set(installKey(s), { ...byKey.get(installKey(s)), ...s });
  return [...byKey.values()];
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
