#!/usr/bin/env node
// consider-cli latency and memory: `summary` and `list --json` on stores of 100, 1,000 and
// 10,000 threads, as a ratio to a bare `node -e 0` measured in the same run (median of
// several runs), plus the peak RSS of one run (GNU time when present, else the child's
// maxRSS reported by the OS). Targets (issue 2): ≤ 1.5× at 1,000 threads, ≤ 3× at 10,000.
//
//   node scripts/build.mjs --no-webview && node bench/cli-bench.mjs [--runs 9] [--sizes 100,1000,10000]
//
// The stores are realistic: threads spread over 50 real files, anchors captured by the
// store module from the files' content, a reply on every third thread, a quarter resolved.
// One warm-up run per store lets the lazy re-anchoring settle (it writes only when a file
// changed), so the timed runs measure the steady state an agent sees.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { copyRuntime, makeBenchWorkspace } from './bench-workspace.mjs';
import { timeRun } from './time-run.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '9' }, sizes: { type: 'string', default: '100,1000,10000' } } });
const RUNS = Number(values.runs);
const SIZES = values.sizes.split(',').map(Number);

// Run from a private copy of the runtime, so a concurrent rebuild of dist/ cannot disturb us.
const { runtime, cli, store } = copyRuntime(repo);
const gnuTime = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Peak RSS in MB of one run. */
function peakMb(args, cwd) {
  if (gnuTime) {
    const r = spawnSync(gnuTime, ['-f', '%M', process.execPath, ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
    const kb = Number(r.stderr.trim().split('\n').pop());
    if (Number.isFinite(kb)) return kb / 1024;
  }
  // Fallback: maxRSS of all waited-for children of this process is the best the OS gives us.
  spawnSync(process.execPath, args, { cwd, stdio: 'ignore' });
  return process.resourceUsage().maxRSS / 1024;
}

/** Interleaves the baseline with the measured command, so machine load affects both alike. */
function measure(args, cwd) {
  const base = [];
  const cmd = [];
  for (let i = 0; i < RUNS; i++) {
    base.push(timeRun(['-e', '0'], cwd));
    cmd.push(timeRun(args, cwd));
  }
  const pick = (xs, k) => median(xs.map((x) => x[k]));
  const best = (xs) => Math.min(...xs.map((x) => x.wall));
  return { base: pick(base, 'wall'), cmd: pick(cmd, 'wall'), baseCpu: pick(base, 'cpu'), cmdCpu: pick(cmd, 'cpu'), minRatio: best(cmd) / best(base) };
}

const rows = [];
const baselineRss = peakMb(['-e', '0'], os.tmpdir());
for (const n of SIZES) {
  const root = makeBenchWorkspace(store, n);
  const bytes = fs.statSync(store.considerPaths(root).store).size;
  timeRun([cli, 'summary'], root); // warm-up: lazy re-anchoring settles, the OS caches the files
  for (const [label, args] of [['summary', [cli, 'summary']], ['list --json', [cli, 'list', '--json']]]) {
    const { base, cmd, baseCpu, cmdCpu, minRatio } = measure(args, root);
    rows.push({ threads: n, storeMb: bytes / 1048576, command: label, baseMs: base, cmdMs: cmd, ratio: cmd / base, minRatio, cpuRatio: cmdCpu / baseCpu, baseCpu, cmdCpu, peakMb: peakMb(args, root) });
  }
  if (process.env.KEEP) console.error(root); else fs.rmSync(root, { recursive: true, force: true });
}
if (!process.env.KEEP) fs.rmSync(runtime, { recursive: true, force: true });

const target = (n) => (n <= 1000 ? 1.5 : 3);
console.log(`consider-cli benchmark — node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}, median of ${RUNS} interleaved runs, node -e 0 peak RSS ${baselineRss.toFixed(1)} MB`);
console.log('');
console.log('| threads | store | command | node -e 0 wall | cli wall | wall ratio | best-run ratio | node -e 0 CPU | cli CPU | CPU ratio | target (wall) | peak RSS |');
console.log('| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  const t = target(r.threads);
  const verdict = r.threads >= 1000 ? `≤ ${t}× ${r.ratio <= t ? 'ok' : 'MISSED'}` : '—';
  console.log(`| ${r.threads.toLocaleString('en')} | ${r.storeMb.toFixed(1)} MB | ${r.command} | ${r.baseMs.toFixed(0)} ms | ${r.cmdMs.toFixed(0)} ms | ${r.ratio.toFixed(2)}× | ${r.minRatio.toFixed(2)}× | ${r.baseCpu.toFixed(0)} ms | ${r.cmdCpu.toFixed(0)} ms | ${r.cpuRatio.toFixed(2)}× | ${verdict} | ${r.peakMb.toFixed(1)} MB |`);
}
console.log('');
console.log('wall = median elapsed time (the target); best-run = fastest run of each, the least disturbed by other load;');
console.log('CPU = median user+sys of the process, steadier than wall time when other work shares the machine.');
