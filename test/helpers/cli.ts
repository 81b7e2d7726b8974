/**
 * Spawns the BUILT consider-cli (dist/runtime/bin/consider-cli.cjs) in a temporary
 * workspace, the way an agent runs it. Call ensureBuilt() in beforeAll: it builds when the
 * bundle is missing or older than the sources (`node scripts/build.mjs --no-webview`) and
 * runs a private copy of dist/runtime, so a concurrent rebuild cannot break a spawn.
 *
 *   const ws = makeWorkspace({ 'src/a.ts': 'one\ntwo\nthree\n' });   // temp folder with files
 *   const r = runCli(ws.root, ['add', 'src/a.ts', '--line', '2', '-m', 'why?', '--json']);
 *   r.code; r.stdout; r.stderr; r.json()                             // exit code, output, parsed stdout
 *   ws.storeBytes()                                                   // store.json as a Buffer (or undefined)
 *   ws.cleanup()
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const REPO = path.resolve(__dirname, '..', '..');
export const CLI = path.join(REPO, 'dist', 'runtime', 'bin', 'consider-cli.cjs');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** The CLI the run functions spawn: a private copy of dist/runtime once ensureBuilt() ran, else dist's. */
let cliPath = CLI;
export function cliUnderTest(): string {
  return cliPath;
}

/**
 * Builds the TypeScript bundles if the CLI is missing or older than cli/ or shared/, then
 * copies dist/runtime to a private temp folder and runs the CLI from there: several people
 * and test files rebuild dist/ at any time, and a spawn must never catch a half-written file.
 */
export function ensureBuilt(): void {
  const built = fs.existsSync(CLI) ? fs.statSync(CLI).mtimeMs : 0;
  const sources = Math.max(newestMtime(path.join(REPO, 'cli')), newestMtime(path.join(REPO, 'shared')));
  if (built < sources) {
    const r = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'build.mjs'), '--no-webview'], { cwd: REPO, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`build failed:\n${r.stdout}\n${r.stderr}`);
  }
  for (let attempt = 0; ; attempt++) {
    // One copy per build (named by the bundles' times), shared by the test files of a run.
    const stamp = ['bin/consider-cli.cjs', 'shared/store.js', 'shared/reconcile.js']
      .map((f) => Math.round(fs.statSync(path.join(REPO, 'dist', 'runtime', f)).mtimeMs)).join('-');
    const copy = path.join(os.tmpdir(), `consider-runtime-${stamp}`);
    const candidate = path.join(copy, 'bin', 'consider-cli.cjs');
    if (!fs.existsSync(candidate)) {
      const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-runtime-staging-'));
      fs.cpSync(path.join(REPO, 'dist', 'runtime'), staging, { recursive: true });
      try {
        fs.renameSync(staging, copy);
      } catch {
        fs.rmSync(staging, { recursive: true, force: true }); // another test file made it first
      }
    }
    const probe = spawnSync(process.execPath, [candidate, '--version'], { encoding: 'utf8' });
    if (probe.status === 0) {
      cliPath = candidate;
      return;
    }
    fs.rmSync(copy, { recursive: true, force: true });
    if (attempt >= 5) throw new Error(`the built CLI does not run:\n${probe.stderr}`);
    spawnSync('sleep', ['1']);
  }
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (throws with the output when it is not JSON). */
  json<T = any>(): T;
}

function result(code: number | null, signal: NodeJS.Signals | null, stdout: string, stderr: string): CliResult {
  return {
    code, signal, stdout, stderr,
    json() {
      try {
        return JSON.parse(stdout);
      } catch {
        throw new Error(`stdout is not JSON (exit ${code}):\n${stdout}\nstderr:\n${stderr}`);
      }
    },
  };
}

export interface RunOptions {
  /** Text written to the CLI's stdin (for --message -). */
  input?: string;
  env?: NodeJS.ProcessEnv;
  /** Working directory (default: the workspace root). */
  cwd?: string;
}

/** Runs the CLI synchronously in `cwd`. */
export function runCli(cwd: string, args: string[], opts: RunOptions = {}): CliResult {
  const r = spawnSync(process.execPath, [cliPath, ...args], {
    cwd: opts.cwd ?? cwd,
    input: opts.input ?? '',
    encoding: 'utf8',
    env: { ...process.env, ...opts.env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return result(r.status, r.signal, r.stdout, r.stderr);
}

/** Runs the CLI as a child process without blocking (for concurrency tests). */
export function runCliAsync(cwd: string, args: string[], opts: RunOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], { cwd: opts.cwd ?? cwd, env: { ...process.env, ...opts.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => { stdout += d; });
    child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(result(code, signal, stdout, stderr)));
    child.stdin.end(opts.input ?? '');
  });
}

export interface Workspace {
  root: string;
  /** Absolute path of a workspace-relative path. */
  file(rel: string): string;
  write(rel: string, text: string): void;
  storePath: string;
  /** The raw bytes of .consider/store.json, or undefined when there is none (or it is not a file). */
  storeBytes(): Buffer | undefined;
  /** The parsed store (throws when missing). */
  store(): any;
  cleanup(): void;
}

/** A fresh temp folder with the given files (workspace-relative path → text). */
export function makeWorkspace(files: Record<string, string> = {}, prefix = 'consider-ws-'): Workspace {
  // realpath: on some systems tmpdir is itself a symlink, which the CLI would resolve.
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  const ws: Workspace = {
    root,
    file: (rel) => path.join(root, rel),
    write(rel, text) {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    },
    storePath: path.join(root, '.consider', 'store.json'),
    storeBytes: () => {
      try {
        return fs.statSync(ws.storePath, { throwIfNoEntry: false })?.isFile() ? fs.readFileSync(ws.storePath) : undefined;
      } catch {
        return undefined; // .consider is not a folder
      }
    },
    store: () => JSON.parse(fs.readFileSync(ws.storePath, 'utf8')),
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
  for (const [rel, text] of Object.entries(files)) ws.write(rel, text);
  return ws;
}

/** `n` numbered lines ("line 1" … "line n"), newline-terminated. */
export function numberedLines(n: number): string {
  return Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
}
