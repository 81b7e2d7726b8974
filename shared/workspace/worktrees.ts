/**
 * The repository's worktrees (issue 39), as git lists them: `git worktree list --porcelain -z`,
 * through the one runner (git.ts, optional locks off). Each with its folder, its branch, and
 * whether it holds a Consider store. Read-only, answers or a ConsiderError, never a stack.
 *
 * Only folders git names are ever read: the folder of another worktree never comes from a
 * store, a setting or anything a repository commits (README, "Trust model").
 *
 * A Consider workspace may be a subfolder of its repository (a package of a monorepo): then
 * each worktree's workspace is the same subfolder of that worktree, and that is where its store
 * is looked for (Worktree.root).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConsiderError } from '../errors';
import { l10n } from '../words';
import { CONSIDER_DIR_NAME, realPathOf } from '../paths';
import { gitText, nulFields, runGit } from './git';
import { repoState } from './repository';

export interface Worktree {
  /** The worktree's folder, absolute, as git names it. */
  folder: string;
  /** Its branch, short (`feature-a`); absent when its HEAD is detached. */
  branch?: string;
  /** The commit checked out; absent on a branch with no commit yet. */
  head?: string;
  /** Where this worktree's Consider workspace is: `folder`, or the same subfolder of it the asking workspace is at in its own. */
  root: string;
  /** Whether `root` holds `.consider/store.json` (a regular file). */
  hasStore: boolean;
  /** The worktree the asking workspace is in. */
  current: boolean;
  /** git says the folder is gone (`prunable`): there is nothing to read. */
  missing: boolean;
}

/** The worktrees of the repository `root` is in, the main one first (git's order). */
export function listWorktrees(root: string): Worktree[] {
  const top = repositoryTop(root);
  const sub = path.relative(realPathOf(top), realPathOf(root));
  const records = worktreeRecords(top);
  const here = realPathOf(top);
  return records.map((r) => {
    const wsRoot = sub === '' ? r.folder : path.join(r.folder, sub);
    return {
      folder: r.folder,
      ...(r.branch !== undefined ? { branch: r.branch } : {}),
      ...(r.head !== undefined ? { head: r.head } : {}),
      root: wsRoot,
      hasStore: !r.prunable && holdsStore(wsRoot),
      current: realPathOf(r.folder) === here,
      missing: r.prunable,
    };
  });
}

/** The top of the work tree `root` is in (repository.ts asks git); a ConsiderError when there is none (usage) or no git (io). */
function repositoryTop(root: string): string {
  const r = repoState(root);
  if (r.kind === 'no-git') throw new ConsiderError('io', 'git was not found on PATH: worktrees are listed by git', 'install git, or run this without --worktree');
  if (r.kind === 'not-repo') throw new ConsiderError('usage', `${root} is not in a git repository, so it has no worktrees`, 'run this in a worktree of the repository (or pass --root)');
  return r.top;
}

interface WorktreeRecord { folder: string; branch?: string; head?: string; prunable: boolean }

/**
 * git's porcelain records: `worktree <path>`, `HEAD <sha>`, `branch refs/heads/<name>` or
 * `detached`, `bare`, `locked [reason]`, `prunable [reason]`; one record per worktree, an empty
 * field between records. With -z (git 2.36) the fields end with NUL, so a folder name with a
 * newline in it is read whole; an older git is asked without it.
 */
