// One build for the whole product (style.md item 11):
//  - dist/extension/extension.js   the extension (CommonJS, `vscode` external, shared/ bundled in)
//  - dist/extension/changes-worker.js  the Changes view's worker thread (shared/changes bundled in)
//  - dist/runtime/                 the CLI runtime exactly as setup deploys it into .consider/ (spec §4.1):
//        bin/consider-cli          sh wrapper
//        bin/consider-cli.cjs      entry point (requires ../shared/*.js, nothing else)
//        bin/consider-cli.js       same file, for callers that run `node consider-cli.js`
//        bin/consider-mcp.cjs      `consider-cli mcp`: the MCP server, loaded by that command only (requires ../shared/store.js)
//        bin/consider-changes.cjs  `consider-cli digest` since a captured baseline: the Changes view's reader (shared/changes)
//        bin/consider-pr.cjs       `consider-cli pr`: the pull request bridge (shared/pr), loaded by that command only
//        bin/package.json          {"type":"commonjs"} so a surrounding "type":"module" can't break it
//        shared/store.js           the store module (lock, atomic write, operations, reconcile pass)
//        shared/reconcile.js       the re-anchoring algorithm
//        shared/package.json
//  - dist/webview/                 the React board (Vite, fixed asset names)
// Flags: --production (minify off — readable stack-free bundles are small anyway — but no sourcemaps),
//        --watch (rebuild the TypeScript bundles on change), --no-webview (skip the Vite build).
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const production = args.has('--production');
const watch = args.has('--watch');
const dist = path.join(root, 'dist');
const runtime = path.join(dist, 'runtime');
const sharedDir = path.join(root, 'shared');

/** The two files the deployed runtime exposes from shared/ (spec §4.1). */
const RUNTIME_MODULES = {
  [path.join(sharedDir, 'index.ts')]: 'store.js',
  [path.join(sharedDir, 'anchoring', 'reconcile.ts')]: 'reconcile.js',
};

/**
 * Keeps the runtime split as spec §4.1 lays it out: the CLI requires ../shared/store.js and
 * ../shared/reconcile.js instead of inlining them, and store.js requires ./reconcile.js.
 * The CLI may import nothing else from shared/, so the deployed files stay the whole contract.
 * The MCP server ('mcp') shares the CLI's store module the same way, and bundles its tool table.
 */
function runtimeSplit(kind) {
  return {
    name: 'runtime-split',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (a) => {
        const base = path.resolve(a.resolveDir, a.path);
        const file = [base, base + '.ts', path.join(base, 'index.ts')].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
        if (!file) return undefined;
        const target = RUNTIME_MODULES[file];
        const fromShared = a.importer.startsWith(sharedDir + path.sep);
        if (kind === 'cli' || kind === 'mcp' || kind === 'pr') {
          if (target) return { path: `../shared/${target}`, external: true };
          if (kind === 'cli' && file.startsWith(sharedDir + path.sep) && !fromShared) {
            return { errors: [{ text: `cli/ may import only shared (its index, the store module) or shared/anchoring/reconcile (got ${path.relative(root, file)})` }] };
          }
        }
        if (kind === 'store' && target === 'reconcile.js') return { path: './reconcile.js', external: true };
        return undefined;
      });
    },
  };
}

const common = {
  bundle: true,
  platform: 'node',
  target: 'node18',
  format: 'cjs',
  sourcemap: production ? false : 'linked',
  logLevel: 'warning',
  legalComments: 'none',
};

const builds = [
  { ...common, entryPoints: [path.join(root, 'extension/extension.ts')], outfile: path.join(dist, 'extension/extension.js'), external: ['vscode'] },
  // The Changes view's worker thread: what it computes off the extension host's thread (no vscode there).
  { ...common, entryPoints: [path.join(root, 'extension/changes/compute-worker.ts')], outfile: path.join(dist, 'extension/changes-worker.js') },
  { ...common, entryPoints: [path.join(sharedDir, 'index.ts')], outfile: path.join(runtime, 'shared/store.js'), plugins: [runtimeSplit('store')] },
  { ...common, entryPoints: [path.join(sharedDir, 'anchoring', 'reconcile.ts')], outfile: path.join(runtime, 'shared/reconcile.js') },
  { ...common, entryPoints: [path.join(root, 'cli/main.ts')], outfile: path.join(runtime, 'bin/consider-cli.cjs'), plugins: [runtimeSplit('cli')], banner: { js: '#!/usr/bin/env node' } },
  // `consider-cli digest` since a captured baseline only: the Changes view's reader, in its own file.
  { ...common, entryPoints: [path.join(root, 'cli/digest/changes-bundle.ts')], outfile: path.join(runtime, 'bin/consider-changes.cjs'), plugins: [runtimeSplit('changes')] },
  // `consider-cli pr` only: the pull request bridge (shared/pr, the GitHub client), loaded by that command alone.
  { ...common, entryPoints: [path.join(root, 'cli/pr/run.ts')], outfile: path.join(runtime, 'bin/consider-pr.cjs'), plugins: [runtimeSplit('pr')] },
  // `consider-cli mcp` only: the MCP server in its own file, loaded by that command alone.
  { ...common, entryPoints: [path.join(root, 'cli/mcp/server.ts')], outfile: path.join(runtime, 'bin/consider-mcp.cjs'), plugins: [runtimeSplit('mcp')] },
  // consider-setup: setup/uninstall from a terminal; finds ../runtime and ../../skills next to itself.
  { ...common, entryPoints: [path.join(root, 'setup/consider-setup.ts')], outfile: path.join(dist, 'setup/consider-setup.cjs'), banner: { js: '#!/usr/bin/env node' } },
];

function layoutRuntime() {
  const bin = path.join(runtime, 'bin');
  const cjs = path.join(bin, 'consider-cli.cjs');
  fs.copyFileSync(cjs, path.join(bin, 'consider-cli.js'));
  fs.chmodSync(cjs, 0o755);
  if (fs.existsSync(path.join(dist, 'setup/consider-setup.cjs'))) fs.chmodSync(path.join(dist, 'setup/consider-setup.cjs'), 0o755);
  const commonjs = JSON.stringify({ type: 'commonjs' }, null, 2) + '\n';
  fs.writeFileSync(path.join(bin, 'package.json'), commonjs);
  fs.writeFileSync(path.join(runtime, 'shared/package.json'), commonjs);
  const wrapper = path.join(bin, 'consider-cli');
  fs.writeFileSync(wrapper, '#!/bin/sh\nexec node "$(dirname "$0")/consider-cli.cjs" "$@"\n');
  fs.chmodSync(wrapper, 0o755);
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  fs.writeFileSync(path.join(runtime, 'VERSION'), pkg.version + '\n');
}

function buildWebview() {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', path.join(root, 'webview/vite.config.mts'), '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('webview build failed');
}

if (watch) {
  for (const b of builds) {
    const ctx = await esbuild.context({ ...b, plugins: [...(b.plugins ?? []), { name: 'layout', setup: (bb) => bb.onEnd(() => { try { layoutRuntime(); } catch { /* cli not built yet */ } }) }] });
    await ctx.watch();
  }
  console.log('watching extension/, cli/, shared/ …');
} else {
  // No clean step: several builds may run at once (tests, watch), and esbuild overwrites
  // its outputs; a clean would pull files from under a running test.
  await Promise.all(builds.map((b) => esbuild.build(b)));
  layoutRuntime();
  if (!args.has('--no-webview')) buildWebview();
  console.log(`built dist/ (${production ? 'production' : 'development'})`);
}
