#!/usr/bin/env node
// Runs the extension in the real VS Code (code-server + Debian's Chromium), headless:
//   (a) the extension-host mocha suite (e2e/vscode/suite/*.test.ts) inside VS Code's extension host,
//       on a multi-root workspace copied from e2e/vscode/fixtures/;
//   (b) the Playwright UI scenarios (e2e/vscode/ui/*.scenario.mjs) clicking through the workbench,
//       with Consider installed from its VSIX exactly as a user installs it (packed from dist/
//       by vsce into the run folder, then `code-server --install-extension`), not loaded from
//       the checkout: so a file missing from the package fails here.
// Builds nothing itself except the suite bundle and the VSIX: run `node scripts/build.mjs` first.
// Writes {"passed":N,"failed":N} to $CONSIDER_VSCODE_RESULTS (if set), prints "N passed, N failed",
// exits 0 only if everything passed. See e2e/vscode/README.md.
//
// Options: --suite | --ui        run one half only
//          --grep TEXT           only suite tests / UI scenarios whose title contains TEXT
//          --keep                keep the run folder (logs, workspaces) and print its path
//          --lanes N             UI scenarios in N windows at a time, each lane its own code-server
//                                (default 2, or $CONSIDER_UI_LANES; see runScenarios)
import * as esbuild from 'esbuild';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureCodeServer, startCodeServer, workbenchUrl } from '../../scripts/code-server.mjs';
import { copyFixture } from './lib/fixtures.mjs';
import { VsCodePage } from './ui/vscode-page.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const argv = process.argv.slice(2);
const opt = {
  suite: !argv.includes('--ui'),
  ui: !argv.includes('--suite'),
  grep: argv.includes('--grep') ? argv[argv.indexOf('--grep') + 1] : undefined,
  keep: argv.includes('--keep'),
  lanes: Number(argv.includes('--lanes') ? argv[argv.indexOf('--lanes') + 1] : process.env.CONSIDER_UI_LANES ?? 2),
};
const SUITE_TIMEOUT_MS = 5 * 60_000; // the whole mocha run; each test has its own 30 s timeout inside
const SCENARIO_TIMEOUT_MS = 3 * 60_000; // one UI scenario, cold workbench start included (~7 s)
const CLI = path.join(repo, 'dist/runtime/bin/consider-cli.cjs');

const results = { passed: 0, failed: 0, failures: [] };
const t0 = Date.now();
const lap = (m) => console.log(`[vscode ${((Date.now() - t0) / 1000).toFixed(1)}s] ${m}`);

async function main() {
  // .vscode/tasks.json "build suite": compile the suite for VS Code's own "Extension-Host Tests" launch, nothing else.
  if (argv.includes('--build-suite-only')) {
    await buildSuite(path.resolve(repo, argv[argv.indexOf('--build-suite-only') + 1] ?? 'out/suite'));
    process.exit(0);
  }
  for (const f of ['dist/extension/extension.js', 'dist/runtime/bin/consider-cli.cjs']) {
    if (!fs.existsSync(path.join(repo, f))) throw new Error(`${f} is missing: run \`node scripts/build.mjs\` first`);
  }
  const cs = await ensureCodeServer();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-vscode-'));
  const suiteOut = path.join(runDir, 'suite');
  const suiteResults = path.join(runDir, 'suite-results.json');
  if (opt.suite) await buildSuite(suiteOut);
  const vsix = opt.ui ? packVsix(runDir) : undefined;

  // The GitHub API stand-in (test/github-standin/), for the pull request tests: its URL and token
  // go into VS Code's environment, so the extension (and the CLI it runs) talks to it, not to GitHub.
  const github = await startGitHubStandInProcess(runDir);
  process.env.CONSIDER_E2E_GITHUB = github.url; // for the UI scenarios' set-up, which runs in this process
  const startServer = (dir) => startCodeServer({
    bin: cs.bin, node24: cs.node24, runDir: dir, installVsix: vsix,
    env: {
      GH_TOKEN: github.token, GITHUB_API_URL: github.url, GITHUB_GRAPHQL_URL: github.graphqlUrl, CONSIDER_E2E_GITHUB: github.url, CONSIDER_NO_GH: '1',
      CONSIDER_E2E_SUITE_RESULTS: suiteResults,
      CONSIDER_E2E_CLI: CLI,
      CONSIDER_E2E_NODE: process.execPath, // the agent's CLI runs on the system Node, not code-server's
      ...(opt.grep ? { CONSIDER_E2E_GREP: opt.grep } : {}),
    },
  });
  const server = await startServer(runDir);
  lap(`code-server up on port ${server.port} (run folder ${runDir})`);
  const browser = await launchBrowser();
  try {
    if (opt.suite) await runSuite(browser, server, runDir, suiteOut, suiteResults);
    if (opt.ui) await runScenarios(browser, server, runDir, startServer);
  } finally {
    await browser.close().catch(() => undefined);
    await server.stop();
    if (opt.keep) console.log(`run folder kept: ${runDir}`);
    else fs.rmSync(runDir, { recursive: true, force: true });
  }
}

