// `npm test`: everything that proves behaviour, in order, stopping at nothing so one run
// shows every failure. Steps: prerequisites (code-server's first install goes on in the
// background), build, typecheck then unit (vitest: unit + CLI black-box + concurrency) ‖ lint,
// webview (Playwright in Debian's Chromium), vscode-suite (the extension host in the real VS Code)
// then vscode-ui (the UI scenarios) ‖ agents (the agents' own CLIs, e2e/agents/) then demo
// (`npm start` itself). "‖": side by side, where each leaves a core idle alone.
// Prints one closing line "N passed, N failed" counting test cases across runners.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-test-'));
let passed = 0;
let failed = 0;
const failures = [];

/** Whether a step runs: all without arguments, else those named (`vscode` names both its halves). */
const wanted = (name) => !only.length || only.includes(name) || (name.startsWith('vscode-') && only.includes('vscode'));

function run(name, cmd, args, { count, env = process.env } = {}) {
  if (!wanted(name)) return;
  console.log(`\n=== ${name}: ${[cmd, ...args].join(' ')}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  finish(name, r.status === 0, count, (Date.now() - t0) / 1000);
}

/** Counts a finished step and prints its closing "=== name: ok (N passed, N failed, T s)" line. */
function finish(name, ok, count, seconds) {
  let counted = count ? count() : undefined;
  if (!counted) counted = { passed: 0, failed: ok ? 0 : 1 }; // build steps count only when they fail
  if (!ok && counted.failed === 0) counted.failed = 1; // a crash that ran no test still fails
  passed += counted.passed;
  failed += counted.failed;
  if (!ok) failures.push(name);
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${counted.passed} passed, ${counted.failed} failed, ${seconds.toFixed(1)} s)`);
}

/**
 * Starts a step as a child process. Resolves, when it has ended, with the function that prints
 * its output (held, unless `live`: then it streamed as it came) and counts it: steps running side
 * by side never interleave their lines, and a step in the background reports where it is awaited.
 * `beside` names the steps it runs alongside, for the header.
 */
function startStep([name, cmd, args, opts = {}], { live, beside = [] }) {
  const t0 = Date.now();
  const head = `\n=== ${name}: ${[cmd, ...args].join(' ')}${beside.length ? ` (alongside ${beside.join(', ')})` : ''}`;
  if (live) console.log(head);
  const child = spawn(cmd, args, { cwd: root, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: opts.env ?? process.env });
  const held = [];
  if (!live) { child.stdout.on('data', (d) => held.push(d)); child.stderr.on('data', (d) => held.push(d)); }
  return new Promise((resolve) => {
    let ended = false;
    const end = (code) => {
      if (ended) return;
      ended = true;
      const seconds = (Date.now() - t0) / 1000; // the step's own time, not until it is awaited
      resolve(() => {
        if (!live) { console.log(head); process.stdout.write(Buffer.concat(held)); }
        finish(name, code === 0, opts.count, seconds);
      });
    };
    child.on('error', (e) => { held.push(Buffer.from(`${e.message}\n`)); end(1); });
    child.on('close', (code) => end(code));
  });
}

/**
 * Runs lanes side by side, for work that leaves a core idle alone and shares no files; a lane is
 * a step or a list of steps run one after another. The first lane's output streams as it comes.
 */
async function runTogether(lanes) {
  lanes = lanes.map((lane) => (typeof lane[0] === 'string' ? [lane] : lane).filter(([name]) => wanted(name))).filter((lane) => lane.length);
  await Promise.all(lanes.map(async (lane, i) => {
    const beside = lanes.filter((_, j) => j !== i).flatMap((l) => l.map(([n]) => n));
    for (const step of lane) (await startStep(step, { live: i === 0, beside }))();
  }));
}

function readJson(file) {
  try { return JSON.parse(fs.readFileSync(file, 'utf8')); } catch { return undefined; }
}

/** Counts a vitest run from its JSON report. */
const vitestCount = (file) => () => { const j = readJson(file); return j && { passed: j.numPassedTests, failed: j.numFailedTests }; };

const node = process.execPath;
const bin = (p) => path.join(root, 'node_modules', p);

