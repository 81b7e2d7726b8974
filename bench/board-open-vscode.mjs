#!/usr/bin/env node
// The review board against VS Code's own Markdown preview, in the real VS Code (code-server +
// Chromium), on `npm start`'s demo workspace (issue 22, item 9): how long after a click the
// first content is on screen.
//   board:    click the Consider status bar item → the board's first thread row in its webview;
//   markdown: Ctrl+Shift+V (Markdown: Open Preview, in the editor's own group, as the board opens in
//             the active one) on README.md → the preview's first heading in its webview
//             (--markdown-side: the editor title's "Open Preview to the Side" instead).
// Each measurement gets a fresh workbench window (its own browser, see --shared-browser) in the same server,
// opened the same way (README.md open, the workbench settled), so each is that window's first
// webview, as for a user who clicks once; the two alternate, so neither always goes first.
// The demo's user settings (QUIET_SETTINGS: git on, as `npm start`), the extension installed from
// its VSIX (a production build), as `npm start` does.
//
// Per measurement it prints where the time went, on one wall clock (the page's timeOrigin is wall
// time): the webview's <iframe> in the workbench's DOM (VS Code made the panel), the inner
// document's start (VS Code loaded its webview host and handed over our HTML), its first
// contentful paint, and the content seen by polling from outside (what the bench waits for).
// Medians over the runs at the end. Figures, not a test: nothing is asserted.
//
// Usage: node bench/board-open-vscode.mjs [--runs 5] [--settle 4000] [--no-build] [--vsix FILE] [--keep] [--trace] [--shared-browser] [--markdown-side]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { QUIET_SETTINGS, ensureCodeServer, startCodeServer, workbenchUrl } from '../scripts/code-server.mjs';
import { createDemoWorkspace } from '../scripts/demo-workspace.mjs';
import { VsCodePage } from '../e2e/vscode/ui/vscode-page.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const num = (name, def) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : def);
const RUNS = num('--runs', 5);
const SETTLE = num('--settle', 4000);
// --trace: also print the webview host page's own marks (VS Code's pre/index.html), on the same clock.
const TRACE = argv.includes('--trace');

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-board-open-'));
// --vsix FILE: install that package (e.g. one packed from an earlier commit, to compare) instead of building this checkout's.
const givenVsix = argv.includes('--vsix') ? path.resolve(argv[argv.indexOf('--vsix') + 1]) : undefined;
if (!givenVsix && !argv.includes('--no-build')) {
  const b = spawnSync(process.execPath, ['scripts/build.mjs', '--production'], { cwd: repo, stdio: 'inherit' });
  if (b.status !== 0) throw new Error('build failed');
}
const vsix = givenVsix ?? path.join(runDir, 'consider.vsix');
if (!givenVsix) {
  const packed = spawnSync(process.execPath, [path.join(repo, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '--out', vsix], { cwd: repo, encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(`vsce package failed: ${packed.stderr}`);
}
const ws = path.join(runDir, 'shop-demo');
const demo = await createDemoWorkspace(ws, { repo });
console.log(`demo workspace: ${demo.all.length} threads the agent sees (+ the pending review); VSIX ${(fs.statSync(vsix).size / 1024).toFixed(0)} KiB`);

const cs = await ensureCodeServer();
const server = await startCodeServer({ bin: cs.bin, node24: cs.node24, runDir, installVsix: vsix, settings: QUIET_SETTINGS, testDriver: false, healthTimeoutMs: 90_000 });
const launch = () => chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
// --shared-browser: one Chromium for every window. By default each window gets its own browser,
// as a user who opens the demo: the first webview a browser opens registers VS Code's webview
// service worker, which took 3 s on a loaded machine where a second one took 30–120 ms, so
// whichever kind went first in a shared browser paid for both. With --shared-browser a first
// window, not counted, pays it, and every measured window finds the browser warm.
const SHARED = argv.includes('--shared-browser');
const shared = SHARED ? await launch() : undefined;

/** Records, in the workbench page, when the first webview <iframe> is added (VS Code made the panel). */
const watchWebviewFrame = (page) => page.evaluate(() => {
  window.__benchFrameAt = undefined;
  const seen = () => document.querySelector('iframe.webview');
  if (seen()) { window.__benchFrameAt = Date.now(); return; }
  const o = new MutationObserver(() => { if (seen()) { window.__benchFrameAt = Date.now(); o.disconnect(); } });
  o.observe(document.body, { childList: true, subtree: true });
});

const KINDS = {
  board: {
    open: (vscode) => vscode.statusBar().click(),
    first: '[data-testid="preview-row"], [data-testid="thread-row"]',
  },
  // Markdown: Open Preview (Ctrl+Shift+V) opens in the editor's own group, as the board does in the active one.
  markdown: {
    open: (vscode) => vscode.page.keyboard.press('Control+Shift+V'),
    first: 'h1',
  },
  // --markdown-side: the editor title's "Open Preview to the Side" instead (a new editor group).
  'markdown-side': {
    open: (vscode) => vscode.page.locator('.editor-actions .action-label[aria-label^="Open Preview to the Side"]').first().click(),
    first: 'h1',
  },
};
const MARKDOWN = argv.includes('--markdown-side') ? 'markdown-side' : 'markdown';

/**
 * In VS Code's webview host page (pre/index.html): when the inner frame with our document becomes
 * the visible `#active-frame` (the host shows it at the document's `load` event, or 200 ms after
 * writing it, whichever is first). Polling from outside sees that late (Playwright's retries back
 * off to 500 ms), so the page records it itself.
 */
const recordShown = () => {
  if (!location.pathname.endsWith('/webview/browser/pre/index.html')) return;
  window.__benchShownAt = undefined;
  new MutationObserver((ms, o) => {
    if (ms.some((m) => m.target.id === 'active-frame')) { window.__benchShownAt = Date.now(); o.disconnect(); }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['id'] });
};

async function measure(kind) {
  const browser = shared ?? await launch();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(recordShown);
  const page = await context.newPage();
  const vscode = new VsCodePage(page, { shotPrefix: path.join(runDir, 'shot') });
  try {
    await page.goto(workbenchUrl(server, { folder: ws }));
    await vscode.waitReady();
    await vscode.statusBar().waitFor({ timeout: 60_000 });
    await vscode.openFile('README.md');
    await page.locator('.editor-actions .action-label[aria-label^="Open Preview to the Side"]').first().waitFor({ timeout: 60_000 });
    await vscode.editorLines().first().click(); // the keyboard goes to the editor
    await page.waitForTimeout(SETTLE); // the workbench's own start-up work (git, language features) is not counted
    await watchWebviewFrame(page);
    const clicked = Date.now();
    await KINDS[kind].open(vscode);
    const frame = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    await frame.locator(KINDS[kind].first).first().waitFor({ timeout: 60_000 });
    const seen = Date.now();
    const doc = await frame.locator('html').evaluate(() => ({
      origin: performance.timeOrigin,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      resources: performance.getEntriesByType('resource').map((r) => [r.name.split('/').pop().split('?')[0], Math.round(r.startTime), Math.round(r.responseEnd)]),
    }));
    const frameAt = await page.evaluate(() => window.__benchFrameAt);
    // VS Code's webview host page (pre/index.html) marks its own steps: signalling ready, the
    // content message, its service worker ready, the inner frame loaded, our HTML written.
    const host = page.frames().find((f) => f.url().includes('/webview/browser/pre/index.html'));
    const marks = host ? await host.evaluate(() => ({
      origin: performance.timeOrigin,
      shownAt: window.__benchShownAt,
      marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]),
    })).catch(() => undefined) : undefined;
    const at = (t) => Math.round(doc.origin + t - clicked);
    return {
      shown: marks?.shownAt ? marks.shownAt - clicked : NaN,
      resources: doc.resources.map(([name, start, end]) => `${name} ${at(start)}–${at(end)}`),
      marks: marks ? Object.fromEntries([['hostStart', 0], ...marks.marks].map(([n, t]) => [n, Math.round(marks.origin + t - clicked)])) : {},
      seen: seen - clicked,
      frame: frameAt ? frameAt - clicked : NaN,
      docStart: Math.round(doc.origin - clicked),
      fcp: doc.fcp === undefined ? NaN : Math.round(doc.origin + doc.fcp - clicked),
    };
  } finally {
    await context.close();
    if (!shared) await browser.close();
  }
}

const results = { board: [], [MARKDOWN]: [] };
try {
  // In a shared browser, one window first that is not counted: it pays the browser's first service worker.
  if (shared) console.log(`warm-up (not counted): markdown shown ${(await measure(MARKDOWN)).shown} ms`);
  for (let i = 0; i < RUNS; i++) {
    const order = i % 2 === 0 ? ['board', MARKDOWN] : [MARKDOWN, 'board'];
    for (const kind of order) {
      const r = await measure(kind);
      results[kind].push(r);
      console.log(`run ${i + 1} ${kind.padEnd(8)}: shown ${r.shown} ms after the click (first content polled: ${r.seen} ms) · webview frame in the DOM ${r.frame} ms · its document started ${r.docStart} ms · first contentful paint ${r.fcp} ms`);
      if (TRACE) console.log(`    webview host: ${Object.entries(r.marks).map(([n, t]) => `${n.replace('webview/index.html/', '')} ${t}`).join(' · ')}\n    loaded by the document: ${r.resources.join(' · ') || 'nothing'}`);
    }
  }
} finally {
  await shared?.close();
  await server.stop();
  if (argv.includes('--keep')) console.log(`run folder kept: ${runDir}`);
  else fs.rmSync(runDir, { recursive: true, force: true });
}

const median = (xs) => { const s = xs.filter(Number.isFinite).sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : NaN; };
const load = os.loadavg()[0].toFixed(1);
console.log(`\nclick → first content, code-server, median of ${RUNS} runs each (fresh window each), load average ${load} at the end`);
for (const kind of ['board', MARKDOWN]) {
  const rs = results[kind];
  const m = (k) => median(rs.map((r) => r[k]));
  console.log(`  ${kind === 'board' ? 'review board (status bar click)' : kind === 'markdown' ? 'Markdown preview (Ctrl+Shift+V)' : 'Markdown preview (to the side, editor title)'}: shown ${m('shown')} ms (runs ${rs.map((r) => r.shown).join(', ')}) · frame ${m('frame')} ms · document ${m('docStart')} ms · first paint ${m('fcp')} ms · polled ${m('seen')} ms`);
}
