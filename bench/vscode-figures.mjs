#!/usr/bin/env node
// Figures of the extension in the real VS Code (code-server + Chromium, see e2e/vscode/):
//  1. activation cost with 500 threads in the store: window load → the extension's status bar
//     shows them, and (from the extension's own log) activation start → first thread rendered;
//  2. reply latency: `consider-cli reply` exits → the agent's reply is visible in the thread widget.
// Prints the figures; not a test (nothing is asserted beyond "it happened").
//  3. with --board: the review board opened from the status bar, click → first paint.
// Usage: node scripts/build.mjs && node bench/vscode-figures.mjs [--threads 500] [--replies 5]
//   [--board] [--board-settle ms] [--settle ms] [--trace] [--profile] [--setting key=json]  (see the comments where each is read)
// The machine is shared: repeat a run and compare medians; the first replies after the file opens
// are slowed by the workbench's own start-up work (compare with --settle 10000).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { TEST_SETTINGS, ensureCodeServer, startCodeServer, workbenchUrl } from '../scripts/code-server.mjs';
import { copyFixture } from '../e2e/vscode/lib/fixtures.mjs';
import { VsCodePage, runCli } from '../e2e/vscode/ui/vscode-page.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, def) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : def);
const THREADS = arg('--threads', 500);
const REPLIES = arg('--replies', 5);
const PER_FILE = 20;
// --trace: print each reply's CLI exit time and latency, and any '[timing]' lines of the extension's
// log (add them to the extension while profiling: store read, listeners, render).
const TRACE = process.argv.includes('--trace');
const PROFILE = process.argv.includes('--profile');
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

const cs = await ensureCodeServer();
// --setting key=json: a VS Code user setting for this run (e.g. comments.openView='"never"' to compare).
const settings = Object.fromEntries(process.argv.flatMap((a, i) => (a === '--setting' ? [process.argv[i + 1]] : [])).map((kv) => [kv.slice(0, kv.indexOf('=')), JSON.parse(kv.slice(kv.indexOf('=') + 1))]));
const server = await startCodeServer({ bin: cs.bin, node24: cs.node24, runDir, settings: { ...TEST_SETTINGS, ...settings } });
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

  // --board: open the review board from the status bar, as a user does, and time its first
  // paint in the real VS Code: click → the first rows are in the webview's DOM and → the app's
  // own rows (the list is live), polled from outside; and the webview document's own first
  // contentful paint (Paint Timing, on the same clock: timeOrigin is wall time).
  if (process.argv.includes('--board')) {
    // --board-settle ms: wait this long after activation before the click (default 5 s), so the
    // workbench's own start-up work is not counted.
    await new Promise((r) => setTimeout(r, arg('--board-settle', 5000)));
    const clicked = Date.now();
    await vscode.statusBar().click();
    const board = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    await board.locator('[data-testid="preview-row"], [data-testid="thread-row"]').first().waitFor({ timeout: 60_000 });
    const rowsSeen = Date.now();
    await board.locator('[data-testid="thread-row"]').first().waitFor({ timeout: 60_000 });
    const live = Date.now();
    const doc = await board.locator('html').evaluate(() => ({
      origin: performance.timeOrigin,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      from: document.documentElement.dataset.pagePreview,
    }));
    console.log(`the board, ${THREADS} threads (status bar clicked at 0):`);
    console.log(`  webview document started at ${Math.round(doc.origin - clicked)} ms; its first contentful paint at ${doc.fcp === undefined ? '?' : `${Math.round(doc.origin + doc.fcp - clicked)} ms (${Math.round(doc.fcp)} ms into the document)`}; first screen from the page: ${doc.from}`);
    console.log(`  first rows seen in the webview's DOM (polled): ${rowsSeen - clicked} ms; the app's own rows: ${live - clicked} ms`);
    const made = findLog(server.runDir, 'page made in')?.text.split('\n').find((l) => l.includes('page made in'));
    if (made) console.log(`  extension log: ${made.trim()}`);
  }

  // Reply latency: threads of the open file get agent replies, one at a time.
  const target = ids.filter((t) => t.file === ids[0].file).slice(0, REPLIES);
  await vscode.openFile(target[0].file);
  await vscode.threadWidgets().first().waitFor({ timeout: 60_000 });
  // --settle ms: wait this long after the file opens before the first reply (to tell start-up work apart).
  await new Promise((r) => setTimeout(r, arg('--settle', 0)));
  const latencies = [];
  // --profile: a CPU profile of the workbench (the browser page: VS Code's UI thread) over the replies.
  const cdp = PROFILE ? await page.context().newCDPSession(page) : undefined;
  if (cdp) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start'); }
  for (const [i, t] of target.entries()) {
    const text = `Agent answer number ${i} for ${t.id}`;
    await watchForText(page, text);
    const { exitedAt } = await runCli({ node: process.execPath, cli, cwd: ws, args: ['reply', t.id, '--message', text, '--root', ws] });
    const shownAt = await page.waitForFunction(() => window.__considerShownAt, null, { polling: 100, timeout: 10_000 }).then((h) => h.jsonValue());
    latencies.push(shownAt - exitedAt);
    if (TRACE) console.log(`  reply ${i}: CLI exited ${new Date(exitedAt).toISOString()}, shown after ${latencies[latencies.length - 1]} ms`);
  }
  if (cdp) printProfile((await cdp.send('Profiler.stop')).profile);
  if (TRACE) for (const l of findLog(server.runDir, '[timing]')?.text.split('\n').filter((x) => x.includes('[timing]')) ?? []) console.log(`  ${l}`);
  // The first seconds after the file opens, the workbench is still busy with its own start-up
  // work (language server activation, 20 comment widgets, the Comments view): report both.
  const settled = latencies.slice(3).sort((a, b) => a - b);
  if (settled.length) console.log(`reply latency after the first 3 replies: median ${settled[Math.floor(settled.length / 2)]} ms, max ${settled[settled.length - 1]} ms`);
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
            text,
            activated: text.split('\n').find((l) => l.includes('activated in')),
            firstThread: text.split('\n').find((l) => l.includes(needle)),
          };
        }
      }
    }
  }
  return undefined;
}

