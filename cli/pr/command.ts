/**
 * `consider-cli pr`: the pull request bridge (docs/pull-requests.md). The work lives in its own
 * bundle beside this CLI (`consider-pr.cjs`, built from run.ts), loaded only by this command:
 * no other command pays for the GitHub client.
 */
import path from 'node:path';
import { ConsiderError } from '../../shared';
import type { ErrorCode } from '../../shared';
import type { Command } from '../command';
import { writeJson, writeOut } from '../output';

export const pr: Command = {
  name: 'pr',
  summary: 'bring the review threads of the branch\'s GitHub pull request in (re-anchored on today\'s code), and see where they stand',
  usage: 'consider-cli pr pull [--pr NUMBER] [--remote NAME] | pr push [--round N] [--verdict comment|approve|request-changes] [--dry-run] | pr sync on|off | pr status',
  options: {
    pr: { type: 'string' },
    remote: { type: 'string' },
    round: { type: 'string' },
    verdict: { type: 'string' },
    'dry-run': { type: 'boolean' },
  },
  optionHelp: [
    ['pull', 'bring in every review thread of the pull request (author, bot or human, replies, resolved state, link); a second pull updates them, never duplicates'],
    ['push', 'post a submitted review round (default: the latest) as a review on the pull request; --dry-run lists what would be posted where, and what cannot be and why'],
    ['sync on|off', 'opt in (per pull request) to sending replies here, the agent\'s included, and Resolve/Reopen back to GitHub at each pull'],
    ['status', 'the pull requests threads came from, and their threads by state (reads the store only, no network)'],
    ['--round N', 'push: that review round'],
    ['--verdict V', 'push: comment (default), approve or request-changes'],
    ['--dry-run', 'push: only say what would be posted, post nothing'],
    ['--pr NUMBER', 'that pull request, instead of the open one whose head is the current branch'],
    ['--remote NAME', 'the remote that names the GitHub repository (default: origin)'],
    ['(token)', 'GH_TOKEN or GITHUB_TOKEN (GH_ENTERPRISE_TOKEN for an Enterprise host), else `gh auth token`; GITHUB_API_URL / GITHUB_GRAPHQL_URL override the API'],
    ['(exit)', '0 ok, 1 usage (no origin remote, not GitHub, not on a branch), 2 no such pull request, 3 store busy or GitHub rate limit (retry later), 4 store unreadable, 5 network or git failure, 9 no token or GitHub refused it'],
  ],
  examples: ['consider-cli pr pull', 'consider-cli pr pull --pr 42 --json', 'consider-cli pr push --dry-run', 'consider-cli pr push --verdict request-changes', 'consider-cli pr status'],
  positionals: [1, 2, '<pull|push|sync|status>'],
  async run(ctx) {
    const action = ctx.positionals[0]!;
    if (action !== 'pull' && action !== 'push' && action !== 'sync' && action !== 'status') throw new ConsiderError('usage', `unknown pr action ${JSON.stringify(action)}`, 'use pr pull, pr push, pr sync or pr status');
    if ((action === 'sync') !== (ctx.positionals.length === 2)) throw new ConsiderError('usage', action === 'sync' ? 'pr sync needs on or off' : `unexpected argument ${JSON.stringify(ctx.positionals[1])}`, `usage: ${pr.usage}`);
    const file = path.join(__dirname, 'consider-pr.cjs');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at run time, by design (see above)
    const mod = require(file) as typeof import('./run');
    let answer: { text: string; json: unknown };
    try {
      answer = await mod.runPr(ctx, action);
    } catch (e) {
      throw asConsiderError(e);
    }
    if (ctx.json) writeJson(answer.json);
    else writeOut(answer.text);
  },
};

/**
 * The bundle carries its own copy of the shared modules it is built from: its errors are
 * ConsiderErrors of that copy, told by name and re-made here so main reports them as such.
 */
function asConsiderError(e: unknown): unknown {
  if (e instanceof ConsiderError || !(e instanceof Error) || e.name !== 'ConsiderError') return e;
  const err = e as Error & { code: ErrorCode; hint?: string };
  return new ConsiderError(err.code, err.message, err.hint);
}
