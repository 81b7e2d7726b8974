/**
 * Twins are not moves (issue 35), through the built consider-cli as a real process. The five
 * examples of the issue are real files of the public anchoring corpus (../shared/anchoring-corpus,
 * read in place): a thread's code changed in its file, and another file of the same project held
 * a copy all along. Measured in a workspace holding many files at once, after every file was
 * rewritten (bench/anchoring/packed.mjs), threads jumped to those twins. Here each example gets
 * its two files in a temporary workspace: the thread is added at A, both files are written at B
 * (the twin still holding its copy), and `list --json` must show the thread in its own file —
 * offered the twin at most (no git: history cannot tell), never anchored there; with git (A
 * committed) the twin is known for one and not even offered.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO, ensureBuilt, makeWorkspace, runCli } from './helpers/cli';
import type { Workspace } from './helpers/cli';
import { commitBefore } from './helpers/git-repo';

beforeAll(() => ensureBuilt());

let ws: Workspace | undefined;
afterEach(() => ws?.cleanup());

const CORPUS = path.resolve(REPO, '..', 'shared', 'anchoring-corpus');

interface CorpusCase { id: number; repo: string; path: string; start: number; end: number; category: string; blobA: string; blobB: string | null }

let cases: Map<number, CorpusCase> | undefined;
function corpusCase(id: number): CorpusCase {
  if (!fs.existsSync(CORPUS)) throw new Error(`the anchoring corpus is not at ${CORPUS} (../shared/anchoring-corpus, the team's reference folder)`);
  cases ??= new Map(fs.readFileSync(path.join(CORPUS, 'cases.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as CorpusCase).map((c) => [c.id, c]));
  return cases.get(id)!;
}
const blob = (id: string): string => zlib.gunzipSync(fs.readFileSync(path.join(CORPUS, 'blobs', id.slice(0, 2), `${id.slice(2)}.gz`))).toString('utf8');

function ok(args: string[]) {
  const r = runCli(ws!.root, args);
  expect(r.stderr, r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r;
}

/**
 * The examples: the case whose thread jumped, and a case of another file of the same
 * repository whose versions (A and B) both hold the thread's code: the twin.
 */
const EXAMPLES = [
  { id: 1002, twin: 879, what: 'requests docs/index.rst:11-15, its paragraph edited → README.rst, which always had it' },
  { id: 823, twin: 869, what: 'requests tests/test_requests.py:24-28 → a second test_requests.py at the root' },
  { id: 2112, twin: 1846, what: 'fd src/output.rs:71 → src/main.rs' },
  { id: 2070, twin: 2126, what: 'fd src/config.rs:85-86 → src/options.rs' },
  { id: 297, twin: 372, what: 'got test/cache.ts:364-367 → test/https.ts' },
];

describe('a twin that was there all along is never taken for a move (issue 35)', () => {
  for (const { id, twin, what } of EXAMPLES) {
    for (const withGit of [false, true]) {
      it(`${what} (corpus #${id}, ${withGit ? 'git: A committed, B uncommitted' : 'no git'})`, () => {
        const c = corpusCase(id);
        const t = corpusCase(twin);
        expect([t.repo, c.category]).toEqual([c.repo, 'modified']);
        ws = makeWorkspace({ [c.path]: blob(c.blobA), [t.path]: blob(t.blobA) });
        if (withGit) {
          commitBefore(ws.root);
        }
        const added = ok(['add', c.path, '--lines', `${c.start}-${c.end}`, '--message', 'why?', '--json']).json().id;
        ws.write(c.path, blob(c.blobB!));
        ws.write(t.path, blob(t.blobB!)); // rewritten, still holding its copy
        const listed = ok(['list', '--json']).json().comments.find((x: { id: string }) => x.id === added);
        expect([listed.file, listed.anchorState]).toEqual([c.path, 'stale']);
        if (withGit) expect(listed.anchor.suggestedMove).toBeUndefined();
        else expect(listed.anchor.suggestedMove).toMatchObject({ file: t.path });
      });
    }
  }
});

describe('an offered place on every read surface', () => {
  const fn = ['export function normalizeArguments(options: Options): Normalized {', '  const timeout = options.timeout ?? DEFAULT_TIMEOUT;',
    '  const retries = Math.max(0, options.retries ?? 2);', '  return { timeout, retries };', '}'];

  it('list, get and context say "may have moved to …" and why; --json carries anchor.suggestedMove, --lean mayHaveMovedTo', () => {
    ws = makeWorkspace({ 'src/a.ts': ['// a', '', ...fn, ''].join('\n') });
    const id = ok(['add', 'src/a.ts', '--lines', '4-5', '--message', 'Why two retries by default?', '--json']).json().id;
    ws.write('src/args.ts', ['// moved here', ...fn, ''].join('\n'));
    ws.write('src/a.ts', '// a\n');
    const listed = ok(['list']).stdout;
    expect(listed).toContain(`[${id}] src/a.ts:1 (workflow=open, anchor=stale, seen)\n  "Why two retries by default?"\n  0 replies\n  stale: the commented lines were deleted\n  may have moved to src/args.ts:3-4 — re-anchor there?\n`);
    const json = ok(['list', '--json']).json().comments[0];
    expect(json).toMatchObject({ file: 'src/a.ts', anchorState: 'stale', anchor: { suggestedMove: { file: 'src/args.ts', startLine: 3, endLine: 4 } } });
    expect(json.anchor.suggestedMove.reason).toMatch(/^no git commit from before/);
    expect(ok(['get', id]).stdout).toContain('\n\nmay have moved to src/args.ts:3-4 — re-anchor there?\n  Its code was found there once, but not followed: no git commit from before');
    expect(ok(['context', id, '--json']).json().comment.anchor.suggestedMove.file).toBe('src/args.ts');
    expect(ok(['context', id]).stdout).toContain('may have moved to src/args.ts:3-4');
    expect(ok(['list', '--lean']).json().threads[0]).toMatchObject({ file: 'src/a.ts', anchor: 'stale', mayHaveMovedTo: 'src/args.ts:3-4' });
    expect(ok(['get', id, '--lean']).json()).toMatchObject({ mayHaveMovedTo: 'src/args.ts:3-4' });
  });
});
