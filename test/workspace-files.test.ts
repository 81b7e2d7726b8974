/**
 * The workspace's one list of files (shared/workspace/files.ts), on real folders and real git
 * repositories: git's own view in a repository, .gitignore read by git elsewhere, every file
 * without git, and in all three never `.consider/`, a version-control folder or `node_modules/`
 * — the same list for the Changes view, the digest and cross-file following.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isNeverListed, listWorkspaceFiles, untrackedFiles } from '../shared/workspace/files';
import { changedSinceCommit } from '../shared/workspace/changed';
import { commitAll, git, writeFile as write } from './helpers/git-repo';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

function folder(): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-workspace-')));
  roots.push(root);
  return root;
}

/** Files no listing may name, whatever git makes of them. */
function writeNeverListed(root: string): void {
  write(root, '.consider/store.json', '{}');
  write(root, 'node_modules/dep/index.js', 'module.exports = 1;\n');
  write(root, 'packages/app/node_modules/dep/index.js', 'module.exports = 2;\n');
  write(root, 'vendor/lib/.hg/store', 'x');
  write(root, 'nested/.consider/store.json', '{}');
}

describe('the workspace\'s files', () => {
  it('in a repository: tracked and untracked files git does not ignore, never .consider/ or node_modules/, even tracked', () => {
    const root = folder();
    commitAll(root, { 'src/a.ts': 'a\n', '.gitignore': 'build/\n' });
    writeNeverListed(root);
    git(root, 'add', '-f', 'node_modules/dep/index.js'); // a project that commits its packages
    write(root, 'src/new.ts', 'new\n');
    write(root, 'build/out.js', 'ignored\n');
    const listing = listWorkspaceFiles(root);
    expect(listing).toEqual({ files: ['.gitignore', 'src/a.ts', 'src/new.ts'], complete: true, source: 'git' });
    expect(untrackedFiles(root)).toEqual(['src/new.ts']);
  });

  it('in a folder that is not a repository: its .gitignore files as git reads them, with the same folders never listed', () => {
    const root = folder();
    write(root, '.gitignore', '*.tmp\n!keep.tmp\n');
    write(root, 'sub/.gitignore', 'secret.txt\n');
    write(root, 'a.txt', 'a\n');
    write(root, 'x.tmp', 'x');
    write(root, 'keep.tmp', 'k');
    write(root, 'sub/secret.txt', 's');
    writeNeverListed(root);
    expect(listWorkspaceFiles(root)).toEqual({ files: ['.gitignore', 'a.txt', 'keep.tmp', 'sub/.gitignore'], complete: true, source: 'gitignore' });
  });

  it('without git on PATH: every file, the same folders never listed', () => {
    const root = folder();
    write(root, 'a.txt', 'a\n');
    write(root, 'x.tmp', 'x');
    write(root, '.gitignore', '*.tmp\n');
    writeNeverListed(root);
    const saved = process.env.PATH;
    process.env.PATH = folder(); // a folder with no git in it
    try {
      expect(listWorkspaceFiles(root)).toEqual({ files: ['.gitignore', 'a.txt', 'x.tmp'], complete: true, source: 'walk' });
    } finally {
      process.env.PATH = saved;
    }
  });

  it('a folder inside a larger repository lists its own files, relative to it', () => {
    const top = folder();
    commitAll(top, { 'app/src/a.ts': 'a\n', 'other/b.ts': 'b\n' });
    expect(listWorkspaceFiles(path.join(top, 'app')).files).toEqual(['src/a.ts']);
  });

  it('says when it stopped at its limit', () => {
    const root = folder();
    commitAll(root, { 'a.ts': 'a\n', 'b.ts': 'b\n', 'c.ts': 'c\n' });
    expect(listWorkspaceFiles(root, 2)).toEqual({ files: ['a.ts', 'b.ts'], complete: false, source: 'git' });
  });

  it('names the folders it never lists, at any depth, and nothing else', () => {
    for (const rel of ['.consider/store.json', 'node_modules/x/i.js', 'a/node_modules/b.js', '.git/config', 'sub/.git/HEAD', 'x/.svn/entries', '.consider', '.git']) expect(isNeverListed(rel), rel).toBe(true);
    for (const rel of ['src/node_modules.ts', 'my_node_modules/a.js', '.gitignore', '.considerate/a', 'src/.github/ci.yml', 'docs/git/page.md']) expect(isNeverListed(rel), rel).toBe(false);
  });
});

describe('what changed since a commit', () => {
  it('git\'s diff with renames and counts, and untracked files, by the same rule as the list', () => {
    const root = folder();
    commitAll(root, { 'a.ts': 'one\ntwo\n', 'old.ts': 'x\n'.repeat(20), 'gone.ts': 'g\n', 'img.bin': 'b' });
    const head = git(root, 'rev-parse', 'HEAD').trim();
    write(root, 'a.ts', 'one\n2\n');
    git(root, 'mv', 'old.ts', 'new.ts');
    fs.rmSync(path.join(root, 'gone.ts'));
    write(root, 'img.bin', Buffer.from([0, 1, 2]));
    write(root, 'added.ts', 'n\n');
    writeNeverListed(root);
    const r = changedSinceCommit(root, head);
    expect(r).toEqual({
      ok: true,
      files: [
        { path: 'a.ts', kind: 'modified', added: 1, removed: 1 },
        { path: 'added.ts', kind: 'added', untracked: true },
        { path: 'gone.ts', kind: 'deleted', added: 0, removed: 1 },
        { path: 'img.bin', kind: 'modified', binary: true },
        { path: 'new.ts', oldPath: 'old.ts', kind: 'renamed', added: 0, removed: 0 },
      ],
    });
  });

  it('a file whose stat changed but not its content is no change, text or binary; a new mode is', () => {
    const root = folder();
    commitAll(root, { 'a.ts': 'a\n', 'b.ts': 'b\n', 'run.sh': 'echo\n' });
    write(root, 'img.bin', Buffer.from([0, 1, 2, 3]));
    git(root, 'add', 'img.bin');
    git(root, 'commit', '-qm', 'binary');
    const head = git(root, 'rev-parse', 'HEAD').trim();
    const later = new Date(Date.now() + 10_000);
    for (const rel of ['a.ts', 'img.bin']) fs.utimesSync(path.join(root, rel), later, later); // checked out again, say
    write(root, 'b.ts', 'b\n'); // rewritten with the same bytes
    fs.chmodSync(path.join(root, 'run.sh'), 0o755);
    expect(changedSinceCommit(root, head)).toEqual({ ok: true, files: [{ path: 'run.sh', kind: 'modified', added: 0, removed: 0 }] });
  });

  it('a commit git does not know is its message, not an exception', () => {
    const root = folder();
    commitAll(root, { 'a.ts': 'a\n' });
    const r = changedSinceCommit(root, 'f'.repeat(40));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/^git diff failed: /);
  });
});
