/**
 * When history cannot tell a twin from a move (issue 35): a lost thread's code found once in
 * another file is followed only when git's last commit before the thread's check shows the copy
 * is new; otherwise it is offered (anchor.suggestedMove), and the thread stays flagged. The
 * workspace pass on real files in real temporary folders and git repositories.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reconcileWorkspace, type ReconcileReport } from '../shared/store/reconcile/pass';
import { restoreAnchor } from '../shared/store/reconcile/manual';
import { takeSuggestedMove } from '../shared/store/suggested-move';
import { listWorkspaceFiles } from '../shared/workspace/files';
import { NO_HISTORY } from '../shared/anchoring/move-evidence';
import { mutateStore, readStore } from '../shared/store/store-io';
import { validateStore } from '../shared/store/validate';
import { commitBefore, git, writeFile as write } from './helpers/git-repo';
import { A_BEFORE, NORMALIZE, OTHER, add, thread } from './helpers/moved-code';
import type { Comment } from '../shared/model';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

function workspace(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-twins-'));
  roots.push(root);
  return root;
}

/** a.ts at B: normalizeArguments is gone. */
const A_AFTER = ["import { DEFAULT_TIMEOUT } from './defaults';", '', ...OTHER, ''].join('\n');
/** A file holding normalizeArguments at lines 2-6: the thread's lines are 3-4 there. */
const HOLDER = ['// normalize', ...NORMALIZE, ''].join('\n');

/**
 * A thread on a.ts's lines 4-5 whose code then moves into a new src/b.ts (lines 3-4), after one
 * read: in a plain folder, or with `committed` in a git repository that committed a.ts before
 * the thread's check; `beside`, a file written beside b.ts as the code moves.
 */
async function moveIntoB(opts: { committed?: boolean; beside?: [rel: string, bytes: string | Buffer] } = {}): Promise<{ root: string; id: string; report: ReconcileReport }> {
  const root = workspace();
  write(root, 'src/a.ts', A_BEFORE);
  if (opts.committed) commitBefore(root);
  const id = await add(root, 'src/a.ts', 4, 5);
  if (opts.beside) write(root, ...opts.beside);
  write(root, 'src/b.ts', HOLDER);
  write(root, 'src/a.ts', A_AFTER);
  const report = await reconcileWorkspace(root);
  return { root, id, report };
}

/** moveIntoB in a git repository with `rel` written beside b.ts: the thread after the read. */
async function moveBesides(rel: string, bytes: string | Buffer): Promise<Comment> {
  const { root, id } = await moveIntoB({ committed: true, beside: [rel, bytes] });
  return thread(root, id);
}

