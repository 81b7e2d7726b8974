// One agent, one non-interactive turn, with a submitted review waiting: the workspace set up by
// consider-setup, the user's one-time trust step, the stand-in model server, the agent's own CLI
// with a throwaway HOME. Returns what happened; the suite (agents.test.ts) asserts on it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cleanInstallEnv } from '../../scripts/ensure-code-server.mjs';
import { startModelServer } from './model/server.mjs';
import { reviewTurn } from './script.mjs';
import { createWorkspace, sh } from './workspace.mjs';

/** A turn that takes longer than this is a hang (they take 5–20 s on 2 cores). */
export const TURN_TIMEOUT_MS = 120_000;

// The outer environment's own agent settings (a developer running the suite from inside an agent,
// their API keys and base URLs) must not reach the agent under test.
const FOREIGN = /^(ANTHROPIC|CLAUDE|CODEX|OPENAI|GEMINI|GOOGLE|COPILOT|GH|GITHUB|OPENCODE|XDG)_|^CLAUDECODE$/;

/** A fresh shell's environment with Node 24 first on PATH, HOME the throwaway home, and `extra`. */
export function agentEnv(paths, home, extra = {}) {
  const outer = Object.fromEntries(Object.entries(process.env).filter(([k]) => !FOREIGN.test(k)));
  return cleanInstallEnv(outer, paths.node24Bin, {
    HOME: home,
    // OpenCode installs its plugin SDK into .opencode/ with npm on first start: from the cache when it can.
    npm_config_cache: paths.npmCache,
    npm_config_prefer_offline: 'true',
    NO_COLOR: '1',
    ...extra,
  });
}

/** Runs `args` in `cwd` until it exits (or TURN_TIMEOUT_MS, then its process group is killed). */
export function runProcess(args, { cwd, env, logPrefix, timeoutMs = TURN_TIMEOUT_MS }) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const out = fs.openSync(`${logPrefix}.stdout`, 'w');
    const err = fs.openSync(`${logPrefix}.stderr`, 'w');
    // PWD too: agents take it for the folder they work in (OpenCode's `run` prefers it to the cwd).
    const child = spawn(args[0], args.slice(1), { cwd, env: { ...env, PWD: cwd }, stdio: ['ignore', out, err], detached: true });
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } }, timeoutMs);
    const finish = (code, signal) => {
      clearTimeout(timer);
      fs.closeSync(out);
      fs.closeSync(err);
      resolve({
        code, signal, timedOut, ms: Date.now() - t0,
        stdout: fs.readFileSync(`${logPrefix}.stdout`, 'utf8'),
        stderr: fs.readFileSync(`${logPrefix}.stderr`, 'utf8'),
      });
    };
    child.once('error', (e) => { fs.writeSync(err, String(e)); finish(null, null); });
    child.once('exit', finish);
  });
}

/**
 * Prepares `agent` in `dir` (a fresh folder): workspace, model server, trust, the review.
 * `trust: false` leaves the trust step out. `worktreeOf`: the workspace is a new git worktree of
 * that project. `review`: the submitted review's options (workspace.mjs submitReview), or false
 * for none. Returns the pieces a turn needs; call close() after.
 */
export async function prepareAgent(agent, { repo, dir, paths, trust = true, respond = reviewTurn, setup = agent.setup, worktreeOf, review = {} }) {
  const ws = path.join(dir, 'ws');
  const home = path.join(dir, 'home');
  fs.mkdirSync(home, { recursive: true });
  const workspace = createWorkspace(ws, { repo, home, setupArgs: setup, worktreeOf });
  const server = await startModelServer({ respond, logFile: path.join(dir, 'requests.jsonl') });
  const bin = paths.bin(agent.pkg);
  const env = agentEnv(paths, home);
  // What consider-setup status says the agent still needs (setup/prerequisites.ts), before and after the user's trust step.
  const needs = () => JSON.parse(sh(ws, process.execPath, [path.join(repo, 'dist/setup/consider-setup.cjs'), 'status', '--root', ws, '--json'], { env: { ...process.env, HOME: home } })).needs;
  const needsBefore = needs();
  if (trust) await agent.trust({ ws, home, url: server.url, bin, env, ...(worktreeOf ? { project: worktreeOf } : {}) });
  const needsAfter = needs();
  for (const seed of agent.seed ?? []) copySeed(path.join(seedDir(paths, agent), seed.in, seed.dir), path.join(seed.in === 'ws' ? ws : home, seed.dir), seed.files);
  const reviewIds = review === false ? [] : await workspace.submitReview(review);
  return { agent, dir, ws, home, bin, env, paths, server, workspace, reviewIds, needsBefore, needsAfter, close: () => server.close() };
}