function worktreeRecords(top: string): WorktreeRecord[] {
  const z = runGit(top, ['worktree', 'list', '--porcelain', '-z']);
  const fields = z.ok ? nulFields(z.stdout) : (gitText(top, ['worktree', 'list', '--porcelain']) ?? '').split('\n');
  if (!z.ok && fields.length <= 1) throw new ConsiderError('io', `git could not list the worktrees: ${z.stderr.split('\n')[0] || 'no answer'}`);
  const records: WorktreeRecord[] = [];
  let current: (WorktreeRecord & { bare?: boolean }) | undefined;
  const close = (): void => {
    if (current && !current.bare) {
      const { folder, prunable, branch, head } = current;
      records.push({ folder, prunable, ...(branch ? { branch } : {}), ...(head ? { head } : {}) });
    }
    current = undefined;
  };
  for (const field of fields) {
    if (field === '') {
      close();
      continue;
    }
    const space = field.indexOf(' ');
    const key = space < 0 ? field : field.slice(0, space);
    const value = space < 0 ? '' : field.slice(space + 1);
    if (key === 'worktree') {
      close();
      current = { folder: value, prunable: false };
    } else if (!current) {
      continue;
    } else if (key === 'HEAD' && /^[0-9a-f]{40,64}$/.test(value) && !/^0+$/.test(value)) {
      current.head = value;
    } else if (key === 'branch') {
      current.branch = value.replace(/^refs\/heads\//, '');
    } else if (key === 'bare') {
      current.bare = true;
    } else if (key === 'prunable') {
      current.prunable = true;
    }
  }
  close();
  return records;
}

function holdsStore(wsRoot: string): boolean {
  try {
    // lstat: a store.json that is a link is not a store (store-io.ts reads none).
    return fs.lstatSync(path.join(wsRoot, CONSIDER_DIR_NAME, 'store.json')).isFile();
  } catch {
    return false;
  }
}

/** How a worktree is named to the user: its branch, else its folder's name (with the commit when detached). */
export function worktreeName(w: Pick<Worktree, 'folder' | 'branch' | 'head'>): string {
  return w.branch ?? `${path.basename(w.folder)} (detached${w.head ? ` at ${w.head.slice(0, 7)}` : ''})`;
}

/**
 * Runs `read` on another worktree's store. Its failure names the worktree, its code (exit 4 for
 * an unreadable store) and hint kept: "worktree feature-a: .consider/store.json is not valid JSON
 * (…)", so the user knows which checkout to open and fix. This checkout's errors pass as they are.
 */
export async function readingWorktree<T>(w: Worktree, read: () => T | Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (!(e instanceof ConsiderError) || w.current) throw e;
    throw new ConsiderError(e.code, l10n.t('worktree {0}: {1}', worktreeName(w), e.words?.message ?? e.message), e.words?.hint ?? e.hint);
  }
}

/**
 * The worktrees `name` stands for: `all`, or one worktree by its branch (`feature-a`,
 * `refs/heads/feature-a`), its folder's name, or its folder's path. Unknown: not_found (exit
 * 2), naming the worktrees there are; two worktrees answering to the name: usage.
 */
export function selectWorktrees(worktrees: readonly Worktree[], name: string): Worktree[] {
  const wanted = name.trim();
  if (wanted === '') throw new ConsiderError('usage', 'the worktree name is empty', 'give a branch or a folder name, or all');
  if (wanted === 'all') return [...worktrees];
  const byBranch = worktrees.filter((w) => w.branch !== undefined && (w.branch === wanted || `refs/heads/${w.branch}` === wanted));
  const byFolder = worktrees.filter((w) => path.basename(w.folder) === wanted || (looksLikePath(wanted) && realPathOf(path.resolve(wanted)) === realPathOf(w.folder)));
  const matches = [...new Set([...byBranch, ...byFolder])];
  if (matches.length === 1) return matches;
  const known = worktrees.map((w) => `${w.branch ?? '(detached)'} in ${path.basename(w.folder)}`).join(', ');
  if (matches.length > 1) {
    throw new ConsiderError('usage', `${JSON.stringify(wanted)} names ${matches.length} worktrees (${matches.map((w) => w.folder).join(', ')})`, 'give the folder\'s path instead');
  }
  throw new ConsiderError('not_found', `no worktree named ${JSON.stringify(wanted)} in this repository (worktrees: ${known})`, 'name one by its branch or its folder, or run `git worktree list`');
}

const looksLikePath = (name: string): boolean => name.includes('/') || name.includes(path.sep) || name === '.' || name === '..';

/**
 * Whether `branch`'s commit is in the history of `root`'s HEAD (it was merged there); undefined
 * when git cannot tell (no such branch, no git).
 */
export function isMergedIntoHead(root: string, branch: string): boolean | undefined {
  const r = runGit(root, ['merge-base', '--is-ancestor', `refs/heads/${branch}`, 'HEAD']);
  if (r.ok) return true;
  // Exit 1 is "no"; anything else (an unknown branch, no commits) does not tell.
  return r.stderr === '' && !r.missing ? false : undefined;
}

/**
 * Whether `branch` has commits of its own: its tip is not the commit it was created at (the
 * oldest entry of its reflog). A worktree made a minute ago for a new task points at a commit
 * of this checkout's history, so it reads as "merged" before any work was done in it: only a
 * branch with work of its own, merged, is worth bringing home. Without a reflog (turned off),
 * undefined.
 */
export function hasOwnCommits(root: string, branch: string): boolean | undefined {
  const tip = runGit(root, ['rev-parse', '--verify', '-q', `refs/heads/${branch}^{commit}`]);
  const log = runGit(root, ['reflog', 'show', '--format=%H', `refs/heads/${branch}`, '--']);
  if (!tip.ok || !log.ok) return undefined;
  const entries = log.stdout.toString('utf8').trim().split('\n').filter(Boolean);
  const created = entries.at(-1);
  if (created === undefined) return undefined;
  return tip.stdout.toString('utf8').trim() !== created;
}
