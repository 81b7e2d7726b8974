#!/usr/bin/env node
// Review per change (issue 38): the hunk marks of a 2,000-hunk change set after a file event.
// The code measured is the extension's own index (extension/changes/hunk-index.ts, which has no
// `vscode` in it) over the real sources the extension reads: a capture baseline's copies through
// shared/changes (what Submit Review / Mark All Reviewed leaves) and today's files from disk,
// read asynchronously as hunk-sources.ts reads them. Half the changes are marked reviewed, each
// file's marks with the shape of its hunks as the extension stores it (hunk-review.ts save), so a
// file event diffs the way the extension does: following the shape (hunks.ts computeHunks).
//
// What happens in the extension after an agent writes a file of the list (hunk-review.ts): a
// 30 ms debounce (idle), then `refresh` diffs that file alone and applies its marks, and the
// view reads `progress()`. Measured per event: event → marks and progress known (wall, without
// the debounce), and the longest task the extension host's thread ran meanwhile (the widest gap
// between two turns of the event loop: what VS Code could not interrupt). Three change sets:
//  - spread: 200 files × 10 changes (an agent's large refactor), one file rewritten per event;
//  - one file: a 10,000-line file holding all 2,000 changes, rewritten (the worst case for one event);
//  - the whole set computed (a new baseline or list): `sync`, which yields between files.
// Targets: ≤ 100 ms to marks after a file event; no task longer than 50 ms. Figures, not a test.
// Usage: node bench/hunks-bench.mjs [--events N] [--runs N]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const EVENTS = arg('events', 15);
const RUNS = arg('runs', 5);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-hunks-bench-'));
const entry = path.join(work, 'entry.ts');
fs.writeFileSync(entry, `
export { HunkIndex } from ${JSON.stringify(path.join(repoRoot, 'extension/changes/hunk-index.ts'))};
export { captureForRound, changesSince, baselineText } from ${JSON.stringify(path.join(repoRoot, 'shared/changes/index.ts'))};
export { shapeOf } from ${JSON.stringify(path.join(repoRoot, 'shared/changes/hunks.ts'))};
export { utf8Text } from ${JSON.stringify(path.join(repoRoot, 'shared/utf8.ts'))};
`);
const bundle = path.join(work, 'hunks.cjs');
await esbuild.build({ entryPoints: [entry], outfile: bundle, bundle: true, platform: 'node', format: 'cjs', target: 'node18', logLevel: 'warning' });
const { HunkIndex, captureForRound, changesSince, baselineText, utf8Text, shapeOf } = createRequire(import.meta.url)(bundle);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A module of `lines` lines; the lines `i % every === at` carry `variant` (each such line a change once edited). */
function source(name, lines, every, variant = 0, also = -1) {
  const out = [];
  for (let l = 0; l < lines; l++) {
    const changed = l % every === 2 && variant > 0;
    const extra = l === also ? ' // edited again' : '';
    out.push(`  const v${l} = ${name}(x, ${l}${changed ? ` + ${variant}` : ''}); // ${name} line ${l}${extra}`);
  }
  return out.join('\n') + '\n';
}

/**
 * Runs `fn` while a setImmediate ticker watches the event loop: the widest gap between two ticks
 * is the longest stretch the thread could not turn (one task and the microtasks it chained).
 */
async function watched(fn) {
  let last = performance.now();
  let longest = 0;
  let on = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (on) setImmediate(tick);
  };
  setImmediate(tick);
  const t = performance.now();
  const value = await fn();
  const ms = performance.now() - t;
  on = false;
  await new Promise((r) => setImmediate(r));
  return { value, ms, longest };
}

/** A folder with a capture of `files` (name → text), then edited to `edited`; the index over it. */
async function changeSet(label, files, edited) {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(work, `${label}-`)));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  const store = { version: 1, comments: [], reviews: [] };
  const cap = captureForRound(root, store);
  if (!cap.ok) throw new Error(cap.error);
  const ref = { kind: 'capture', id: cap.report.baseline.id };
  await sleep(2_100); // the edits fall outside the capture's racy window
  for (const [rel, text] of Object.entries(edited)) fs.writeFileSync(path.join(root, rel), text);
  const listed = changesSince(root, ref, store);
  if (!listed.ok) throw new Error(JSON.stringify(listed));
  const source = {
    baselineText: async (c) => baselineText(root, ref, c.oldPath ?? c.path),
    currentText: async (c) => {
      try { return utf8Text(await fs.promises.readFile(path.join(root, c.path))); } catch { return undefined; }
    },
  };
  return { root, ref, changes: listed.list.changes, source };
}

