/**
 * Worktrees (issue 39, docs/worktrees.md) on real git worktrees: a temporary repository with
 * `git worktree add`, the built CLI spawned as a real process in each, a temporary HOME.
 *  - the store module lists the worktrees git lists (branch, folder, store or not; detached,
 *    gone, a workspace in a subfolder);
 *  - `list --worktree NAME|all` reads other worktrees' stores from any worktree, grouped by
 *    worktree, re-anchoring them in their own worktree; an unknown name is exit 2, outside a
 *    repository exit 1;
 *  - `worktree bring-home` after a real merge: the preview writes nothing; --apply brings the
 *    threads whose code arrived (one into the file its code moved to), lists the one whose code
 *    did not arrive and the one whose code changed, and never brings a thread twice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasOwnCommits, isMergedIntoHead, listWorktrees, selectWorktrees } from '../shared/workspace/worktrees';
import { validateStore } from '../shared/store/validate';
import { recordTurn } from '../shared/store/agent-turns';
import { changesInOtherWorktrees } from '../shared/changes/worktree-changes';
import { compute } from '../extension/changes/compute';
import { cliUnderTest, ensureBuilt, runCli, type CliResult } from './helpers/cli';
import { commitInThePast, git, writeFile } from './helpers/git-repo';

beforeAll(() => ensureBuilt());

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Code distinctive enough to be followed into another file (anchoring/moved-code.ts). */
const TOTAL = [
  'export function orderTotal(order: Order): number {',
  '  const subtotal = order.lines.reduce((sum, line) => sum + line.price * line.quantity, 0);',
  '  const discounted = subtotal - Math.min(subtotal, order.coupon?.amount ?? 0);',
  '  return Math.round(discounted * (1 + order.taxRate) * 100) / 100;',
  '}',
];
const RATE = ['export function shippingRate(weightKg: number): number {', '  return weightKg > 20 ? 14.5 : 4.75;', '}'];
const A_TS = ['// Orders.', '', ...TOTAL, '', ...RATE, ''].join('\n');
const GREET = [
  'export function greetingFor(user: User): string {',
  '  const name = user.preferredName ?? user.displayName ?? "friend";',
  '  return `Welcome back, ${name}! You have ${user.unread} new messages.`;',
  '}',
];

interface Repo {
  dir: string;
  home: string;
  main: string;
  wtA: string;
  wtB: string;
  cli(cwd: string, ...args: string[]): CliResult;
}

/**
 * A repository `main` (a.ts) with two worktrees: `wt-a` on branch feature-a, which adds b.ts
 * (committed) and draft.ts (never committed), and `wt-b` on feature-b, with no store. Threads
 * (by the CLI, as a developer's would be) in wt-a: on b.ts, on orderTotal and on shippingRate's
 * body in a.ts, on draft.ts, and one resolved; in main, one on a.ts.
 */
function repository(): Repo {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-worktrees-')));
  dirs.push(dir);
  const home = path.join(dir, 'home');
  fs.mkdirSync(home);
  const main = path.join(dir, 'main');
  fs.mkdirSync(main);
  git(main, 'init', '-q');
  writeFile(main, 'a.ts', A_TS);
  git(main, 'add', '.');
  // The history is older than the threads, as a real repository's is: following code into
  // another file asks git what that file held before the thread's last check (issue 35), and a
  // commit in the check's own second cannot tell.
  commitInThePast(main, 'orders');
  const wtA = path.join(dir, 'wt-a');
  const wtB = path.join(dir, 'wt-b');
  git(main, 'worktree', 'add', '-q', '-b', 'feature-a', wtA);
  git(main, 'worktree', 'add', '-q', '-b', 'feature-b', wtB);
  writeFile(wtA, 'b.ts', ['// Greetings.', '', ...GREET, ''].join('\n'));
  git(wtA, 'add', 'b.ts');
  commitInThePast(wtA, 'greetings');
  writeFile(wtA, 'draft.ts', ['export function draftOnly(flagName: string): boolean {', '  return process.env[`FEATURE_${flagName.toUpperCase()}`] === "on";', '}', ''].join('\n'));
  const cli = (cwd: string, ...args: string[]): CliResult => runCli(cwd, args, { env: { HOME: home } });
  return { dir, home, main, wtA, wtB, cli };
}

