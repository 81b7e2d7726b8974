#!/usr/bin/env node
// What the turn captures (issue 39, docs/worktrees.md "Turn captures") add to an agent's hooks,
// on a --files-file git repository (default 10,000) where each turn edits --changed files
// (default 50): `hook prompt` and `hook stop` (nothing waiting: the turn ends) of a Claude Code
// session with a session id (the workspace captured with the session) against the same hooks
// of a session without one (`claude:`: recorded, never captured), run alternately, pair by pair.
// Also `list` with a session (its lane) against `list`, and the in-process cost of Submit Review's session question (sessionChoices) over the
// captures kept after --turns turns of two sessions. Wall and CPU ms, min / median / max.
//
//   node scripts/build.mjs --no-webview && node bench/turn-capture-bench.mjs [--files 10000] [--changed 50] [--turns 20]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';
import { copyRuntime } from './bench-workspace.mjs';
import { timeRun } from './time-run.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { files: { type: 'string', default: '10000' }, changed: { type: 'string', default: '50' }, turns: { type: 'string', default: '20' } } });
const FILES = Number(values.files);
const CHANGED = Number(values.changed);
const TURNS = Number(values.turns);
const { runtime, cli } = copyRuntime(repo);
// Submit Review's session question, bundled as the extension bundles it (shared/ in, nothing external).
const bundle = path.join(runtime, 'changes-index.cjs');
await esbuild.build({ entryPoints: [path.join(repo, 'shared/changes/index.ts')], outfile: bundle, bundle: true, platform: 'node', format: 'cjs', target: 'node18', logLevel: 'warning' });
const shared = createRequire(import.meta.url)(bundle);
const { readStore } = createRequire(import.meta.url)(path.join(runtime, 'shared', 'store.js'));

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-turn-bench-')));
const git = (...args) => execFileSync('git', ['-C', root, '-c', 'user.email=b@example.com', '-c', 'user.name=b', ...args], { stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 28 });
git('init', '-q');
for (let i = 0; i < FILES; i++) {
  const rel = `src/pkg${Math.floor(i / 100)}/mod${i}.ts`;
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), `export const v${i} = ${i};\n`.repeat(40));
}
git('add', '.');
git('commit', '-qm', 'files');
fs.mkdirSync(path.join(root, '.consider'));
fs.writeFileSync(path.join(root, '.consider', 'store.json'), '{"version":1,"comments":[]}\n');

const input = (event, session) => JSON.stringify(event === 'prompt'
  ? { session_id: session, transcript_path: '/tmp/t.jsonl', cwd: root, permission_mode: 'default', hook_event_name: 'UserPromptSubmit', prompt: 'Go on.' }
  : { session_id: session, transcript_path: '/tmp/t.jsonl', cwd: root, permission_mode: 'default', hook_event_name: 'Stop', stop_hook_active: false });
const hook = (event, session) => timeRun([cli, 'hook', event, '--agent', 'claude'], os.tmpdir(), { input: input(event, session) });
let edits = 0;
const editSome = () => {
  for (let k = 0; k < CHANGED; k++) fs.appendFileSync(path.join(root, `src/pkg${Math.floor(((edits * 7919 + k * 104729) % FILES) / 100)}/mod${(edits * 7919 + k * 104729) % FILES}.ts`), `// edit ${edits}\n`);
  edits++;
};

// The first capture reads every file: reported apart.
const first = hook('prompt', 'sess-a');
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[0].toFixed(0)} / ${s[Math.floor(s.length / 2)].toFixed(0)} / ${s[s.length - 1].toFixed(0)}`;
};
const rows = { 'prompt, captured': [], 'prompt, no session id': [], 'stop, captured': [], 'stop, no session id': [] };
const cpu = { 'prompt, captured': [], 'prompt, no session id': [], 'stop, captured': [], 'stop, no session id': [] };
editSome();
hook('stop', 'sess-a');
for (let t = 0; t < TURNS; t++) {
  for (const [session, word] of [[t % 2 ? 'sess-b' : 'sess-a', 'captured'], ['', 'no session id']]) {
    const p = hook('prompt', session);
    editSome();
    const s = hook('stop', session);
    rows[`prompt, ${word}`].push(p.wall); cpu[`prompt, ${word}`].push(p.cpu);
    rows[`stop, ${word}`].push(s.wall); cpu[`stop, ${word}`].push(s.cpu);
  }
}
// `list` with and without a session: the lane's cost (a session between turns: its last end compared with the files now).
const lane = { 'list --session (lane)': [], 'list': [] };
for (let i = 0; i < 5; i++) {
  lane['list --session (lane)'].push(timeRun([cli, 'list', '--session', 'sess-a'], root).wall);
  lane['list'].push(timeRun([cli, 'list'], root).wall);
}
const store = readStore(root).store;
const choices = [];
for (let i = 0; i < 5; i++) {
  const t0 = process.hrtime.bigint();
  const r = shared.sessionChoices(root, store);
  choices.push(Number(process.hrtime.bigint() - t0) / 1e6);
  if (i === 0) console.log(`sessionChoices: ${JSON.stringify(r.map((x) => [x.session, x.files]))}`);
}
const kept = fs.readdirSync(path.join(root, '.consider', 'baselines')).filter((n) => n.startsWith('turn-') && n.endsWith('.json')).length;
console.log(`${FILES} files, ${CHANGED} edited per turn, ${TURNS} turns of each kind; wall ms min / median / max (CPU median)`);
console.log(`first capture (prompt hook, every file read): ${first.wall.toFixed(0)} ms wall, ${first.cpu.toFixed(0)} ms CPU`);
for (const k of Object.keys(rows)) console.log(`${k.padEnd(24)} ${stats(rows[k])}  (CPU ${stats(cpu[k]).split(' / ')[1]})`);
for (const k of Object.keys(lane)) console.log(`${k.padEnd(24)} ${stats(lane[k])}`);
console.log(`Submit Review's session question (sessionChoices over ${kept} kept turn captures): ${stats(choices)} ms`);
fs.rmSync(root, { recursive: true, force: true });
fs.rmSync(runtime, { recursive: true, force: true });