describe('offered, not followed, when history cannot tell', () => {
  it('no git: the only copy, in a file written since, is offered; the thread stays flagged, and a read that finds it again writes nothing', async () => {
    const { root, id, report } = await moveIntoB();
    expect(report).toMatchObject({ stale: 1, moved: 0 });
    expect(report.crossFile).toBeUndefined();
    const c = thread(root, id);
    expect([c.file, c.anchorState, c.movedFrom]).toEqual(['src/a.ts', 'stale', undefined]);
    expect(c.anchor.suggestedMove).toMatchObject({ file: 'src/b.ts', startLine: 3, endLine: 4, reason: NO_HISTORY });
    expect(Date.parse(c.anchor.suggestedMove!.at)).toBeGreaterThan(0);
    // Searched again (a forced pass), the same place is found: nothing to write.
    const before = fs.readFileSync(path.join(root, '.consider/store.json'), 'utf8');
    await reconcileWorkspace(root, { force: true });
    expect(thread(root, id).anchor.suggestedMove).toEqual(c.anchor.suggestedMove);
    expect(JSON.parse(fs.readFileSync(path.join(root, '.consider/store.json'), 'utf8')).comments[0].anchor.suggestedMove).toEqual(JSON.parse(before).comments[0].anchor.suggestedMove);
  });

  it('no git: the offer stands through a later edit of the thread\'s own file, and goes when its place no longer holds the code', async () => {
    const { root, id } = await moveIntoB();
    const offered = thread(root, id).anchor.suggestedMove;
    expect(offered?.file).toBe('src/b.ts');
    // The pass that offered it moved the thread's check past b.ts's write (here by seconds, as on
    // a real day): a search now would not look at b.ts. An edit of a.ts makes the next read decide
    // the thread again.
    const older = new Date(Date.parse(thread(root, id).anchor.lastAnchorCheck) - 5_000);
    fs.utimesSync(path.join(root, 'src/b.ts'), older, older);
    write(root, 'src/a.ts', `${A_AFTER}// touched again\n`);
    await reconcileWorkspace(root);
    expect(thread(root, id).anchorState).toBe('stale');
    expect(thread(root, id).anchor.suggestedMove).toEqual(offered);
    // b.ts rewritten without the code: the offer is taken away.
    write(root, 'src/b.ts', '// normalize moved on\n');
    write(root, 'src/a.ts', `${A_AFTER}// touched a third time\n`);
    await reconcileWorkspace(root);
    expect(thread(root, id).anchor.suggestedMove).toBeUndefined();
  });

  it('no git, an orphaned thread (its file deleted): offered too', async () => {
    const root = workspace();
    write(root, 'src/a.ts', A_BEFORE);
    const id = await add(root, 'src/a.ts', 3, 7);
    write(root, 'src/b.ts', HOLDER);
    fs.rmSync(path.join(root, 'src/a.ts'));
    await reconcileWorkspace(root);
    const c = thread(root, id);
    expect([c.file, c.anchorState, c.anchor.suggestedMove?.file, c.anchor.suggestedMove?.startLine]).toEqual(['src/a.ts', 'orphaned', 'src/b.ts', 2]);
  });

  it('a git repository with no commit from before the check: offered', async () => {
    const root = workspace();
    git(root, 'init', '-q');
    write(root, 'src/a.ts', A_BEFORE);
    const id = await add(root, 'src/a.ts', 4, 5);
    git(root, 'add', '.');
    git(root, 'commit', '-qm', 'first commit, after the thread was added');
    write(root, 'src/b.ts', HOLDER);
    write(root, 'src/a.ts', A_AFTER);
    await reconcileWorkspace(root);
    expect([thread(root, id).anchorState, thread(root, id).anchor.suggestedMove?.reason]).toEqual(['stale', NO_HISTORY]);
  });

  it('git, a second copy in a file over 1 MiB: the lone copy seen is offered (a large file without the code\'s word changes nothing)', async () => {
    const filler = `${'// generated line of filler text\n'.repeat(40_000)}`; // ~1.3 MB
    const followed = await moveBesides('data/big.txt', filler);
    expect([followed.file, followed.anchorState]).toEqual(['src/b.ts', 'anchored']); // big.txt cannot hold it
    const c = await moveBesides('dist/bundle.js', `${filler}${NORMALIZE.join('\n')}\n`);
    expect([c.file, c.anchorState, c.anchor.suggestedMove?.file]).toEqual(['src/a.ts', 'stale', 'src/b.ts']);
    expect(c.anchor.suggestedMove?.reason).toBe('dist/bundle.js could hold another copy but was not searched (larger than 1 MiB)');
  });

  it('git, a second copy in a file that is not UTF-8 text: the lone copy seen is offered', async () => {
    // Latin-1: "é" is one byte 0xE9, not UTF-8.
    const c = await moveBesides('src/legacy.ts', Buffer.concat([Buffer.from('// r\xe9sum\xe9\n', 'latin1'), Buffer.from(`${NORMALIZE.join('\n')}\n`)]));
    expect([c.file, c.anchorState, c.anchor.suggestedMove?.file]).toEqual(['src/a.ts', 'stale', 'src/b.ts']);
    expect(c.anchor.suggestedMove?.reason).toBe('src/legacy.ts could hold another copy but was not searched (not UTF-8 text)');
  });

  it('an offer that no longer holds is taken away when the thread is looked at again; a thread that finds its code back drops it', async () => {
    const root = workspace();
    write(root, 'src/a.ts', A_BEFORE);
    const id = await add(root, 'src/a.ts', 4, 5);
    write(root, 'src/b.ts', HOLDER);
    write(root, 'src/a.ts', A_AFTER);
    await reconcileWorkspace(root);
    expect(thread(root, id).anchor.suggestedMove?.file).toBe('src/b.ts');
    write(root, 'src/b.ts', '// normalize went elsewhere\n');
    write(root, 'src/a.ts', `${A_AFTER}// edited again\n`);
    await reconcileWorkspace(root);
    expect([thread(root, id).anchorState, thread(root, id).anchor.suggestedMove]).toEqual(['stale', undefined]);
    // Offered again, then the code comes back to its own file (an undo): anchored, no offer.
    write(root, 'src/b.ts', HOLDER);
    await reconcileWorkspace(root, { force: true });
    expect(thread(root, id).anchor.suggestedMove?.file).toBe('src/b.ts');
    write(root, 'src/a.ts', A_BEFORE);
    await reconcileWorkspace(root);
    expect([thread(root, id).file, thread(root, id).anchorState, thread(root, id).anchor.suggestedMove]).toEqual(['src/a.ts', 'anchored', undefined]);
  });
});

