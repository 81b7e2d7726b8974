// One agent, one non-interactive turn, with a submitted review waiting: the workspace set up by
// consider-setup, the user's one-time trust step, the stand-in model server, the agent's own CLI
// with a throwaway HOME. Returns what happened; the suite (agents.test.ts) asserts on it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cleanInstallEnv } from '../../scripts/ensure-code-server.mjs';
import { startModelServer } from './model/server.mjs';
import { reviewTurn } from './script.mjs';
import { createWorkspace } from './workspace.mjs';

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
 * `trust: false` leaves the trust step out. Returns the pieces a turn needs; call close() after.
 */
export async function prepareAgent(agent, { repo, dir, paths, trust = true, respond = reviewTurn, setup = agent.setup }) {
  const ws = path.join(dir, 'ws');
  const home = path.join(dir, 'home');
  fs.mkdirSync(home, { recursive: true });
  const workspace = createWorkspace(ws, { repo, home, setupArgs: setup });
  const server = await startModelServer({ respond, logFile: path.join(dir, 'requests.jsonl') });
  const bin = paths.bin(agent.pkg);
  const env = agentEnv(paths, home);
  if (trust) await agent.trust({ ws, home, url: server.url, bin, env });
  const reviewIds = await workspace.submitReview();
  return { agent, dir, ws, home, bin, env, server, workspace, reviewIds, close: () => server.close() };
}

/** One turn of the prepared agent (its `run` command line, or `run` given). */
export async function runTurn(prepared, { run = prepared.agent.run, name = 'turn' } = {}) {
  const { args, env } = run({ bin: prepared.bin, url: prepared.server.url, ws: prepared.ws, home: prepared.home });
  const result = await runProcess(args, { cwd: prepared.ws, env: { ...prepared.env, ...env }, logPrefix: path.join(prepared.dir, name) });
  return { ...result, requests: [...prepared.server.requests], threads: prepared.workspace.threads(), hookState: readHookState(prepared.ws) };
}

export function readHookState(ws) {
  try { return JSON.parse(fs.readFileSync(path.join(ws, '.consider/hook-state.json'), 'utf8')); } catch { return undefined; }
}
