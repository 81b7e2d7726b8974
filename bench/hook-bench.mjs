#!/usr/bin/env node
// `consider-cli hook stop --agent claude` latency: what every turn of a Claude Code session
// pays once Consider's stop hook is installed. On a settled 1,000-thread store (as
// cli-bench.mjs builds it, bench-workspace.mjs), with the Claude Code Stop input on stdin, as
// a ratio to a bare `node -e 0` run alternately with it (pair by pair, so drifting machine
// load touches both alike). min / median / max over --runs runs (default 31).
//
//   node scripts/build.mjs --no-webview && node bench/hook-bench.mjs [--runs 31] [--threads 1000]
//
// Cases: nothing waiting (every thread read by the agent: the common stop, answered from the
// list index alone), and feedback waiting (every open thread unseen: the stop is blocked, the
// feedback's key is computed from the store and the hook state file written), with `summary`
// on the same store for comparison.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { copyRuntime, makeBenchWorkspace } from './bench-workspace.mjs';
import { timeRun } from './time-run.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '31' }, threads: { type: 'string', default: '1000' } } });
const RUNS = Number(values.runs);
const THREADS = Number(values.threads);
const { runtime, cli, store } = copyRuntime(repo);

/** Claude Code's documented Stop input (test/fixtures/hooks/claude-stop.json) for this workspace. */
function stopInput(root) {
  const text = fs.readFileSync(path.join(repo, 'test', 'fixtures', 'hooks', 'claude-stop.json'), 'utf8');
  return text.replaceAll('"$ROOT"', JSON.stringify(root));
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor(s.length / 2)], max: s[s.length - 1] };
};

/** Alternates `node -e 0` and the command; checks every answer with `expect`. */
function measure(args, root, expect) {
  const input = stopInput(root);
  const base = [];
  const cmd = [];
  for (let i = 0; i < RUNS; i++) {
    base.push(timeRun(['-e', '0'], root, { input }));
    const run = timeRun(args, root, { input, keepStdout: true });
    const problem = expect(run.stdout);
    if (problem) throw new Error(`${args.slice(1).join(' ')}: ${problem}`);
    cmd.push(run);
  }
  const of = (runs, k) => runs.map((x) => x[k]);
  return {
    base: stats(of(base, 'wall')), cmd: stats(of(cmd, 'wall')), ratio: stats(cmd.map((c, i) => c.wall / base[i].wall)),
    cpuRatio: stats(cmd.map((c, i) => c.cpu / base[i].cpu)), cmdCpu: stats(of(cmd, 'cpu')),
  };
}

/** A settled workspace with its list index in place (the first read leaves it). */
function settledWorkspace(seenByAgent) {
  const root = makeBenchWorkspace(store, THREADS, { seenByAgent });
  timeRun([cli, 'list', '--json'], root);
  if (!fs.existsSync(store.considerPaths(root).listIndex)) throw new Error('no list index after the warm-up read');
  return root;
}

const rows = [];
const quiet = settledWorkspace(true);
const waiting = settledWorkspace(false);
const hookArgs = [cli, 'hook', 'stop', '--agent', 'claude'];
rows.push(['hook stop, nothing waiting', measure(hookArgs, quiet, (out) => (out === '' ? undefined : `printed ${out}`))]);
rows.push(['hook stop, feedback waiting (blocks)', measure(hookArgs, waiting, (out) => (/^\{"decision":"block","reason":"750 new review comments/.test(out) ? undefined : `printed ${out}`))]);
rows.push(['summary (for comparison)', measure([cli, 'summary'], quiet, (out) => (out.includes('750 open comments') ? undefined : `printed ${out}`))]);
for (const root of [quiet, waiting]) fs.rmSync(root, { recursive: true, force: true });
fs.rmSync(runtime, { recursive: true, force: true });

const f = (x) => x.toFixed(1);
const r = (x) => x.toFixed(2);
console.log(`consider-cli hook latency — ${THREADS.toLocaleString('en')} threads, settled store, node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}, ${RUNS} runs alternating with node -e 0`);
console.log('');
const mmm = (s, fmt, unit = '') => `${fmt(s.min)}${unit} / ${fmt(s.median)}${unit} / ${fmt(s.max)}${unit}`;
console.log('| case | wall ms | node -e 0 wall ms | wall ratio | CPU ms | CPU ratio |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const [label, m] of rows) {
  console.log(`| ${label} | ${mmm(m.cmd, f)} | ${mmm(m.base, f)} | ${mmm(m.ratio, r, '×')} | ${mmm(m.cmdCpu, f)} | ${mmm(m.cpuRatio, r, '×')} |`);
}
console.log('');
console.log('Each cell: min / median / max. ratio = each run over the node -e 0 run just before it. wall: the whole process');
console.log('as seen from outside (bash, spawn included); CPU: user + sys of the process, steadier than wall when the machine is shared.');