/** Top functions by self time, and by self time summed per script, of a CDP CPU profile. */
function printProfile(profile) {
  const dt = new Map();
  const ids = profile.samples ?? [];
  for (let i = 0; i < ids.length; i++) dt.set(ids[i], (dt.get(ids[i]) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  const fns = new Map();
  for (const n of profile.nodes) {
    const ms = dt.get(n.id) ?? 0;
    const f = n.callFrame;
    const k = `${f.functionName || '(anon)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber}`;
    fns.set(k, (fns.get(k) ?? 0) + ms);
  }
  const total = [...fns.values()].reduce((a, b) => a + b, 0);
  console.log(`workbench CPU profile over the replies: ${Math.round(total)} ms sampled; top self time:`);
  for (const [k, ms] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${k}`);
  // Callers: inclusive time per function name, to see which VS Code feature the time belongs to.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map();
  for (const [id, ms] of dt) {
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur).callFrame;
      const k = `${f.functionName || '(anon)'} ${f.url.split('/').slice(-1)[0]}:${f.lineNumber}`;
      if (seen.has(k)) continue;
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + ms);
    }
  }
  console.log('top inclusive time:');
  for (const [k, ms] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${k}`);
}

/**
 * Records (in the page) when `text` first appears inside a thread widget. A MutationObserver
 * looks only at what was added, so measuring costs the workbench almost nothing; polling the
 * whole DOM for the text (getByText) took ~10% of the UI thread and delayed what it measured.
 */
function watchForText(page, text) {
  return page.evaluate((wanted) => {
    window.__considerShownAt = undefined;
    const inWidget = (n) => (n.nodeType === 1 ? n : n.parentElement)?.closest('.review-widget') && n.textContent?.includes(wanted);
    const observer = new MutationObserver((mutations) => {
      for (const m of mutations) {
        const nodes = m.type === 'characterData' ? [m.target] : [...m.addedNodes];
        if (nodes.some(inWidget)) { window.__considerShownAt = Date.now(); observer.disconnect(); return; }
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
}
