/**
 * The GitHub token in VS Code: the user's GitHub sign-in through VS Code's own authentication
 * provider (`github`, or `github-enterprise` for an Enterprise host, which VS Code points at the
 * host in its `github-enterprise.uri` setting), asked for the `repo` scope. Tried silently
 * first; then, for machines where VS Code has no sign-in but the shell has one (a container, a
 * remote host, CI), GH_TOKEN / GITHUB_TOKEN / `gh auth token` as the CLI finds them; only then
 * does VS Code ask the user to sign in. No token is ever typed by hand, stored, or logged.
 */
import * as vscode from 'vscode';
import { findCliToken } from '../../shared/pr/auth';
import type { GitHubToken } from '../../shared/pr/auth';
import { connect, type Connection } from '../../shared/pr/connect';
import { isGitHubDotCom, readRemote } from '../../shared/pr/remote';
import { ConsiderError } from '../../shared/errors';

const SCOPES = ['repo'];

function providerFor(host: string): string {
  return isGitHubDotCom(host) ? 'github' : 'github-enterprise';
}

async function session(host: string, interactive: boolean): Promise<vscode.AuthenticationSession | undefined> {
  try {
    return await vscode.authentication.getSession(providerFor(host), SCOPES, interactive ? { createIfNone: true } : { silent: true });
  } catch {
    return undefined; // no such provider here (a build without it), or the user declined
  }
}

/** The token for `host`; a ConsiderError('auth') when there is none and the user did not sign in. */
async function vscodeGitHubToken(host: string, opts: { interactive: boolean }): Promise<GitHubToken> {
  const hint = vscode.l10n.t('sign in to GitHub again (Accounts menu), then pull again');
  const quiet = await session(host, false);
  if (quiet) return { token: quiet.accessToken, source: 'VS Code', hint };
  const shell = findCliToken(host);
  if (shell) return shell;
  const asked = opts.interactive ? await session(host, true) : undefined;
  if (asked) return { token: asked.accessToken, source: 'VS Code', hint };
  throw new ConsiderError('auth', vscode.l10n.t('not signed in to GitHub ({0})', host), vscode.l10n.t('sign in with the Accounts menu, or set GH_TOKEN'));
}

/**
 * The workspace's pull request connection with VS Code's token: the one way the pull, publish
 * and poll commands connect. The token depends on the host (github.com or an Enterprise host),
 * so the remote is read first, then the connection made with its token.
 */
export async function vscodeConnection(root: string, opts: { interactive: boolean }): Promise<Connection> {
  const token = await vscodeGitHubToken(readRemote(root).host, opts);
  return connect(root, () => token, { userAgent: 'consider-vscode' });
}