function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}

/** Packs the built extension into a VSIX in the run folder (the same command as `npm run package`). */
function packVsix(runDir) {
  const out = path.join(runDir, 'consider.vsix');
  const vsce = path.join(repo, 'node_modules/@vscode/vsce/vsce');
  const r = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--out', out],
    { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0 || !fs.existsSync(out)) throw new Error(`vsce package failed:\n${r.stdout}${r.stderr}`);
  lap(`packed ${path.basename(out)} (${(fs.statSync(out).size / 1024).toFixed(0)} KiB)`);
  return out;
}

/** Compiles suite/*.ts into one CommonJS file each (vscode and mocha stay external: the host provides them). */
async function buildSuite(outdir) {
  const suiteDir = path.join(here, 'suite');
  const entries = fs.readdirSync(suiteDir).filter((f) => f === 'index.ts' || f.endsWith('.test.ts')).map((f) => path.join(suiteDir, f));
  await esbuild.build({
    entryPoints: entries, outdir, bundle: true, platform: 'node', format: 'cjs', target: 'node20',
    external: ['vscode', 'mocha'], sourcemap: 'inline', logLevel: 'warning',
  });
  // the bundle lives in the run folder, so point `require('mocha')` at the project's copy
  fs.writeFileSync(path.join(outdir, 'package.json'), '{"type":"commonjs"}\n');
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(outdir, 'node_modules'));
}

/** The stand-in as a child process; it is stopped when this process exits. */
async function startGitHubStandInProcess(runDir) {
  const child = spawn(process.execPath, [path.join(repo, 'test/github-standin/server.mjs'), '--token', 'gho_e2e_standin'], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = fs.createWriteStream(path.join(runDir, 'github-standin.log'));
  child.stderr.pipe(log);
  process.on('exit', () => child.kill());
  const first = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.on('exit', (code) => reject(new Error(`the GitHub stand-in exited (${code}); see ${path.join(runDir, 'github-standin.log')}`)));
  });
  return JSON.parse(first);
}

