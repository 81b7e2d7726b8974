/**
 * Where the pull request lives: the workspace's `origin` remote, read from git's config as
 * written (not rewritten by `url.*.insteadOf`, which may point a GitHub URL at a mirror), parsed
 * into host, owner and repository; and the API endpoints for that host. GitHub.com and GitHub
 * Enterprise (Server: https://HOST/api/v3, and GHE.com: https://api.HOST) are recognised; the
 * names GitHub's own runners set, GITHUB_API_URL and GITHUB_GRAPHQL_URL, override the endpoints.
 */
import { ConsiderError } from '../errors';
import { gitText, runGit } from '../workspace/git';

export interface RemoteRepo {
  /** The host as written in the remote (lower case), e.g. `github.com`, `ghe.example.com`. */
  host: string;
  owner: string;
  repo: string;
  /** The remote's name (`origin`). */
  remote: string;
}

export interface ApiEndpoints {
  rest: string;
  graphql: string;
  /** Where the pull request's page is (`https://github.com`), for links. */
  web: string;
}

/** Hosts that are known not to be GitHub: a clear "not supported yet" instead of a failed call. */
const NOT_GITHUB = /(^|\.)(gitlab\.com|bitbucket\.org|codeberg\.org|dev\.azure\.com|visualstudio\.com|sr\.ht|gitea\.com)$|^gitlab\./;

/**
 * Parses a git remote URL: `https://host/owner/repo(.git)`, `git@host:owner/repo.git`,
 * `ssh://git@host(:port)/owner/repo.git`, `git://host/owner/repo`. undefined when it is none of
 * these (a local path, a bundle).
 */
export function parseRemoteUrl(url: string): Omit<RemoteRepo, 'remote'> | undefined {
  const u = url.trim();
  let host: string | undefined;
  let rest: string | undefined;
  const scp = /^(?:[\w.-]+@)?([\w.-]+):(?!\/\/)(.+)$/.exec(u);
  const full = /^(?:https?|ssh|git|git\+ssh):\/\/(?:[^@/]+@)?([^/:]+)(?::\d+)?\/(.+)$/.exec(u);
  if (full) [, host, rest] = full;
  else if (scp && !u.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(u)) [, host, rest] = scp;
  if (!host || !rest) return undefined;
  const parts = rest.replace(/\/+$/, '').replace(/\.git$/, '').split('/');
  if (parts.length < 2) return undefined;
  // Enterprise servers may sit under a path prefix; the repository is always the last two parts.
  const repo = parts.at(-1)!;
  const owner = parts.at(-2)!;
  if (!owner || !repo) return undefined;
  return { host: host.toLowerCase(), owner, repo };
}

/** The repository `origin` (or `remote`) points at, or a ConsiderError saying why there is none. */
export function readRemote(root: string, remote = 'origin'): RemoteRepo {
  const inRepo = runGit(root, ['rev-parse', '--git-dir']);
  if (inRepo.missing) throw new ConsiderError('io', 'git is not installed (or not on PATH)', 'install git to pull review threads from a pull request');
  if (!inRepo.ok) throw new ConsiderError('usage', `${root} is not in a git repository`, 'pull requests are found through the repository\'s origin remote');
  const url = gitText(root, ['config', '--get', `remote.${remote}.url`])?.trim();
  if (!url) throw new ConsiderError('usage', `the repository has no remote named ${remote}`, `add it: git remote add ${remote} https://github.com/OWNER/REPO.git`);
  const parsed = parseRemoteUrl(url);
  if (!parsed) throw new ConsiderError('usage', `the ${remote} remote (${url}) is not a GitHub repository URL`, 'pull requests come from a remote on github.com or a GitHub Enterprise host');
  if (NOT_GITHUB.test(parsed.host)) {
    throw new ConsiderError('usage', `the ${remote} remote is on ${parsed.host}, not GitHub`, 'only GitHub (github.com or GitHub Enterprise) pull requests are supported for now');
  }
  return { ...parsed, remote };
}

/** github.com itself, as a remote may name it (`www.`, or `ssh.` for SSH over port 443); any other host is GitHub Enterprise. */
export function isGitHubDotCom(host: string): boolean {
  return host === 'github.com' || host === 'www.github.com' || host === 'ssh.github.com';
}

/** The API endpoints for a host; GITHUB_API_URL / GITHUB_GRAPHQL_URL win when set. */
export function endpointsFor(host: string, env: NodeJS.ProcessEnv = process.env): ApiEndpoints {
  const trim = (s: string) => s.replace(/\/+$/, '');
  let rest: string;
  let graphql: string;
  if (isGitHubDotCom(host)) {
    rest = 'https://api.github.com';
    graphql = 'https://api.github.com/graphql';
  } else if (host.endsWith('.ghe.com')) {
    rest = `https://api.${host}`;
    graphql = `https://api.${host}/graphql`;
  } else {
    rest = `https://${host}/api/v3`;
    graphql = `https://${host}/api/graphql`;
  }
  const web = host.startsWith('ssh.') ? `https://${host.slice(4)}` : `https://${host === 'www.github.com' ? 'github.com' : host}`;
  if (env.GITHUB_API_URL) rest = trim(env.GITHUB_API_URL);
  if (env.GITHUB_GRAPHQL_URL) graphql = trim(env.GITHUB_GRAPHQL_URL);
  // Runners set GITHUB_API_URL alone: GraphQL is then beside it (as on GitHub Enterprise Server).
  else if (env.GITHUB_API_URL) graphql = `${rest.replace(/\/api\/v3$/, '/api')}/graphql`;
  return { rest, graphql, web };
}

/**
 * The branch whose pull request is wanted: the upstream branch's name on the remote when one is
 * set (a local `fix` tracking `origin/fix-login` is the PR of `fix-login`), else the local name.
 */
export function currentBranch(root: string, remote = 'origin'): string {
  const local = gitText(root, ['symbolic-ref', '--short', '-q', 'HEAD'])?.trim();
  if (!local) throw new ConsiderError('usage', 'HEAD is not on a branch (detached)', 'check out the pull request\'s branch, or name the pull request with --pr NUMBER');
  const upstream = gitText(root, ['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}'])?.trim();
  if (upstream && upstream.startsWith(`${remote}/`)) return upstream.slice(remote.length + 1);
  return local;
}
