/**
 * The Changes view and the digest list the same files, under the same name, for every baseline
 * (issue 36): the view's list as its worker computes it (extension/changes/compute.ts), the
 * digest's as `consider-cli digest` prints it (a real process), on one repository holding every
 * kind of change and every path that must never count — the last commit, a branch's merge-base,
 * a review round, a Mark All Reviewed, and what each opens on by default after that mark.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compute, type BaselineChoice } from '../extension/changes/compute';
import { captureMark, submitReviewWithBaseline, type FileChange } from '../shared/changes';
import { addThread, readStore } from '../shared';
import { ensureBuilt, makeWorkspace, runCli, type Workspace } from './helpers/cli';
import { commitAll, git, writeFile as write } from './helpers/git-repo';

let ws: Workspace;
beforeAll(() => ensureBuilt());
afterEach(() => ws?.cleanup());

/** A file's row as both sides show it: path, kind, where it came from, its counts. */
type Row = [string, string, string | undefined, string];

const counts = (c: Pick<FileChange, 'added' | 'removed'>): string => (c.added !== undefined && c.removed !== undefined ? `+${c.added} −${c.removed}` : 'no counts');

/** The view's rows for a baseline, and the name it gives it. */
function viewRows(choice: BaselineChoice): { label: string; rows: Row[] } {
  const { result } = compute({ kind: 'changes', root: ws.root, choice, reviews: readStore(ws.root).store.reviews, maxFileBytes: 1024 * 1024 });
  if (!result?.ok) throw new Error(`the view has no list: ${JSON.stringify(result)}`);
  return { label: result.label, rows: result.list.changes.map((c) => [c.path, c.kind, c.kind === 'renamed' ? c.oldPath : undefined, counts(c)]) };
}

/** The digest's rows for `--since …` (none: its default), read from its page, and the name it gives the baseline. */
function digestRows(...since: string[]): { label: string; rows: Row[] } {
  const r = runCli(ws.root, ['digest', '--json', '--max-chars', '1000000', ...since]);
  expect(r.stderr).toBe('');
  const d = r.json() as { markdown: string; baseline: { label: string; files: number } };
  const lines = d.markdown.split('\n');
  const from = lines.findIndex((l) => l.startsWith('## Files changed since'));
  const rows: Row[] = [];
  for (const line of from < 0 ? [] : lines.slice(from + 1)) {
    if (line.startsWith('## ')) break;
    const m = /^- `([^`]+)` (\+[\d,]+ −[\d,]+|[^·]+?)(?: · (new|deleted|renamed from `([^`]+)`))?(?: · \d+ open threads?)?$/.exec(line);
    if (!m) continue;
    const kind = m[3] === 'new' ? 'added' : m[3] === 'deleted' ? 'deleted' : m[4] !== undefined ? 'renamed' : 'modified';
    rows.push([m[1]!, kind, m[4], /^\+/.test(m[2]!) ? m[2]!.replace(/,/g, '') : 'no counts']);
  }
  expect(rows).toHaveLength(d.baseline.files);
  return { label: d.baseline.label, rows };
}

describe('the Changes view and the digest', () => {
  it('list the same files, under the same name, for every baseline', async () => {
    ws = makeWorkspace({});
    commitAll(ws.root, {
      'src/keep.ts': 'one\ntwo\nthree\n', 'src/old-name.ts': 'x\n'.repeat(30), 'src/gone.ts': 'g\n', 'img.bin': 'b', '.gitignore': 'build/\n',
      'node_modules/tracked/index.js': 'committed packages\n',
    }, 'start');
    git(ws.root, 'checkout', '-q', '-b', 'feature');
    write(ws.root, 'src/feature.ts', 'on the branch\n');
    git(ws.root, 'add', '.');
    git(ws.root, 'commit', '-qm', 'feature work');
    await addThread(ws.root, { file: 'src/keep.ts', startLine: 2, endLine: 2, body: 'why two?', author: 'human', pending: true });

    // The agent's first changes; the developer submits round 1 (its capture).
    write(ws.root, 'src/keep.ts', 'one\n2\nthree\n');
    write(ws.root, 'src/new.ts', 'new\nfile\n');
    await submitReviewWithBaseline(ws.root, {});
    // More changes, then Mark All Reviewed, then more: every kind, and paths that never count.
    git(ws.root, 'mv', 'src/old-name.ts', 'src/new-name.ts');
    fs.rmSync(path.join(ws.root, 'src/gone.ts'));
    write(ws.root, 'img.bin', Buffer.from([0, 1, 2, 3]));
    captureMark(ws.root, readStore(ws.root).store);
    write(ws.root, 'src/after-mark.ts', 'after the mark\n');
    write(ws.root, 'src/keep.ts', 'one\n2\nthree\nfour\n');
    write(ws.root, 'build/out.js', 'ignored\n');
    write(ws.root, 'node_modules/dep/index.js', 'installed\n');
    write(ws.root, 'packages/app/node_modules/dep/index.js', 'installed\n');
    write(ws.root, 'node_modules/tracked/index.js', 'committed packages, changed\n');
    fs.symlinkSync('/etc/hostname', path.join(ws.root, 'src/outside-link'));

    const round = readStore(ws.root).store.reviews![0]!;
    const cases: [string, BaselineChoice, string[]][] = [
      ['the last commit', { kind: 'head' }, ['--since', 'head']],
      ['a branch', { kind: 'branch', ref: 'main' }, ['--since', 'branch:main']],
      ['review round 1', { kind: 'capture', id: round.baseline! }, ['--round', '1']],
      ['the last Mark All Reviewed', { kind: 'latest' }, ['--since', 'mark']],
      ['the default (the newest capture: the mark, not round 1)', { kind: 'latest' }, []],
    ];
    const seen = new Set<string>();
    for (const [what, choice, since] of cases) {
      const view = viewRows(choice);
      const digest = digestRows(...since);
      expect(digest, what).toEqual(view);
      expect(view.rows.length, what).toBeGreaterThan(0);
      for (const [p] of view.rows) seen.add(p);
    }
    // Every kind of change was compared somewhere; nothing that never counts was listed anywhere.
    expect([...seen].sort()).toEqual(['img.bin', 'src/after-mark.ts', 'src/feature.ts', 'src/gone.ts', 'src/keep.ts', 'src/new-name.ts', 'src/new.ts', 'src/outside-link']);
    expect(viewRows({ kind: 'latest' }).label).toBe('marked reviewed');
  });
});
