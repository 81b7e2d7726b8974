#!/usr/bin/env node
// `consider-cli mcp`: how soon it answers `initialize`, as a ratio to a bare `node -e 0`, and how
// many characters its tools send for the demo workspace's threads against the CLI's text output.
//
//   node scripts/build.mjs --no-webview && node bench/mcp-bench.mjs [--runs 21] [--skip-sizes] [--runtime DIR]
//
// --runtime: measure another build's runtime folder (a copy of an older dist/runtime) instead of
// this checkout's dist/runtime, for before/after figures.
//
// Latency (issue 24, goal ≤ 1.5×): each run starts the server (`node consider-cli.cjs mcp`, as
// the agents' sh line ends up running it), writes one `initialize` request and stops the clock
// at the first byte of the answer; the `node -e 0` run just before it (start to exit) is its
// pair. Pairs keep the ratio meaningful on a machine whose speed drifts: the table gives the
// median of the per-pair ratios, with min and max. Client start-up is not counted for either.
//
// Sizes (issue 22, goal ≤ 1.3×): the demo workspace (scripts/demo-workspace.mjs), `list`
// (open threads and all threads) and `get` of every thread, each tool result as it goes over
// the wire (its `content` and `structuredContent`, JSON) against the CLI's text output of the
// same command: what the agent is given, the result's text blocks plus its `structuredContent`
// (JSON) when it has one; the JSON-RPC framing around them is not counted. test/mcp.test.ts
// checks the same goal.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { copyRuntime } from './bench-workspace.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '21' }, 'skip-sizes': { type: 'boolean' }, runtime: { type: 'string' } } });
const RUNS = Number(values.runs);
const { runtime, cli } = copyRuntime(repo, values.runtime);

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } }) + '\n';

/** Milliseconds from spawn to exit of `node -e 0`. */
function bareNode() {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', () => resolve(performance.now() - t0));
  });
}

/** Milliseconds from spawn to the first byte of the server's answer to `initialize`; then closes it. */
function initializeMcp(root) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [cli, 'mcp', '--root', root], { stdio: ['pipe', 'pipe', 'ignore'] });
    child.on('error', reject);
    child.stdin.write(INITIALIZE);
    child.stdout.once('data', () => {
      const ms = performance.now() - t0;
      child.stdin.end(); // the client goes: the server must exit by itself
      child.on('close', () => resolve(ms));
    });
  });
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor(s.length / 2)], max: s[s.length - 1] };
};
const fmt = ({ min, median, max }, digits = 0, unit = '') => `${median.toFixed(digits)}${unit} (${min.toFixed(digits)}–${max.toFixed(digits)})`;

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-bench-mcp-')));
fs.mkdirSync(path.join(root, '.consider'));
await initializeMcp(root); // warm-up: the OS caches the files
const base = [];
const mcp = [];
for (let i = 0; i < RUNS; i++) {
  base.push(await bareNode());
  mcp.push(await initializeMcp(root));
}
const ratios = mcp.map((m, i) => m / base[i]);
console.log(`consider-cli mcp: time to answer initialize — node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}, ${RUNS} pairs\n`);
console.log('| node -e 0 (start to exit) | mcp (start to initialize answered) | ratio, pair by pair | goal |');
console.log('| ---: | ---: | ---: | ---: |');
console.log(`| ${fmt(stats(base), 0, ' ms')} | ${fmt(stats(mcp), 0, ' ms')} | ${fmt(stats(ratios), 2, '×')} | ≤ 1.5× |`);
fs.rmSync(root, { recursive: true, force: true });

if (!values['skip-sizes']) await sizes();
fs.rmSync(runtime, { recursive: true, force: true });

/** Characters the tools send for the demo's threads, against the CLI's text output. */
async function sizes() {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const { createDemoWorkspace } = await import('../scripts/demo-workspace.mjs');
  const ws = path.join(fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-bench-mcp-demo-'))), 'shop');
  const demo = await createDemoWorkspace(ws, { repo });
  const { spawnSync } = await import('node:child_process');
  const text = (...args) => spawnSync(process.execPath, [cli, ...args, '--root', ws], { encoding: 'utf8' }).stdout;
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--root', ws] }));
  const wire = async (name, args) => {
    const r = await client.callTool({ name, arguments: args });
    const chars = r.content.reduce((n, c) => n + (c.type === 'text' ? c.text.length : 0), 0);
    return chars + (r.structuredContent ? JSON.stringify(r.structuredContent).length : 0);
  };
  const rows = [
    ['list (open)', await wire('list', {}), text('list').length],
    ['list (all)', await wire('list', { workflow: 'all' }), text('list', '--workflow', 'all').length],
  ];
  let mcpGets = 0;
  let textGets = 0;
  for (const c of demo.all) {
    mcpGets += await wire('get', { id: c.id });
    textGets += text('get', c.id).length;
  }
  rows.push([`get, each of the ${demo.all.length} threads (sum)`, mcpGets, textGets]);
  await client.close();
  console.log(`\nconsider-cli mcp: characters sent for the demo workspace (${demo.all.length} threads the agent sees)\n`);
  console.log('| tool call | MCP result (text + structuredContent) | CLI text output | ratio | goal |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [name, m, t] of rows) console.log(`| ${name} | ${m.toLocaleString('en')} | ${t.toLocaleString('en')} | ${(m / t).toFixed(2)}× | ≤ 1.3× |`);
  fs.rmSync(path.dirname(ws), { recursive: true, force: true });
}
