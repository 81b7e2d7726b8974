// One timed run of `node ARGS` for the CLI benchmarks: wall time (what the targets are about)
// and CPU time (user + sys, from bash's `time`, i.e. getrusage of the child). On a shared,
// loaded machine wall time swings with the load while CPU time stays put, so both are reported.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const quote = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
const STDERR = path.join(os.tmpdir(), 'consider-bench-stderr');
const STDOUT = path.join(os.tmpdir(), 'consider-bench-stdout');

/** `input` goes to the child's stdin; `keepStdout` returns what it printed (else it goes to /dev/null). */
export function timeRun(args, cwd, opts = {}) {
  return timeCommand([process.execPath, ...args], cwd, opts);
}

/** As timeRun, for any command line (`argv[0]` a program on PATH or a path); `env` replaces the environment. */
export function timeCommand(argv, cwd, { input = '', keepStdout = false, env = process.env } = {}) {
  const args = argv.slice(1);
  const out = keepStdout ? STDOUT : '/dev/null';
  const script = `TIMEFORMAT='%3U %3S'; time ${argv.map(quote).join(' ')} >${quote(out)} 2>${quote(STDERR)}`;
  const t0 = process.hrtime.bigint();
  const r = spawnSync('bash', ['-c', script], { cwd, input, env, encoding: 'utf8', stdio: ['pipe', 'ignore', 'pipe'] });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr} ${fs.readFileSync(STDERR, 'utf8')}`);
  const [user, sys] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: (user + sys) * 1000, ...(keepStdout && { stdout: fs.readFileSync(STDOUT, 'utf8') }) };
}
