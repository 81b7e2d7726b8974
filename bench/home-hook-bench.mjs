#!/usr/bin/env node
// What an installed home-scope hook costs in the projects it serves and in every other folder
// (issue 28): the exact Stop line `consider-setup setup --hook claude:home` writes into
// ~/.claude/settings.json, run by sh as Claude Code runs it, as a ratio to a bare `node -e 0`
// run alternately with it (pair by pair, so drifting machine load touches both alike).
// min / median / max over --runs runs (default 31).
//
//   node scripts/build.mjs --no-webview && node bench/home-hook-bench.mjs [--runs 31]
//
// Cases: a folder without Consider anywhere above it (the line looks up for `.consider/` with
// sh builtins and exits without starting Node), a clone that commits a `.consider/` but was
// never set up by this user (Node starts, the user's copy of the CLI says nothing), and the
// user's own project with nothing waiting (the common stop).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { timeCommand } from './time-run.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '31' } } });
const RUNS = Number(values.runs);

const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-home-hook-bench-')));
const home = path.join(dir, 'home');
const project = path.join(dir, 'project');
const clone = path.join(dir, 'clone');
const plain = path.join(dir, 'plain', 'deep', 'folder');
for (const d of [home, project, clone, plain]) fs.mkdirSync(d, { recursive: true });
const env = { PATH: process.env.PATH, HOME: home };
const run = (cwd, args) => {
  const r = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}`);
};
run(project, [path.join(repo, 'dist/setup/consider-setup.cjs'), 'setup', '--no-gitignore', '--hook', 'claude:home']);
run(clone, [path.join(project, '.consider/bin/consider-cli.cjs'), 'summary']); // a .consider/ of its own, never set up here
fs.cpSync(path.join(project, '.consider'), path.join(clone, '.consider'), { recursive: true });
const settings = JSON.parse(fs.readFileSync(path.join(home, '.claude', 'settings.json'), 'utf8'));
const line = settings.hooks.Stop[0].hooks[0].command;

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor(s.length / 2)], max: s[s.length - 1] };
};

function measure(folder) {
  const input = JSON.stringify({ session_id: 'bench', cwd: folder, hook_event_name: 'Stop', stop_hook_active: false });
  const caseEnv = { ...env, CLAUDE_PROJECT_DIR: folder };
  const base = [];
  const cmd = [];
  for (let i = 0; i < RUNS; i++) {
    base.push(timeCommand([process.execPath, '-e', '0'], folder, { input, env: caseEnv }));
    const r = timeCommand(['sh', '-c', line], folder, { input, env: caseEnv, keepStdout: true });
    if (r.stdout !== '') throw new Error(`the hook printed ${r.stdout} in ${folder}`);
    cmd.push(r);
  }
  return { base: stats(base.map((x) => x.wall)), cmd: stats(cmd.map((x) => x.wall)), ratio: stats(cmd.map((c, i) => c.wall / base[i].wall)), cpu: stats(cmd.map((x) => x.cpu)) };
}

const rows = [
  ['a folder without Consider (3 levels below the temp folder)', measure(plain)],
  ['a clone with a .consider/, never set up by this user', measure(clone)],
  ['the project set up, nothing waiting', measure(project)],
];
fs.rmSync(dir, { recursive: true, force: true });

const f = (x) => x.toFixed(1);
const r = (x) => x.toFixed(2);
const mmm = (s, fmt, unit = '') => `${fmt(s.min)}${unit} / ${fmt(s.median)}${unit} / ${fmt(s.max)}${unit}`;
console.log(`home-scope Stop hook (the installed sh line) — node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}, ${RUNS} runs alternating with node -e 0`);
console.log('');
console.log('| where the agent runs | wall ms | node -e 0 wall ms | wall ratio | CPU ms |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const [label, m] of rows) console.log(`| ${label} | ${mmm(m.cmd, f)} | ${mmm(m.base, f)} | ${mmm(m.ratio, r, '×')} | ${mmm(m.cpu, f)} |`);
console.log('');
console.log('Each cell: min / median / max. ratio = each run over the node -e 0 run just before it; wall: the whole process');
console.log('as seen from outside (bash, spawn included); CPU: user + sys.');
