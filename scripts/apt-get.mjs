// Runs apt-get for the first-run installer (scripts/ensure-system-packages.mjs), waiting for apt's
// lock instead of dying on it. On a fresh VM, unattended upgrades hold the lock in the first minutes
// (`E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process … (apt-get)`), exactly
// when a newcomer runs `npm start` (issue 40).
//
// Two locks, two ways of waiting:
// - dpkg's (lock-frontend, lock; `apt-get install`): apt-get waits by itself with
//   `-o DPkg::Lock::Timeout=S`, printing "Waiting for cache lock: … held by process N (name)…"
//   about once a second; those lines are read here and replaced by one line a minute. (`-qq` hides
//   them: give `-q` at most.)
// - the package lists' (lists/lock; `apt-get update`): apt 2.6 ignores that timeout there and fails
//   at once, so the command is tried again every few seconds until the same deadline.
// When the time is up it fails with one line naming the holder and the command to run again.
import { spawn } from 'node:child_process';

/** How long the first run waits for another apt run to finish: unattended upgrades on a fresh VM take minutes. */
const APT_LOCK_TIMEOUT_S = 15 * 60;

// apt-get's words for "someone else has the lock", while it waits and when it gives up.
const HELD_BY = /Could not get lock (\S+?)\.? It is held by process (\d+)(?: \(([^)]*)\))?/;
const LOCK_FAILURE = /Could not get lock|Unable to acquire the dpkg frontend lock|Unable to lock directory/;

const minutes = (ms) => {
  const m = Math.round(ms / 60_000);
  return m === 1 ? '1 min' : `${m} min`;
};

/**
 * Runs `apt-get ARGS`, waiting up to `timeoutS` for apt's lock with a line every `tickMs` while it
 * waits. Resolves to { status, stdout, stderr } of the last attempt; rejects with a one-line error
 * (the holder, how long it waited, `rerun`) when the lock was still held at the deadline.
 * `options`: extra `-o` settings put before the command (tests point apt at a folder of their own).
 */
export async function aptGetWaitingForLock(args, {
  say = (m) => process.stderr.write(`${m}\n`),
  rerun,
  timeoutS = APT_LOCK_TIMEOUT_S,
  tickMs = 60_000,
  retryMs = 5_000,
  env = process.env,
  options = [],
} = {}) {
  const started = Date.now();
  const deadline = started + timeoutS * 1000;
  /** The holder apt named last, and when it last said it was waiting. */
  let holder;
  let lastWaitingAt = 0;
  const waitingNow = () => Date.now() - lastWaitingAt < Math.max(3_000, retryMs * 2);
  const describe = (h) => `${h.file} is held by process ${h.pid}${h.name ? ` (${h.name})` : ''}`;
  const noteWaiting = (text) => {
    const m = HELD_BY.exec(text);
    if (!m) return;
    const first = !holder;
    holder = { file: m[1], pid: m[2], name: m[3] };
    lastWaitingAt = Date.now();
    if (first) say(`waiting for apt's lock: ${describe(holder)} (another apt run; on a fresh machine, usually the automatic updates). Waiting up to ${minutes(timeoutS * 1000)}, a line a minute`);
  };
  const ticker = setInterval(() => {
    if (holder && waitingNow()) say(`still waiting for apt's lock (${describe(holder)}), ${minutes(Date.now() - started)} so far`);
  }, tickMs);
  try {
    for (;;) {
      const secondsLeft = Math.max(1, Math.ceil((deadline - Date.now()) / 1000));
      const r = await run(['-o', `DPkg::Lock::Timeout=${secondsLeft}`, ...options, ...args], env, noteWaiting);
      if (r.status === 0 || !LOCK_FAILURE.test(r.stdout + r.stderr)) return r;
      noteWaiting(r.stdout + r.stderr);
      if (Date.now() + retryMs > deadline) {
        const who = holder ? describe(holder) : 'apt\'s lock is held by another process';
        throw new Error(`apt's lock is still taken after ${minutes(Date.now() - started)}: ${who}. When that apt run is over, run again: ${rerun ?? `apt-get ${args.join(' ')}`}`);
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  } finally {
    clearInterval(ticker);
  }
}

/** One apt-get process: its output collected, each chunk shown to `onOutput` as it comes. */
function run(args, env, onOutput) {
  return new Promise((resolve, reject) => {
    const child = spawn('apt-get', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => { stdout += d; onOutput(d); });
    child.stderr.setEncoding('utf8').on('data', (d) => { stderr += d; onOutput(d); });
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}