describe('the workspace\'s files', () => {
  it('a node_modules folder git does not ignore is never searched: its copy is neither followed nor counted', async () => {
    const root = workspace();
    write(root, 'src/a.ts', A_BEFORE);
    write(root, 'node_modules/dep/index.ts', '// a dependency\n');
    commitBefore(root);
    const id = await add(root, 'src/a.ts', 4, 5);
    write(root, 'node_modules/dep/index.ts', HOLDER);
    write(root, 'src/a.ts', A_AFTER);
    expect(listWorkspaceFiles(root).files).not.toContain('node_modules/dep/index.ts');
    await reconcileWorkspace(root);
    expect([thread(root, id).file, thread(root, id).anchorState, thread(root, id).anchor.suggestedMove]).toEqual(['src/a.ts', 'stale', undefined]);
    // With a copy in the project too, that one is the only copy: followed.
    write(root, 'src/b.ts', HOLDER);
    await reconcileWorkspace(root, { force: true });
    expect([thread(root, id).file, thread(root, id).anchorState]).toEqual(['src/b.ts', 'anchored']);
  });
});

describe('taking an offer (Re-anchor there?)', () => {
  it('puts the thread there as a move from its file, checked first; undo puts it back with its offer', async () => {
    const { root, id } = await moveIntoB();
    const offered = thread(root, id);
    const taken = await takeSuggestedMove(root, id, 'human');
    expect([taken.file, taken.anchorState, taken.anchor.startLine, taken.anchor.endLine]).toEqual(['src/b.ts', 'anchored', 3, 4]);
    expect(taken.movedFrom).toMatchObject({ file: 'src/a.ts', startLine: 4, endLine: 5 });
    expect(taken.anchor.suggestedMove).toBeUndefined();
    expect(taken.anchor.targetContent).toBe(NORMALIZE.slice(1, 3).join('\n'));
    await restoreAnchor(root, id, { file: offered.file, anchor: offered.anchor, anchorState: offered.anchorState }, 'human');
    expect([thread(root, id).file, thread(root, id).movedFrom, thread(root, id).anchor.suggestedMove?.file]).toEqual(['src/a.ts', undefined, 'src/b.ts']);
  });

  it('refuses when the place no longer holds the code, and a thread with no offer, leaving the store as it was', async () => {
    const root = workspace();
    write(root, 'src/a.ts', A_BEFORE);
    const id = await add(root, 'src/a.ts', 4, 5);
    const plain = await add(root, 'src/a.ts', 9, 10);
    write(root, 'src/b.ts', HOLDER);
    write(root, 'src/a.ts', A_AFTER);
    await reconcileWorkspace(root);
    write(root, 'src/b.ts', `// shifted\n${HOLDER}`);
    const store = fs.readFileSync(path.join(root, '.consider/store.json'));
    await expect(takeSuggestedMove(root, id, 'human')).rejects.toMatchObject({ code: 'not_found', message: 'the thread\'s code is no longer at src/b.ts:3-4' });
    await expect(takeSuggestedMove(root, plain, 'human')).rejects.toMatchObject({ code: 'usage' });
    expect(fs.readFileSync(path.join(root, '.consider/store.json')).equals(store)).toBe(true);
  });
});

describe('the store contract', () => {
  it('anchor.suggestedMove is validated when present, and its unknown fields survive a rewrite', async () => {
    const root = workspace();
    write(root, 'src/a.ts', A_BEFORE);
    const id = await add(root, 'src/a.ts', 4, 5);
    const base = readStore(root).store;
    const withOffer = (offer: unknown) => ({ ...base, comments: [{ ...base.comments[0]!, anchorState: 'stale', anchor: { ...base.comments[0]!.anchor, suggestedMove: offer } }] });
    const good = { file: 'src/b.ts', startLine: 3, endLine: 4, at: '2026-01-01T00:00:00.000Z', reason: 'r', fromTheFuture: 1 };
    expect(() => validateStore(withOffer(good))).not.toThrow();
    for (const bad of [{ ...good, file: '../x.ts' }, { ...good, endLine: 2 }, { ...good, reason: undefined }, 'src/b.ts:3']) {
      expect(() => validateStore(withOffer(bad)), JSON.stringify(bad)).toThrow(/suggestedMove/);
    }
    await mutateStore(root, 'system', (s) => {
      s.comments[0]!.anchorState = 'stale';
      s.comments[0]!.anchor.suggestedMove = good;
    });
    await mutateStore(root, 'system', (s) => { s.comments[0]!.body = 'edited'; });
    expect(thread(root, id).anchor.suggestedMove).toEqual(good);
  });
});
