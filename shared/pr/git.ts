/**
 * The pull request bridge's one way to run git: every git call in shared/pr goes through here,
 * so moving to the workspace's shared git runner (shared/workspace/, being consolidated on
 * another branch) is a change of this one import. Read-only calls plus `fetch` of a commit the
 * clone lacks; never throws (see shared/changes/git.ts: no pager, no prompt, no optional locks).
 */
import { runGit as workspaceGit } from '../workspace/git';
import type { GitResult } from '../workspace/git';

export type { GitResult };

export function runGit(root: string, args: readonly string[]): GitResult {
  return workspaceGit(root, args);
}

/** git's output as text, trimmed; undefined when git failed. */
export function gitText(root: string, args: readonly string[]): string | undefined {
  const r = runGit(root, args);
  return r.ok ? r.stdout.toString('utf8').trim() : undefined;
}
