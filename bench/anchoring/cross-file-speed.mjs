// What following code into other files (issue 26) costs a read, in a large repository.
//
// A git repository of 10,000 files (100 folders × 100 files of 120 lines of distinct code,
// ~7 kB each, 71 MB in all, committed), with 30 threads on one file, src/orders.ts. Then the agent splits that
// file: src/orders.ts is deleted and its code goes into three new files. The timed command is
// the read that finds it out: `consider-cli list --json`, which orphans the 30 threads unless
// it follows them, run in pairs with the CLI of the baseline runtime (which orphans them
// without looking: the difference is the search's cost). Two cases:
//  - "split": the usual case, only the agent's new files were written since the threads were
//    last checked (the 9,999 others are older: one `stat` each);
//  - "after a checkout": every file of the repository was written since (a branch switch, a
//    fresh clone). Up to 64 MiB (MAX_SEARCHED_BYTES) each would be read, and decoded only when
//    it holds a target's longest word; this tree holds more, so the search gives up after the
//    `stat`s and the threads are orphaned (`--files 8000` shows a tree that is searched).
// Each run starts from the same state: the store as it was after the threads were added, the
// file put back, then the split made again.
//
//   node scripts/build.mjs --no-webview
//   node bench/anchoring/cross-file-speed.mjs [--runs 11] [--files 10000] [--baseline DIR/runtime]
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { projectRoot } from './load-algorithm.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '11' },
    files: { type: 'string', default: '10000' },
    threads: { type: 'string', default: '30' },
    baseline: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const FILES = Number(values.files);
const THREADS = Number(values.threads);
const runtime = path.join(projectRoot, 'dist/runtime');
const cli = path.join(runtime, 'bin/consider-cli.cjs');
if (!fs.existsSync(cli)) {
  console.error('build first: node scripts/build.mjs --no-webview');
  process.exit(1);
}
const baselineCli = values.baseline ? path.join(values.baseline, 'bin/consider-cli.cjs') : undefined;
const store = createRequire(import.meta.url)(path.join(runtime, 'shared/store.js'));

/** A file of distinct functions: 120 lines, ~7 kB. */
function sourceFile(tag, lines = 120) {
  const out = [`// module ${tag}`, "import { db } from '../db';", ''];
  for (let f = 0; out.length < lines; f++) {
    out.push(`export async function ${tag}_handler${f}(request: Request, limit: number): Promise<Response> {`,
      `  const rows = await db.query('select * from ${tag}_table_${f} where id = $1', [request.id]);`,
      `  if (rows.length > limit) throw new RangeError('${tag}: too many rows for handler ${f}');`,
      `  return Response.json(rows.map((row) => ({ ...row, source: '${tag}/${f}' })));`, '}', '');
  }
  return out.join('\n') + '\n';
}

function git(ws, ...args) {
  execFileSync('git', ['-C', ws, '-c', 'user.email=bench@example.com', '-c', 'user.name=bench', ...args], { stdio: 'ignore' });
}

const ORDERS = 'src/orders.ts';

function setUp() {
  const ws = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-crossfile-speed-')));
  for (let d = 0; d < FILES / 100; d++) {
    fs.mkdirSync(path.join(ws, `pkg${d}`), { recursive: true });
    for (let f = 0; f < 100 && d * 100 + f < FILES - 1; f++) fs.writeFileSync(path.join(ws, `pkg${d}`, `mod${f}.ts`), sourceFile(`p${d}m${f}`));
  }
  fs.mkdirSync(path.join(ws, 'src'));
  const orders = sourceFile('orders', 6 * THREADS + 3);
  fs.writeFileSync(path.join(ws, ORDERS), orders);
  git(ws, 'init', '-q');
  git(ws, 'add', '.');
  git(ws, 'commit', '-qm', 'A');
  // The files are old when the threads are added, as in a real repository.
  const old = new Date(Date.now() - 86_400_000);
  for (const rel of listFiles(ws)) fs.utimesSync(path.join(ws, rel), old, old);
  return { ws, orders };
}

function listFiles(ws) {
  return execFileSync('git', ['-C', ws, 'ls-files', '-z'], { encoding: 'utf8', maxBuffer: 64 << 20 }).split('\0').filter(Boolean);
}

