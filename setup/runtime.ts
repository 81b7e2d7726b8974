/**
 * Deploys the CLI runtime the extension package carries (`dist/runtime`, built by
 * scripts/build.mjs) into `.consider/` exactly as spec §4.1 lays it out, plus a VERSION
 * stamp so an extension update can tell the deployed copy is old (spec §9.8).
 */
import fs from 'node:fs';
import path from 'node:path';
import { syncFile } from './fsutil';
import { considerPaths } from '../shared/paths';

/** [path inside dist/runtime, path inside .consider, executable?] */
export const RUNTIME_FILES: readonly (readonly [string, string, boolean])[] = [
  ['bin/consider-cli', 'bin/consider-cli', true],
  ['bin/consider-cli.cjs', 'bin/consider-cli.cjs', true],
  ['bin/consider-cli.js', 'bin/consider-cli.js', false],
  ['bin/package.json', 'bin/package.json', false],
  ['bin/consider-mcp.cjs', 'bin/consider-mcp.cjs', false],
  ['bin/consider-changes.cjs', 'bin/consider-changes.cjs', false],
  ['bin/consider-pr.cjs', 'bin/consider-pr.cjs', false],
  ['shared/store.js', 'shared/store.js', false],
  ['shared/reconcile.js', 'shared/reconcile.js', false],
  ['shared/package.json', 'shared/package.json', false],
  ['VERSION', 'bin/VERSION', false],
];

export function packageVersion(runtimeDir: string): string {
  return fs.readFileSync(path.join(runtimeDir, 'VERSION'), 'utf8').trim();
}

export function deployedVersion(root: string): string | undefined {
  return versionIn(considerPaths(root).dir);
}

/** The version stamped in a runtime deployed into `dir` (a `.consider/`, or the user's data folder). */
export function versionIn(dir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dir, 'bin', 'VERSION'), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

export function deployRuntime(root: string, runtimeDir: string): { kind: 'created' | 'updated' | 'unchanged'; path: string }[] {
  return deployRuntimeTo(considerPaths(root).dir, runtimeDir);
}

/** The runtime's files into `dir`, laid out as in `.consider/` (the user's copy goes through here too). */
export function deployRuntimeTo(dir: string, runtimeDir: string): { kind: 'created' | 'updated' | 'unchanged'; path: string }[] {
  const missing = RUNTIME_FILES.filter(([from]) => !fs.existsSync(path.join(runtimeDir, from)));
  if (missing.length) {
    throw new Error(`the CLI runtime is incomplete in ${runtimeDir} (missing ${missing.map((m) => m[0]).join(', ')}); run the build first`);
  }
  return RUNTIME_FILES.map(([from, to, exec]) => {
    const target = path.join(dir, to);
    return { kind: syncFile(target, fs.readFileSync(path.join(runtimeDir, from)), exec ? 0o755 : 0o644), path: target };
  });
}
