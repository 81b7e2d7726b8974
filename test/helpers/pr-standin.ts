/**
 * What the CLI tests of the pull request bridge (test/pr-pull.test.ts, test/pr-push.test.ts)
 * share: the CLI's environment against the GitHub stand-in, and the numbered code their
 * repositories are made of.
 */
import type { StandIn } from '../github-standin/server.mjs';

/**
 * The environment for `consider-cli pr …` against the stand-in: its token and API URLs, and
 * nothing of this machine's own GitHub login (GITHUB_TOKEN emptied, `gh` never asked).
 */
export function standInEnv(gh: Pick<StandIn, 'token' | 'url' | 'graphqlUrl'>, extra: Record<string, string> = {}): Record<string, string> {
  return { GH_TOKEN: gh.token, GITHUB_API_URL: gh.url, GITHUB_GRAPHQL_URL: gh.graphqlUrl, CONSIDER_NO_GH: '1', GITHUB_TOKEN: '', ...extra };
}

/** `n` distinct lines of code: `const v1 = compute(1);` … (`tag` instead of `v`). */
export const codeLines = (n: number, tag = 'v'): string[] => Array.from({ length: n }, (_, i) => `const ${tag}${i + 1} = compute(${i + 1});`);

/** Lines as a file's text, ending with a newline. */
export const fileText = (lines: string[]): string => lines.join('\n') + '\n';
