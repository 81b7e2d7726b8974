#!/usr/bin/env node
// Figures of the extension in the real VS Code (code-server + Chromium, see e2e/vscode/):
//  1. activation cost with 500 threads in the store: window load → the extension's status bar
//     shows them, and (from the extension's own log) activation start → first thread rendered;
//  2. reply latency: `consider-cli reply` exits → the agent's reply is visible in the thread widget.
// Prints the figures; not a test (nothing is asserted beyond "it happened").
// Usage: node scripts/build.mjs && node bench/vscode-figures.mjs [--threads 500] [--replies 5]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureCodeServer, startCodeServer, workbenchUrl } from '../e2e/vscode/lib/code-server.mjs';
import { copyFixture } from '../e2e/vscode/lib/fixtures.mjs';
import { VsCodePage, runCli } from '../e2e/vscode/ui/vscode-page.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, def) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : def);
const THREADS = arg('--threads', 500);
const REPLIES = arg('--replies', 5);
const PER_FILE = 20;
const cli = path.join(repo, 'dist/runtime/bin/consider-cli.cjs');
const store = createRequire(import.meta.url)(path.join(repo, 'dist/runtime/shared/store.js'));

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-vscode-bench-'));
const ws = copyFixture('alpha', path.join(runDir, 'ws'));
const source = fs.readFileSync(path.join(ws, 'src/greeting.ts'), 'utf8');
const lineCount = source.split('\n').length - 1;
const ids = [];
const t0Seed = Date.now();
for (let i = 0; i < THREADS; i++) {
  const file = `src/f${String(Math.floor(i / PER_FILE)).padStart(3, '0')}.ts`;
  if (!fs.existsSync(path.join(ws, file))) fs.writeFileSync(path.join(ws, file), source);
  const line = 1 + (i % PER_FILE) % lineCount;
  const c = await store.addThread(ws, { file, startLine: line, endLine: line, body: `Thread ${i}: is line ${line} right?`, author: 'human' });
  ids.push({ id: c.id, file, line });
}
console.log(`seeded ${THREADS} threads in ${Math.ceil(THREADS / PER_FILE)} files (${Date.now() - t0Seed} ms)`);

const cs = ensureCodeServer(repo);
const server = await startCodeServer({ bin: cs.bin, node24: cs.node24, runDir });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const vscode = new VsCodePage(page, { shotPrefix: path.join(runDir, 'bench') });
  const t0 = Date.now();
  await page.goto(workbenchUrl(server, { folder: ws, extensionDevelopmentPath: repo }));
  await vscode.waitReady();
  const tReady = Date.now();
  await vscode.statusBar().filter({ hasText: String(THREADS) }).first().waitFor({ timeout: 120_000 });
  const tStatus = Date.now();
  const log = findLog(server.runDir, 'first thread rendered');
  console.log(`activation, ${THREADS} threads in the store:`);
  console.log(`  window load → workbench interactive: ${tReady - t0} ms`);
  console.log(`  window load → status bar shows ${THREADS} threads: ${tStatus - t0} ms`);
  if (log) {
    console.log(`  extension log: ${log.activated ?? '?'}`);
    console.log(`  extension log: ${log.firstThread ?? '?'}`);
  }

  // Reply latency: threads of the open file get agent replies, one at a time.
  const target = ids.filter((t) => t.file === ids[0].file).slice(0, REPLIES);
  await vscode.openFile(target[0].file);
  await vscode.threadWidgets().first().waitFor({ timeout: 60_000 });
  const latencies = [];
  for (const [i, t] of target.entries()) {
    const text = `Agent answer number ${i} for ${t.id}`;
    const { exitedAt } = await runCli({ node: process.execPath, cli, cwd: ws, args: ['reply', t.id, '--message', text, '--root', ws] });
    await page.getByText(text).first().waitFor({ state: 'attached', timeout: 10_000 });
    latencies.push(Date.now() - exitedAt);
  }
  latencies.sort((a, b) => a - b);
  console.log(`reply latency (CLI exit → reply in the widget's DOM), ${latencies.length} replies: median ${latencies[Math.floor(latencies.length / 2)]} ms, max ${latencies[latencies.length - 1]} ms (${latencies.join(', ')})`);
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(runDir, { recursive: true, force: true });
}

/** The extension's log channel is written under the user-data logs folder. */
function findLog(dir, needle) {
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop();
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.name.endsWith('.log') && e.name.includes('Consider')) {
        const text = fs.readFileSync(p, 'utf8');
        if (text.includes(needle)) {
          return {
            activated: text.split('\n').find((l) => l.includes('activated in')),
            firstThread: text.split('\n').find((l) => l.includes(needle)),
          };
        }
      }
    }
  }
  return undefined;
}
