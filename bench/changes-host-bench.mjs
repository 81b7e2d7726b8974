#!/usr/bin/env node
// The extension host's busy time per file event for the Changes view (issue 36), on a
// 10,000-file git repository: the agent writes one file, the file watcher reports it, the view's
// model (extension/changes/changes-model.ts, bundled with a stand-in `vscode`) computes the list
// again after its debounce, and announces it. What is measured is the time the host's thread
// was busy (Node's event loop utilisation, `active`) from the event to the announcement: the time
// VS Code's extension host could not answer anything else. The debounce is idle time, not busy.
// Two baselines: a capture (Mark All Reviewed: what the view opens on after a Submit Review) and
// the last commit. Figures, not a test. Works on a checkout before issue 36 (the model computed
// on the host's thread, its own `**/*` watcher) and after (the worker, one shared watcher).
// Usage: node bench/changes-host-bench.mjs [--files N] [--events N] [--repo-root DIR]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const FILES = Number(arg('files', 10_000));
const EVENTS = Number(arg('events', 15));
// The code measured: this checkout, or another one (`--repo-root`, e.g. an export of main).
const code = path.resolve(arg('repo-root', path.join(path.dirname(fileURLToPath(import.meta.url)), '..')));

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-host-bench-'));
const has = (rel) => fs.existsSync(path.join(code, rel));
const withWorker = has('extension/changes/compute-client.ts');

// A stand-in `vscode`: what the model, its settings and the watcher touch.
fs.writeFileSync(path.join(work, 'vscode.js'), `
class EventEmitter {
  constructor() { this.listeners = new Set(); this.event = (l) => { this.listeners.add(l); return { dispose: () => this.listeners.delete(l) }; }; }
  fire(e) { for (const l of [...this.listeners]) l(e); }
  dispose() { this.listeners.clear(); }
}
const watchers = [];
const none = () => ({ dispose() {} });
const Uri = { file: (p) => ({ scheme: 'file', fsPath: p, toString: () => 'file://' + p }) };
module.exports = {
  EventEmitter, Uri, __watchers: watchers,
  workspace: {
    workspaceFolders: [], onDidChangeWorkspaceFolders: none, onDidChangeConfiguration: none,
    getConfiguration: () => ({ get: (_k, fallback) => fallback }),
    createFileSystemWatcher: () => {
      const w = { create: new EventEmitter(), change: new EventEmitter(), del: new EventEmitter() };
      watchers.push(w);
      return { onDidCreate: w.create.event, onDidChange: w.change.event, onDidDelete: w.del.event, dispose() {} };
    },
  },
  window: { showInformationMessage: async () => undefined, showWarningMessage: async () => undefined, showErrorMessage: async () => undefined },
  l10n: { t: (m, ...a) => m.replace(/\\{(\\d+)\\}/g, (_x, i) => String(a[Number(i)])) },
};
`);

const entry = path.join(work, 'entry.ts');
fs.writeFileSync(entry, [
  `export { ChangesModel } from ${JSON.stringify(path.join(code, 'extension/changes/changes-model'))};`,
  `export { captureMark } from ${JSON.stringify(path.join(code, 'shared/changes'))};`,
  ...(withWorker ? [
    `export { ChangesWorker } from ${JSON.stringify(path.join(code, 'extension/changes/compute-client'))};`,
    `export { WorkspaceFileEvents } from ${JSON.stringify(path.join(code, 'extension/util/file-events'))};`,
  ] : []),
].join('\n'));
// `vscode` stays one module, the stand-in this script sets up (bundled in, it would be a copy of its own).
const stub = { name: 'vscode-stub', setup: (b) => b.onResolve({ filter: /^vscode$/ }, () => ({ path: path.join(work, 'vscode.js'), external: true })) };
const common = { bundle: true, platform: 'node', format: 'cjs', target: 'node18', logLevel: 'warning', plugins: [stub] };
await esbuild.build({ ...common, entryPoints: [entry], outfile: path.join(work, 'model.cjs') });
if (withWorker) await esbuild.build({ ...common, entryPoints: [path.join(code, 'extension/changes/compute-worker.ts')], outfile: path.join(work, 'changes-worker.js') });
const require = createRequire(import.meta.url);
const vscode = require(path.join(work, 'vscode.js'));
const m = require(path.join(work, 'model.cjs'));