/** Adds a thread with the CLI in `cwd`; its id. */
function add(r: Repo, cwd: string, file: string, lines: string, message: string): string {
  const out = r.cli(cwd, 'add', file, '--lines', lines, '--message', message, '--author', 'human', '--json');
  expect(out.code, out.stderr).toBe(0);
  return out.json().id;
}

function storeOf(root: string): any {
  return JSON.parse(fs.readFileSync(path.join(root, '.consider', 'store.json'), 'utf8'));
}

function threadsOf(r: Repo): { onB: string; onTotal: string; onRate: string; onDraft: string; resolved: string; inMain: string } {
  const onB = add(r, r.wtA, 'b.ts', '4-5', 'is "friend" the right fallback?');
  const onTotal = add(r, r.wtA, 'a.ts', '4-5', 'round once, at the end');
  const onRate = add(r, r.wtA, 'a.ts', '10-10', 'where do these rates come from?');
  const onDraft = add(r, r.wtA, 'draft.ts', '2-2', 'env flags belong in config');
  const resolved = add(r, r.wtA, 'a.ts', '1-1', 'a header would help');
  expect(r.cli(r.wtA, 'resolve', resolved).code).toBe(0);
  const inMain = add(r, r.main, 'a.ts', '9-9', 'name it shippingRateFor?');
  return { onB, onTotal, onRate, onDraft, resolved, inMain };
}

describe('the worktrees git lists (shared/workspace/worktrees.ts)', () => {
  it('gives each worktree its folder and branch, says which holds a store and which is this one; a detached one, a gone one, a workspace in a subfolder', () => {
    const r = repository();
    add(r, r.wtA, 'b.ts', '4-5', 'why?');
    const listed = listWorktrees(r.wtB);
    expect(listed.map((w) => [w.folder, w.branch, w.hasStore, w.current, w.missing])).toEqual([
      [r.main, 'main', false, false, false],
      [r.wtA, 'feature-a', true, false, false],
      [r.wtB, 'feature-b', false, true, false],
    ]);
    expect(listed[1]!.head).toBe(git(r.wtA, 'rev-parse', 'HEAD').trim());
    expect(selectWorktrees(listed, 'wt-a')).toEqual([listed[1]]);
    expect(selectWorktrees(listed, 'refs/heads/feature-a')).toEqual([listed[1]]);
    expect(selectWorktrees(listed, 'all')).toHaveLength(3);
    expect(() => selectWorktrees(listed, 'nope')).toThrow(/no worktree named "nope".*feature-a in wt-a/);

    const detached = path.join(r.dir, 'detached');
    git(r.main, 'worktree', 'add', '-q', '--detach', detached);
    fs.rmSync(r.wtB, { recursive: true, force: true }); // gone without `git worktree remove`
    const now = listWorktrees(r.main);
    const det = now.find((w) => w.folder === detached)!;
    expect([det.branch, det.head, det.missing, det.current]).toEqual([undefined, git(r.main, 'rev-parse', 'HEAD').trim(), false, false]);
    expect(now.find((w) => w.folder === r.wtB)).toMatchObject({ branch: 'feature-b', missing: true, hasStore: false });

    // A workspace in a subfolder of its repository: each worktree's workspace is the same subfolder.
    fs.mkdirSync(path.join(r.main, 'pkg'));
    fs.mkdirSync(path.join(r.wtA, 'pkg', '.consider'), { recursive: true });
    fs.writeFileSync(path.join(r.wtA, 'pkg', '.consider', 'store.json'), '{"version":1,"comments":[]}');
    const fromSub = listWorktrees(path.join(r.main, 'pkg'));
    expect(fromSub.find((w) => w.folder === r.wtA)).toMatchObject({ root: path.join(r.wtA, 'pkg'), hasStore: true });
    expect(fromSub.find((w) => w.folder === r.main)).toMatchObject({ root: path.join(r.main, 'pkg'), current: true, hasStore: false });
  });
});

