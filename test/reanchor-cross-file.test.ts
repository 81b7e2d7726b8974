/**
 * Threads follow code into another file (issue 26): the workspace pass on real files, in real
 * temporary workspaces (plain folders and git repositories). A thread follows only a unique,
 * distinctive copy in a file written since its last check, and says where it came from.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reconcileWorkspace } from '../shared/store/reconcile/pass';
import { restoreAnchor, setAnchor } from '../shared/store/reconcile/manual';
import { findMovedCode } from '../shared/anchoring/cross-file';
import type { CrossFileStats } from '../shared/anchoring/cross-file';
import { listWorkspaceFiles } from '../shared/workspace/files';
import { captureAnchor } from '../shared/anchoring/anchor';
import { mutateStore, readActivity, readStore } from '../shared/store/store-io';
import { addThread } from '../shared/store/threads';
import type { Comment } from '../shared/model';
import { git, writeFile as write } from './helpers/git-repo';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

function workspace(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-crossfile-'));
  roots.push(root);
  return root;
}

/** Sets a file's times `secondsAgo` in the past: written long before any thread's check. */
function age(root: string, rel: string, secondsAgo = 3600): void {
  const t = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(path.join(root, rel), t, t);
}

function thread(root: string, id: string): Comment {
  return readStore(root).store.comments.find((t) => t.id === id)!;
}

async function add(root: string, file: string, startLine: number, endLine: number): Promise<string> {
  return (await addThread(root, { file, startLine, endLine, body: 'why?', author: 'human' })).id;
}

const NORMALIZE = [
  'export function normalizeArguments(options: Options): Normalized {',
  '  const timeout = options.timeout ?? DEFAULT_TIMEOUT;',
  '  const retries = Math.max(0, options.retries ?? 2);',
  '  return { timeout, retries };',
  '}',
];
const OTHER = ['export function other(): number {', '  return 1;', '}'];
/** a.ts at A: an import, normalizeArguments (lines 3-7), other(). */
const A_BEFORE = ["import { DEFAULT_TIMEOUT } from './defaults';", '', ...NORMALIZE, '', ...OTHER, ''].join('\n');
/** a.ts at B: normalizeArguments is gone. */
const A_AFTER = ["import { DEFAULT_TIMEOUT } from './defaults';", "export { normalizeArguments } from './normalize';", '', ...OTHER, ''].join('\n');
/** The new module holding it, re-indented inside a namespace (lines 4-8). */
const NORMALIZE_FILE = ['// Argument handling, moved out of a.ts.', '', 'export namespace args {', ...NORMALIZE.map((l) => `  ${l}`), '}', ''].join('\n');

