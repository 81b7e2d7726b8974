/**
 * Real git repositories for tests that need one (anchoring from git history, the Changes view,
 * the digest): git run with a fixed identity and branch name, so a test never depends on the
 * machine's git config, and a folder's files written and committed in one call.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Runs `git -C root …args` and answers its output; a failing git fails the test with git's own message. */
export function git(root: string, ...args: string[]): string {
  return gitWithEnv(root, {}, ...args);
}

/** git() with variables added to the environment (a commit's dates, say). */
function gitWithEnv(root: string, env: NodeJS.ProcessEnv, ...args: string[]): string {
  const r = spawnSync('git', ['-C', root, '-c', 'user.email=t@example.com', '-c', 'user.name=T', '-c', 'init.defaultBranch=main', ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`);
  return r.stdout;
}

/** Writes a file under `root`, making its folders. */
export function writeFile(root: string, rel: string, text: string | Buffer): void {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
}

/** Makes `root` a git repository (branch `main`) whose first commit holds `files` and whatever `root` had already. */
export function commitAll(root: string, files: Record<string, string> = {}, message = 'one'): string {
  git(root, 'init', '-q');
  for (const [rel, text] of Object.entries(files)) writeFile(root, rel, text);
  git(root, 'add', '.');
  git(root, 'commit', '-qm', message);
  return root;
}

/**
 * Makes `root` a git repository whose one commit holds what it has now, dated a minute ago: the
 * history a thread's check is compared with (shared/anchoring/git-history.ts looks for the last
 * commit made before the check, in whole seconds).
 */
export function commitBefore(root: string): string {
  git(root, 'init', '-q');
  git(root, 'add', '.');
  commitInThePast(root, 'A');
  return root;
}

/**
 * Commits what is staged in `root`, dated a minute ago: history from before the threads a test adds
 * next (git's dates are whole seconds; a commit in the thread's own second counts as after it).
 */
export function commitInThePast(root: string, message: string): void {
  const past = new Date(Date.now() - 60_000).toISOString();
  gitWithEnv(root, { GIT_AUTHOR_DATE: past, GIT_COMMITTER_DATE: past }, 'commit', '-qm', message);
}
