/**
 * What git says about the repository a workspace folder is in: whether there is one (at any
 * depth: a workspace folder may be a subfolder of a repository), its branches, and a file as a
 * commit has it. Read-only, through the one runner (git.ts); answers, never exceptions.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GIT_TIMEOUT_MS, runGit, runGitAsync, type GitResult } from './git';

export type RepoState =
  | { kind: 'repo'; top: string }
  | { kind: 'not-repo' }
  | { kind: 'no-git' };

/** Whether `root` is inside a git work tree, and where that tree's top is. */
export function repoState(root: string): RepoState {
  const r = runGit(root, ['rev-parse', '--show-toplevel']);
  if (r.missing) return { kind: 'no-git' };
  if (!r.ok) return { kind: 'not-repo' };
  return { kind: 'repo', top: r.stdout.toString('utf8').trim() };
}

/**
 * Whether `root` is the top of a repository (its `.git`, a folder or a worktree's file, is
 * right here): then the paths git prints from the top (`git log`, `git status`) are the
 * workspace's own. Asked without running git, on a CLI read's way.
 */
export function isRepositoryTop(root: string): boolean {
  return fs.existsSync(path.join(root, '.git'));
}

/**
 * Whether `root` may be in a repository: a `.git` (a folder, or a worktree's or submodule's file)
 * is in it or in a folder above it. Asked without running git, so a window without git costs no
 * git call and no thread: what a `.git` does not decide (GIT_DIR set by hand) is left to git.
 */
export function mayBeInRepository(root: string): boolean {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return true;
    if (path.dirname(dir) === dir) return false;
  }
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
    const r = runGit(os.tmpdir(), ['init', '--quiet', '--bare', dir], { timeoutMs: GIT_TIMEOUT_MS });
    if (!r.ok) return undefined;
  }
  emptyGitDir = dir;
  return dir;
}

const BRANCHES = ['for-each-ref', '--sort=-committerdate', '--format=%(refname:short)', 'refs/heads', 'refs/remotes'];

function branchNames(r: GitResult): string[] {
  if (!r.ok) return [];
  return r.stdout.toString('utf8').split('\n').map((s) => s.trim()).filter((s) => s !== '' && !s.endsWith('/HEAD'));
}

/** Branches and remote branches, newest commit first. */
export function listBranches(root: string): string[] {
  return branchNames(runGit(root, BRANCHES));
}

/** listBranches without blocking the thread (the extension host's branch picker). */
export async function listBranchesAsync(root: string, signal?: AbortSignal): Promise<string[]> {
  return branchNames(await runGitAsync(root, BRANCHES, { ...(signal ? { signal } : {}) }));
}

const showArgs = (sha: string, rel: string): string[] => ['show', `${sha}:./${rel}`];

/** A file's bytes at a commit (`rel` workspace-relative), or undefined when it is not there. */
export function fileAtCommit(root: string, sha: string, rel: string): Buffer | undefined {
  const r = runGit(root, showArgs(sha, rel));
  return r.ok ? r.stdout : undefined;
}

/** fileAtCommit without blocking the thread (the diff editor's baseline side, on the extension host). */
export async function fileAtCommitAsync(root: string, sha: string, rel: string, signal?: AbortSignal): Promise<Buffer | undefined> {
  const r = await runGitAsync(root, showArgs(sha, rel), { ...(signal ? { signal } : {}) });
  return r.ok ? r.stdout : undefined;
}
