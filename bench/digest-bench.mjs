#!/usr/bin/env node
// `consider-cli digest` (issue 30): how long the page takes on a large store, and how big it is.
// The store is cli-bench's (bench-workspace.mjs: 1,000 threads over 50 files, a quarter
// resolved, every open one unseen, settled), in a git repository with five files changed since
// the last commit, and two review rounds. Timed as a ratio to a bare `node -e 0` run alternately
// with it, with `list` (the text listing) on the same store for comparison; min / median / max
// over --runs runs (default 21). Then the page's size on the demo workspace
// (scripts/demo-workspace.mjs), the example in the README.
//
//   node scripts/build.mjs --no-webview && node bench/digest-bench.mjs [--runs 21] [--threads 1000]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { copyRuntime, makeBenchWorkspace } from './bench-workspace.mjs';
import { timeRun } from './time-run.mjs';
import { createDemoWorkspace } from '../scripts/demo-workspace.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '21' }, threads: { type: 'string', default: '1000' } } });
const RUNS = Number(values.runs);
const THREADS = Number(values.threads);
const { runtime, cli, store } = copyRuntime(repo);

function git(root, ...args) {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'B', GIT_AUTHOR_EMAIL: 'b@example.com', GIT_COMMITTER_NAME: 'B', GIT_COMMITTER_EMAIL: 'b@example.com' } });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

/** The bench store in a git repository: five files changed since the last commit, and two submitted rounds. */
async function workspace() {
  const root = makeBenchWorkspace(store, THREADS);
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', 'src');
  git(root, 'commit', '-qm', 'start');
  for (let f = 0; f < 5; f++) fs.appendFileSync(path.join(root, `src/mod${f * 10}.ts`), `export const added${f} = ${f};\n`);
  for (const message of ['First pass.', 'Second pass: the arithmetic again.']) {
    await store.addThread(root, { file: 'src/mod1.ts', startLine: 3, endLine: 3, body: message, author: 'human', pending: true });
    await store.submitReview(root, { message });
  }
  timeRun([cli, 'list', '--json'], root); // settles the store (re-anchors the changed files) and leaves the list index
  return root;
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor(s.length / 2)], max: s[s.length - 1] };
};

function measure(args, root) {
  const base = [];
  const cmd = [];
  let out = '';
  for (let i = 0; i < RUNS; i++) {
    base.push(timeRun(['-e', '0'], root));
    const run = timeRun(args, root, { keepStdout: true });
    out = run.stdout;
    cmd.push(run);
  }
  return { base: stats(base.map((b) => b.wall)), cmd: stats(cmd.map((c) => c.wall)), ratio: stats(cmd.map((c, i) => c.wall / base[i].wall)), cpu: stats(cmd.map((c) => c.cpu)), chars: out.length };
}

const root = await workspace();
const rows = [
  ['digest (default cap, 12,000 characters)', measure([cli, 'digest'], root)],
  ['digest --max-chars 1000000 (every thread on the page)', measure([cli, 'digest', '--max-chars', '1000000'], root)],
  ['list (for comparison)', measure([cli, 'list'], root)],
];
fs.rmSync(root, { recursive: true, force: true });

const parent = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-digest-demo-')));
const demoRoot = path.join(parent, 'shop-demo');
await createDemoWorkspace(demoRoot, { repo });
const demoCli = path.join(demoRoot, '.consider/bin/consider-cli');
const demoPage = (...args) => spawnSync(demoCli, ['digest', ...args], { cwd: demoRoot, encoding: 'utf8' }).stdout;
const demo = { head: demoPage().length, branch: demoPage('--since', 'branch:HEAD~1').length, list: spawnSync(demoCli, ['list', '--workflow', 'all'], { cwd: demoRoot, encoding: 'utf8' }).stdout.length };
fs.rmSync(parent, { recursive: true, force: true });
fs.rmSync(runtime, { recursive: true, force: true });

const f = (x) => x.toFixed(1);
const r = (x) => x.toFixed(2);
const mmm = (s, fmt, unit = '') => `${fmt(s.min)}${unit} / ${fmt(s.median)}${unit} / ${fmt(s.max)}${unit}`;
console.log(`consider-cli digest — ${THREADS.toLocaleString('en')} threads (750 open, unseen), 5 files changed, 2 rounds; node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}, ${RUNS} runs alternating with node -e 0`);
console.log('');
console.log('| case | wall ms | node -e 0 wall ms | wall ratio | CPU ms | output characters |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const [label, m] of rows) console.log(`| ${label} | ${mmm(m.cmd, f)} | ${mmm(m.base, f)} | ${mmm(m.ratio, r, '×')} | ${mmm(m.cpu, f)} | ${m.chars.toLocaleString('en')} |`);
console.log('');
console.log(`Demo workspace: the digest is ${demo.head.toLocaleString('en')} characters (--since branch:HEAD~1, with the agent's last commit's files: ${demo.branch.toLocaleString('en')}); \`list --workflow all\` is ${demo.list.toLocaleString('en')}.`);
