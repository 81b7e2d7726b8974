/**
 * One review across a repository's worktrees on the board (issue 39, docs/worktrees.md), on
 * REAL git worktrees (`git worktree add` in a temporary repository) and the real store module:
 * the host (BoardSession with readOtherWorktrees, no fakes of git or the store) sends every
 * worktree's threads with its worktree, and the shared projection (projection.ts) groups them,
 * this checkout first, then git's order.
 *  - other worktrees' threads are re-anchored against their own files, as `list --worktree` does;
 *  - only folders `git worktree list` gives are read (a folder with a store that git does not
 *    list, a worktree whose folder is gone: never);
 *  - when an agent last acted there comes from the hooks' turn records;
 *  - the board writes nothing to another worktree (a reply is refused, saying where to do it),
 *    and opening one of its threads opens the file in that worktree's folder;
 *  - one worktree with a store: no grouping, the board as it was.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FolderStoreState } from '../extension/api';
import { BoardSession } from '../extension/board/session';
import { readOtherWorktrees } from '../extension/board/worktrees';
import { PROTOCOL_VERSION, type FolderSnapshot, type HostMessage } from '../shared/board/protocol';
import { buildList, projectRows, worktreeSections, type ListItem } from '../shared/board/projection';
import * as store from '../shared';
import { testBoardServices } from './helpers/board-services';
import { commitInThePast, git, writeFile } from './helpers/git-repo';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const A_TS = ['// Orders.', 'export function total(a: number, b: number): number {', '  return Math.round((a + b) * 100) / 100;', '}', ''].join('\n');

interface Repo { dir: string; main: string; wtA: string; wtB: string; wtC: string }

/** `main` with two threads; `wt-a` (feature-a) with one, `wt-b` (feature-b) with two, `wt-c` (feature-c) with no store. */
async function repository(): Promise<Repo> {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-board-wt-')));
  dirs.push(dir);
  const main = path.join(dir, 'main');
  fs.mkdirSync(main);
  git(main, 'init', '-q', '-b', 'main');
  writeFile(main, 'a.ts', A_TS);
  git(main, 'add', '.');
  commitInThePast(main, 'orders');
  const [wtA, wtB, wtC] = ['wt-a', 'wt-b', 'wt-c'].map((n) => path.join(dir, n)) as [string, string, string];
  git(main, 'worktree', 'add', '-q', '-b', 'feature-a', wtA);
  git(main, 'worktree', 'add', '-q', '-b', 'feature-b', wtB);
  git(main, 'worktree', 'add', '-q', '-b', 'feature-c', wtC);
  const add = (root: string, startLine: number, body: string) => store.addThread(root, { file: 'a.ts', startLine, endLine: startLine, body, author: 'human' });
  await add(main, 2, 'main: name it orderTotal?');
  await add(main, 3, 'main: round once');
  await add(wtA, 3, 'feature-a: is rounding here right?');
  await add(wtB, 2, 'feature-b: two numbers?');
  const resolved = await add(wtB, 3, 'feature-b: fine');
  await store.setWorkflowState(wtB, resolved.id, 'resolved', 'human');
  return { dir, main, wtA, wtB, wtC };
}

/** A session on `main` as the extension wires it: the real worktree reader; what it opened is recorded. */
function sessionOn(root: string) {
  const posted: HostMessage[] = [];
  const opened: { abs: string; line: number }[] = [];
  const folders = (): FolderStoreState[] => [{ root, name: path.basename(root), store: store.readStore(root).store }];
  const services = {
    ...testBoardServices({ home: root, folders }),
    readWorktrees: (roots: readonly string[]) => readOtherWorktrees(roots),
    openFileAt: (abs: string, line: number) => opened.push({ abs, line }),
  };
  const session = new BoardSession(services, (m) => posted.push(m));
  const lastSnapshot = (): readonly FolderSnapshot[] => {
    const s = [...posted].reverse().find((m) => m.type === 'host/snapshot');
    return s && s.type === 'host/snapshot' ? s.folders : [];
  };
  return { session, posted, opened, lastSnapshot };
}

const settle = () => new Promise((r) => setTimeout(r, 40));

/** The list as the board draws it: headers by branch, threads by their title. */
function outline(items: readonly ListItem[]): string[] {
  return items.map((it) => (it.kind === 'worktree' ? `# ${it.section.worktree.branch} (${it.section.open} open)` : it.kind === 'group' ? `  ${it.label}` : `    ${it.row.thread.title}`));
}