const git = (root, ...args) => execFileSync('git', ['-C', root, '-c', 'user.email=b@example.com', '-c', 'user.name=b', '-c', 'gc.auto=0', '-c', 'maintenance.auto=false', ...args], { stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 28 });
function sourceFile(i, variant = 0) {
  const lines = [`// module ${i}`, `export function f${i}(x: number): number {`];
  for (let l = 0; l < 36; l++) lines.push(`  const v${l} = x * ${l + variant} + ${i}; // line ${l} of file ${i}`);
  lines.push('  return x;', '}');
  return lines.join('\n') + '\n';
}
const fileOf = (i) => `src/pkg${Math.floor(i / 100)}/mod${i}.ts`;
const root = fs.realpathSync(fs.mkdtempSync(path.join(work, 'repo-')));
git(root, 'init', '-q');
for (let i = 0; i < FILES; i++) {
  fs.mkdirSync(path.dirname(path.join(root, fileOf(i))), { recursive: true });
  fs.writeFileSync(path.join(root, fileOf(i)), sourceFile(i));
}
git(root, 'add', '.');
git(root, 'commit', '-qm', 'bench');
await new Promise((r) => setTimeout(r, 2_100)); // older than the racy window, as in a real workspace
const store = { version: 1, comments: [], reviews: [] };
if (!m.captureMark(root, store).ok) throw new Error('no capture');

vscode.workspace.workspaceFolders = [{ uri: vscode.Uri.file(root), name: 'bench', index: 0 }];
const stores = { onDidChange: () => ({ dispose() {} }), get: () => ({ store }) };
const memento = { value: {}, get(k) { return this.value[k]; }, async update(k, v) { this.value[k] = v; } };
const log = { info() {}, warn() {}, error: (msg) => console.error(msg) };
const files = withWorker ? new m.WorkspaceFileEvents() : undefined;
const worker = withWorker ? new m.ChangesWorker(path.join(work, 'changes-worker.js'), (msg) => console.error(msg)) : undefined;
const model = withWorker ? new m.ChangesModel(stores, memento, log, files, worker) : new m.ChangesModel(stores, memento, log);
model.setActive(true);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
let edits = 0;
/** One agent write and its event; the host's busy ms until the model announced the new list. */
async function oneEvent() {
  const i = (edits++ * 197) % FILES;
  const rel = fileOf(i);
  fs.writeFileSync(path.join(root, rel), sourceFile(i, edits));
  const announced = new Promise((resolve) => { const d = model.onDidChange(() => { d.dispose(); resolve(); }); });
  const before = performance.eventLoopUtilization();
  const started = performance.now();
  for (const w of vscode.__watchers) w.change.fire(vscode.Uri.file(path.join(root, rel)));
  await announced;
  const busy = performance.eventLoopUtilization(before).active;
  return { busy, wall: performance.now() - started };
}

async function measure(label, choose) {
  await choose();
  for (let k = 0; k < 2; k++) await oneEvent(); // warm: the worker started, the bundle's code compiled
  const runs = [];
  for (let k = 0; k < EVENTS; k++) runs.push(await oneEvent());
  const busy = runs.map((r) => r.busy);
  const wall = runs.map((r) => r.wall);
  console.log(`| ${label} | ${median(busy).toFixed(1)} ms | ${Math.min(...busy).toFixed(1)}–${Math.max(...busy).toFixed(1)} ms | ${median(wall).toFixed(0)} ms |`);
}

console.log(`Changes view, extension host busy time per file event: ${FILES.toLocaleString('en')} files, ${EVENTS} events each, ${withWorker ? 'computed on the worker thread' : 'computed on the host\'s thread'} (${path.relative(process.cwd(), code) || '.'}), Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}\n`);
console.log('| baseline | host busy per event (median) | min–max | event → list shown (wall, with the 300 ms debounce) |');
console.log('| --- | --- | --- | --- |');
await measure('a capture (Mark All Reviewed)', () => model.choose(root, { kind: 'latest' }));
await measure('the last commit (git)', () => model.choose(root, { kind: 'head' }));
model.dispose();
worker?.dispose();
files?.dispose();
fs.rmSync(work, { recursive: true, force: true });
