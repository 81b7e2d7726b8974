#!/usr/bin/env node
// Board webview figures with many threads, in Debian's Chromium (not a timed test: it prints).
//   - first paint of the list: navigation start → first thread rows painted (double rAF after
//     they are in the DOM). Normally the first screen the host wrote into the page's HTML
//     (shared/board/previewHtml.ts), painted as the page is parsed, before any script
//     of ours has run (`page`); else the boot script's preview from the first snapshot
//     (`snapshot`), or the app's own rows (`app`). Everything on the way is inside: the host
//     building the thread summaries and the first screen from the store state (BoardSession,
//     real code) while it makes the page, loading and parsing the page, the first layout.
//     Broken down as: page HTML received · first rows in the DOM · painted · boot script ran
//     (`ready` sent; after the paint now).
//   - the app's rows painted: the app (React, the toolkit) replaces the preview; from then on
//     the list is live. On the way: the `webview/ready` handshake, the host serialising the
//     snapshot (1.5 MB of JSON), carrying it (WebSocket), the page parsing it and handing it
//     on with window.postMessage, validating, projecting, grouping and sorting 5,000 threads,
//     React rendering the first screen. Broken down as: app code ran (first element in #root)
//     · snapshot message dispatched in the page · rows painted.
//   - conversations loaded: the `thread/details` answer (bodies and replies, asked for after
//     the first paint) received; search and the detail pane use it.
//   - interactive: the app's rows are painted and the main thread is free again (a queued task runs)
//   - key latency: ArrowDown → the next row is selected and painted; search latency: typing → filtered list painted
//   - memory: JS heap of the page after GC, with N threads and with none (difference = cost of the threads)
// The host is the real BoardSession (e2e/webview/fake-host.ts, bundled here with esbuild) serving
// synthetic threads from memory; the page is the built webview under its real CSP (plus
// connect-src for the host's WebSocket, see e2e/webview/host-channel.ts: code-server carries
// host messages the same way — JSON over a WebSocket, then postMessage into the webview).
// Nothing is cached across runs: every run is a fresh browser context, page and host session.
// Usage: node bench/board-bench.mjs [--threads 5000] [--runs 5]     (needs `node scripts/build.mjs` first)
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, def) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : def; };
const THREADS = arg('threads', 5000);
const RUNS = arg('runs', 5);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-board-bench-'));
const hostBundle = path.join(tmp, 'fake-host.cjs');
await esbuild.build({ entryPoints: [path.join(root, 'e2e/webview/fake-host.ts')], outfile: hostBundle, bundle: true, platform: 'node', format: 'cjs', logLevel: 'error', external: ['@playwright/test', 'playwright-core'], define: { __dirname: JSON.stringify(path.join(root, 'e2e/webview')) } });
const { FakeHost, startServer } = createRequire(import.meta.url)(hostBundle);

/** Threads spread over files (20 per file), a third with agent replies, some stale/orphaned/resolved. */
function syntheticFolder(n) {
  const comments = [];
  for (let i = 0; i < n; i++) {
    const line = (i % 20) * 5 + 1;
    const t = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    comments.push({
      id: `c_${i.toString(36).padStart(8, '0')}`, file: `src/module${Math.floor(i / 20)}/file${i % 7}.ts`,
      anchor: { startLine: line, endLine: line + 2, contextBefore: [], contextAfter: [], targetContent: `const value${i} = compute(${i});\nreturn value${i};\n}`, contentHash: 'x', lastAnchorCheck: t },
      workflowState: i % 5 === 0 ? 'resolved' : 'open', anchorState: i % 41 === 0 ? 'orphaned' : i % 13 === 0 ? 'stale' : 'anchored',
      createdAt: t, updatedAt: t, author: i % 9 === 0 ? 'agent' : 'human',
      body: `Thread ${i}: please **rename** \`value${i}\` and check [the docs](https://example.com/${i}).\n\nSecond paragraph with more words to search in.`,
      thread: i % 3 === 0 ? [{ id: `r_${i}`, author: 'agent', body: `Done for ${i}.`, createdAt: t }] : [],
    });
  }
  return { root: '/bench/ws', name: 'ws', store: { version: 1, comments } };
}

