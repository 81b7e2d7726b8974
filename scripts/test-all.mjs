// `npm test`: everything that proves behaviour, in order, stopping at nothing so one run
// shows every failure. Steps: build, typecheck, lint, vitest (unit + CLI black-box + concurrency),
// Playwright (webview in Debian's Chromium), the real VS Code (code-server) suites, the agents' own
// CLIs (e2e/agents/), `npm start` itself.
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

function run(name, cmd, args, { count, env = process.env } = {}) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name}: ${[cmd, ...args].join(' ')}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  finish(name, r.status === 0, count, t0);
}

/** Counts a finished step and prints its closing "=== name: ok (N passed, N failed, T s)" line. */
function finish(name, ok, count, t0) {
  let counted = count ? count() : undefined;
  if (!counted) counted = { passed: 0, failed: ok ? 0 : 1 }; // build steps count only when they fail
  if (!ok && counted.failed === 0) counted.failed = 1; // a crash that ran no test still fails
  passed += counted.passed;
  failed += counted.failed;
  if (!ok) failures.push(name);
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${counted.passed} passed, ${counted.failed} failed, ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

/**
 * Runs steps at the same time, for steps that each leave a core idle and share no files. The first
 * step's output streams as it comes; each other step's is held and printed whole when it ends, so
 * no two steps' lines interleave.
 */
async function runTogether(steps) {
  steps = steps.filter(([name]) => !only.length || only.includes(name));
  const t0 = Date.now();
  await Promise.all(steps.map(([name, cmd, args, opts = {}], i) => new Promise((resolve) => {
    const live = i === 0;
    const head = `\n=== ${name}: ${[cmd, ...args].join(' ')}${steps.length > 1 ? ` (alongside ${steps.filter((_, j) => j !== i).map(([n]) => n).join(', ')})` : ''}`;
    if (live) console.log(head);
    const child = spawn(cmd, args, { cwd: root, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
    const held = [];
    if (!live) { child.stdout.on('data', (d) => held.push(d)); child.stderr.on('data', (d) => held.push(d)); }
    child.on('error', (e) => held.push(Buffer.from(`${e.message}\n`)));
    child.on('close', (code) => {
      if (!live) { console.log(head); process.stdout.write(Buffer.concat(held)); }
      finish(name, code === 0, opts.count, t0);
      resolve();
    });
  })));
}

function readJson(file) {
  try { return JSON.parse(fs.readFileSync(file, 'utf8')); } catch { return undefined; }
}

const node = process.execPath;
const bin = (p) => path.join(root, 'node_modules', p);

// Prerequisites a fresh machine lacks: git, Debian's Chromium and the headers code-server builds
// against (apt, when root: only what is missing), then code-server and Node 24 (cached in
// ~/.cache/consider-vscode; the first install takes minutes and says so every minute).
run('prerequisites', 'sh', ['-c', `"${process.execPath}" scripts/ensure-system-packages.mjs --for test && "${process.execPath}" scripts/ensure-code-server.mjs >/dev/null`]);
run('build', node, ['scripts/build.mjs', '--production']);
// Type checking and lint, at the same time: each is one single-threaded process, and this machine
// has two cores (together ~40 s instead of ~65 s one after the other).
// Three projects: the Node side without DOM types, the board without Node types, and the tests that see both.
// The recommended rules and the layout's import rules (eslint.config.mjs).
const tsc = bin('typescript/bin/tsc');
await runTogether([
  ['lint', node, [bin('eslint/bin/eslint.js'), '.']],
  ['typecheck', 'sh', ['-c', ['tsconfig.node.json', 'tsconfig.webview.json', 'tsconfig.json'].map((p) => `"${node}" "${tsc}" --noEmit -p ${p}`).join(' && ')]],
]);

// The unit step spawns Node some thousands of times (the CLI as a process, hooks, setup). Where
// NODE_EXTRA_CA_CERTS is set (a proxy's CA, as on the 2-core machines npm test was timed on), every Node process parses that
// bundle at start: ~40 ms of CPU each (0.153 → 0.112 s for `node -e 0`). No unit test makes a TLS
// connection (the GitHub stand-in is plain HTTP on 127.0.0.1), so the step runs without it. Steps
// that download (prerequisites, the agents' first install) keep it.
const offlineEnv = { ...process.env };
delete offlineEnv.NODE_EXTRA_CA_CERTS;

const vitestJson = path.join(tmp, 'vitest.json');
run('unit', node, [bin('vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], {
  env: offlineEnv,
  count: () => { const j = readJson(vitestJson); return j && { passed: j.numPassedTests, failed: j.numFailedTests }; },
});

if (fs.existsSync(path.join(root, 'e2e/playwright.config.ts'))) {
  const pwJson = path.join(tmp, 'playwright.json');
  process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = pwJson;
  run('webview', node, [bin('@playwright/test/cli.js'), 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    count: () => { const j = readJson(pwJson); return j && { passed: j.stats.expected, failed: j.stats.unexpected + (j.stats.flaky ?? 0) }; },
  });
}

if (fs.existsSync(path.join(root, 'e2e/vscode/run.mjs'))) {
  const vsJson = path.join(tmp, 'vscode.json');
  process.env.CONSIDER_VSCODE_RESULTS = vsJson;
  run('vscode', node, ['e2e/vscode/run.mjs'], {
    count: () => { const j = readJson(vsJson); return j && { passed: j.passed, failed: j.failed }; },
  });
}

// The agents' own CLIs (e2e/agents/, vitest.agents.config.mts): Claude Code, Codex, Gemini CLI,
// OpenCode and Copilot CLI from npm (installed here, the first time, into ~/.cache/consider-agents),
// one real turn each against a stand-in model server, with a submitted review waiting.
const agentsJson = path.join(tmp, 'agents.json');
run('agents', node, [bin('vitest/vitest.mjs'), 'run', '-c', 'vitest.agents.config.mts', '--reporter=default', '--reporter=json', `--outputFile.json=${agentsJson}`], {
  count: () => { const j = readJson(agentsJson); return j && { passed: j.numPassedTests, failed: j.numFailedTests }; },
});

// `npm start` itself (vitest.vscode.config.mts): the demo workspace, code-server with the VSIX, stopping.
const demoJson = path.join(tmp, 'demo.json');
run('demo', node, [bin('vitest/vitest.mjs'), 'run', '-c', 'vitest.vscode.config.mts', '--reporter=default', '--reporter=json', `--outputFile.json=${demoJson}`], {
  count: () => { const j = readJson(demoJson); return j && { passed: j.numPassedTests, failed: j.numFailedTests }; },
});

fs.rmSync(tmp, { recursive: true, force: true });
if (failures.length) console.log(`\nfailed steps: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
