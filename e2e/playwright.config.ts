import { defineConfig } from '@playwright/test';

// Webview tests in Debian's Chromium (never `playwright install`). They need the built webview
// (dist/webview): `npm test` builds first; alone, run `node scripts/build.mjs` before.
// Timeouts: a test drives a real page over a real host session and store. Alone a test takes
// 1–5 s; 60 s (and 10 s for an expect() poll) leaves room for a 2-core machine shared with
// other suites at load averages above 10, where we measured single tests near 30 s.
// Two workers (spec files side by side; each test has its own page, fake host and temp store):
// one left a core idle while a test waited on the page, 428 s → 291 s wall on 2 cores, paired.
export default defineConfig({
  testDir: './webview',
  outputDir: '../test-results/webview',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: 'list',
  use: {
    viewport: { width: 1100, height: 720 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
