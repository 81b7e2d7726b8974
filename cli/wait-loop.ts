/**
 * The CLI's one wait loop: `wait` (news from the developer in store.json) and the plan gate (a
 * verdict file) both wait here on a folder of `.consider/`. It looks
 *  - at once when fs.watch reports one of the files it cares about (after a few milliseconds,
 *    so a writer's rename burst is over);
 *  - every `recheckMs` anyway: events can be lost (network file systems, some containers), and
 *    side conditions change without a file event;
 *  - every POLL_MS when the folder cannot be watched, or its watch fails: then looking is the
 *    wait. A wait never fails because a folder cannot be watched (before issue 36 `wait` did,
 *    with an I/O error, while the plan gate went on: they now agree).
 * It ends with what `look` answers, with `onTimeout()` at the deadline, with `orphaned()` when
 * the process that started it is gone (nobody is left to read the answer), and with `onSignal`
 * on SIGINT, SIGTERM or SIGHUP when given; any of them that throws ends it with that error.
 */
import fs from 'node:fs';

/** A folder that cannot be watched is looked at this often. */
export const POLL_MS = 1_000;
/** How often the loop looks whether the process that started it is still there. */
const PARENT_CHECK_MS = 1_000;

/**
 * The process that started this one: the one a wait answers to. Taken as this module loads
 * (before the parent could be gone), or from CONSIDER_PARENT_PID, which the MCP server sets:
 * a server killed while the command still starts would otherwise leave it a parent of pid 1.
 */
export const STARTED_BY = Number(process.env.CONSIDER_PARENT_PID) || process.ppid;

/**
 * Whether the process that started this one is gone: killed outright (an MCP server, an
 * agent's shell), it leaves the wait to pid 1 (or a subreaper), with nobody to read the answer.
 * On POSIX the parent id changes then; Windows keeps the old id, so there it is asked for.
 */
export function parentGone(startedBy: number): boolean {
  if (process.ppid !== startedBy) return true;
  if (process.platform !== 'win32') return false;
  try {
    process.kill(startedBy, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export interface WaitLoop<T> {
  /** The folder watched. */
  dir: string;
  /** Whether a change to this file of `dir` is worth a look at once (null: the platform did not say which). */
  wanted(name: string | null): boolean;
  /** Looks: an answer ends the wait, undefined waits on. */
  look(): T | undefined;
  /** Looked at this often besides the file events. */
  recheckMs: number;
  timeoutMs: number;
  onTimeout(): T;
  orphaned(): T;
  /** With it, SIGINT, SIGTERM and SIGHUP end the wait with its answer (else they do what they always do). */
  onSignal?(signal: NodeJS.Signals): T;
  /** Waited for after an event before looking (default SETTLE_MS). */
  settleMs?: number;
}

/** store.json and the plans' files are replaced by a rename: the writer's burst is over after this. */
const SETTLE_MS = 15;

export function waitLoop<T>(w: WaitLoop<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let watcher: fs.FSWatcher | undefined;
    let settle: NodeJS.Timeout | undefined;
    let poll: NodeJS.Timeout | undefined;
    let done = false;
    /** Ends the wait with what `answer` gives (or throws). */
    const end = (answer: () => T): void => {
      if (done) return;
      done = true;
      watcher?.close();
      clearTimeout(settle);
      clearInterval(poll);
      clearInterval(recheck);
      clearInterval(parentCheck);
      clearTimeout(deadline);
      for (const s of SIGNALS) process.off(s, onSignal);
      try {
        resolve(answer());
      } catch (e) {
        reject(e);
      }
    };
    const look = (): void => {
      settle = undefined;
      if (done) return;
      let answer: T | undefined;
      try {
        answer = w.look();
      } catch (e) {
        end(() => { throw e; });
        return;
      }
      if (answer !== undefined) end(() => answer);
    };
    const soon = (): void => {
      settle ??= setTimeout(look, w.settleMs ?? SETTLE_MS);
    };
    const pollInstead = (): void => {
      watcher?.close();
      watcher = undefined;
      poll ??= setInterval(look, POLL_MS);
    };
    const onSignal = (signal: NodeJS.Signals): void => end(() => w.onSignal!(signal));
    if (w.onSignal) for (const s of SIGNALS) process.on(s, onSignal);
    try {
      watcher = fs.watch(w.dir, { persistent: true }, (_event, name) => { if (w.wanted(name)) soon(); });
      watcher.on('error', pollInstead);
    } catch {
      pollInstead(); // cannot watch here (a network share, the folder gone): look every second
    }
    const recheck = setInterval(look, w.recheckMs);
    const parentCheck = setInterval(() => { if (parentGone(STARTED_BY)) end(w.orphaned); }, PARENT_CHECK_MS);
    // Node's timer holds at most 2^31-1 ms (24.8 days); more would fire at once (issue 34).
    const deadline = setTimeout(() => end(w.onTimeout), Math.min(w.timeoutMs, 2 ** 31 - 1));
    look(); // what happened before the watch started is not missed
  });
}
