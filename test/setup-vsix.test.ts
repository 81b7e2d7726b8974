import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runSetup } from '../setup/index';
import { REPO, sandbox, listFiles, type Sandbox } from './helpers/setup-env';

// The whitelist of .vscodeignore, as the files it must produce inside the VSIX.
const EXPECTED = [
  'extension.vsixmanifest', '[Content_Types].xml',
  'extension/package.json', 'extension/readme.md', 'extension/changelog.md', 'extension/LICENSE.txt', 'extension/images/icon.png', 'extension/images/consider-activity.svg',
  ...['answer', 'board', 'comment', 'review', 'setup'].map((step) => `extension/images/walkthrough/${step}.svg`), // the walkthrough's pictures
  'extension/dist/extension/extension.js', 'extension/dist/extension/changes-worker.js',
  'extension/dist/runtime/VERSION',
  'extension/dist/runtime/bin/consider-cli', 'extension/dist/runtime/bin/consider-cli.cjs',
  'extension/dist/runtime/bin/consider-cli.js', 'extension/dist/runtime/bin/package.json', 'extension/dist/runtime/bin/consider-mcp.cjs', 'extension/dist/runtime/bin/consider-changes.cjs',
  'extension/dist/runtime/shared/store.js', 'extension/dist/runtime/shared/reconcile.js', 'extension/dist/runtime/shared/package.json',
  'extension/package.nls.json', 'extension/l10n/bundle.l10n.json',
  'extension/skills/SKILL.template.md', 'extension/skills/openai.template.yaml', 'extension/skills/skill.json',
];

let sb: Sandbox;
beforeAll(() => {
  // The VSIX needs the webview build too; build everything once if this checkout lacks it.
  if (!fs.existsSync(path.join(REPO, 'dist/webview/assets/index.js')) || !fs.existsSync(path.join(REPO, 'dist/runtime/VERSION'))) {
    const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
  }
}, 120_000);
afterEach(() => sb?.cleanup());

describe('the VSIX', () => {
  it('carries exactly the whitelisted files, and setup works from the installed package', async () => {
    sb = sandbox();
    const vsix = path.join(sb.dir, 'consider.vsix');
    const r = spawnSync(process.execPath, [path.join(REPO, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '--out', vsix], { cwd: REPO, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const listing = spawnSync('unzip', ['-Z1', vsix], { encoding: 'utf8' }).stdout.trim().split('\n');
    const webview = listing.filter((f) => f.startsWith('extension/dist/webview/'));
    expect(webview).toContain('extension/dist/webview/assets/index.js');
    expect(webview).toContain('extension/dist/webview/assets/index.css');
    expect(webview.every((f) => /\.(html|js|css|ttf|woff2?|svg|png)$/.test(f))).toBe(true);
    expect(listing.filter((f) => !webview.includes(f)).sort()).toEqual([...EXPECTED].sort());
    const size = fs.statSync(vsix).size;
    console.log(`VSIX: ${listing.length} files, ${(size / 1024).toFixed(1)} KiB`);
    expect(size).toBeLessThan(2 * 1024 * 1024);

    // Unpack it as VS Code would and run setup with the package's own runtime and skills.
    const unpacked = path.join(sb.dir, 'unpacked');
    expect(spawnSync('unzip', ['-q', vsix, '-d', unpacked]).status).toBe(0);
    const ext = path.join(unpacked, 'extension');
    const report = await runSetup({
      root: sb.root, home: sb.home, gitignore: true, integrations: [{ target: 'codex', scope: 'project' }],
      runtimeDir: path.join(ext, 'dist/runtime'), skillsDir: path.join(ext, 'skills'),
    });
    expect(report.actions.filter((a) => a.kind === 'refused')).toEqual([]);
    expect(listFiles(path.join(sb.root, '.agents/skills/consider'))).toEqual(['SKILL.md', 'agents/openai.yaml']);
    const cli = spawnSync(path.join(sb.root, '.consider/bin/consider-cli'), ['summary'], { cwd: sb.root, encoding: 'utf8' });
    expect(cli.status, cli.stderr).toBe(0);
  }, 120_000);
});