/** Computes the whole set, then marks every other change reviewed (as a user half-way through). */
async function indexOf(set) {
  const index = new HunkIndex(`capture:${set.ref.id}`);
  const marks = new Map();
  const synced = await watched(() => index.sync(set.changes, set.source, (p) => marks.get(p), () => false));
  for (const [p, f] of index.files) {
    marks.set(p, { reviewed: new Set(f.ids.filter((_, i) => i % 2 === 0)), ...(f.lines && f.hunks.length ? { shape: shapeOf(f.lines, f.hunks) } : {}) });
    index.applyMarks(p, marks.get(p), false);
  }
  return { index, marks, synced };
}

/** One file event: the agent rewrote `rel` (one of its changes edited again); marks after the debounce. */
async function fileEvent(set, index, marks, rel, text) {
  fs.writeFileSync(path.join(set.root, rel), text);
  const change = set.changes.find((c) => c.path === rel);
  return watched(async () => {
    const changed = await index.refresh(change, set.source, marks.get(rel), false);
    if (!changed) throw new Error(`${rel}: the edit was not seen`);
    return index.progress();
  });
}

console.log(`Review per change: hunk marks of a 2,000-change set, Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);

// Spread: 200 files of 400 lines, each with 10 changes (a changed line every 40 lines).
const spreadBase = {};
const spreadNow = {};
for (let i = 0; i < 200; i++) {
  spreadBase[`src/pkg${i % 10}/mod${i}.ts`] = source(`f${i}`, 400, 40);
  spreadNow[`src/pkg${i % 10}/mod${i}.ts`] = source(`f${i}`, 400, 40, 1);
}
// One file: 10,000 lines, a changed line every 5 (2,000 changes).
const bigBase = { 'src/big.ts': source('big', 10_000, 5) };
const bigNow = { 'src/big.ts': source('big', 10_000, 5, 1) };

const rows = [];
for (const [label, base, now, eventFile] of [['spread', spreadBase, spreadNow, null], ['one file', bigBase, bigNow, 'src/big.ts']]) {
  const set = await changeSet(label.replace(' ', '-'), base, now);
  const syncMs = [];
  const syncLongest = [];
  let built;
  for (let r = 0; r < RUNS; r++) {
    built = await indexOf(set);
    syncMs.push(built.synced.ms);
    syncLongest.push(built.synced.longest);
  }
  const { index, marks } = built;
  const p = index.progress();
  if (p.total !== 2_000) throw new Error(`${label}: expected 2,000 changes, got ${p.total}`);
  const eventMs = [];
  const eventLongest = [];
  for (let e = 0; e < EVENTS + 2; e++) {
    const rel = eventFile ?? set.changes[(e * 37) % set.changes.length].path;
    // A changed line edited again: that change's mark goes, the file's others stay.
    const text = source(label === 'spread' ? `f${rel.match(/mod(\d+)/)[1]}` : 'big', label === 'spread' ? 400 : 10_000, label === 'spread' ? 40 : 5, 1, label === 'spread' ? 42 : 5_002 + 5 * e);
    const r = await fileEvent(set, index, marks, rel, text);
    if (r.value.total !== 2_000 || r.value.reviewed < 999) throw new Error(`${label}: progress ${JSON.stringify(r.value)}`);
    if (e >= 2) { eventMs.push(r.ms); eventLongest.push(r.longest); } // two warm-up events
    await sleep(40); // the debounce's quiet, and time for the next write
  }
  rows.push({ label, syncMs, syncLongest, eventMs, eventLongest, reviewed: index.progress().reviewed });
}

console.log(`| change set (2,000 changes, half marked) | file event → marks and progress | longest task during it | whole set computed (sync) | longest task during sync |`);
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  console.log(`| ${r.label === 'spread' ? '200 files × 10 changes, one file rewritten' : 'one 10,000-line file holding all 2,000, rewritten'} | ${median(r.eventMs).toFixed(1)} ms (${range(r.eventMs)}) | ${median(r.eventLongest).toFixed(1)} ms (${range(r.eventLongest)}) | ${median(r.syncMs).toFixed(0)} ms (${range(r.syncMs)}) | ${median(r.syncLongest).toFixed(1)} ms (${range(r.syncLongest)}) |`);
}
console.log(`\nMedian (range) of ${EVENTS} file events after 2 warm-up ones, and of ${RUNS} whole computations. In the extension a file event waits 30 ms of quiet first (idle, not counted). Targets: ≤ 100 ms to marks, no task over 50 ms.`);
fs.rmSync(work, { recursive: true, force: true });
