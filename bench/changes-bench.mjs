#!/usr/bin/env node
// Figures for the Changes view (issue 23), on a 10,000-file git repository:
//  - the first capture of a baseline (nothing captured before: every file read, hashed, copied);
//  - the capture a Submit Review adds when an agent changed 50 files since the previous one
//    (incremental: files whose stat did not change are not read);
//  - listing the changes since a round (what the view computes when it opens) and since HEAD;
//  - disk: what one round costs (its manifest, and the copies of the files that changed).
// Targets: ≤ 2 s first capture, ≤ 300 ms added to Submit, ≤ 500 ms to list. Figures, not tests.
// Usage: node bench/changes-bench.mjs [--files N] [--changed N] [--rounds N]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const FILES = arg('files', 10_000);
const CHANGED = arg('changed', 50);
const ROUNDS = arg('rounds', 5);

// The module under test, bundled as the extension bundles it (shared/ in, nothing external).
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-changes-bench-'));
const bundle = path.join(work, 'changes.cjs');
await esbuild.build({ entryPoints: [path.join(repoRoot, 'shared/changes/index.ts')], outfile: bundle, bundle: true, platform: 'node', format: 'cjs', target: 'node18', logLevel: 'warning' });
const changes = createRequire(import.meta.url)(bundle);

const git = (root, ...args) => execFileSync('git', ['-C', root, '-c', 'user.email=b@example.com', '-c', 'user.name=b', ...args], { stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 28 });

function sourceFile(i, variant = 0) {
  const lines = [`// module ${i}`, `export function f${i}(x: number): number {`];
  for (let l = 0; l < 36; l++) lines.push(`  const v${l} = x * ${l + variant} + ${i}; // line ${l} of file ${i}`);
  lines.push('  return x;', '}');
  return lines.join('\n') + '\n';
}

function makeRepo() {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(work, 'repo-')));
  git(root, 'init', '-q');
  for (let i = 0; i < FILES; i++) {
    const rel = `src/pkg${Math.floor(i / 100)}/mod${i}.ts`;
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), sourceFile(i));
  }
  git(root, 'add', '.');
  git(root, 'commit', '-qm', 'bench');
  return root;
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const dirBytes = (dir) => {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) n += e.isDirectory() ? dirBytes(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).size;
  return n;
};
const kib = (b) => `${(b / 1024).toFixed(0)} KiB`;
const timed = (fn) => {
  const t = process.hrtime.bigint();
  const value = fn();
  return { value, ms: Number(process.hrtime.bigint() - t) / 1e6 };
};

console.log(`Changes view figures: ${FILES.toLocaleString('en')} files, ${CHANGED} changed per round, Node ${process.version}, ${os.cpus().length} cores\n`);
const root = makeRepo();
const repoBytes = dirBytes(path.join(root, 'src'));

// First capture, from scratch (no .consider/ at all), three times.
const first = [];
for (let i = 0; i < 3; i++) {
  fs.rmSync(path.join(root, '.consider'), { recursive: true, force: true });
  sleep(2_100); // the files are older than the racy window, as in a real workspace
  first.push(timed(() => changes.captureBaseline(root, { kind: 'round', previous: null })).ms);
}
const firstDisk = dirBytes(path.join(root, '.consider'));

// Rounds: the agent changes CHANGED files, then Submit Review captures (incremental).
const store = { version: 1, comments: [], reviews: [] };
const firstRound = changes.captureForRound(root, store);
store.reviews.push({ round: 1, submittedAt: new Date().toISOString(), threadIds: [], baseline: firstRound.report.baseline.id });
const submit = [];
const listRound = [];
const listHead = [];
const perRound = [];
let reads = 0;
for (let r = 0; r < ROUNDS; r++) {
  sleep(2_100);
  for (let k = 0; k < CHANGED; k++) {
    const i = (r * CHANGED + k * 197) % FILES;
    fs.writeFileSync(path.join(root, `src/pkg${Math.floor(i / 100)}/mod${i}.ts`), sourceFile(i, r + 1));
  }
  const since = store.reviews.at(-1).baseline;
  const list = timed(() => changes.changesSince(root, { kind: 'capture', id: since }, store));
  if (!list.value.ok || list.value.list.changes.length !== CHANGED) throw new Error(`expected ${CHANGED} changes, got ${JSON.stringify(list.value).slice(0, 200)}`);
  listRound.push(list.ms);
  listHead.push(timed(() => changes.changesSince(root, { kind: 'head' }, store)).ms);
  const before = dirBytes(path.join(root, '.consider'));
  const cap = timed(() => changes.captureForRound(root, store));
  submit.push(cap.ms);
  reads += cap.value.report.read;
  perRound.push(dirBytes(path.join(root, '.consider')) - before);
  store.reviews.push({ round: r + 2, submittedAt: new Date().toISOString(), threadIds: [], baseline: cap.value.report.baseline.id });
}
const manifestBytes = fs.statSync(path.join(root, '.consider/baselines', `${store.reviews.at(-1).baseline}.json`)).size;

console.log('| figure | median | runs | target |');
console.log('| --- | --- | --- | --- |');
console.log(`| first capture (every file read and copied) | ${median(first).toFixed(0)} ms | ${first.map((x) => x.toFixed(0)).join(', ')} | ≤ 2,000 ms |`);
console.log(`| capture at Submit Review, ${CHANGED} files changed | ${median(submit).toFixed(0)} ms | ${submit.map((x) => x.toFixed(0)).join(', ')} | ≤ 300 ms |`);
console.log(`| list changes since the last round | ${median(listRound).toFixed(0)} ms | ${listRound.map((x) => x.toFixed(0)).join(', ')} | ≤ 500 ms |`);
console.log(`| list changes since HEAD (git) | ${median(listHead).toFixed(0)} ms | ${listHead.map((x) => x.toFixed(0)).join(', ')} | ≤ 500 ms |`);
console.log('');
console.log(`Files read per Submit capture: ${(reads / ROUNDS).toFixed(0)} (of ${FILES.toLocaleString('en')}).`);
console.log(`Disk: the source is ${kib(repoBytes)}; the first capture took ${kib(firstDisk)} under .consider/ (copies + manifest);`);
console.log(`each later round took ${perRound.map(kib).join(', ')} — its manifest (${kib(manifestBytes)}) plus copies of the ${CHANGED} changed files.`);
fs.rmSync(work, { recursive: true, force: true });