// Marks the first moment a thread row is painted, and when the snapshot message arrived.
const PROBE = () => {
  const w = window;
  w.__bench = {};
  // Wrap the API the fake host installs, to time the webview's `ready` (page loaded, app started).
  let install;
  Object.defineProperty(window, 'acquireVsCodeApi', {
    configurable: true,
    get: () => install,
    set: (fn) => {
      install = () => {
        const api = fn();
        const post = api.postMessage;
        api.postMessage = (m) => { if (m?.type === 'webview/ready' && !w.__bench.readyAt) w.__bench.readyAt = performance.now(); post(m); };
        return api;
      };
    },
  });
  window.addEventListener('message', (e) => {
    if (e.data?.type === 'host/snapshot' && !w.__bench.snapshotAt) w.__bench.snapshotAt = performance.now();
    if (e.data?.type === 'host/response' && e.data.result?.folders && !w.__bench.detailsAt) w.__bench.detailsAt = performance.now();
  }, true);
  const frameAfter = (fn) => requestAnimationFrame(() => requestAnimationFrame(fn));
  const obs = new MutationObserver(() => {
    if (!w.__bench.appAt && document.querySelector('#root > :not([data-testid="board-preview"])')) w.__bench.appAt = performance.now();
    if (document.querySelector('[data-testid="empty-board"]')) { obs.disconnect(); w.__benchDone(); return; }
    // The first rows: the boot script's preview (webview/src/preview) or, without one, the app's.
    if (!w.__bench.rowInDom && document.querySelector('[data-testid="thread-row"], [data-testid="preview-row"]')) {
      w.__bench.rowInDom = performance.now();
      w.__bench.preview = document.querySelector('[data-testid="board-preview"]')?.dataset.source ?? 'app';
      frameAfter(() => { w.__bench.painted = performance.now(); });
    }
    if (w.__bench.appRowInDom || !document.querySelector('[data-testid="thread-row"]')) return;
    w.__bench.appRowInDom = performance.now();
    obs.disconnect();
    frameAfter(() => {
      w.__bench.appPainted = performance.now();
      setTimeout(() => { w.__bench.interactive = performance.now(); w.__benchDone(); }, 0);
    });
  });
  // From the very start: the boot script draws the host's first screen before DOMContentLoaded.
  obs.observe(document, { childList: true, subtree: true });
};

/** The probe's marks, and when the page's HTML was all received (known only once it was). */
const marksOf = (page) => page.evaluate(() => ({ ...window.__bench, html: performance.getEntriesByType('navigation')[0]?.responseEnd }));

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const fmt = (x) => `${x.toFixed(0)} ms`;

const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });

// Each run starts from a quiet machine: the previous page's teardown (its renderer process,
// the GC of thousands of threads) otherwise overlaps the next run's page load, and this
// process's own garbage (earlier runs' hosts and messages) is collected before, not while the
// next host builds its page.
const collectGarbage = vm.runInNewContext('gc');
const settle = async () => {
  collectGarbage();
  await new Promise((r) => setTimeout(r, 1000));
};

async function openBoard(folder) {
  await settle();
  const context = await browser.newContext({ viewport: { width: 1100, height: 720 } });
  const page = await context.newPage();
  // The probe reports through a binding: no Playwright query runs in the page while it loads.
  let done;
  const painted = new Promise((resolve) => { done = resolve; });
  await page.exposeBinding('__benchDone', () => done());
  await page.addInitScript(PROBE);
  const host = new FakeHost({ staticFolders: [folder] });
  await host.open(page, server.origin, { settle: false });
  await painted;
  await host.detailsAnswered();
  if (folder.store.comments.length) await page.waitForFunction(() => window.__bench.detailsAt !== undefined);
  return { context, page, host };
}

