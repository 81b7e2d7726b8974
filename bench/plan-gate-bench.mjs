#!/usr/bin/env node
// The plan gate's figure of issue 25, in the real VS Code (code-server + Chromium, see e2e/vscode/):
// from the developer's click on Approve to the agent's waiting `consider-cli plan submit --wait`
// exiting 0. Each round submits a new plan, waits for it to open with its CodeLens, clicks Approve
// and times the exit; prints the median and the spread. Target (issue 25): median ≤ 200 ms.
// Not a test: nothing is asserted beyond "the command exited 0".
// Usage: node scripts/build.mjs && node bench/plan-gate-bench.mjs [--rounds 10]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { TEST_SETTINGS, ensureCodeServer, startCodeServer, workbenchUrl } from '../scripts/code-server.mjs';
import { copyFixture } from '../e2e/vscode/lib/fixtures.mjs';
import { VsCodePage } from '../e2e/vscode/ui/vscode-page.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = process.argv.includes('--rounds') ? Number(process.argv[process.argv.indexOf('--rounds') + 1]) : 10;
const cli = path.join(repo, 'dist/runtime/bin/consider-cli.cjs');

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-plan-bench-'));
const ws = copyFixture('alpha', path.join(runDir, 'ws'));
fs.mkdirSync(path.join(ws, '.consider'));

const cs = await ensureCodeServer();
const server = await startCodeServer({ bin: cs.bin, node24: cs.node24, runDir, settings: TEST_SETTINGS });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const times = [];
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const vscode = new VsCodePage(page, { shotPrefix: path.join(runDir, 'bench') });
  await page.goto(workbenchUrl(server, { folder: ws, extensionDevelopmentPath: repo }));
  await vscode.waitReady();
  await vscode.openFile('src/greeting.ts');
  const live = path.join(ws, '.consider/plans/live');
  while (!(fs.existsSync(live) && fs.readdirSync(live).length)) await page.waitForTimeout(100);
  for (let i = 1; i <= ROUNDS; i++) {
    const slug = `bench-plan-${i}`;
    const child = spawn(process.execPath, [cli, 'plan', 'submit', '-', '--wait'], { cwd: ws, stdio: ['pipe', 'pipe', 'pipe'] });
    const exited = new Promise((resolve) => child.on('close', (code) => resolve({ code, at: Date.now() })));
    child.stdin.end(`# Bench plan ${i}\n\n1. One step.\n2. Another step.\n`);
    await vscode.activateTab(`${slug}.md`);
    await vscode.codeLens('waiting').waitFor({ timeout: 30_000 });
    // Let the editor settle (the lens appears before the workbench is done opening the file).
    await page.waitForTimeout(500);
    const clicked = await vscode.clickTopCodeLens('Approve');
    const { code, at } = await exited;
    if (code !== 0) throw new Error(`round ${i}: plan submit --wait exited ${code}`);
    times.push(at - clicked);
    console.log(`round ${i}: Approve clicked → command exited in ${at - clicked} ms`);
    await page.keyboard.press('Control+W'); // close the plan: the next one opens beside the code again
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(runDir, { recursive: true, force: true });
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(`plan gate, Approve clicked → plan submit --wait exited, ${sorted.length} rounds: median ${median} ms, min ${sorted[0]} ms, max ${sorted[sorted.length - 1]} ms (target ≤ 200 ms)`);