/** One turn of the prepared agent (its `run` command line, or `run` given). */
export async function runTurn(prepared, { run = prepared.agent.run, name = 'turn' } = {}) {
  const { args, env } = run({ bin: prepared.bin, url: prepared.server.url, ws: prepared.ws, home: prepared.home });
  const result = await runProcess(args, { cwd: prepared.ws, env: { ...prepared.env, ...env }, logPrefix: path.join(prepared.dir, name) });
  saveSeed(prepared);
  return { ...result, requests: [...prepared.server.requests], threads: prepared.workspace.threads(), hookState: readHookState(prepared.ws) };
}

const seedDir = (paths, agent) => path.join(paths.base, 'seeds', `${agent.id}-${agent.pkg.version}`);

/** Keeps what the agent installed into the workspace and home on its first start (agent.seed), once. */
export function saveSeed({ agent, ws, home, paths }) {
  const seeds = agent.seed ?? [];
  const seed = seedDir(paths, agent);
  if (!seeds.length || fs.existsSync(seed)) return;
  if (!seeds.every((s) => fs.existsSync(path.join(s.in === 'ws' ? ws : home, s.dir, 'node_modules')))) return;
  const staging = `${seed}.${process.pid}`;
  for (const s of seeds) copySeed(path.join(s.in === 'ws' ? ws : home, s.dir), path.join(staging, s.in, s.dir), s.files);
  try { fs.renameSync(staging, seed); } catch { fs.rmSync(staging, { recursive: true, force: true }); }
}

function copySeed(from, to, files) {
  if (!fs.existsSync(from)) return;
  for (const f of files) if (fs.existsSync(path.join(from, f))) fs.cpSync(path.join(from, f), path.join(to, f), { recursive: true });
}

export function readHookState(ws) {
  try { return JSON.parse(fs.readFileSync(path.join(ws, '.consider/hook-state.json'), 'utf8')); } catch { return undefined; }
}

/**
 * OpenCode as its TUI runs it: a server (`opencode serve`, the same server the TUI starts) with
 * the prompt sent by `opencode run --attach`. `run` exits at the session's first idle, as it
 * always does; the server goes on with whatever the plugin sends the session then. Waits until
 * the server has been idle for a while (no session busy, no model request), then stops it.
 */
export async function runOpencodeServerTurn(prepared, { prompt, name = 'serve' }) {
  const { bin, ws, dir } = prepared;
  const env = { ...prepared.env, PWD: ws, OPENCODE_DISABLE_MODELS_FETCH: 'true', OPENCODE_DISABLE_AUTOUPDATE: 'true' };
  const log = fs.openSync(path.join(dir, `${name}.server.log`), 'w');
  const server = spawn(bin, ['serve', '--port', '0', '--hostname', '127.0.0.1'], { cwd: ws, env, stdio: ['ignore', 'pipe', log], detached: true });
  const t0 = Date.now();
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`opencode serve said no address in 60 s: ${out}`)), 60_000);
      server.stdout.setEncoding('utf8').on('data', (chunk) => {
        out += chunk;
        fs.writeSync(log, chunk);
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) { clearTimeout(timer); resolve(m[1].replace(/\/$/, '')); }
      });
      server.once('exit', (code) => { clearTimeout(timer); reject(new Error(`opencode serve exited (${code}): ${out}`)); });
    });
    const listening = Date.now() - t0;
    const client = await runProcess([bin, 'run', '--attach', url, '--dir', ws, prompt], { cwd: ws, env, logPrefix: path.join(dir, name) });
    const clientDone = Date.now() - t0;
    await settled(url, ws, prepared.server.requests);
    saveSeed(prepared);
    return {
      ...client, ms: Date.now() - t0, phases: { listening, clientDone, settled: Date.now() - t0 },
      requests: [...prepared.server.requests], threads: prepared.workspace.threads(), hookState: readHookState(ws),
    };
  } finally {
    try { process.kill(-server.pid, 'SIGKILL'); } catch { /* gone */ }
    fs.closeSync(log);
  }
}

/**
 * Resolves once the server has nothing left to do: no session busy, no model request for 3 s and
 * no stop of ours still waiting for the plugin's prompt to be answered (at most 90 s).
 */
async function settled(url, ws, requests) {
  const deadline = Date.now() + 90_000;
  let quietSince = Date.now();
  let seen = requests.length;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    let busy = false;
    try {
      const status = await (await fetch(`${url}/session/status?directory=${encodeURIComponent(ws)}`)).json();
      busy = Object.values(status ?? {}).some((s) => s?.type && s.type !== 'idle');
    } catch { /* asked again in half a second */ }
    const blocked = Object.values(readHookState(ws)?.sessions ?? {}).some((s) => s.blocks > 0);
    if (busy || blocked || requests.length !== seen) { quietSince = Date.now(); seen = requests.length; }
    if (Date.now() - quietSince >= 3_000) return;
  }
}
