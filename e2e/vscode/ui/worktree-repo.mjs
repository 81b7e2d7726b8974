// The git repository the worktree scenarios start from (worktrees-board, bring-home,
// changes-worktrees): the fixture workspace committed as `main`, and a second worktree of it on
// branch feature-login, in a folder beside the workspace (`<workspace>-login`).
import { spawnSync } from 'node:child_process';

/** Runs git in `dir` (an identity and `main` as the first branch: the run's HOME has no git config); its output. */
export function git(dir, ...args) {
  const r = spawnSync('git', ['-C', dir, '-c', 'user.email=t@example.com', '-c', 'user.name=T', '-c', 'init.defaultBranch=main', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/** The folder of the scenario's second worktree. */
export const worktreeOf = (workspace) => `${workspace}-login`;

/** Commits the workspace as `main` and adds the feature-login worktree; returns its folder. */
export function repoWithWorktree(workspace) {
  git(workspace, 'init', '-q');
  git(workspace, 'add', '-A');
  git(workspace, 'commit', '-qm', 'base');
  const wt = worktreeOf(workspace);
  git(workspace, 'worktree', 'add', '-q', '-b', 'feature-login', wt);
  return wt;
}