describe('Comment.broughtFrom (shared/model.ts)', () => {
  const thread = (broughtFrom: unknown): unknown => ({
    id: 'c_1', file: 'a.ts', workflowState: 'open', anchorState: 'anchored', createdAt: '2026-01-01T00:00:00.000Z', author: 'human', body: 'b', thread: [],
    anchor: { startLine: 1, endLine: 1, contextBefore: [], contextAfter: [], targetContent: 'x', contentHash: 'h', lastAnchorCheck: '2026-01-01T00:00:00.000Z' },
    ...(broughtFrom === undefined ? {} : { broughtFrom }),
  });
  const good = { worktree: '/w/a', branch: 'feature-a', thread: 'c_9', file: 'src/a.ts', startLine: 2, endLine: 3, at: '2026-01-01T00:00:00.000Z' };

  it('is optional, and validated when present, naming the field', () => {
    expect(() => validateStore({ version: 1, comments: [thread(undefined), { ...(thread(good) as object), id: 'c_2' }] })).not.toThrow();
    for (const bad of [{ ...good, file: '../outside.ts' }, { ...good, startLine: 0 }, { ...good, thread: 7 }, 'feature-a']) {
      expect(() => validateStore({ version: 1, comments: [thread(bad)] })).toThrow(/^comments\[0\]\.broughtFrom must be an object with worktree, thread/);
    }
  });
});

describe('consider-cli list --worktree', () => {
  it('lists other worktrees\' threads from any worktree, grouped by worktree, paths relative to each; re-anchors them there', () => {
    const r = repository();
    const t = threadsOf(r);
    // From wt-b (no store of its own), every worktree: git's order, each with its threads.
    const all = r.cli(r.wtB, 'list', '--worktree', 'all', '--json');
    expect(all.code, all.stderr).toBe(0);
    const groups = all.json().worktrees;
    expect(groups.map((g: any) => [g.branch, g.folder, g.current, g.store])).toEqual([
      ['main', r.main, false, true],
      ['feature-a', r.wtA, false, true],
      ['feature-b', r.wtB, true, false],
    ]);
    expect(groups[0].comments.map((c: any) => c.id)).toEqual([t.inMain]);
    // Open threads by default, in location order, each where it is in its worktree.
    expect(groups[1].comments.map((c: any) => [c.id, c.file, c.anchor.startLine, c.anchor.endLine])).toEqual([
      [t.onTotal, 'a.ts', 4, 5], [t.onRate, 'a.ts', 10, 10], [t.onB, 'b.ts', 4, 5], [t.onDraft, 'draft.ts', 2, 2],
    ]);
    expect(groups[2].comments).toEqual([]);

    // One worktree by its folder's name, from the main checkout, as text; and the lean view.
    const text = r.cli(r.main, 'list', '--worktree', 'wt-a', '--file', 'b.ts');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`worktree feature-a (${r.wtA}): 1 comment (workflow=open, anchor=all, file=b.ts):`);
    expect(text.stdout).toContain(`[${t.onB}] b.ts:4-5`);
    expect(text.stdout).not.toContain(t.inMain);
    const lean = r.cli(r.main, 'list', '--worktree', 'feature-a', '--lean').json();
    expect(lean.worktrees).toHaveLength(1);
    expect(lean.worktrees[0].threads.map((c: any) => `${c.id} ${c.file}:${c.lines}`)).toContain(`${t.onB} b.ts:4-5`);

    // Lazy re-anchoring, as every read: two lines added above the code in wt-a move its thread there, and wt-a's store says so.
    writeFile(r.wtA, 'b.ts', ['// Greetings.', '// (kept short)', '// (and friendly)', '', ...GREET, ''].join('\n'));
    const moved = r.cli(r.main, 'list', '--worktree', 'feature-a', '--json').json().worktrees[0].comments.find((c: any) => c.id === t.onB);
    expect([moved.anchor.startLine, moved.anchor.endLine, moved.anchorState]).toEqual([6, 7, 'anchored']);
    expect(storeOf(r.wtA).comments.find((c: any) => c.id === t.onB).anchor.startLine).toBe(6);
    expect(storeOf(r.main).comments.map((c: any) => c.id)).toEqual([t.inMain]); // this checkout's store untouched
  });

  it('is the MCP list tool\'s worktree input: a real MCP client, from the main checkout', async () => {
    const r = repository();
    const t = threadsOf(r);
    const env = Object.fromEntries(Object.entries({ ...process.env, HOME: r.home }).filter((e): e is [string, string] => e[1] !== undefined));
    const client = new Client({ name: 'consider-test', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cliUnderTest(), 'mcp', '--root', r.main], env, stderr: 'pipe' }));
    try {
      const listed = (await client.callTool({ name: 'list', arguments: { worktree: 'feature-a', file: 'b.ts' } })) as { isError?: boolean; content: { text: string }[] };
      expect(listed.isError).toBeUndefined();
      const groups = JSON.parse(listed.content[0]!.text).worktrees;
      expect(groups.map((g: any) => [g.branch, g.folder, g.threads.map((c: any) => `${c.id} ${c.file}:${c.lines}`)])).toEqual([['feature-a', r.wtA, [`${t.onB} b.ts:4-5`]]]);
      const unknown = (await client.callTool({ name: 'list', arguments: { worktree: 'feature-z' } })) as { isError?: boolean; content: { text: string }[] };
      expect(unknown.isError).toBe(true);
      expect(unknown.content[0]!.text).toMatch(/^not_found: no worktree named "feature-z"/);
    } finally {
      await client.close();
    }
  });

  it('an unknown worktree is exit 2, outside a repository exit 1: one line each, nothing written', () => {
    const r = repository();
    threadsOf(r);
    const before = fs.readFileSync(path.join(r.wtA, '.consider', 'store.json'));
    const unknown = r.cli(r.main, 'list', '--worktree', 'feature-z');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    expect(unknown.stderr).toMatch(/no worktree named "feature-z".*main in main, feature-a in wt-a, feature-b in wt-b/);
    const json = r.cli(r.main, 'list', '--worktree', 'feature-z', '--json');
    expect(json.json().error.code).toBe('not_found');

    const plain = path.join(r.dir, 'plain');
    fs.mkdirSync(plain);
    const outside = r.cli(plain, 'list', '--worktree', 'all');
    expect(outside.code).toBe(1);
    expect(outside.stderr).toMatch(/^consider-cli: error: .*is not in a git repository.*\n$/);
    expect(fs.readFileSync(path.join(r.wtA, '.consider', 'store.json'))).toEqual(before);
  });
});

