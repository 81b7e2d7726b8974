#!/usr/bin/env node
// `consider-cli wait` wake-up latency: how long after a Submit Review lands in store.json the
// waiting agent's CLI has printed the news. A `wait` process is started on a workspace whose
// only threads are pending, given time to start watching, then the review is submitted
// through the store module (as the extension does); the figure is the time from the submit's
// return (store.json renamed into place) to the first byte on the waiter's stdout, and to its
// exit. Median, min and max over --runs rounds (default 25).
//
//   node scripts/build.mjs --no-webview && node bench/wait-bench.mjs [--runs 25]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '25' } } });
const RUNS = Number(values.runs);
const runtime = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-bench-runtime-'));
fs.cpSync(path.join(repo, 'dist', 'runtime'), runtime, { recursive: true });
const cli = path.join(runtime, 'bin', 'consider-cli.cjs');
const store = createRequire(import.meta.url)(path.join(runtime, 'shared', 'store.js'));

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-bench-wait-')));
fs.mkdirSync(path.join(root, 'src'));
fs.writeFileSync(path.join(root, 'src/a.ts'), Array.from({ length: 200 }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n');
store.ensureConsiderDir(root);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const toPrint = [];
const toExit = [];
for (let run = 0; run < RUNS; run++) {
  // One pending thread per round; the agent has read everything submitted before.
  await store.addThread(root, { file: 'src/a.ts', startLine: 1 + (run % 200), endLine: 1 + (run % 200), body: `round ${run}`, author: 'human', pending: true });
  const child = spawn(process.execPath, [cli, 'wait', '--timeout', '30', '--root', root], { stdio: ['ignore', 'pipe', 'pipe'] });
  const printed = new Promise((resolve) => child.stdout.once('data', () => resolve(performance.now())));
  const exited = new Promise((resolve) => child.on('close', (code) => resolve({ at: performance.now(), code })));
  await sleep(400); // started and watching (node starts in ~50 ms here)
  await store.submitReview(root);
  const submitted = performance.now();
  const [printedAt, { at: exitedAt, code }] = await Promise.all([printed, exited]);
  if (code !== 0) throw new Error(`wait exited ${code}`);
  toPrint.push(printedAt - submitted);
  toExit.push(exitedAt - submitted);
  const { store: s } = store.readStore(root);
  await store.markSeenByAgent(root, s.comments.map((c) => c.id));
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor(s.length / 2)], max: s[s.length - 1] };
};
const row = (name, xs) => {
  const { min, median, max } = stats(xs);
  return `| ${name} | ${median.toFixed(1)} | ${min.toFixed(1)} | ${max.toFixed(1)} |`;
};
console.log(`consider-cli wait: wake-up after Submit Review (${RUNS} rounds, ms)\n`);
console.log('| from the submit landing to | median | min | max |');
console.log('| --- | --- | --- | --- |');
console.log(row('the news on stdout', toPrint));
console.log(row('the process exited', toExit));
fs.rmSync(root, { recursive: true, force: true });
fs.rmSync(runtime, { recursive: true, force: true });
