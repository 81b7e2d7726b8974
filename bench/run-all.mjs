#!/usr/bin/env node
// `npm run bench`: every benchmark in turn, each printing its own Markdown tables.
// Figures, not tests: nothing here passes or fails on a number. Run on a quiet machine —
// the figures are ratios or medians, but two cores shared with other work still skew them.
// Builds first (the CLI and board benchmarks measure the built artefacts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const steps = [
  ['build', ['scripts/build.mjs', '--production']],
  ['CLI latency and memory', ['bench/cli-bench.mjs']],
  ['wait wake-up after a submit', ['bench/wait-bench.mjs']],
  ['hook latency', ['bench/hook-bench.mjs']],
  ['MCP server start and answer sizes', ['bench/mcp-bench.mjs']],
  ['home hook outside a project', ['bench/home-hook-bench.mjs']],
  ['review digest: time and size', ['bench/digest-bench.mjs']],
  ['re-anchoring accuracy: public corpus', ['bench/anchoring/corpus.mjs', '--part', 'all']],
  ['re-anchoring through the CLI', ['bench/anchoring/cli.mjs']],
  ['re-anchoring speed', ['bench/anchoring/speed.mjs']],
  ['board first paint and memory', ['bench/board-bench.mjs']],
  ['Changes view: capture and list', ['bench/changes-bench.mjs']],
  ['Changes view: extension host busy time per file event', ['bench/changes-host-bench.mjs']],
  ['review per change: marks of 2,000 changes after a file event', ['bench/hunks-bench.mjs']],
];
const only = process.argv.slice(2);
let failed = 0;
for (const [name, args] of steps) {
  if (only.length && !only.some((o) => name.includes(o) || args.join(' ').includes(o))) continue;
  console.log(`\n## ${name}\n`);
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) { failed++; console.log(`(${name} exited ${r.status})`); }
}
process.exit(failed ? 1 : 0);
