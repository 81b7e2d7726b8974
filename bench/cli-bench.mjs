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
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '9' }, sizes: { type: 'string', default: '100,1000,10000' } } });
const RUNS = Number(values.runs);
const SIZES = values.sizes.split(',').map(Number);
const FILES = 50;
const LINES_PER_FILE = 400;

// Run from a private copy of the runtime, so a concurrent rebuild of dist/ cannot disturb us.
const runtime = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-bench-runtime-'));
fs.cpSync(path.join(repo, 'dist', 'runtime'), runtime, { recursive: true });
const cli = path.join(runtime, 'bin', 'consider-cli.cjs');
const store = createRequire(import.meta.url)(path.join(runtime, 'shared', 'store.js'));
const gnuTime = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

function sourceFile(f) {
  const lines = [];
  for (let i = 1; i <= LINES_PER_FILE; i++) lines.push(i % 20 === 1 ? `export function f${f}_${i}(x: number) {` : `  const v${i} = x * ${i} + ${f}; // file ${f} line ${i}`);
  return lines.join('\n') + '\n';
}

function makeWorkspace(threads) {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `consider-bench-${threads}-`)));
  store.ensureConsiderDir(root);
  const texts = [];
  for (let f = 0; f < FILES; f++) {
    const rel = `src/mod${f}.ts`;
    fs.mkdirSync(path.join(root, 'src'), { recursive: true });
    const text = sourceFile(f);
    fs.writeFileSync(path.join(root, rel), text);
    texts.push({ rel, text, snapshot: store.recordSnapshot(root, text) });
  }
  // The steady state an agent sees: files were last written well before the threads' last
  // check, so reads may trust their stat (a file changed within 2 s of a check is hashed).
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2_100);
  for (const t of texts) t.file = store.fingerprintOf(fs.statSync(path.join(root, t.rel)), Buffer.from(t.text));
  // Each thread added and checked at its own time, as threads added one by one are (a
  // millisecond apart, all after the files' last change): the list index then keeps one
  // check per thread, its largest form.
  const base = Date.now();
  const comments = [];
  for (let i = 0; i < threads; i++) {
    const t = texts[i % FILES];
    const start = 1 + ((i * 7) % (LINES_PER_FILE - 3));
    const now = new Date(base + i).toISOString();
    const anchor = store.captureAnchor(t.text, start, start + (i % 3), now);
    anchor.file = t.file;
    if (t.snapshot) anchor.snapshot = t.snapshot;
    const resolved = i % 4 === 0;
    comments.push({
      id: `c_${i.toString(36).padStart(8, '0')}`,
      file: t.rel,
      anchor,
      workflowState: resolved ? 'resolved' : 'open',
      anchorState: 'anchored',
      createdAt: now,
      updatedAt: now,
      author: 'human',
      body: `Thread ${i}: please check the arithmetic here, it looks off by one when x is negative.`,
      thread: i % 3 === 0 ? [{ id: `r_${i.toString(36).padStart(8, '0')}`, author: 'agent', body: 'Checked: it is right, x is never negative here.', createdAt: now }] : [],
      ...(resolved ? { resolvedAt: now, resolvedBy: 'agent' } : {}),
    });
  }
  fs.writeFileSync(store.considerPaths(root).store, store.serializeStore({ version: 1, comments }));
  return root;
}

const quote = (s) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * One run: wall time (what the targets are about) and CPU time (user + sys, from bash's
 * `time`, i.e. getrusage of the child). On a shared, loaded machine wall time swings with
 * the load while CPU time stays put, so both are reported.
 */
function timeOnce(args, cwd) {
  const script = `TIMEFORMAT='%3U %3S'; time ${[process.execPath, ...args].map(quote).join(' ')} >/dev/null 2>/tmp/consider-bench-stderr`;
  const t0 = process.hrtime.bigint();
  const r = spawnSync('bash', ['-c', script], { cwd, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr} ${fs.readFileSync('/tmp/consider-bench-stderr', 'utf8')}`);
  const [user, sys] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: (user + sys) * 1000 };
}

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
    base.push(timeOnce(['-e', '0'], cwd));
    cmd.push(timeOnce(args, cwd));
  }
  const pick = (xs, k) => median(xs.map((x) => x[k]));
  const best = (xs) => Math.min(...xs.map((x) => x.wall));
  return { base: pick(base, 'wall'), cmd: pick(cmd, 'wall'), baseCpu: pick(base, 'cpu'), cmdCpu: pick(cmd, 'cpu'), minRatio: best(cmd) / best(base) };
}

const rows = [];
const baselineRss = peakMb(['-e', '0'], os.tmpdir());
for (const n of SIZES) {
  const root = makeWorkspace(n);
  const bytes = fs.statSync(store.considerPaths(root).store).size;
  timeOnce([cli, 'summary'], root); // warm-up: lazy re-anchoring settles, the OS caches the files
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
