// What every agents suite file starts from: the repository, a run folder of its own (kept with
// CONSIDER_AGENTS_KEEP=1), and, before its first case, the built product and the agents' CLIs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureAgents } from './install.mjs';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const KEEP_RUN = !!process.env.CONSIDER_AGENTS_KEEP;

/** A fresh run folder named for the suite file. */
export const runDir = (prefix) => fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));

/** dist/ is there (build first), and every agent's CLI is installed (the first time: from npm, into the cache); their paths. */
export async function agentsReady() {
  if (!fs.existsSync(path.join(REPO, 'dist/setup/consider-setup.cjs'))) throw new Error('dist/ is missing: run `node scripts/build.mjs` first');
  return ensureAgents();
}

/** Removes the run folder unless CONSIDER_AGENTS_KEEP says to keep it. */
export function endRun(dir) {
  if (!KEEP_RUN) fs.rmSync(dir, { recursive: true, force: true });
}
