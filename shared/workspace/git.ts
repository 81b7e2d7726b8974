/**
 * Consider's one way of running git: a tool the user has, not a library we ship. Every call
 *  - takes none of git's locks: GIT_OPTIONAL_LOCKS=0, so a `git status` of ours never
 *    refreshes and writes the index, and the user's own `git commit` never fails on an
 *    `index.lock` we hold (test/workspace-git.test.ts watches for one, and holds a real one).
 *    `git diff` writes the index whatever that says: Consider runs `git diff-index` (changed.ts);
 *  - has no pager, no credential prompt, and git's messages in English (LC_ALL=C), which the
 *    callers tell apart;
 *  - answers a GitResult and never throws: no git, not a repository, a timeout are results.
 * Two ways to run it. runGit waits for git: for code that is off any UI thread already (the CLI,
 * the reconcile pass, the Changes view's worker). runGitAsync does not, for the extension host:
 * its calls take turns in one queue (at most MAX_RUNNING git processes at a time, so a diff
 * editor asking for 400 files does not start 400 of them) and end when their AbortSignal fires
 * (a call still waiting never starts; a running one is killed).
 */
// Loaded on first use: most CLI commands never run git, and child_process costs start-up time.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const childProcess = (): typeof import('node:child_process') => require('node:child_process');

/** A git call that runs longer than this is stopped: its answer is a failure. */
export const GIT_TIMEOUT_MS = 15_000;
/**
 * The bound for git calls on a CLI read's way (renames, history for following code): the read
 * answers without what they would have said rather than keep an agent waiting.
 */
export const READ_GIT_TIMEOUT_MS = 3_000;
const MAX_OUTPUT_BYTES = 512 * 1024 * 1024;
/** git processes the async queue runs at once. */
export const MAX_RUNNING = 4;

export interface GitResult {
  ok: boolean;
  stdout: Buffer;
  /** git's own message (trimmed), for the log and for telling errors apart. */
  stderr: string;
  /** ENOENT: there is no git on PATH. */
  missing?: boolean;
}

export interface GitOptions {
  /** Added to the environment (GIT_DIR, say). */
  env?: NodeJS.ProcessEnv;
  /** Instead of GIT_TIMEOUT_MS: a call on a command's way (a CLI read) may give up sooner. */
  timeoutMs?: number;
}

/** The environment every git call runs in (see the module comment). */
function gitEnv(extra: NodeJS.ProcessEnv | undefined): NodeJS.ProcessEnv {
  return { ...process.env, GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0', ...extra };
}

const argv = (root: string, args: readonly string[]): string[] => ['-C', root, ...args];

/** Runs `git -C root …args` and waits for it. */
export function runGit(root: string, args: readonly string[], opts: GitOptions = {}): GitResult {
  const r = childProcess().spawnSync('git', argv(root, args), {
    timeout: opts.timeoutMs ?? GIT_TIMEOUT_MS,
    maxBuffer: MAX_OUTPUT_BYTES,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: gitEnv(opts.env),
    windowsHide: true,
  });
  const missing = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
  return { ok: !r.error && r.status === 0, stdout: r.stdout ?? Buffer.alloc(0), stderr: (r.stderr ?? Buffer.alloc(0)).toString('utf8').trim(), ...(missing ? { missing } : {}) };
}

/** git's output as text when it succeeded, else undefined. */
export function gitText(root: string, args: readonly string[], opts: GitOptions = {}): string | undefined {
  const r = runGit(root, args, opts);
  return r.ok ? r.stdout.toString('utf8') : undefined;
}

/** Thrown by runGitAsync's promise when its signal fired: the caller no longer wants the answer. */
export class GitAborted extends Error {
  constructor() {
    super('git call cancelled');
    this.name = 'GitAborted';
  }
}

interface Queued {
  start(): void;
}

/** The calls waiting for a turn, oldest first, and how many run now. */
const waiting: Queued[] = [];
let running = 0;

function nextTurn(): void {
  while (running < MAX_RUNNING && waiting.length > 0) waiting.shift()!.start();
}

/** How many async git calls run, and wait, now (for the tests of the queue). */
export function gitQueueState(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

/**
 * Runs `git -C root …args` without blocking the thread, in its turn. Rejects with GitAborted
 * when `signal` fires before it finished; every other outcome is a GitResult.
 */
export function runGitAsync(root: string, args: readonly string[], opts: GitOptions & { signal?: AbortSignal } = {}): Promise<GitResult> {
  const { signal } = opts;
  return new Promise<GitResult>((resolve, reject) => {
    if (signal?.aborted) return reject(new GitAborted());
    const entry: Queued = {
      start: () => {
        signal?.removeEventListener('abort', dropWhileWaiting);
        running++;
        spawnAsync(root, args, opts).then(resolve, reject).finally(() => {
          running--;
          nextTurn();
        });
      },
    };
    const dropWhileWaiting = (): void => {
      const i = waiting.indexOf(entry);
      if (i >= 0) waiting.splice(i, 1);
      reject(new GitAborted());
    };
    signal?.addEventListener('abort', dropWhileWaiting, { once: true });
    waiting.push(entry);
    nextTurn();
  });
}

function spawnAsync(root: string, args: readonly string[], opts: GitOptions & { signal?: AbortSignal }): Promise<GitResult> {
  const { signal } = opts;
  return new Promise<GitResult>((resolve, reject) => {
    if (signal?.aborted) return reject(new GitAborted());
    const child = childProcess().spawn('git', argv(root, args), { stdio: ['ignore', 'pipe', 'pipe'], env: gitEnv(opts.env), windowsHide: true });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let failed = false;
    let settled = false;
    const settle = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const stop = (): void => {
      failed = true;
      child.kill();
    };
    const onAbort = (): void => {
      child.kill();
      settle(() => reject(new GitAborted()));
    };
    const timer = setTimeout(stop, opts.timeoutMs ?? GIT_TIMEOUT_MS);
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (b: Buffer) => {
      size += b.length;
      if (size > MAX_OUTPUT_BYTES) stop();
      else out.push(b);
    });
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e: NodeJS.ErrnoException) => {
      settle(() => resolve({ ok: false, stdout: Buffer.alloc(0), stderr: e.message, ...(e.code === 'ENOENT' ? { missing: true } : {}) }));
    });
    child.on('close', (code) => {
      settle(() => resolve({ ok: !failed && code === 0, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8').trim() }));
    });
  });
}

/** NUL-separated output as strings, without the empty tail. */
export function nulFields(out: Buffer): string[] {
  const fields = out.toString('utf8').split('\0');
  if (fields.length && fields[fields.length - 1] === '') fields.pop();
  return fields;
}