async function heapUsed(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

async function firstPaintOnly(folder) {
  const { context, page, host } = await openBoard(folder);
  const b = await marksOf(page);
  host.cleanup();
  await context.close();
  return b;
}

// Baseline: the same page with 10 threads, so the fixed cost (page load, toolkit, handshake)
// can be told apart from the cost of the threads.
const baseline = [];
for (let run = 0; run < RUNS + 1; run++) { const b = await firstPaintOnly(syntheticFolder(10)); if (run > 0) baseline.push(b); }

const rows = [];
let heapWith = 0;
let sizes = { snapshot: 0, details: 0 };
let heapEmpty; // set by every run below
const folder = syntheticFolder(THREADS);
for (let run = 0; run < RUNS + 1; run++) {
  const { context, page, host } = await openBoard(folder);
  const b = await marksOf(page);
  // Key latency: ArrowDown on the focused list until the next row is selected and painted.
  await page.getByTestId('thread-list').focus();
  const key = await page.evaluate(() => new Promise((resolve) => {
    const list = document.querySelector('[data-testid="thread-list"]');
    const before = list.getAttribute('aria-activedescendant');
    const t0 = performance.now();
    list.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    const check = () => (list.getAttribute('aria-activedescendant') !== before ? requestAnimationFrame(() => resolve(performance.now() - t0)) : requestAnimationFrame(check));
    check();
  }));
  // Search latency: type a query that matches a single thread; time until the list shows it.
  const t0 = Date.now();
  await page.getByTestId('search').locator('input').fill(`thread ${THREADS - 1}:`);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="thread-row"]').length === 1);
  const search = Date.now() - t0; // includes the 120 ms input debounce
  if (run > 0) {
    rows.push({
      firstPaint: b.painted, preview: b.preview, html: b.html, rowInDom: b.rowInDom, appPainted: b.appPainted, ready: b.readyAt,
      app: b.appAt, snapshot: b.snapshotAt, details: b.detailsAt, interactive: b.interactive, key, search,
    });
  }
  if (run === RUNS) heapWith = await heapUsed(page);
  if (run === RUNS) {
    const bytes = (m) => (m ? JSON.stringify(m).length : 0);
    sizes = { snapshot: bytes(host.sent.find((m) => m.type === 'host/snapshot')), details: bytes(host.sent.find((m) => m.type === 'host/response' && m.result?.folders)) };
  }
  host.cleanup();
  await context.close();
}
{
  const { context, page, host } = await openBoard({ root: '/bench/empty', name: 'empty', store: { version: 1, comments: [] } });
  await page.getByTestId('empty-board').focus(); // Playwright's page-side helpers in the heap too, as in the runs above
  heapEmpty = await heapUsed(page);
  host.cleanup();
  await context.close();
}
await browser.close();
await server.close();
fs.rmSync(tmp, { recursive: true, force: true });

const mb = (x) => `${(x / 1024 / 1024).toFixed(1)} MB`;
console.log(`board with ${THREADS} threads, median of ${RUNS} runs (after one warm-up), Chromium, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the end`);
const sources = ['page', 'snapshot', 'app'].map((src) => [src, rows.filter((r) => r.preview === src).length]).filter(([, n]) => n).map(([src, n]) => `${src} ${n}`).join(', ');
console.log(`  first paint of the list (navigation → rows painted): ${fmt(median(rows.map((r) => r.firstPaint)))}   target ≤ 300 ms   (runs: ${rows.map((r) => fmt(r.firstPaint)).join(', ')}; drawn from: ${sources})`);
console.log(`    per run: page HTML ${rows.map((r) => fmt(r.html)).join(', ')} · rows in the DOM ${rows.map((r) => fmt(r.rowInDom)).join(', ')} · ready ${rows.map((r) => fmt(r.ready)).join(', ')}`);
console.log(`    page HTML received (host made it, first screen in): ${fmt(median(rows.map((r) => r.html)))}`);
console.log(`    first rows in the DOM:                             ${fmt(median(rows.map((r) => r.rowInDom)))}`);
console.log(`    boot script ran, \`ready\` sent:                     ${fmt(median(rows.map((r) => r.ready)))}`);
console.log(`  the app's rows painted (the list is live):          ${fmt(median(rows.map((r) => r.appPainted)))}`);
console.log(`    app code ran (its first element in #root):         ${fmt(median(rows.map((r) => r.app)))}`);
console.log(`    snapshot message in the page (host built, sent):   ${fmt(median(rows.map((r) => r.snapshot)))}`);
console.log(`  same page with 10 threads (fixed cost): first paint ${fmt(median(baseline.map((b) => b.painted)))}, app's rows ${fmt(median(baseline.map((b) => b.appPainted)))}`);
console.log(`    (page HTML ${fmt(median(baseline.map((b) => b.html)))} · rows in the DOM ${fmt(median(baseline.map((b) => b.rowInDom)))} · ready ${fmt(median(baseline.map((b) => b.readyAt)))} · snapshot in the page ${fmt(median(baseline.map((b) => b.snapshotAt)))} · app ran ${fmt(median(baseline.map((b) => b.appAt)))})`);
console.log(`  interactive (main thread free after first paint):   ${fmt(median(rows.map((r) => r.interactive)))}`);
console.log(`  conversations loaded (thread/details received):     ${fmt(median(rows.map((r) => r.details)))}`);
console.log(`  ArrowDown → next row selected and painted:          ${fmt(median(rows.map((r) => r.key)))}`);
console.log(`  search typed → filtered list shown (incl. 120 ms debounce): ${fmt(median(rows.map((r) => r.search)))}`);
console.log(`  messages: snapshot ${mb(sizes.snapshot)} of JSON, conversations (thread/details) ${mb(sizes.details)}`);
console.log(`  JS heap after GC: ${mb(heapWith)} with ${THREADS} threads, ${mb(heapEmpty)} empty (threads cost ${mb(heapWith - heapEmpty)})`);
