/**
 * The Changes view speaks VS Code's language (issue 36): shared/changes hands the view data (a
 * baseline's name, a problem's code), and the extension chooses the words through the l10n
 * bundle, while the CLI and the agents keep the English `label` and `message`. With every
 * bundle string marked, every word the view shows about a baseline must come out marked: a
 * string that bypassed l10n.t (English from shared/) would not.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { changesSince, type BaselineName, type BaselineProblem, type ChangeNote } from '../shared/changes';
import { setL10nBundle } from '../shared/board/l10n';
import { baselineWords, countsWords, problemWords } from '../extension/changes/baseline-words';
import { commitAll, git, writeFile } from './helpers/git-repo';

const english: Record<string, string> = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'l10n', 'bundle.l10n.json'), 'utf8'));
/** Each string wrapped in ⟦ ⟧, placeholders kept: what a translation looks like to a test. */
const marked = Object.fromEntries(Object.keys(english).map((k) => [k, `⟦${k}⟧`]));
const isMarked = (s: string): boolean => /^⟦.*⟧$/s.test(s);

const roots: string[] = [];
afterEach(() => setL10nBundle({}));
afterAll(() => { for (const r of roots) fs.rmSync(r, { recursive: true, force: true }); });
function repo(): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-words-')));
  roots.push(root);
  return commitAll(root, { 'a.ts': 'a\n' });
}

const NAMES: BaselineName[] = [
  { kind: 'head', branch: 'main', sha: '1a2b3c4d5e' }, { kind: 'head', sha: '1a2b3c4d5e' },
  { kind: 'merge-base', ref: 'main', sha: '1a2b3c4d5e' }, { kind: 'round', round: 3 }, { kind: 'mark' },
  { kind: 'round-gone' }, { kind: 'last-commit' }, { kind: 'branch', ref: 'feature' },
];
const CODES: BaselineProblem['code'][] = ['no-git', 'not-repo', 'no-commits', 'bad-ref', 'unrelated', 'git-failed', 'missing', 'damaged'];
const NOTES: ChangeNote[] = ['binary', 'too-large', 'unreadable', 'symlink-outside', 'missing-content'];

describe('the Changes view\'s words about baselines', () => {
  it('every baseline name, problem and note is said through the bundle (translated when VS Code is)', () => {
    setL10nBundle(marked);
    for (const name of NAMES) expect(isMarked(baselineWords(name)), JSON.stringify(name)).toBe(true);
    for (const code of CODES) {
      const words = problemWords({ code, message: 'English from shared', ref: 'feature', detail: 'fatal: bad object' });
      expect(isMarked(words.message), code).toBe(true);
      if (words.hint !== undefined) expect(isMarked(words.hint), code).toBe(true);
    }
    for (const note of NOTES) expect(isMarked(countsWords({ note })), note).toBe(true);
  });

  it('in English, the view says what the CLI says: the same words, from data instead of text', () => {
    const root = repo();
    const head = changesSince(root, { kind: 'head' }, undefined);
    expect(baselineWords(head.name)).toBe(head.label);
    expect(head.label).toBe(`the last commit (main, ${git(root, 'rev-parse', '--short=7', 'HEAD').trim()})`);
    git(root, 'checkout', '-q', '--detach');
    const detached = changesSince(root, { kind: 'head' }, undefined);
    expect(baselineWords(detached.name)).toBe(detached.label);
    expect(detached.label).toMatch(/^the last commit \(detached at [0-9a-f]{7}\)$/);
    const missing = changesSince(root, { kind: 'branch', ref: 'no-such-branch' }, undefined);
    if (missing.ok) throw new Error('a missing branch resolved');
    expect(missing.problem).toMatchObject({ code: 'bad-ref', ref: 'no-such-branch' });
    expect(problemWords(missing.problem)).toEqual({ message: missing.problem.message, hint: missing.problem.hint });
  });

  it('a translated VS Code changes the view\'s words, never the English the CLI and the agents read', () => {
    const root = repo();
    setL10nBundle(marked);
    const r = changesSince(root, { kind: 'head' }, undefined);
    expect(isMarked(baselineWords(r.name))).toBe(true);
    expect(r.label).toMatch(/^the last commit \(main, [0-9a-f]{7}\)$/);
  });

  it('a branch with no common ancestor is its own problem, named so', () => {
    const root = repo();
    git(root, 'checkout', '-q', '--orphan', 'other');
    writeFile(root, 'b.ts', 'b\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'unrelated history');
    const r = changesSince(root, { kind: 'branch', ref: 'main' }, undefined);
    if (r.ok) throw new Error('unrelated histories have a merge-base?');
    expect(r.problem.code).toBe('unrelated');
    expect(problemWords(r.problem).message).toBe('HEAD and "main" have no common ancestor');
  });
});