describe('another worktree\'s store that does not read', () => {
  it('list --worktree and bring-home fail with exit 4, one line naming that worktree; both stores untouched', () => {
    const r = repository();
    threadsOf(r);
    const broken = '{ "version": 1, "comments": [';
    fs.writeFileSync(path.join(r.wtA, '.consider', 'store.json'), broken);
    const home = fs.readFileSync(path.join(r.main, '.consider', 'store.json'));
    for (const args of [['list', '--worktree', 'feature-a'], ['list', '--worktree', 'all'], ['worktree', 'bring-home', 'feature-a'], ['worktree', 'bring-home', 'feature-a', '--apply']]) {
      const out = r.cli(r.main, ...args);
      expect(out.code, args.join(' ')).toBe(4);
      expect(out.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(out.stderr, args.join(' ')).toMatch(/^consider-cli: error: worktree feature-a: \.consider\/store\.json is not valid JSON/);
    }
    const json = r.cli(r.main, 'list', '--worktree', 'feature-a', '--json').json();
    expect(json.error.code).toBe('unreadable');
    expect(json.error.message).toMatch(/^worktree feature-a: /);
    expect(fs.readFileSync(path.join(r.wtA, '.consider', 'store.json'), 'utf8')).toBe(broken);
    expect(fs.readFileSync(path.join(r.main, '.consider', 'store.json'))).toEqual(home);
    // In the broken worktree itself, the error is its own: no worktree named.
    const there = r.cli(r.wtA, 'list');
    expect(there.code).toBe(4);
    expect(there.stderr).toMatch(/^consider-cli: error: \.consider\/store\.json is not valid JSON/);
  });
});

describe('what the other worktrees changed (the Changes view across worktrees: shared/changes/worktree-changes.ts)', () => {
  it('lists each other worktree with its files since its branch left this checkout\'s (commits, uncommitted, new) and its agent\'s last turn; writes nothing there', () => {
    const r = repository();
    fs.appendFileSync(path.join(r.wtB, 'a.ts'), '// edited in feature-b, not committed\n');
    fs.mkdirSync(path.join(r.wtA, '.consider')); // turns are recorded where Consider is
    recordTurn(r.wtA, 'claude:sess-a', 'running');
    const before = fs.readdirSync(r.wtB);
    const all = changesInOtherWorktrees(r.main);
    expect(all.map((w) => [w.branch, w.folder])).toEqual([['feature-a', r.wtA], ['feature-b', r.wtB]]);
    const [a, b] = all;
    expect(a!.ref).toEqual({ kind: 'branch', ref: 'main' });
    expect(a!.result.ok && a!.result.list.changes.map((c) => [c.path, c.kind])).toEqual([['b.ts', 'added'], ['draft.ts', 'added']]);
    expect(a!.lastTurn).toMatchObject({ session: 'claude:sess-a', state: 'running' });
    expect(b!.result.ok && b!.result.list.changes.map((c) => [c.path, c.kind])).toEqual([['a.ts', 'modified']]);
    expect(b).not.toHaveProperty('lastTurn');
    expect(fs.readdirSync(r.wtB)).toEqual(before); // no .consider/ made there
    // From a worktree, this checkout (main) is one of the others.
    expect(changesInOtherWorktrees(r.wtB).map((w) => w.branch)).toEqual(['main', 'feature-a']);
    // Outside a repository: none.
    const plain = path.join(r.dir, 'plain');
    fs.mkdirSync(plain);
    expect(changesInOtherWorktrees(plain)).toEqual([]);
  });
});

describe('when a worktree is ready to come home (VS Code offers bring-home: extension/worktrees/bring-home-command.ts)', () => {
  it('a branch made for a new task reads as merged, but has no commits of its own; after its work is merged it has', () => {
    const r = repository();
    // feature-b was just made from main: "merged" says yes, and nothing is there to bring.
    expect(isMergedIntoHead(r.main, 'feature-b')).toBe(true);
    expect(hasOwnCommits(r.main, 'feature-b')).toBe(false);
    // feature-a has a commit of its own: not merged yet, then merged.
    expect(hasOwnCommits(r.main, 'feature-a')).toBe(true);
    expect(isMergedIntoHead(r.main, 'feature-a')).toBe(false);
    git(r.main, 'merge', '-q', '--no-edit', 'feature-a');
    expect(isMergedIntoHead(r.main, 'feature-a')).toBe(true);
    expect(hasOwnCommits(r.main, 'feature-a')).toBe(true);
    expect(hasOwnCommits(r.main, 'no-such-branch')).toBeUndefined();
  });

  it('the offer\'s check (what the Changes view\'s worker answers): the merged worktree with work and open threads, once per branch tip; nothing outside git', () => {
    const r = repository();
    threadsOf(r);
    const ask = (offered: string[] = []) => compute({ kind: 'merged-worktrees', root: r.main, offered });
    // before the merge: nothing; feature-b (fresh, no store) is never offered
    expect(ask()).toEqual({ gitDir: path.join(r.main, '.git'), due: [] });
    git(r.main, 'merge', '-q', '--no-edit', 'feature-a');
    const { due } = ask();
    expect(due.map(({ folder, name, open }) => ({ folder, name, open }))).toEqual([{ folder: r.wtA, name: 'feature-a', open: 4 }]);
    // offered once at this tip; a new commit there is a new tip, offered again
    expect(ask([due[0]!.key]).due).toEqual([]);
    writeFile(r.wtA, 'c.ts', 'export const c = 1;\n');
    git(r.wtA, 'add', 'c.ts');
    git(r.wtA, 'commit', '-qm', 'c');
    git(r.main, 'merge', '-q', '--no-edit', 'feature-a');
    expect(ask([due[0]!.key]).due.map((m) => m.folder)).toEqual([r.wtA]);
    const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-not-git-'));
    dirs.push(plain);
    expect(compute({ kind: 'merged-worktrees', root: plain, offered: [] })).toEqual({ due: [] });
  });
});

describe('consider-cli worktree bring-home', () => {
  /**
   * feature-a merged into main; then on main orderTotal moves from a.ts into totals.ts and
   * shippingRate's body changes. draft.ts was never committed: its code never arrives.
   */
  function merged(): { r: Repo; t: ReturnType<typeof threadsOf> } {
    const r = repository();
    const t = threadsOf(r);
    git(r.main, 'merge', '-q', '--no-edit', 'feature-a');
    writeFile(r.main, 'a.ts', ['// Orders.', '', 'export function shippingRate(weightKg: number): number {', '  return weightKg > 25 ? 16 : 5;', '}', ''].join('\n'));
    writeFile(r.main, 'totals.ts', ['// Totals, moved out of a.ts.', "import type { Order } from './order';", '', ...TOTAL, ''].join('\n'));
    git(r.main, 'add', '-A', '.');
    git(r.main, 'commit', '-qm', 'totals in their own module');
    return { r, t };
  }

  it('previews where each open thread would land, writing nothing; lists the threads whose code did not arrive', () => {
    const { r, t } = merged();
    const mainStore = fs.readFileSync(path.join(r.main, '.consider', 'store.json'));
    const wtStore = fs.readFileSync(path.join(r.wtA, '.consider', 'store.json'));
    const snapshots = (): string[] => fs.readdirSync(path.join(r.main, '.consider', 'snapshots')).sort();
    const snapshotsBefore = snapshots();
    const preview = r.cli(r.main, 'worktree', 'bring-home', 'feature-a', '--json');
    expect(preview.code, preview.stderr).toBe(0);
    const p = preview.json();
    expect(p).toMatchObject({ worktree: { branch: 'feature-a', folder: r.wtA }, home: r.main, merged: true, applied: false, resolvedLeft: 1 });
    const byId = new Map(p.threads.map((e: any) => [e.id, e]));
    expect(byId.get(t.onB)).toMatchObject({ outcome: 'lands', to: { file: 'b.ts', startLine: 4, endLine: 5 } });
    expect(byId.get(t.onTotal)).toMatchObject({ outcome: 'lands', to: { file: 'totals.ts', startLine: 5, endLine: 6 }, movedAcrossFiles: true });
    expect(byId.get(t.onRate)).toMatchObject({ outcome: 'not-arrived', reason: 'the commented lines were edited' });
    expect(byId.get(t.onDraft)).toMatchObject({ outcome: 'not-arrived', reason: 'draft.ts is not in this checkout' });
    expect(byId.has(t.resolved)).toBe(false);
    // The preview writes nothing, here or there (no snapshot either).
    expect(fs.readFileSync(path.join(r.main, '.consider', 'store.json'))).toEqual(mainStore);
    expect(fs.readFileSync(path.join(r.wtA, '.consider', 'store.json'))).toEqual(wtStore);
    expect(snapshots()).toEqual(snapshotsBefore);

    const text = r.cli(r.main, 'worktree', 'bring-home', 'wt-a');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('(preview: nothing written)');
    expect(text.stdout).toContain(`[${t.onTotal}] a.ts:4-5 → totals.ts:5-6 (its code moved into another file)`);
    expect(text.stdout).toContain(`[${t.onDraft}] draft.ts:2: code did not arrive: listed, not brought (draft.ts is not in this checkout)`);
    expect(text.stdout).toContain('2 threads would come home, 2 not brought (code did not arrive), 1 resolved left there. Run again with --apply to bring them.');
  });

  it('--apply brings them onto their code here (into the file it moved to), says where from, keeps the worktree\'s, and never brings one twice', () => {
    const { r, t } = merged();
    const wtStore = fs.readFileSync(path.join(r.wtA, '.consider', 'store.json'));
    const applied = r.cli(r.main, 'worktree', 'bring-home', 'feature-a', '--apply', '--json');
    expect(applied.code, applied.stderr).toBe(0);
    const outcomes = Object.fromEntries(applied.json().threads.map((e: any) => [e.id, e.outcome]));
    expect(outcomes).toEqual({ [t.onB]: 'brought', [t.onTotal]: 'brought', [t.onRate]: 'not-arrived', [t.onDraft]: 'not-arrived' });

    const home = storeOf(r.main).comments;
    expect(home.map((c: any) => c.id).sort()).toEqual([t.inMain, t.onB, t.onTotal].sort()); // ids free here: kept
    const total = home.find((c: any) => c.id === t.onTotal);
    expect(total).toMatchObject({
      file: 'totals.ts', anchorState: 'anchored', body: 'round once, at the end',
      movedFrom: { file: 'a.ts', startLine: 4, endLine: 5 },
      broughtFrom: { worktree: r.wtA, branch: 'feature-a', thread: t.onTotal, file: 'a.ts', startLine: 4, endLine: 5 },
    });
    // On the very code it was written about.
    const lines = fs.readFileSync(path.join(r.main, 'totals.ts'), 'utf8').split('\n');
    expect(lines.slice(total.anchor.startLine - 1, total.anchor.endLine)).toEqual(TOTAL.slice(1, 3));
    // The worktree keeps its own threads (a copy, not a move).
    expect(fs.readFileSync(path.join(r.wtA, '.consider', 'store.json'))).toEqual(wtStore);

    // Read here like any thread, and said to be brought.
    const list = r.cli(r.main, 'list');
    expect(list.stdout).toContain(`[${t.onTotal}] totals.ts:5-6 (workflow=open, anchor=anchored`);
    expect(list.stdout).toContain('brought home from feature-a, a.ts:4-5 there');

    // Again: nothing doubles.
    const again = r.cli(r.main, 'worktree', 'bring-home', 'feature-a', '--apply');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`[${t.onB}] b.ts:4-5: already here as [${t.onB}]`);
    expect(storeOf(r.main).comments).toHaveLength(3);
  });

  it('a thread landing on code a thread here is also about is flagged as a conflict (text and --json), and still comes home', () => {
    const { r, t } = merged();
    // Another session reviewed the same greeting in this checkout, after the merge.
    const mine = add(r, r.main, 'b.ts', '5-6', 'the fallback belongs in config');
    const p = r.cli(r.main, 'worktree', 'bring-home', 'feature-a', '--json').json();
    const byId = new Map(p.threads.map((e: any) => [e.id, e]));
    expect(byId.get(t.onB)).toMatchObject({ outcome: 'lands', to: { file: 'b.ts', startLine: 4, endLine: 5 }, conflictsWith: [mine] });
    expect(byId.get(t.onTotal)).not.toHaveProperty('conflictsWith'); // another file: no overlap
    const text = r.cli(r.main, 'worktree', 'bring-home', 'feature-a');
    expect(text.stdout).toContain(`[${t.onB}] b.ts:4-5 → b.ts:4-5; conflict: [${mine}] here is about the same code`);
    const applied = r.cli(r.main, 'worktree', 'bring-home', 'feature-a', '--apply', '--json').json();
    expect(applied.threads.find((e: any) => e.id === t.onB)).toMatchObject({ outcome: 'brought', conflictsWith: [mine] });
    expect(storeOf(r.main).comments.map((c: any) => c.id)).toEqual(expect.arrayContaining([mine, t.onB]));
  });

  it('a thread whose id is taken here gets a new one; errors: unknown worktree 2, this checkout 1, outside a repository 1', () => {
    const { r, t } = merged();
    // This checkout already has a different thread under onB's id (ids are per store).
    const mainStorePath = path.join(r.main, '.consider', 'store.json');
    const mainStore = storeOf(r.main);
    mainStore.comments[0].id = t.onB;
    fs.writeFileSync(mainStorePath, JSON.stringify(mainStore));
    const applied = r.cli(r.main, 'worktree', 'bring-home', 'feature-a', '--apply', '--json').json();
    const b = applied.threads.find((e: any) => e.id === t.onB);
    expect(b.outcome).toBe('brought');
    expect(b.homeId).not.toBe(t.onB);
    expect(storeOf(r.main).comments.find((c: any) => c.id === b.homeId).broughtFrom.thread).toBe(t.onB);

    const unknown = r.cli(r.main, 'worktree', 'bring-home', 'feature-z');
    expect([unknown.code, unknown.stderr.trim().split('\n').length]).toEqual([2, 1]);
    const self = r.cli(r.main, 'worktree', 'bring-home', 'main');
    expect(self.code).toBe(1);
    expect(self.stderr).toMatch(/main is this checkout/);
    const plain = path.join(r.dir, 'plain');
    fs.mkdirSync(plain);
    expect(r.cli(plain, 'worktree', 'bring-home', 'feature-a').code).toBe(1);
  });
});