describe('the board across worktrees', () => {
  it('groups every worktree holding a store under its header, this checkout first, then git\'s order; a worktree without a store has none', async () => {
    const r = await repository();
    const { session, lastSnapshot } = sessionOn(r.main);
    await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
    await session.refreshWorktrees();
    await settle();
    const folders = lastSnapshot();
    expect(folders.map((f) => [f.root, f.worktree?.branch, f.worktree?.current])).toEqual([
      [r.main, 'main', true], [r.wtA, 'feature-a', false], [r.wtB, 'feature-b', false],
    ]);
    const items = buildList(projectRows(folders), 'file', false, worktreeSections(folders));
    expect(outline(items)).toEqual([
      '# main (2 open)', '  a.ts', '    main: name it orderTotal?', '    main: round once',
      '# feature-a (1 open)', '  a.ts', '    feature-a: is rounding here right?',
      '# feature-b (1 open)', '  a.ts', '    feature-b: two numbers?', '    feature-b: fine',
    ]);
    // Asked from another worktree, that one comes first; main follows in git's order.
    const fromB = sessionOn(r.wtB);
    await fromB.session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
    await fromB.session.refreshWorktrees();
    await settle();
    expect(worktreeSections(fromB.lastSnapshot()).map((s) => s.worktree.branch)).toEqual(['feature-b', 'main', 'feature-a']);
    session.dispose();
    fromB.session.dispose();
  });

  it('re-anchors another worktree\'s threads against its own files, and writes the result back to its store (as list --worktree)', async () => {
    const r = await repository();
    // In feature-a, two lines land above the thread's code; main's a.ts is untouched.
    writeFile(r.wtA, 'a.ts', ['// Orders.', '// Rounded to cents.', '// Both in euros.', ...A_TS.split('\n').slice(1)].join('\n'));
    const got = await readOtherWorktrees([r.main]);
    const a = got.others.find((f) => f.root === r.wtA)!;
    expect(a.store!.comments.map((c) => [c.body, c.anchor.startLine, c.anchorState])).toEqual([['feature-a: is rounding here right?', 5, 'anchored']]);
    expect(store.readStore(r.wtA).store.comments[0]!.anchor.startLine).toBe(5);
    expect(store.readStore(r.main).store.comments.map((c) => c.anchor.startLine)).toEqual([2, 3]);
  });

  it('reads only folders git lists: not a folder with a store git does not list, not a worktree whose folder is gone', async () => {
    const r = await repository();
    // A copy of a worktree's folder, store and all, that git knows nothing of.
    fs.cpSync(r.wtA, path.join(r.dir, 'rogue'), { recursive: true });
    fs.rmSync(path.join(r.dir, 'rogue', '.git'));
    fs.rmSync(r.wtB, { recursive: true, force: true }); // gone without `git worktree remove`
    const got = await readOtherWorktrees([r.main]);
    expect(got.others.map((f) => f.root)).toEqual([r.wtA]);
    expect([...got.views.keys()]).toEqual([r.main, r.wtA]);
  });

  it('says when an agent last acted in a worktree, from its hooks\' turn records', async () => {
    const r = await repository();
    const at = Date.parse('2026-11-28T10:00:00Z');
    store.recordTurn(r.wtA, 'claude:s1', 'running', at);
    store.recordTurn(r.wtA, 'codex:s2', 'ended', at + 60_000);
    const got = await readOtherWorktrees([r.main]);
    expect(got.views.get(r.wtA)).toMatchObject({ lastAgentAt: '2026-11-28T10:01:00.000Z', lastAgentSession: 'codex:s2' });
    expect(got.views.get(r.wtA)).not.toHaveProperty('agentWorking'); // its newest turn ended
    expect(got.views.get(r.wtB)?.lastAgentAt).toBeUndefined();
    // A turn running now: that session, working.
    store.recordTurn(r.wtA, 'claude:s1', 'running');
    expect((await readOtherWorktrees([r.main])).views.get(r.wtA)).toMatchObject({ lastAgentSession: 'claude:s1', agentWorking: true });
  });

  it('writes nothing to another worktree: a reply or resolve is refused with where to do it; opening its thread opens the file in its folder', async () => {
    const r = await repository();
    const { session, posted, opened } = sessionOn(r.main);
    await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
    await session.refreshWorktrees();
    const before = fs.readFileSync(path.join(r.wtA, '.consider', 'store.json'), 'utf8');
    const id = store.readStore(r.wtA).store.comments[0]!.id;
    await session.receive({ type: 'thread/reply', requestId: 'q1', params: { root: r.wtA, id, body: 'from main' } });
    await session.receive({ type: 'thread/setState', requestId: 'q2', params: { refs: [{ root: r.wtA, id }], state: 'resolved' } });
    const answers = posted.filter((m) => m.type === 'host/response');
    expect(JSON.stringify(answers)).toMatch(/worktree feature-a: reply and resolve it in a window open on that worktree/);
    expect(fs.readFileSync(path.join(r.wtA, '.consider', 'store.json'), 'utf8')).toBe(before);
    await session.receive({ type: 'thread/reveal', root: r.wtA, id });
    expect(opened).toEqual([{ abs: path.join(r.wtA, 'a.ts'), line: 3 }]);
    session.dispose();
  });

  it('with one worktree holding a store, the board is as it was: no worktree, no headers', async () => {
    const r = await repository();
    for (const w of [r.wtA, r.wtB]) fs.rmSync(path.join(w, '.consider'), { recursive: true, force: true });
    const got = await readOtherWorktrees([r.main]);
    expect(got.views.size).toBe(0);
    expect(got.others).toEqual([]);
    const { session, lastSnapshot } = sessionOn(r.main);
    await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
    await session.refreshWorktrees();
    await settle();
    expect(lastSnapshot().map((f) => f.worktree)).toEqual([undefined]);
    expect(buildList(projectRows(lastSnapshot()), 'file', false, worktreeSections(lastSnapshot())).filter((it) => it.kind === 'worktree')).toEqual([]);
    session.dispose();
  });
});