// Prerequisites a fresh machine lacks: git, Debian's Chromium and the headers code-server builds
// against (apt, when root: only what is missing), then code-server and Node 24 (cached in
// ~/.cache/consider-vscode). Code-server's first install compiles native modules on one core for
// a minute or two and nothing before the VS Code steps needs it: it runs beside the steps up to
// there, its lines held and printed when it ends (a cold install then adds ~50 s to npm test,
// not ~110 s; bench/RESULTS.md "npm test's wall time").
run('prerequisites', node, ['scripts/ensure-system-packages.mjs', '--for', 'test']);
const codeServerInstall = wanted('prerequisites') ? startStep(['code-server', node, ['scripts/ensure-code-server.mjs']], { live: false, beside: ['the steps up to the VS Code ones'] }) : undefined;
run('build', node, ['scripts/build.mjs', '--production']);
// Type checking and lint, at the same time: each is one single-threaded process, and this machine
// has two cores. Type checking ends first (~27 s against lint's ~41 s): the unit step follows it
// in its lane, on the core it leaves.
// Three projects: the Node side without DOM types, the board without Node types, and the tests that see both.
// The recommended rules and the layout's import rules (eslint.config.mjs).
const tsc = bin('typescript/bin/tsc');

// The unit step spawns Node some thousands of times (the CLI as a process, hooks, setup). Where
// NODE_EXTRA_CA_CERTS is set (a proxy's CA, as on the 2-core machines npm test was timed on), every Node process parses that
// bundle at start: ~40 ms of CPU each (0.153 → 0.112 s for `node -e 0`). No unit test makes a TLS
// connection (the GitHub stand-in is plain HTTP on 127.0.0.1), so the step runs without it. Steps
// that download (prerequisites, the agents' first install) keep it.
const offlineEnv = { ...process.env };
delete offlineEnv.NODE_EXTRA_CA_CERTS;
const vitestJson = path.join(tmp, 'vitest.json');

await runTogether([
  [
    ['typecheck', 'sh', ['-c', ['tsconfig.node.json', 'tsconfig.webview.json', 'tsconfig.json'].map((p) => `"${node}" "${tsc}" --noEmit -p ${p}`).join(' && ')]],
    ['unit', node, [bin('vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], {
      env: offlineEnv,
      count: vitestCount(vitestJson),
    }],
  ],
  ['lint', node, [bin('eslint/bin/eslint.js'), '.']],
]);

if (fs.existsSync(path.join(root, 'e2e/playwright.config.ts'))) {
  const pwJson = path.join(tmp, 'playwright.json');
  process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = pwJson;
  run('webview', node, [bin('@playwright/test/cli.js'), 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    count: () => { const j = readJson(pwJson); return j && { passed: j.stats.expected, failed: j.stats.unexpected + (j.stats.flaky ?? 0) }; },
  });
}

(await codeServerInstall)?.();

// The real VS Code in two halves, beside the agents. The extension-host suite is one window whose
// tests mostly wait (on the store's lock, the CLI, the plan gate's timers: 1.0 of 2 cores busy),
// and so do the agents' turns (e2e/agents/: each agent's own CLI, installed from npm the first
// time into ${TMPDIR:-/tmp}/consider-agents, one real turn each against a stand-in model server,
// with a submitted review waiting: 1.1 cores): the two run side by side. The UI scenarios (two
// windows at a time: ~1.9 cores) follow the suite in its lane, and `npm start`'s own test (one
// code-server starting) the agents in theirs.
const vscodeCount = (file) => () => { const j = readJson(file); return j && { passed: j.passed, failed: j.failed }; };
const vsSuiteJson = path.join(tmp, 'vscode-suite.json');
const vsUiJson = path.join(tmp, 'vscode-ui.json');
const agentsJson = path.join(tmp, 'agents.json');
const demoJson = path.join(tmp, 'demo.json');
await runTogether([
  [
    ['vscode-suite', node, ['e2e/vscode/run.mjs', '--suite'], { env: { ...process.env, CONSIDER_VSCODE_RESULTS: vsSuiteJson }, count: vscodeCount(vsSuiteJson) }],
    ['vscode-ui', node, ['e2e/vscode/run.mjs', '--ui'], { env: { ...process.env, CONSIDER_VSCODE_RESULTS: vsUiJson }, count: vscodeCount(vsUiJson) }],
  ],
  [
    ['agents', node, [bin('vitest/vitest.mjs'), 'run', '-c', 'vitest.agents.config.mts', '--reporter=default', '--reporter=json', `--outputFile.json=${agentsJson}`], {
      count: vitestCount(agentsJson),
    }],
    // `npm start` itself (vitest.vscode.config.mts): the demo workspace, code-server with the VSIX, stopping.
    ['demo', node, [bin('vitest/vitest.mjs'), 'run', '-c', 'vitest.vscode.config.mts', '--reporter=default', '--reporter=json', `--outputFile.json=${demoJson}`], {
      count: vitestCount(demoJson),
    }],
  ],
]);

fs.rmSync(tmp, { recursive: true, force: true });
if (failures.length) console.log(`\nfailed steps: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
