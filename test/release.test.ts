// `npm run release` (scripts/release.mjs): one VSIX, validated, published to both registries.
// The dry run is what can be proven here (no tokens, no network): it packages and checks the
// real VSIX and prints the exact publish commands; a real run without tokens refuses early.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs script, no type declarations
import { isPreRelease, manifestProblems, vsixProblems } from '../scripts/release.mjs';
import { REPO } from './helpers/setup-env';

const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
let out: string;
beforeAll(() => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-release-'));
  if (!fs.existsSync(path.join(REPO, 'dist/webview/assets/index.js')) || !fs.existsSync(path.join(REPO, 'dist/extension/extension.js'))) {
    const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
  }
}, 120_000);
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

const release = (...args: string[]) => {
  const env = { ...process.env };
  delete env.VSCE_PAT;
  delete env.OVSX_PAT;
  return spawnSync(process.execPath, ['scripts/release.mjs', '--no-build', '--out', out, ...args], { cwd: REPO, encoding: 'utf8', env });
};

describe('release: channels', () => {
  it('odd minor versions are pre-releases, even ones releases; anything else is refused', () => {
    expect(isPreRelease('0.1.0')).toBe(true);
    expect(isPreRelease('1.3.7')).toBe(true);
    expect(isPreRelease('0.2.0')).toBe(false);
    expect(isPreRelease('2.0.1')).toBe(false);
    expect(() => isPreRelease('1.0.0-beta.1')).toThrow(/major\.minor\.patch/);
  });
});

describe('release: the listing', () => {
  it('package.json has everything the Marketplace shows', () => {
    expect(manifestProblems(pkg)).toEqual([]);
    const bare = { ...pkg, repository: undefined, keywords: [], categories: ['Other', 'Gadgets'] };
    expect(manifestProblems(bare)).toEqual(expect.arrayContaining([
      expect.stringMatching(/repository\.url/), expect.stringMatching(/keywords/), expect.stringMatching(/"Gadgets" is not one of the Marketplace's/),
    ]));
  });

  it('a VSIX with tests, sources or maps, or without its changelog, is refused', () => {
    const good = ['extension/package.json', 'extension/readme.md', 'extension/changelog.md', 'extension/LICENSE.txt', 'extension/images/icon.png', 'extension/dist/extension/extension.js', 'extension/dist/extension/changes-worker.js'];
    expect(vsixProblems(good)).toEqual([]);
    expect(vsixProblems([...good.filter((f) => !f.endsWith('changelog.md')), 'extension/test/cli.test.ts', 'extension/dist/extension/extension.js.map']))
      .toEqual(['the VSIX lacks extension/changelog.md', 'the VSIX carries extension/test/cli.test.ts, which is not for users', 'the VSIX carries extension/dist/extension/extension.js.map, which is not for users']);
  });
});

describe('release: the dry run', () => {
  it('packages one VSIX, checks it, and prints the two publish commands without any token', () => {
    const r = release('--dry-run');
    expect(r.status, r.stderr).toBe(0);
    const vsix = path.join(out, `consider-${pkg.version}.vsix`);
    const listing = spawnSync('unzip', ['-Z1', vsix], { encoding: 'utf8' }).stdout.trim().split('\n');
    for (const f of ['extension/readme.md', 'extension/changelog.md', 'extension/LICENSE.txt', 'extension/images/icon.png']) expect(listing).toContain(f);
    expect(listing.filter((f) => /\.(ts|map)$|\/(test|e2e)\//.test(f))).toEqual([]);
    const pre = isPreRelease(pkg.version);
    const manifest = spawnSync('unzip', ['-p', vsix, 'extension.vsixmanifest'], { encoding: 'utf8' }).stdout;
    expect(/Microsoft\.VisualStudio\.Code\.PreRelease" Value="true"/.test(manifest)).toBe(pre);
    const flag = pre ? ' --pre-release' : '';
    expect(r.stdout).toContain(`would run: vsce publish --packagePath ${vsix}${flag} --skip-duplicate  (token from VSCE_PAT)`);
    expect(r.stdout).toContain(`would run: ovsx publish ${vsix}${flag} --skip-duplicate  (token from OVSX_PAT)`);
    expect(r.stdout).toMatch(/before a real release:[\s\S]*VSCE_PAT is not set[\s\S]*OVSX_PAT is not set/);
  }, 120_000);

  it('a real run without tokens refuses before publishing anything (exit 1, what to do said)', () => {
    const r = release('--only', 'openvsx');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^release: not ready: OVSX_PAT is not set/m);
    expect(r.stdout).not.toMatch(/publishing to/);
  }, 120_000);

  it('bad options are usage errors (exit 2)', () => {
    const r = release('--only', 'npm');
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe('release: --only takes marketplace or openvsx, not "npm" (see npm run release -- --help)');
  });
});
