/**
 * The GitHub token for the CLI, found the way GitHub's own tools find it: GH_TOKEN, then
 * GITHUB_TOKEN (GH_ENTERPRISE_TOKEN / GITHUB_ENTERPRISE_TOKEN first for an Enterprise host, as
 * `gh` does), then `gh auth token --hostname HOST`. The extension uses VS Code's GitHub sign-in
 * instead (extension/pr/auth.ts). A token is held in memory for the requests and never written
 * anywhere: not to `.consider/`, not to a log, not into a message.
 */
import { ConsiderError } from '../errors';
import { isGitHubDotCom } from './remote';

// Loaded on first use, as shared/workspace/git.ts does: the CLI's other commands never pay for it.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const childProcess = (): typeof import('node:child_process') => require('node:child_process');

export interface GitHubToken {
  token: string;
  /** Where it came from, for messages ("GH_TOKEN", "gh auth token", "VS Code"). Never the token. */
  source: string;
  /** What to do when GitHub refuses it. */
  hint: string;
}

/** The token for `host` from the environment or `gh`, or undefined when there is none. */
export function findCliToken(host: string, env: NodeJS.ProcessEnv = process.env): GitHubToken | undefined {
  const names = isGitHubDotCom(host) ? ['GH_TOKEN', 'GITHUB_TOKEN'] : ['GH_ENTERPRISE_TOKEN', 'GITHUB_ENTERPRISE_TOKEN', 'GH_TOKEN', 'GITHUB_TOKEN'];
  for (const name of names) {
    const v = env[name]?.trim();
    if (v) return { token: v, source: name, hint: `set ${name} to a valid token (or unset it and run \`gh auth login\`)` };
  }
  if (env.CONSIDER_NO_GH === '1') return undefined; // tests: a machine's own gh login must not leak in
  const r = childProcess().spawnSync('gh', ['auth', 'token', '--hostname', isGitHubDotCom(host) ? 'github.com' : host], {
    encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'], env: { ...env, GH_PROMPT_DISABLED: '1', NO_COLOR: '1' }, windowsHide: true,
  });
  const token = r.status === 0 ? r.stdout.trim() : '';
  return token ? { token, source: 'gh auth token', hint: `run \`gh auth login --hostname ${host}\` again` } : undefined;
}

export function noTokenError(host: string): ConsiderError {
  return new ConsiderError('auth', `no GitHub token for ${host}`,
    `set GH_TOKEN (or GITHUB_TOKEN) to a token with the "repo" scope, or sign in with \`gh auth login${isGitHubDotCom(host) ? '' : ` --hostname ${host}`}\``);
}
