/**
 * From a workspace to its pull request: the origin remote, the API endpoints, the provider, and
 * the pull request of the current branch (or the one named). Used by the CLI and the extension,
 * which differ only in where the token comes from.
 */
import { ConsiderError } from '../errors';
import type { GitHubToken } from './auth';
import { GitHubHttp } from './github/http';
import { GitHubProvider } from './github/provider';
import type { PullRequestInfo, ReviewProvider } from './provider';
import { currentBranch, endpointsFor, readRemote } from './remote';
import type { RemoteRepo } from './remote';

export interface Connection {
  repo: RemoteRepo;
  provider: ReviewProvider;
}

export interface ConnectOptions {
  remote?: string;
  userAgent?: string;
}

/** The remote and a provider for it. `token`: called once the host is known (it depends on it). */
export function connect(root: string, token: (host: string) => GitHubToken, opts: ConnectOptions = {}): Connection {
  const repo = readRemote(root, opts.remote);
  const endpoints = endpointsFor(repo.host);
  const t = token(repo.host);
  const http = new GitHubHttp(endpoints, t.token, { authHint: t.hint, userAgent: opts.userAgent });
  return { repo, provider: new GitHubProvider(http, repo) };
}

/** The pull request `number`, or the open one whose head is the current branch. */
export async function findPullRequest(root: string, c: Connection, number?: number, remote?: string): Promise<PullRequestInfo> {
  if (number !== undefined) return c.provider.pullRequest(number);
  const branch = currentBranch(root, remote);
  const pr = await c.provider.findPullRequest(branch);
  if (!pr) {
    throw new ConsiderError('not_found', `${c.repo.owner}/${c.repo.repo} has no open pull request for the branch ${branch}`,
      'push the branch and open a pull request, or name one with --pr NUMBER');
  }
  return pr;
}
