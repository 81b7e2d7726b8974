// Loads the project's re-anchoring code (shared/anchoring/reconcile.ts + captureAnchor) for the benchmarks:
// esbuild bundles the TypeScript sources into one temporary CommonJS file, so the benchmark
// measures exactly the code the CLI and the extension ship, without a separate build step.
import * as esbuild from 'esbuild';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function loadAlgorithm() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-bench-'));
  const entry = path.join(dir, 'entry.ts');
  const out = path.join(dir, 'algorithm.cjs');
  const shared = path.join(projectRoot, 'shared');
  fs.writeFileSync(entry, [
    `export { reanchor } from ${JSON.stringify(path.join(shared, 'anchoring', 'reconcile.ts'))};`,
    `export { captureAnchor, hashContent } from ${JSON.stringify(path.join(shared, 'anchoring', 'anchor.ts'))};`,
    `export { splitLines, normalizeLine } from ${JSON.stringify(path.join(shared, 'text.ts'))};`,
    `export { movedCodeNeedle, findCopies, followableAcrossFiles } from ${JSON.stringify(path.join(shared, 'anchoring', 'moved-code.ts'))};`,
  ].join('\n'));
  await esbuild.build({ entryPoints: [entry], outfile: out, bundle: true, platform: 'node', format: 'cjs', logLevel: 'warning' });
  const mod = createRequire(import.meta.url)(out);
  fs.rmSync(dir, { recursive: true, force: true });
  return mod;
}

/**
 * The store module (shared/index.ts: addThread, reconcileWorkspace, readStore, …) bundled from
 * source the same way, for cases that need a whole workspace (moved_file).
 */
export async function loadStoreModule() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-bench-'));
  const out = path.join(dir, 'store.cjs');
  await esbuild.build({ entryPoints: [path.join(projectRoot, 'shared', 'index.ts')], outfile: out, bundle: true, platform: 'node', format: 'cjs', logLevel: 'warning' });
  const mod = createRequire(import.meta.url)(out);
  fs.rmSync(dir, { recursive: true, force: true });
  return mod;
}
