#!/usr/bin/env node
// The board across git worktrees (issue 39, docs/worktrees.md): does a board over 8 worktrees
// of 1,000 threads each open as fast as one over a single store of 8,000? Not a timed test: it prints.
// Real git repositories: one with 8 worktrees (`git worktree add`), each holding a realistic
// store of 1,000 threads (bench-workspace.mjs: 50 real files, anchors captured from them); one
// with a single worktree holding 8,000. Settled as an agent finds them (stats trusted).
// Measured in Node with the extension's own code (bundled by esbuild), each phase as the board
// opening does it:
//   - read: this checkout's store (reconcile pass + read, as the host's read) and, with
//     worktrees, the others (extension/board/worktrees.ts readOtherWorktrees: `git worktree
//     list`, then each store re-anchored in its own worktree and read);
//   - snapshot: every folder's thread summaries (extension/board/snapshot.ts), serialised to JSON;
//   - projection: the webview's work on the snapshot (parse, projectRows, worktreeSections,
//     summarize, buildList in file order: shared/board/projection.ts).
// Usage: node bench/board-worktrees-bench.mjs [--worktrees 8] [--threads 1000] [--runs 7]
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { makeBenchWorkspace } from './bench-workspace.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, def) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : def; };
const WORKTREES = arg('worktrees', 8);
const THREADS = arg('threads', 1000);
const RUNS = arg('runs', 7);

const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-board-wt-bench-')));
const bundle = path.join(tmp, 'board.cjs');
await esbuild.build({
  stdin: {
    contents: [
      "export * from './shared/store';",
      "export { readOtherWorktrees } from './extension/board/worktrees';",
      "export { toFolderSnapshot } from './extension/board/snapshot';",
      "export { projectRows, worktreeSections, buildList, summarize } from './shared/board/projection';",
    ].join('\n'),
    resolveDir: repo, loader: 'ts', sourcefile: 'bench-entry.ts',
  },
  outfile: bundle, bundle: true, platform: 'node', format: 'cjs', logLevel: 'error', external: ['vscode'],
});
const m = createRequire(import.meta.url)(bundle);

const git = (cwd, ...args) => execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@example.com', ...args], { cwd, stdio: 'pipe' });

/** A git repository whose first commit holds the bench's 50 files; `worktrees` worktrees each with a store of `threads` threads. */
function repository(name, worktrees, threads) {
  const main = path.join(tmp, name, 'main');
  fs.mkdirSync(main, { recursive: true });
  makeBenchWorkspace(m, threads, { root: main }); // the files and main's store
  fs.writeFileSync(path.join(main, '.gitignore'), '.consider/\n');
  git(main, 'init', '-q', '-b', 'main');
  git(main, 'add', '.');
  git(main, 'commit', '-q', '-m', 'files');
  const roots = [main];
  for (let i = 1; i < worktrees; i++) {
    const wt = path.join(tmp, name, `wt-${i}`);
    git(main, 'worktree', 'add', '-q', '-b', `feature-${i}`, wt);
    makeBenchWorkspace(m, threads, { root: wt });
    roots.push(wt);
  }
  return roots;
}

const now = () => performance.now();
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

/** One opening of the board on `main`: its phases, in ms. */
async function open(main) {
  const t0 = now();
  await m.reconcileWorkspace(main, { bestEffortWrite: true, lockWaitMs: 100 });
  const here = { root: main, name: 'main', store: m.readStore(main).store };
  const worktrees = await m.readOtherWorktrees([main]);
  const t1 = now();
  const folders = [here, ...worktrees.others].map((f) => {
    const worktree = worktrees.views.get(f.root);
    return worktree ? { ...m.toFolderSnapshot(f), worktree } : m.toFolderSnapshot(f);
  });
  const json = JSON.stringify(folders);
  const t2 = now();
  const parsed = JSON.parse(json);
  const rows = m.projectRows(parsed);
  const sections = m.worktreeSections(parsed);
  const summary = m.summarize(parsed, rows);
  const items = m.buildList(rows, 'file', false, sections);
  const t3 = now();
  return { read: t1 - t0, snapshot: t2 - t1, projection: t3 - t2, total: t3 - t0, threads: summary.total, headers: items.filter((it) => it.kind === 'worktree').length, bytes: json.length };
}

const many = repository('many', WORKTREES, THREADS);
const one = repository('one', 1, WORKTREES * THREADS);
const results = {};
for (const [label, main] of [['8 worktrees', many[0]], ['1 store', one[0]]]) {
  const runs = [];
  for (let i = 0; i <= RUNS; i++) {
    globalThis.gc?.();
    const r = await open(main);
    if (i > 0) runs.push(r); // the first run settles each store (stats recorded), as a first read does
  }
  results[label] = runs;
}

const fmt = (x) => `${x.toFixed(0)} ms`;
console.log(`board opening, ${WORKTREES} worktrees × ${THREADS} threads vs 1 store of ${WORKTREES * THREADS}, median of ${RUNS} runs (after one), Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
for (const [label, runs] of Object.entries(results)) {
  const last = runs[runs.length - 1];
  console.log(`  ${label.padEnd(12)} read ${fmt(median(runs.map((r) => r.read)))} · snapshot ${fmt(median(runs.map((r) => r.snapshot)))} · projection ${fmt(median(runs.map((r) => r.projection)))} · total ${fmt(median(runs.map((r) => r.total)))}`
    + `   (runs: ${runs.map((r) => fmt(r.total)).join(', ')}; ${last.threads} threads, ${last.headers} worktree headers, snapshot ${(last.bytes / 1024 / 1024).toFixed(1)} MB)`);
}
fs.rmSync(tmp, { recursive: true, force: true });
