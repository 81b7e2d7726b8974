/**
 * Where a pull request lives: the origin remote's URL in each form git takes, the host's API
 * endpoints (github.com, GitHub Enterprise Server, GHE.com) and the GITHUB_API_URL /
 * GITHUB_GRAPHQL_URL overrides GitHub's runners set; hosts known not to be GitHub refused by name.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointsFor, parseRemoteUrl, readRemote } from '../shared/pr/remote';
import { parseDiffHunk, sideOf } from '../shared/pr/hunk';
import { gitIn } from './github-standin/pr-repo.mjs';

describe('origin remote URLs', () => {
  it.each([
    ['https://github.com/acme/widgets.git', 'github.com'],
    ['https://github.com/acme/widgets', 'github.com'],
    ['https://user:x@github.com/acme/widgets.git', 'github.com'],
    ['git@github.com:acme/widgets.git', 'github.com'],
    ['ssh://git@github.com/acme/widgets.git', 'github.com'],
    ['ssh://git@ghe.example.com:2222/acme/widgets.git', 'ghe.example.com'],
    ['https://GHE.Example.com/acme/widgets/', 'ghe.example.com'],
    ['https://code.example.com/scm/prefix/acme/widgets.git', 'code.example.com'],
  ])('%s', (url, host) => {
    expect(parseRemoteUrl(url)).toEqual({ host, owner: 'acme', repo: 'widgets' });
  });

  it('is none of them for a local path or a bare name', () => {
    expect(parseRemoteUrl('/srv/git/widgets.git')).toBeUndefined();
    expect(parseRemoteUrl('C:\\repos\\widgets')).toBeUndefined();
    expect(parseRemoteUrl('widgets')).toBeUndefined();
  });
});

describe('API endpoints', () => {
  it('github.com, Enterprise Server, GHE.com', () => {
    expect(endpointsFor('github.com', {})).toEqual({ rest: 'https://api.github.com', graphql: 'https://api.github.com/graphql', web: 'https://github.com' });
    expect(endpointsFor('ghe.example.com', {})).toMatchObject({ rest: 'https://ghe.example.com/api/v3', graphql: 'https://ghe.example.com/api/graphql' });
    expect(endpointsFor('octo.ghe.com', {})).toMatchObject({ rest: 'https://api.octo.ghe.com', graphql: 'https://api.octo.ghe.com/graphql' });
  });

  it('GITHUB_API_URL and GITHUB_GRAPHQL_URL win; the first alone puts GraphQL beside it', () => {
    expect(endpointsFor('github.com', { GITHUB_API_URL: 'http://127.0.0.1:9/', GITHUB_GRAPHQL_URL: 'http://127.0.0.1:9/gql' })).toMatchObject({ rest: 'http://127.0.0.1:9', graphql: 'http://127.0.0.1:9/gql' });
    expect(endpointsFor('ghe.example.com', { GITHUB_API_URL: 'https://ghe.example.com/api/v3' })).toMatchObject({ graphql: 'https://ghe.example.com/api/graphql' });
  });

  it('a known non-GitHub host is refused by name, before any request', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-remote-'));
    try {
      gitIn(dir, 'init', '-q');
      gitIn(dir, 'remote', 'add', 'origin', 'git@bitbucket.org:acme/widgets.git');
      expect(() => readRemote(dir)).toThrow(/on bitbucket\.org, not GitHub/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a review comment's diff hunk", () => {
  it("numbers each side's lines from the header", () => {
    const rows = parseDiffHunk('@@ -10,4 +10,5 @@ function f() {\n a\n-b\n+B\n+C\n c')!;
    expect(sideOf(rows, 'RIGHT')).toEqual([{ line: 10, text: 'a' }, { line: 11, text: 'B' }, { line: 12, text: 'C' }, { line: 13, text: 'c' }]);
    expect(sideOf(rows, 'LEFT')).toEqual([{ line: 10, text: 'a' }, { line: 11, text: 'b' }, { line: 12, text: 'c' }]);
    expect(parseDiffHunk('not a hunk')).toBeUndefined();
  });
});