async function runSuite(browser, server, runDir, suiteOut, suiteResults) {
  const ws = path.join(runDir, 'suite-ws');
  copyFixture('alpha', path.join(ws, 'alpha'));
  copyFixture('beta', path.join(ws, 'beta'));
  const workspace = path.join(ws, 'suite.code-workspace');
  fs.writeFileSync(workspace, JSON.stringify({ folders: [{ path: 'alpha' }, { path: 'beta' }], settings: {} }, null, 2));
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const log = fs.createWriteStream(path.join(runDir, 'suite.log'));
  let reportExit;
  const exitCode = new Promise((resolve) => { reportExit = resolve; });
  // VS Code calls these when the smoke-test driver is on (the hooks @vscode/test-web uses)
  await page.exposeFunction('codeAutomationLog', (_type, args) => {
    const line = format(...args);
    log.write(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${line}\n`);
    if (!isNoise(line)) console.log(line);
  });
  await page.exposeFunction('codeAutomationExit', (code) => reportExit(code));
  lap('extension-host suite: starting');
  await page.goto(workbenchUrl(server, {
    workspace, extensionDevelopmentPath: repo, extensionTestsPath: path.join(suiteOut, 'index.js'),
  }));
  const workbenchFailed = page.locator('.monaco-workbench').waitFor({ timeout: 60_000 }).then(() => new Promise(() => undefined), () => 'workbench did not load in 60 s');
  const code = await Promise.race([exitCode, workbenchFailed, sleep(SUITE_TIMEOUT_MS).then(() => 'timeout')]);
  await page.close().catch(() => undefined);
  log.end();
  let r;
  try { r = JSON.parse(fs.readFileSync(suiteResults, 'utf8')); } catch { r = undefined; }
  if (!r) {
    results.failed += 1;
    results.failures.push({ title: 'extension-host suite', error: `no results (exit ${code}); see suite.log` });
  } else {
    results.passed += r.passed;
    results.failed += r.failed;
    results.failures.push(...r.failures);
    if (code !== 0 && r.failed === 0) { results.failed += 1; results.failures.push({ title: 'extension-host suite', error: `exit ${code}` }); }
  }
  lap(`extension-host suite: exit ${code}, ${r?.passed ?? 0} passed, ${r?.failed ?? '?'} failed`);
}

/**
 * The UI scenarios, `opt.lanes` windows at a time. One scenario alone keeps ~1.6 of 2 cores busy
 * (a window's start is ~10 CPU-s of Chromium, then it mostly waits on the extension, the CLI and
 * file events): two side by side fill the machine. Each lane is a code-server of its own, in a
 * run folder of its own: its own HOME (setup writes the user's skills and project records there)
 * and its own user settings (the theme a screenshot switches to is a user setting, which every
 * window of one server follows). And a browser of its own: a page opening in the same browser
 * takes the window focus from the other lane's page, and VS Code closes a quick pick that loses
 * it (seen: Choose Baseline's list closed under the click). Every scenario gets a fresh context.
 * Lanes take the next scenario from one queue, so they end within one scenario of each other.
 */
async function runScenarios(firstBrowser, firstServer, runDir, startServer) {
  const uiDir = path.join(here, 'ui');
  const queue = [];
  for (const file of fs.readdirSync(uiDir).filter((f) => f.endsWith('.scenario.mjs')).sort()) {
    const mod = await import(pathToFileURL(path.join(uiDir, file)).href);
    const title = mod.title ?? file;
    if (opt.grep && !title.includes(opt.grep) && !file.includes(opt.grep)) continue;
    queue.push({ mod, title, name: file.replace(/\.scenario\.mjs$/, '') });
  }
  const shots = path.join(repo, 'e2e/shots');
  fs.mkdirSync(shots, { recursive: true });
  const laneCount = Math.max(1, Math.min(opt.lanes || 1, queue.length));
  const lanes = [{ browser: firstBrowser, server: firstServer }];
  try {
    for (let i = 1; i < laneCount; i++) {
      const dir = path.join(runDir, `lane-${i + 1}`);
      fs.mkdirSync(dir);
      lanes.push({ server: await startServer(dir), browser: await launchBrowser() });
      lap(`UI lane ${i + 1}: code-server up on port ${lanes[i].server.port}`);
    }
    await Promise.all(lanes.map(async ({ browser, server }, i) => {
      const laneLap = laneCount > 1 ? (m) => lap(`[ui ${i + 1}] ${m}`) : lap;
      for (let next = queue.shift(); next; next = queue.shift()) await runScenario(browser, server, shots, next, laneLap);
    }));
  } finally {
    for (const { browser, server } of lanes.slice(1)) {
      await browser?.close().catch(() => undefined);
      await server?.stop();
    }
  }
}

/** One scenario in a fresh browser context on `server`: its workspace prepared, the workbench opened on it. */
async function runScenario(browser, server, shots, { mod, title, name }, lap) {
  const ws = path.join(server.runDir, 'ui-ws', name);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, colorScheme: 'light' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin }).catch(() => undefined);
  const page = await context.newPage();
  const vscode = new VsCodePage(page, { shotPrefix: path.join(shots, name), log: lap, logsDir: path.join(server.userData, 'logs') });
  const started = Date.now();
  lap(`UI scenario "${title}": starting`);
  try {
    copyFixture(mod.fixture ?? 'alpha', ws);
    await mod.prepare?.({ workspace: ws, repo, lap, home: server.home }); // before the workbench opens the folder
    await setLightTheme(server.userSettings); // every scenario starts light, whatever the last one ended with
    // No extensionDevelopmentPath: the scenario drives the VSIX installed in the server.
    await page.goto(workbenchUrl(server, { folder: ws }));
    await vscode.waitReady();
    await withTimeout(mod.default({ page, vscode, workspace: ws, cli: CLI, node: process.execPath, lap }), SCENARIO_TIMEOUT_MS);
    results.passed += 1;
    lap(`UI scenario "${title}": passed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (e) {
    results.failed += 1;
    results.failures.push({ title: `UI: ${title}`, error: String(e?.stack ?? e).slice(0, 2000) });
    lap(`UI scenario "${title}": FAILED: ${String(e?.message ?? e).split('\n')[0]}`);
    await page.screenshot({ path: path.join(shots, `${name}-FAILED.png`) }).catch(() => undefined);
    fs.writeFileSync(path.join(server.runDir, `${name}-FAILED.html`), await page.content().catch(() => ''));
  } finally {
    await context.close().catch(() => undefined);
  }
}

/**
 * Sets the light theme in the server's user settings. VS Code writes that file in place (the last
 * scenario's theme switch may still be landing): a read that is not whole JSON waits for the write.
 */
async function setLightTheme(file) {
  for (const t0 = Date.now(); ;) {
    let settings;
    try { settings = JSON.parse(fs.readFileSync(file, 'utf8')); } catch (e) {
      if (Date.now() - t0 > 5000) throw new Error(`${file} is not JSON after 5 s: ${e.message}`, { cause: e });
      await sleep(50);
      continue;
    }
    settings['workbench.colorTheme'] = 'Light Modern';
    fs.writeFileSync(file, JSON.stringify(settings, null, 2));
    return;
  }
}

const NOISE = /Unable to read file|Long running operations during shutdown|Creating a socket|connection token|ENOTFOUND|AgentHost|ChatModel|AccountPolicy|authentication provider|^\s+at |Failed to load resource|marketplace|\[LocalProcess|extensionsScannerService|DEPRECATED/;
const isNoise = (line) => NOISE.test(line);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const withTimeout = (p, ms) => Promise.race([p, sleep(ms).then(() => { throw new Error(`timed out after ${ms / 1000} s`); })]);

main()
  .catch((e) => {
    results.failed += 1;
    results.failures.push({ title: 'harness', error: String(e?.stack ?? e) });
    console.error(String(e?.stack ?? e));
  })
  .finally(() => {
    for (const f of results.failures) console.log(`\nFAILED: ${f.title}\n${f.error}`);
    if (process.env.CONSIDER_VSCODE_RESULTS) {
      fs.writeFileSync(process.env.CONSIDER_VSCODE_RESULTS, JSON.stringify({ passed: results.passed, failed: results.failed }) + '\n');
    }
    console.log(`\n${results.passed} passed, ${results.failed} failed`);
    process.exit(results.failed === 0 && results.passed > 0 ? 0 : 1);
  });
