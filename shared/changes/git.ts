/**
 * The few git commands the Changes view needs, run as child processes (git is a tool the user
 * has, not a library we ship). Every call is read-only and answers a result, never throws:
 * "no git", "not a repository", "no commits yet" and "unknown ref" are states the view shows.
 */
// Loaded on first use: the CLI, which shares this folder's modules, should not pay for it.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const childProcess = (): typeof import('node:child_process') => require('node:child_process');
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChangeKind } from './model';

const GIT_TIMEOUT_MS = 15_000;
const MAX_OUTPUT_BYTES = 512 * 1024 * 1024;

export interface GitResult {
  ok: boolean;
  stdout: Buffer;
  /** git's own message (first line), for the log and for telling errors apart. */
  stderr: string;
  /** ENOENT: there is no git on PATH. */
  missing?: boolean;
}

/** Runs `git -C root …args`; never throws. */
export function git(root: string, args: readonly string[], extraEnv?: NodeJS.ProcessEnv): GitResult {
  const r = childProcess().spawnSync('git', ['-C', root, ...args], {
    timeout: GIT_TIMEOUT_MS,
    maxBuffer: MAX_OUTPUT_BYTES,
    stdio: ['ignore', 'pipe', 'pipe'],
    // No pager, no prompt for credentials, no locale-dependent messages, no optional locks
    // (a `git status` we run must never block the user's own git commands).
    env: { ...process.env, GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0', ...extraEnv },
    windowsHide: true,
  });
  const missing = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
  return { ok: !r.error && r.status === 0, stdout: r.stdout ?? Buffer.alloc(0), stderr: (r.stderr ?? Buffer.alloc(0)).toString('utf8').trim(), ...(missing ? { missing } : {}) };
}

/** NUL-separated output as strings, without the empty tail. */
export function nulFields(out: Buffer): string[] {
  const fields = out.toString('utf8').split('\0');
  if (fields.length && fields[fields.length - 1] === '') fields.pop();
  return fields;
}

const STATUS_KIND: Readonly<Record<string, ChangeKind>> = { A: 'added', D: 'deleted', M: 'modified', T: 'modified', R: 'renamed', C: 'added' };

/** One file in `git diff --raw`: how it changed, where it is, where it came from (a rename or a copy). */
export interface RawEntry { kind: ChangeKind; path: string; oldPath?: string }

/**
 * Parses `git diff -z --raw --numstat`: the raw records, then one numstat record each, in the
 * same order. No counts (`-` in numstat): a binary file. Used by the Changes view and the digest.
 */
export function parseRawNumstat(out: Buffer): { entry: RawEntry; added?: number; removed?: number }[] {
  const f = nulFields(out);
  const raw: RawEntry[] = [];
  const stats: { added?: number; removed?: number }[] = [];
  for (let i = 0; i < f.length; i++) {
    const field = f[i]!;
    if (field.startsWith(':')) {
      const letter = field.slice(field.lastIndexOf(' ') + 1, field.lastIndexOf(' ') + 2);
      const kind = STATUS_KIND[letter] ?? 'modified';
      if (letter === 'R' || letter === 'C') raw.push({ kind, oldPath: f[++i]!, path: f[++i]! });
      else raw.push({ kind, path: f[++i]! });
      continue;
    }
    const [a, r, p] = field.split('\t');
    if (p === '') i += 2; // a rename or copy: its two paths follow
    stats.push(a === '-' ? {} : { added: Number(a), removed: Number(r) });
  }
  return raw.map((entry, i) => ({ entry, ...stats[i] }));
}

export type RepoState =
  | { kind: 'repo'; top: string }
  | { kind: 'not-repo' }
  | { kind: 'no-git' };

/** Whether `root` is inside a git work tree (any depth: a workspace folder may be a subfolder of a repository). */
export function repoState(root: string): RepoState {
  const r = git(root, ['rev-parse', '--show-toplevel']);
  if (r.missing) return { kind: 'no-git' };
  if (!r.ok) return { kind: 'not-repo' };
  return { kind: 'repo', top: r.stdout.toString('utf8').trim() };
}

let emptyGitDir: string | undefined;

/**
 * A bare, empty repository in the temp folder, made once per process: with
 * `--git-dir=<it> --work-tree=<folder>` git lists a folder that is not a repository with its
 * exact .gitignore rules (nested files, negations, the user's global excludes), which no
 * hand-written matcher would get right.
 */
export function throwawayGitDir(): string | undefined {
  if (emptyGitDir && fs.existsSync(path.join(emptyGitDir, 'HEAD'))) return emptyGitDir;
  const dir = path.join(os.tmpdir(), `consider-empty-git-${process.getuid?.() ?? 'user'}`);
  if (!fs.existsSync(path.join(dir, 'HEAD'))) {
    const r = childProcess().spawnSync('git', ['init', '--quiet', '--bare', dir], { stdio: 'ignore', timeout: GIT_TIMEOUT_MS });
    if (r.error || r.status !== 0) return undefined;
  }
  emptyGitDir = dir;
  return dir;
}