async function addThreads(ws, orders) {
  const lines = orders.split('\n');
  const ids = [];
  for (let i = 0; i < THREADS; i++) {
    // The query and throw lines of handler i: distinctive.
    const start = lines.findIndex((l) => l.includes(`orders_handler${i}(`)) + 2;
    if (start < 2) throw new Error(`no handler ${i} in ${ORDERS}`);
    ids.push((await store.addThread(ws, { file: ORDERS, startLine: start, endLine: start + 1, body: `thread ${i}`, author: 'human' })).id);
  }
  return ids;
}

/** The agent's split: orders.ts deleted, its functions in three new files. */
function split(ws, orders) {
  const lines = orders.split('\n');
  const third = Math.ceil(lines.length / 3);
  fs.rmSync(path.join(ws, ORDERS));
  for (let k = 0; k < 3; k++) fs.writeFileSync(path.join(ws, `src/orders-${k}.ts`), lines.slice(k * third, (k + 1) * third).join('\n') + '\n');
}

function restore(ws, orders, saved) {
  for (let k = 0; k < 3; k++) fs.rmSync(path.join(ws, `src/orders-${k}.ts`), { force: true });
  fs.writeFileSync(path.join(ws, ORDERS), orders);
  const consider = path.join(ws, '.consider');
  fs.writeFileSync(path.join(consider, 'store.json'), saved);
  for (const f of ['store.json.index', 'store.json.validated']) fs.rmSync(path.join(consider, f), { force: true });
}

function timed(cliPath, ws) {
  const t0 = process.hrtime.bigint();
  const profile = values['cpu-prof'] && cliPath === cli ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] : [];
  const r = spawnSync(process.execPath, [...profile, cliPath, 'list', '--json', '--root', ws], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`consider-cli failed: ${r.stderr}`);
  const comments = JSON.parse(r.stdout).comments;
  return { ms, followed: comments.filter((c) => c.movedFrom).length, orphaned: comments.filter((c) => c.anchorState === 'orphaned').length };
}

/** Every committed file written now (but the one the split deleted), as a checkout would. */
function touchAll(ws) {
  const now = new Date();
  for (const rel of listFiles(ws)) if (rel !== ORDERS) fs.utimesSync(path.join(ws, rel), now, now);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const t0 = performance.now();
  const { ws, orders } = setUp();
  const ids = await addThreads(ws, orders);
  await store.reconcileWorkspace(ws); // settled: every thread checked, with its snapshot
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2_100); // past the racy window and the mtime slack
  const saved = fs.readFileSync(path.join(ws, '.consider/store.json'));
  console.log(`\nworkspace: ${FILES.toLocaleString('en-US')} files in git, ${ids.length} threads on ${ORDERS}; set up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const rows = [];
  for (const scenario of ['split', 'after a checkout']) {
    const ours = [];
    const base = [];
    let outcome;
    for (let run = 0; run < RUNS; run++) {
      for (const [cliPath, into] of [[cli, ours], ...(baselineCli ? [[baselineCli, base]] : [])]) {
        restore(ws, orders, saved);
        split(ws, orders);
        if (scenario === 'after a checkout') touchAll(ws);
        const r = timed(cliPath, ws);
        into.push(r.ms);
        if (cliPath === cli) outcome = r;
      }
    }
    // The same search in-process, for what it read.
    restore(ws, orders, saved);
    split(ws, orders);
    if (scenario === 'after a checkout') touchAll(ws);
    const stats = { searched: 0, listed: 0, recent: 0, read: 0, decoded: 0 };
    await store.reconcileWorkspace(ws, { crossFileStats: stats });
    rows.push({
      case: scenario,
      'followed / orphaned': `${outcome.followed} / ${outcome.orphaned}`,
      'files listed / written since / read / decoded': `${stats.listed} / ${stats.recent} / ${stats.read} / ${stats.decoded}`,
      'read, ms (median)': median(ours).toFixed(0),
      ...(baselineCli ? { 'baseline read (orphans all), ms': median(base).toFixed(0), 'difference, ms': (median(ours) - median(base)).toFixed(0) } : {}),
    });
  }
  const cols = Object.keys(rows[0]);
  console.log(`\n### A read that would orphan ${ids.length} threads (consider-cli list --json, ${RUNS} runs each${baselineCli ? ', paired with the baseline CLI' : ''})\n`);
  console.log(`| ${cols.join(' | ')} |\n| ${cols.map(() => '---').join(' | ')} |`);
  for (const r of rows) console.log(`| ${cols.map((c) => r[c]).join(' | ')} |`);
  if (values.keep) console.log(`\nkept: ${ws}`);
  else fs.rmSync(ws, { recursive: true, force: true });
}

await main();
