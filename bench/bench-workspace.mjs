// The realistic store the CLI benchmarks measure (cli-bench.mjs, hook-bench.mjs): threads
// spread over 50 real files, anchors captured by the store module from the files' content, a
// reply on every third thread, a quarter resolved, and settled as an agent finds it: the files
// were written over 2 s before the threads' last check, so reads may trust their stat and the
// list index answers (shared/store/indexed-read.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const FILES = 50;
const LINES_PER_FILE = 400;

/**
 * A private copy of dist/runtime (or of `from`, another build's runtime folder), so a
 * concurrent rebuild cannot disturb a benchmark; returns its folder, the CLI in it and its
 * store module.
 */
export function copyRuntime(repo, from = path.join(repo, 'dist', 'runtime')) {
  const runtime = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-bench-runtime-'));
  fs.cpSync(from, runtime, { recursive: true });
  const store = createRequire(import.meta.url)(path.join(runtime, 'shared', 'store.js'));
  return { runtime, cli: path.join(runtime, 'bin', 'consider-cli.cjs'), store };
}

function sourceFile(f) {
  const lines = [];
  for (let i = 1; i <= LINES_PER_FILE; i++) lines.push(i % 20 === 1 ? `export function f${f}_${i}(x: number) {` : `  const v${i} = x * ${i} + ${f}; // file ${f} line ${i}`);
  return lines.join('\n') + '\n';
}

/**
 * A workspace with `threads` threads. `seenByAgent`: the agent has read every thread after the
 * developer wrote it (nothing is unseen), else every open thread is unseen. `root`: write it
 * there (a git worktree, board-worktrees-bench.mjs) instead of a new temporary folder.
 */
export function makeBenchWorkspace(store, threads, { seenByAgent = false, root: into } = {}) {
  const root = into ?? fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `consider-bench-${threads}-`)));
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
      ...(seenByAgent ? { agentLastSeenAt: new Date(base + threads + i).toISOString() } : {}),
    });
  }
  fs.writeFileSync(store.considerPaths(root).store, store.serializeStore({ version: 1, comments }));
  return root;
}
