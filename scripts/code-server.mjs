// Starts and stops the real VS Code (code-server), isolated in a run folder: the one launcher of
// `npm start` (scripts/demo.mjs), the real-VS-Code tests (e2e/vscode/run.mjs) and the benchmarks.
// Why code-server: no network here, so @vscode/test-electron cannot download VS Code; code-server
// from npm runs VS Code's real extension host and serves the real workbench to a browser.
// See ../shared/real-vscode/README.md for the recipe this follows.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Installs code-server on first use (cached); resolves to its paths ({ cache, bin, node24, node24Bin }). */
export { ensureCodeServer } from './ensure-code-server.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

/**
 * User settings for a quiet VS Code with no network: no tips, telemetry, updates, AI features or
 * trust prompt, and no "Your application running on port … is available" toast each time a process
 * listens (agents, MCP servers, your dev server): ports are still forwarded and listed in Ports.
 */
export const QUIET_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'security.workspace.trust.enabled': false,
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'remote.otherPortsAttributes': { onAutoForward: 'silent' },
};

/** Test windows add: no git, no minimap, and the two themes screenshots switch between. */
export const TEST_SETTINGS = {
  ...QUIET_SETTINGS,
  'git.enabled': false,
  'editor.minimap.enabled': false,
  // What a test window spends no CPU on (2 cores run two windows side by side): TypeScript's
  // syntax server only (outline and breadcrumbs stay; no project-wide semantic checking, which no
  // test looks at), no animations, a cursor that does not blink (screenshots show it, always).
  'typescript.tsserver.useSyntaxServer': 'always',
  'workbench.reduceMotion': 'on',
  'editor.cursorBlinking': 'solid',
  // Screenshots toggle between these two from the palette (VS Code web ignores the browser's
  // emulated prefers-color-scheme, so window.autoDetectColorScheme cannot be used).
  // No walkthrough opening by itself on a scenario's first activation (extension/setup/walkthrough.ts).
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'consider.walkthrough.openOnFirstRun': false,
  'workbench.colorTheme': 'Light Modern',
  'workbench.preferredLightColorTheme': 'Light Modern',
  'workbench.preferredDarkColorTheme': 'Dark Modern',
};

/**
 * Starts code-server in its own process group with HOME, XDG_* and TMPDIR inside `runDir`
 * (code-server, VS Code and Chromium otherwise write into the real home and /tmp).
 * `env` is added to the server's environment, which the extension host inherits: the
 * extension-host suite reads its parameters from there. `settings` are the user settings
 * (default: TEST_SETTINGS); `port` a fixed port (default: a free one); `folder` the folder the
 * server opens by default; `testDriver` lets a test page report its result (codeAutomationExit).
 */
export async function startCodeServer({
  bin, node24, runDir, env = {}, settings = TEST_SETTINGS, installVsix, port: fixedPort, folder, testDriver = true, healthTimeoutMs = 60_000,
}) {
  const home = path.join(runDir, 'home');
  const userData = path.join(runDir, 'user-data');
  const extensions = path.join(runDir, 'extensions');
  const tmp = path.join(runDir, 'tmp');
  for (const d of [home, path.join(userData, 'User'), extensions, tmp]) fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(path.join(userData, 'User/settings.json'), JSON.stringify(settings, null, 2));
  const port = fixedPort ?? await freePort();
  const serverEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: path.join(home, '.local/share'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    TMPDIR: tmp,
    // code-server's launcher runs `node` from PATH and needs Node 24; tests that run the CLI as
    // the agent use the system Node explicitly (CONSIDER_E2E_NODE).
    PATH: `${path.dirname(node24)}:${process.env.PATH ?? ''}`,
    ...env,
  };
  const args = [
    '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--disable-telemetry', '--disable-update-check',
    '--disable-workspace-trust', '--disable-getting-started-override',
    ...(testDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []), // lets codeAutomationExit report the test result
    '--user-data-dir', userData, '--extensions-dir', extensions, '--config', path.join(runDir, 'code-server.yaml'),
    ...(folder ? [folder] : []),
  ];
  if (installVsix) {
    // Installed before the server starts, so every window scans it like a user's extension.
    const r = spawnSync(bin, ['--user-data-dir', userData, '--extensions-dir', extensions, '--config', path.join(runDir, 'code-server.yaml'),
      '--install-extension', installVsix], { env: serverEnv, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`code-server --install-extension failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
  }
  const log = fs.openSync(path.join(runDir, 'code-server.log'), 'a');
  const child = spawn(bin, args, { env: serverEnv, stdio: ['ignore', log, log], detached: true }); // own process group
  fs.closeSync(log);
  let exited = false;
  const exit = new Promise((resolve) => child.once('exit', (code) => { exited = true; resolve(code); }));
  const server = {
    pid: child.pid,
    /** Resolves with the exit code when the server exits (whoever stopped it). */
    exited: exit,
    port,
    origin: `http://127.0.0.1:${port}`,
    authority: `127.0.0.1:${port}`,
    userData,
    /** The server's HOME: the user the extension runs as (setup's project records live under it). */
    home,
    userSettings: path.join(userData, 'User/settings.json'),
    runDir,
    /** URI of a server-side path as VS Code's remote file system names it. */
    remote: (p) => `vscode-remote://127.0.0.1:${port}${p}`,
    /** Kills the whole process group: server, extension hosts, watcher, pty host. */
    async stop() {
      if (exited) return;
      try { process.kill(-child.pid, 'SIGTERM'); } catch { return; }
      const t = setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } }, 5000);
      await exit;
      clearTimeout(t);
    },
  };
  killOnExit(server);
  const t0 = Date.now();
  for (;;) {
    if (exited) throw new Error('code-server exited at start; see ' + path.join(runDir, 'code-server.log'));
    try { const r = await fetch(`${server.origin}/healthz`); if (r.ok) break; } catch { /* not up yet */ }
    if (Date.now() - t0 > healthTimeoutMs) { await server.stop(); throw new Error(`code-server did not start in ${healthTimeoutMs / 1000} s; see ${path.join(runDir, 'code-server.log')}`); }
    await new Promise((r) => setTimeout(r, 100));
  }
  return server;
}

/** Builds the workbench URL that opens `target` (a folder or a .code-workspace file), with the extension loaded from `extensionDevelopmentPath` when given (else only installed extensions run). */
export function workbenchUrl(server, { folder, workspace, extensionDevelopmentPath, extensionTestsPath }) {
  const payload = [];
  if (extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', server.remote(extensionDevelopmentPath)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', server.remote(extensionTestsPath)]);
  const target = workspace ? `workspace=${encodeURIComponent(workspace)}` : `folder=${encodeURIComponent(folder)}`;
  return `${server.origin}/?${target}${payload.length ? `&payload=${encodeURIComponent(JSON.stringify(payload))}` : ''}`;
}

// Whatever happens (exception, Ctrl-C), no code-server process group is left behind.
const live = new Set();
function killOnExit(server) {
  live.add(server);
  const stop = server.stop;
  server.stop = async () => { live.delete(server); await stop(); };
}
function killAllSync() {
  for (const s of live) { try { process.kill(-s.pid, 'SIGKILL'); } catch { /* gone */ } }
}
process.on('exit', killAllSync);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { killAllSync(); process.exit(130); });