describe('following code into another file', () => {
  it('follows a thread whose code moved, re-indented, into a new file, and says where it came from', async () => {
    const root = workspace();
    write(root, 'src/a.ts', A_BEFORE);
    const id = await add(root, 'src/a.ts', 4, 5);
    const importThread = await add(root, 'src/a.ts', 1, 1);
    write(root, 'src/normalize.ts', NORMALIZE_FILE);
    write(root, 'src/a.ts', A_AFTER);
    const report = await reconcileWorkspace(root);
    expect(report).toMatchObject({ moved: 1, crossFile: 1 });
    const c = thread(root, id);
    expect([c.file, c.anchorState, c.anchor.startLine, c.anchor.endLine]).toEqual(['src/normalize.ts', 'anchored', 5, 6]);
    expect(c.movedFrom).toMatchObject({ file: 'src/a.ts', startLine: 4, endLine: 5 });
    expect(Date.parse(c.movedFrom!.at)).toBeGreaterThan(0);
    // The anchor is the new file's: its lines, context and snapshot.
    expect(c.anchor.targetContent).toBe(`  ${NORMALIZE[1]}\n  ${NORMALIZE[2]}`);
    expect(c.anchor.contextBefore.at(-1)).toBe(`  ${NORMALIZE[0]}`);
    expect(thread(root, importThread).file).toBe('src/a.ts');
    const logged = readActivity(root).find((e) => e.action === 'reanchor' && e.threadId === id)!;
    expect(logged.detail).toMatchObject({ from: { file: 'src/a.ts', anchorState: 'anchored' }, to: { file: 'src/normalize.ts', startLine: 5, anchorState: 'anchored' }, movedAcrossFiles: true });
    // A later read leaves it be; an edit above it in its new file moves it there, and movedFrom stays.
    expect(await reconcileWorkspace(root)).toMatchObject({ checked: 0 });
    write(root, 'src/normalize.ts', `// one more line\n${NORMALIZE_FILE}`);
    await reconcileWorkspace(root);
    expect([thread(root, id).anchor.startLine, thread(root, id).movedFrom?.file]).toEqual([6, 'src/a.ts']);
  });

  it('follows code out of a deleted file (a split): orphaned no more', async () => {
    const root = workspace();
    write(root, 'src/a.ts', A_BEFORE);
    const id = await add(root, 'src/a.ts', 3, 7);
    write(root, 'src/normalize.ts', NORMALIZE.join('\n') + '\n');
    write(root, 'src/other.ts', OTHER.join('\n') + '\n');
    fs.rmSync(path.join(root, 'src/a.ts'));
    expect(await reconcileWorkspace(root)).toMatchObject({ moved: 1, orphaned: 0, crossFile: 1 });
    const c = thread(root, id);
    expect([c.file, c.anchorState, c.anchor.startLine, c.anchor.endLine, c.movedFrom?.file]).toEqual(['src/normalize.ts', 'anchored', 1, 5, 'src/a.ts']);
  });

  it('in a git repository: follows a move committed after the check into a file that existed before', async () => {
    const root = workspace();
    git(root, 'init', '-q');
    write(root, 'src/a.ts', A_BEFORE);
    write(root, 'src/args.ts', '// argument helpers\n');
    git(root, 'add', '.');
    execFileSync('git', ['-C', root, '-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'A'], { stdio: 'ignore', env: { ...process.env, GIT_COMMITTER_DATE: '2020-01-01T00:00:00Z' } });
    const id = await add(root, 'src/a.ts', 4, 5);
    write(root, 'src/args.ts', ['// argument helpers', ...NORMALIZE, ''].join('\n'));
    write(root, 'src/a.ts', A_AFTER);
    git(root, 'commit', '-qam', 'move normalizeArguments into args.ts');
    await reconcileWorkspace(root);
    expect([thread(root, id).file, thread(root, id).anchorState, thread(root, id).anchor.startLine]).toEqual(['src/args.ts', 'anchored', 3]);
  });

  it('in a git repository: follows into a new untracked file, never into an ignored one', async () => {
    const root = workspace();
    git(root, 'init', '-q');
    write(root, '.gitignore', 'dist/\n');
    write(root, 'src/a.ts', A_BEFORE);
    git(root, 'add', '.');
    git(root, 'commit', '-qm', 'A');
    const id = await add(root, 'src/a.ts', 4, 5);
    write(root, 'dist/bundle.js', NORMALIZE.join('\n')); // a build output holding a copy: ignored
    write(root, 'lib/normalize.ts', NORMALIZE.join('\n') + '\n');
    write(root, 'src/a.ts', A_AFTER);
    await reconcileWorkspace(root);
    expect([thread(root, id).file, thread(root, id).anchorState]).toEqual(['lib/normalize.ts', 'anchored']);
  });

  describe('stays flagged when following would be a guess', () => {
    it('two copies (an ignored folder in a plain workspace does not count as one)', async () => {
      const root = workspace();
      write(root, '.gitignore', 'build/\n');
      write(root, 'src/a.ts', A_BEFORE);
      const id = await add(root, 'src/a.ts', 4, 5);
      write(root, 'build/normalize.js', NORMALIZE.join('\n'));
      write(root, 'node_modules/dep/index.ts', NORMALIZE.join('\n'));
      write(root, 'src/one.ts', NORMALIZE.join('\n'));
      write(root, 'src/two.ts', NORMALIZE_FILE);
      write(root, 'src/a.ts', A_AFTER);
      await reconcileWorkspace(root);
      const c = thread(root, id);
      expect([c.file, c.anchorState, c.movedFrom]).toEqual(['src/a.ts', 'stale', undefined]);
      // Without the second copy, the first is followed (the ignored ones never counted).
      const lonely = workspace();
      for (const f of ['.gitignore', 'build/normalize.js', 'node_modules/dep/index.ts', 'src/one.ts']) write(lonely, f, fs.readFileSync(path.join(root, f), 'utf8'));
      write(lonely, 'src/a.ts', A_BEFORE);
      const again = await add(lonely, 'src/a.ts', 4, 5);
      write(lonely, 'src/one.ts', NORMALIZE.join('\n'));
      write(lonely, 'src/a.ts', A_AFTER);
      await reconcileWorkspace(lonely);
      expect(thread(lonely, again).file).toBe('src/one.ts');
    });

    it('a copy in a file nobody wrote since the thread was last checked: a twin that was there all along', async () => {
      const root = workspace();
      write(root, 'src/a.ts', A_BEFORE);
      write(root, 'src/legacy.ts', NORMALIZE.join('\n'));
      age(root, 'src/legacy.ts');
      const id = await add(root, 'src/a.ts', 4, 5);
      write(root, 'src/a.ts', A_AFTER);
      await reconcileWorkspace(root);
      expect([thread(root, id).file, thread(root, id).anchorState]).toEqual(['src/a.ts', 'stale']);
    });

    it('a copy in a file written a moment before the check (it held the copy while the code was still here)', async () => {
      const root = workspace();
      write(root, 'src/a.ts', A_BEFORE);
      write(root, 'src/copy.ts', NORMALIZE.join('\n'));
      age(root, 'src/copy.ts', 1);
      const id = await add(root, 'src/a.ts', 4, 5);
      write(root, 'src/a.ts', A_AFTER);
      await reconcileWorkspace(root);
      expect([thread(root, id).file, thread(root, id).anchorState]).toEqual(['src/a.ts', 'stale']);
    });

    it('in a git repository: a duplicate committed before the check, in a file written since', async () => {
      const root = workspace();
      git(root, 'init', '-q');
      write(root, 'src/a.ts', A_BEFORE);
      write(root, 'src/legacy.ts', ['// the old copy', ...NORMALIZE, ''].join('\n'));
      git(root, 'add', '.');
      git(root, 'commit', '-qm', 'A', '--date=2020-01-01T00:00:00Z');
      execFileSync('git', ['-C', root, '-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '--amend', '-qm', 'A', '--no-edit'], { stdio: 'ignore', env: { ...process.env, GIT_COMMITTER_DATE: '2020-01-01T00:00:00Z' } });
      const id = await add(root, 'src/a.ts', 4, 5);
      write(root, 'src/legacy.ts', ['// the old copy, touched', ...NORMALIZE, ''].join('\n')); // written since, for another reason
      write(root, 'src/a.ts', A_AFTER);
      await reconcileWorkspace(root);
      expect([thread(root, id).file, thread(root, id).anchorState]).toEqual(['src/a.ts', 'stale']);
    });

    it('code that is not distinctive: a brace, an import', async () => {
      const root = workspace();
      write(root, 'src/a.ts', A_BEFORE);
      const brace = await add(root, 'src/a.ts', 6, 7); // `  return { timeout, retries };` + `}`: one short statement
      const imported = await add(root, 'src/a.ts', 1, 1);
      write(root, 'src/b.ts', ["import { DEFAULT_TIMEOUT } from './defaults';", '', ...NORMALIZE].join('\n'));
      fs.rmSync(path.join(root, 'src/a.ts'));
      await reconcileWorkspace(root);
      expect([thread(root, brace).anchorState, thread(root, imported).anchorState]).toEqual(['orphaned', 'orphaned']);
    });

    it('a copy of its code still in its own file (a twin that was there before): the in-file decision stands', async () => {
      const root = workspace();
      const twin = ['class Legacy {', ...NORMALIZE.map((l) => `  ${l}`), '}'];
      write(root, 'src/a.ts', [A_BEFORE, ...twin, ''].join('\n'));
      const id = await add(root, 'src/a.ts', 4, 5);
      write(root, 'src/b.ts', NORMALIZE.join('\n'));
      write(root, 'src/a.ts', [A_AFTER, ...twin, ''].join('\n'));
      await reconcileWorkspace(root);
      expect([thread(root, id).file, thread(root, id).anchorState]).toEqual(['src/a.ts', 'stale']);
    });

    it('a thread already stale is not searched for again on every read (only when asked, or on a forced pass)', async () => {
      const root = workspace();
      write(root, 'src/a.ts', A_BEFORE);
      const id = await add(root, 'src/a.ts', 4, 5);
      write(root, 'src/a.ts', A_AFTER);
      await reconcileWorkspace(root);
      expect(thread(root, id).anchorState).toBe('stale');
      write(root, 'src/normalize.ts', NORMALIZE_FILE); // pasted later
      write(root, 'src/a.ts', `${A_AFTER}// edited again\n`);
      await reconcileWorkspace(root);
      expect(thread(root, id).anchorState).toBe('stale');
      // Asked for by id (the editor, when a file is saved soon after a thread was lost), or
      // "Re-anchor all threads": it is looked for again.
      const asked = workspace();
      for (const f of ['src/a.ts', 'src/normalize.ts']) write(asked, f, fs.readFileSync(path.join(root, f), 'utf8'));
      fs.cpSync(path.join(root, '.consider'), path.join(asked, '.consider'), { recursive: true });
      write(asked, 'src/normalize.ts', NORMALIZE_FILE); // written after the thread's last check
      expect(await reconcileWorkspace(asked, { files: ['src/a.ts'], searchMovedCodeOf: [id] })).toMatchObject({ restored: 1, crossFile: 1 });
      expect(thread(asked, id).file).toBe('src/normalize.ts');
      expect(await reconcileWorkspace(root, { force: true })).toMatchObject({ restored: 1, crossFile: 1 });
      expect([thread(root, id).file, thread(root, id).anchorState, thread(root, id).movedFrom?.startLine]).toEqual(['src/normalize.ts', 'anchored', 4]);
    });
  });

  it('keeps unknown fields of the anchor and the thread when it follows', async () => {
    const root = workspace();
    write(root, 'src/a.ts', A_BEFORE);
    const id = await add(root, 'src/a.ts', 4, 5);
    await mutateStore(root, 'system', (s) => {
      const c = s.comments[0]!;
      c.fromTheFuture = { keep: true };
      c.anchor.futureAnchorField = 7;
    });
    write(root, 'src/normalize.ts', NORMALIZE_FILE);
    write(root, 'src/a.ts', A_AFTER);
    await reconcileWorkspace(root);
    const c = thread(root, id);
    expect([c.file, c.fromTheFuture, c.anchor.futureAnchorField]).toEqual(['src/normalize.ts', { keep: true }, 7]);
  });

  it('a manual re-anchor into another file drops movedFrom; its undo puts it back', async () => {
    const root = workspace();
    write(root, 'src/a.ts', A_BEFORE);
    const id = await add(root, 'src/a.ts', 4, 5);
    write(root, 'src/normalize.ts', NORMALIZE_FILE);
    write(root, 'src/a.ts', A_AFTER);
    await reconcileWorkspace(root);
    const followed = thread(root, id);
    expect(followed.movedFrom?.file).toBe('src/a.ts');
    await setAnchor(root, id, { startLine: 1, endLine: 2, file: 'src/a.ts' }, 'human');
    expect(thread(root, id).movedFrom).toBeUndefined();
    await restoreAnchor(root, id, { file: followed.file, anchor: followed.anchor, anchorState: followed.anchorState, movedFrom: followed.movedFrom }, 'human');
    expect(thread(root, id).movedFrom).toEqual(followed.movedFrom);
    // A manual re-anchor within the same file keeps it: the code still came from there.
    await setAnchor(root, id, { startLine: 5, endLine: 6 }, 'human');
    expect(thread(root, id).movedFrom).toEqual(followed.movedFrom);
  });
});

describe('the search itself (cross-file.ts)', () => {
  it('reads only files written since the threads were checked, and decodes only those holding the code\'s longest word', () => {
    const root = workspace();
    for (let i = 0; i < 40; i++) {
      write(root, `src/old${i}.ts`, `export const value${i} = ${i};\n`);
      age(root, `src/old${i}.ts`);
    }
    write(root, 'src/fresh-unrelated.ts', 'export const unrelated = true;\n');
    write(root, 'src/normalize.ts', NORMALIZE_FILE);
    const anchor = captureAnchor(A_BEFORE, 4, 5, new Date(Date.now() - 60_000).toISOString());
    const stats: CrossFileStats = { searched: 0, listed: 0, recent: 0, read: 0, decoded: 0 };
    const lost = [{ id: 'c_1', anchor, ownFiles: ['src/a.ts'] }];
    const found = findMovedCode(root, lost, { stats });
    expect(found.get('c_1')).toEqual({ file: 'src/normalize.ts', startLine: 5, endLine: 6, exact: false });
    expect(stats).toEqual({ searched: 1, listed: 42, recent: 2, read: 2, decoded: 1 });
    // More to read than the budget allows: a copy could hide in what is left, so nothing is
    // followed, and nothing is even read.
    const size = fs.statSync(path.join(root, 'src/normalize.ts')).size + fs.statSync(path.join(root, 'src/fresh-unrelated.ts')).size;
    expect(findMovedCode(root, lost, { maxBytes: size }).size).toBe(1);
    const over: CrossFileStats = { searched: 0, listed: 0, recent: 0, read: 0, decoded: 0 };
    expect(findMovedCode(root, lost, { maxBytes: size - 1, stats: over }).size).toBe(0);
    expect([over.recent, over.read]).toEqual([2, 0]);
  });

  it('finds every thread of one search, also when several share their longest word', () => {
    const root = workspace();
    const blocks = [
      ['  const first = configurationValue(alpha);', '  return first + configurationValue(beta);'],
      ['  const second = configurationValue(gamma);', '  return second * configurationValue(delta);'],
      ['  const third = computeSomethingElse(epsilon);', '  return third - computeSomethingElse(zeta);'],
    ];
    const before = blocks.flatMap((b, i) => [`function f${i}() {`, ...b, '}']).join('\n');
    const check = new Date(Date.now() - 60_000).toISOString();
    const lost = blocks.map((_, i) => ({ id: `c_${i}`, anchor: captureAnchor(before, 4 * i + 2, 4 * i + 3, check), ownFiles: ['src/a.ts'] }));
    write(root, 'src/moved.ts', blocks.flatMap((b, i) => [`export function g${i}() {`, ...b, '}']).join('\n'));
    const found = findMovedCode(root, lost);
    expect([...found.keys()].sort()).toEqual(['c_0', 'c_1', 'c_2']);
    expect(found.get('c_2')).toMatchObject({ file: 'src/moved.ts', startLine: 10, endLine: 11 });
  });

  it('finds a code\'s word only as a whole word, and non-ASCII words too', () => {
    const root = workspace();
    const code = ['  const größe = berechneGrößeDerBestellung(bestellung);', '  if (größe > GRENZE) throw new RangeError(`zu groß: ${größe}`);'];
    write(root, 'src/partial.ts', code.map((l) => l.replace('berechneGrößeDerBestellung', 'berechneGrößeDerBestellungNeu')).join('\n'));
    const anchor = captureAnchor(['function f() {', ...code, '}'].join('\n'), 2, 3, new Date(Date.now() - 60_000).toISOString());
    const lost = [{ id: 'c_1', anchor, ownFiles: ['src/a.ts'] }];
    const stats: CrossFileStats = { searched: 0, listed: 0, recent: 0, read: 0, decoded: 0 };
    expect(findMovedCode(root, lost, { stats }).size).toBe(0);
    expect(stats.decoded).toBe(0); // the longer word is not the word
    write(root, 'src/bestellung.ts', ['export function prüfe(bestellung: Bestellung) {', ...code, '}'].join('\n'));
    expect(findMovedCode(root, lost).get('c_1')).toMatchObject({ file: 'src/bestellung.ts', startLine: 2, endLine: 3, exact: true });
  });

  it('lists what git would show: tracked and untracked files, not ignored ones, never .consider/', () => {
    const root = workspace();
    git(root, 'init', '-q');
    write(root, '.gitignore', 'out/\n');
    write(root, 'a.ts', 'a\n');
    git(root, 'add', '.');
    git(root, 'commit', '-qm', 'A');
    write(root, 'b.ts', 'b\n');
    write(root, 'out/c.js', 'c\n');
    write(root, '.consider/store.json', '{}');
    expect(listWorkspaceFiles(root).files.sort()).toEqual(['.gitignore', 'a.ts', 'b.ts']);
    expect(listWorkspaceFiles(root, 2)).toMatchObject({ complete: false });
  });
});
