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
import { QUIET_SETTINGS, freePort, startCodeServer } from './code-server.mjs';
import { ensureCodeServer } from './ensure-code-server.mjs';
import { ensureSystemPackages } from './ensure-system-packages.mjs';

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

async function choosePort() {
  if (port !== undefined) {
    if (!(await portFree(port))) die(`port ${port} is in use; pick another with --port`);
    return port;
  }
  return (await portFree(8090)) ? 8090 : freePort();
}

// 1. Build and package.
const runDir = path.resolve(opts.dir ?? path.join(repo, '.run', 'demo'));
fs.rmSync(runDir, { recursive: true, force: true });
fs.mkdirSync(runDir, { recursive: true });
if (!opts['no-build']) step('building (extension, CLI runtime, webview)', process.execPath, ['scripts/build.mjs', '--production']);
const vsix = path.join(runDir, 'consider.vsix');
step('packaging the VSIX', process.execPath, [path.join(repo, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '--out', vsix], { stdio: ['ignore', 'ignore', 'inherit'] });

// 2. What a fresh machine lacks: git, the headers code-server builds against (Debian, when root), then
// code-server and Node 24 themselves (cached in ~/.cache/consider-vscode after the first run).
try {
  await ensureSystemPackages('start', { say });
} catch (e) {
  die(e.message);
}
let codeServer;
let node24Bin;
let node24Node;
try {
  ({ bin: codeServer, node24Bin, node24: node24Node } = await ensureCodeServer({ say: (m) => say(`code-server: ${m}`) }));
} catch (e) {
  die(`installing code-server failed: ${e.message}`);
}

// 3. The demo workspace.
say('creating the demo workspace (sample project, git repo, Consider set up, threads)');
const ws = path.join(runDir, 'shop-demo');
// Set up with the run's own home (code-server's HOME): your copy of consider-cli and the project's record go there, not into your real home.
const demo = await createDemoWorkspace(ws, { repo, home: path.join(runDir, 'home') });
const problems = checkDemoStates(demo);
if (problems.length) die(`the demo workspace is not as expected:\n  ${problems.join('\n  ')}`);

// 4. A run-local VS Code (its own home, settings and extensions folder) with the VSIX installed, serving.
const chosen = await choosePort();
const base = `http://127.0.0.1:${chosen}`;
const url = `${base}/?folder=${encodeURIComponent(ws)}`;
say(`installing the VSIX and starting VS Code (code-server) on ${base}`);
let server;
try {
  server = await startCodeServer({
    bin: codeServer, node24: node24Node, runDir, installVsix: vsix, port: chosen, folder: ws,
    settings: QUIET_SETTINGS, testDriver: false, healthTimeoutMs: 90_000,
  });
} catch (e) {
  die(e.message);
}
const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
const extensions = path.join(runDir, 'extensions');
if (!fs.existsSync(path.join(extensions, `${pkg.publisher}.${pkg.name}-${pkg.version}`, 'dist/runtime/bin/consider-cli.cjs'))) die(`the extension is not installed in ${extensions}`);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  return server.stop();
};
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, async () => { say('stopping'); await stop(); process.exit(0); });
// `npm start` stopped by its pid: npm exits and its `sh -c` does not pass the signal on, so this
// process would be left behind, serving, with init as its parent. Notice that and stop too.
const parent = process.ppid;
setInterval(async () => {
  if (process.ppid !== parent) { say('the command that started the demo is gone: stopping'); await stop(); process.exit(0); }
}, 500).unref();
say('VS Code is up');

if (opts.smoke) {
  const health = await (await fetch(`${base}/healthz`)).json();
  const page = await fetch(url);
  const html = await page.text();
  const listed = spawnSync(codeServer, ['--user-data-dir', server.userData, '--extensions-dir', extensions, '--list-extensions', '--show-versions'],
    { env: { ...process.env, HOME: path.join(runDir, 'home'), PATH: `${node24Bin}:${process.env.PATH}` }, encoding: 'utf8' }).stdout;
  await stop();
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
server.exited.then((code) => {
  if (!stopping) die(`code-server exited (${code}); see ${path.join(runDir, 'code-server.log')}`, 5);
});
