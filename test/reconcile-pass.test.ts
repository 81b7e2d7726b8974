/**
 * The workspace pass on real files in temporary workspaces: the fixture triples through
 * addThread → edit on disk → reconcileWorkspace, plus change detection, write-back, snapshots,
 * orphans, git renames, binary files, manual re-anchoring and workflow-state independence.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reconcileWorkspace } from '../shared/store/reconcile/pass';
import { confirmAnchor, reanchorInText, setAnchor } from '../shared/store/reconcile/manual';
import { noteUniqueWindow } from '../shared/anchoring/reconcile';
import { collectSnapshots, readSnapshot, recordSnapshot, snapshotId } from '../shared/anchoring/snapshots';
import { splitLines } from '../shared/text';
import { mutateStore, readActivity, readStore } from '../shared/store/store-io';
import { addThread, deleteThread, setWorkflowState } from '../shared/store/threads';
import { considerPaths } from '../shared/paths';
import type { Comment } from '../shared/model';
import { loadFixtures } from './reanchor-fixtures';
import { atClock, fileTimesOf } from './helpers/clock';
import { commitAll, git, writeFile as write } from './helpers/git-repo';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

function workspace(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-reconcile-'));
  roots.push(root);
  return root;
}

function thread(root: string, id: string): Comment {
  const c = readStore(root).store.comments.find((t) => t.id === id);
  if (!c) throw new Error(`no thread ${id}`);
  return c;
}

async function add(root: string, file: string, startLine: number, endLine: number): Promise<string> {
  const c = await addThread(root, { file, startLine, endLine, body: 'why?', author: 'human' });
  return c.id;
}

/** A fresh workspace that is a git repository with `files` committed. */
const committedRepo = (files: Record<string, string>): string => commitAll(workspace(), files);

describe('fixtures through the real workspace pass', () => {
  it.each(loadFixtures().map((f) => [f.name, f] as const))('%s', async (_name, f) => {
    const root = workspace();
    write(root, 'src/file.ts', f.before);
    const id = await add(root, 'src/file.ts', f.range[0], f.range[1]);
    await reconcileWorkspace(root); // first read: the thread gets its snapshot
    if (f.after === undefined) fs.rmSync(path.join(root, 'src/file.ts'));
    else write(root, 'src/file.ts', f.after);
    const report = await reconcileWorkspace(root);
    const c = thread(root, id);
    expect(c.anchorState).toBe(f.expected.anchorState);
    if (f.expected.startLine !== undefined) expect([c.anchor.startLine, c.anchor.endLine]).toEqual([f.expected.startLine, f.expected.endLine]);
    expect(c.workflowState).toBe('open');
    if (f.expected.anchorState !== 'anchored') expect(c.anchor.reason).toBeTruthy();
    expect(report.changed).toBe(true);
    if (c.anchorState === 'anchored') {
      // The unique-window note the pass wrote is the one a full search of the snapshot gives.
      const searched = { ...c.anchor, uniqueWindow: undefined };
      noteUniqueWindow(searched, splitLines(readSnapshot(root, c.anchor.snapshot)!));
      expect(c.anchor.uniqueWindow).toBe(searched.uniqueWindow);
    }
  });
});

describe('reconcileWorkspace', () => {
  const code = ['function a() {', '  return compute(1);', '}', '', 'function b() {', '  return compute(2);', '}', ''].join('\n');

  it('writes nothing when no file changed, and nothing when a file was only touched', async () => {
    const root = workspace();
    write(root, 'a.ts', code);
    await add(root, 'a.ts', 2, 2);
    // Within the racy window of the file's creation, however slow the machine: no stat refresh either.
    const soon = fileTimesOf(path.join(root, 'a.ts')) + 500;
    await atClock(soon, () => reconcileWorkspace(root));
    const storeFile = considerPaths(root).store;
    const before = fs.readFileSync(storeFile, 'utf8');
    const mtime = fs.statSync(storeFile).mtimeMs;
    expect(await atClock(soon, () => reconcileWorkspace(root))).toMatchObject({ checked: 0, changed: false });
    // Same content, new mtime (a checkout, `touch`): the hash says nothing changed.
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(root, 'a.ts'), later, later);
    expect(await reconcileWorkspace(root)).toMatchObject({ checked: 0, changed: false });
    expect(fs.readFileSync(storeFile, 'utf8')).toBe(before);
    expect(fs.statSync(storeFile).mtimeMs).toBe(mtime);
  });

  it('catches a same-size edit that kept the old mtime (mtime is only a hint)', async () => {
    const root = workspace();
    write(root, 'a.ts', code);
    const id = await add(root, 'a.ts', 2, 2);
    await reconcileWorkspace(root);
    const stat = fs.statSync(path.join(root, 'a.ts'));
    write(root, 'a.ts', code.replace('compute(1)', 'compute(7)'));
    fs.utimesSync(path.join(root, 'a.ts'), stat.atime, stat.mtime);
    expect(fs.statSync(path.join(root, 'a.ts')).size).toBe(stat.size);
    await reconcileWorkspace(root);
    expect(thread(root, id).anchorState).toBe('stale');
  });

  it('follows code that moved, refreshes the anchor and its snapshot, and reports counts', async () => {
    const root = workspace();
    write(root, 'a.ts', code);
    const id = await add(root, 'a.ts', 6, 6);
    await reconcileWorkspace(root);
    const firstSnapshot = thread(root, id).anchor.snapshot;
    expect(firstSnapshot).toBe(snapshotId(code));
    const moved = '// header\n// more\n' + code;
    write(root, 'a.ts', moved);
    const report = await reconcileWorkspace(root);
    expect(report).toMatchObject({ checked: 1, moved: 1, stale: 0, changed: true });
    const c = thread(root, id);
    expect([c.anchor.startLine, c.anchor.endLine, c.anchorState]).toEqual([8, 8, 'anchored']);
    expect(c.anchor.contextBefore).toEqual(['}', '', 'function b() {']);
    expect(c.anchor.snapshot).toBe(snapshotId(moved));
    expect(readSnapshot(root, c.anchor.snapshot)).toBe(moved);
    // The old snapshot is no longer referenced: garbage once past the grace period.
    expect(collectSnapshots(root, new Set([c.anchor.snapshot!]), 0)).toBe(1);
    expect(readSnapshot(root, firstSnapshot)).toBeUndefined();
  });

  it('makes edited code stale, keeps it visible and restores it when the code comes back', async () => {
    const root = workspace();
    write(root, 'a.ts', code);
    const id = await add(root, 'a.ts', 6, 6);
    await setWorkflowState(root, id, 'resolved', 'human');
    await reconcileWorkspace(root);
    write(root, 'a.ts', '// new line\n' + code.replace('compute(2)', 'compute(2, { cache: true })'));
    expect(await reconcileWorkspace(root)).toMatchObject({ stale: 1 });
    let c = thread(root, id);
    expect(c.anchorState).toBe('stale');
    expect(c.workflowState).toBe('resolved'); // workflow state is never touched
    expect(c.anchor.reason).toMatch(/edited/);
    expect(c.anchor.startLine).toBe(7); // shown where its code went
    expect(c.anchor.targetContent).toBe('  return compute(2);'); // evidence kept
    // Edits elsewhere do not bring it back…
    write(root, 'a.ts', '// new line\n// another\n' + code.replace('compute(2)', 'compute(2, { cache: true })'));
    await reconcileWorkspace(root);
    expect(thread(root, id).anchorState).toBe('stale');
    // …the revert does.
    write(root, 'a.ts', '// another\n' + code);
    expect(await reconcileWorkspace(root)).toMatchObject({ restored: 1 });
    c = thread(root, id);
    expect([c.anchorState, c.anchor.startLine, c.workflowState]).toEqual(['anchored', 7, 'resolved']);
    expect(c.anchor.reason).toBeUndefined();
    expect(readActivity(root).filter((e) => e.action === 'reanchor').map((e) => (e.detail as { to: { anchorState: string } }).to.anchorState))
      .toEqual(['stale', 'anchored']);
  });

  it('a rewrite under a rewritten signature: each thread above, on and below it keeps its own lines (issue 22)', async () => {
    const root = workspace();
    const before = loadFixtures().find((f) => f.name === 'rewrite-under-edited-signature')!;
    write(root, 'src/cart.ts', before.before);
    const ids = {
      total: await add(root, 'src/cart.ts', 8, 10), // above, untouched
      signature: await add(root, 'src/cart.ts', 13, 13), // the signature, rewritten
      body: await add(root, 'src/cart.ts', 14, 15), // the demo's thread, rewritten in place
      closing: await add(root, 'src/cart.ts', 16, 16), // the closing brace right below, untouched
      tax: await add(root, 'src/cart.ts', 18, 20), // below, untouched
    };
    await reconcileWorkspace(root);
    write(root, 'src/cart.ts', before.after!);
    await reconcileWorkspace(root);
    const place = (id: string): [string, number, number] => {
      const c = thread(root, id);
      return [c.anchorState, c.anchor.startLine, c.anchor.endLine];
    };
    expect(place(ids.total)).toEqual(['anchored', 8, 10]);
    expect(place(ids.signature)).toEqual(['stale', 13, 13]);
    expect(place(ids.body)).toEqual(['stale', 14, 15]);
    expect(place(ids.closing)).toEqual(['anchored', 16, 16]);
    expect(place(ids.tax)).toEqual(['anchored', 18, 20]);
    // What triage's "Re-anchor to suggestion" takes: the same lines, from the snapshot.
    const suggestion = reanchorInText(thread(root, ids.body), before.after!, { root });
    expect([suggestion.anchorState, suggestion.startLine, suggestion.endLine]).toEqual(['stale', 14, 15]);
    // A stale thread keeps where its code was in the snapshot only when it is shown elsewhere.
    expect(thread(root, ids.body).anchor.snapshotLine).toBeUndefined();
  });

  it('orphans a thread whose file is gone, and restores it when the file is back', async () => {
    const root = workspace();
    write(root, 'a.ts', code);
    const id = await add(root, 'a.ts', 2, 2);
    fs.rmSync(path.join(root, 'a.ts'));
    expect(await reconcileWorkspace(root)).toMatchObject({ orphaned: 1 });
    expect(thread(root, id)).toMatchObject({ anchorState: 'orphaned', workflowState: 'open' });
    expect(thread(root, id).anchor.reason).toMatch(/no longer exists/);
    expect(await reconcileWorkspace(root)).toMatchObject({ changed: false });
    write(root, 'a.ts', '\n' + code);
    expect(await reconcileWorkspace(root)).toMatchObject({ restored: 1 });
    expect(thread(root, id)).toMatchObject({ anchorState: 'anchored', anchor: { startLine: 3 } });
  });

  it('marks binary and non-UTF-8 files stale with a reason, without crashing', async () => {
    const root = workspace();
    write(root, 'a.ts', code);
    write(root, 'b.ts', code);
    const a = await add(root, 'a.ts', 2, 2);
    const b = await add(root, 'b.ts', 2, 2);
    write(root, 'a.ts', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]));
    write(root, 'b.ts', Buffer.concat([Buffer.from('function a() {\n'), Buffer.from([0xff, 0xfe, 0x41]), Buffer.from('\n')]));
    expect(await reconcileWorkspace(root)).toMatchObject({ stale: 2 });
    expect(thread(root, a).anchor.reason).toMatch(/binary/);
    expect(thread(root, b).anchor.reason).toMatch(/UTF-8/);
  });

  it('follows a rename git reports (git mv, committed), and orphans a plain deletion', async () => {
    const root = committedRepo({ 'old.ts': code, 'gone.ts': code.replace(/compute/g, 'measure') });
    const moved = await add(root, 'old.ts', 6, 6);
    const gone = await add(root, 'gone.ts', 6, 6);
    await reconcileWorkspace(root);
    fs.mkdirSync(path.join(root, 'src'));
    git(root, 'mv', 'old.ts', 'src/new.ts');
    git(root, 'rm', '-q', 'gone.ts');
    git(root, 'commit', '-qm', 'two');
    write(root, 'src/new.ts', '// renamed\n' + code);
    await reconcileWorkspace(root);
    expect(thread(root, moved)).toMatchObject({ file: 'src/new.ts', anchorState: 'anchored', anchor: { startLine: 7 } });
    expect(thread(root, gone)).toMatchObject({ file: 'gone.ts', anchorState: 'orphaned' });
  });

  it('follows a staged, uncommitted `git mv`', async () => {
    const root = committedRepo({ 'old.ts': code });
    const id = await add(root, 'old.ts', 2, 2);
    git(root, 'mv', 'old.ts', 'renamed.ts');
    await reconcileWorkspace(root);
    expect(thread(root, id)).toMatchObject({ file: 'renamed.ts', anchorState: 'anchored', anchor: { startLine: 2 } });
  });

  it('follows a plain `mv` to an untracked file holding the same code', async () => {
    const root = committedRepo({ 'old.ts': code });
    const id = await add(root, 'old.ts', 6, 6);
    await reconcileWorkspace(root);
    fs.renameSync(path.join(root, 'old.ts'), path.join(root, 'moved.ts'));
    write(root, 'unrelated.ts', 'export const x = 1;\n');
    await reconcileWorkspace(root);
    expect(thread(root, id)).toMatchObject({ file: 'moved.ts', anchorState: 'anchored', anchor: { startLine: 6 } });
  });

  it('re-applies on the latest store: a thread deleted meanwhile stays deleted', async () => {
    const root = workspace();
    write(root, 'a.ts', code);
    const keep = await add(root, 'a.ts', 2, 2);
    const drop = await add(root, 'a.ts', 6, 6);
    await reconcileWorkspace(root);
    write(root, 'a.ts', '\n' + code);
    // Two readers at once plus a delete: every write is mutate-on-latest under the lock.
    await Promise.all([reconcileWorkspace(root), deleteThread(root, drop, 'human'), reconcileWorkspace(root)]);
    const ids = readStore(root).store.comments.map((c) => c.id);
    expect(ids).toEqual([keep]);
    expect(thread(root, keep).anchor.startLine).toBe(3);
  });

  it('re-decides a thread another writer moved between its look and its write', async () => {
    const root = workspace();
    write(root, 'a.ts', code);
    const id = await add(root, 'a.ts', 2, 2);
    await reconcileWorkspace(root);
    write(root, 'a.ts', '\n' + code); // its line 2 is now line 3
    // The developer anchors the thread by hand while a read's pass runs. The hand-made place
    // takes the lock first; the pass read the store before it landed and computed line 3, so
    // its write must find the thread moved and decide again, not put line 3 back.
    await Promise.all([setAnchor(root, id, { startLine: 7, endLine: 7 }, 'human'), reconcileWorkspace(root)]);
    expect(thread(root, id)).toMatchObject({ anchorState: 'anchored', anchor: { startLine: 7, endLine: 7, targetContent: '  return compute(2);' } });
  });

  it('only looks at the files asked for', async () => {
    const root = workspace();
    write(root, 'a.ts', code);
    write(root, 'b.ts', code);
    const a = await add(root, 'a.ts', 2, 2);
    const b = await add(root, 'b.ts', 2, 2);
    write(root, 'a.ts', '\n' + code);
    write(root, 'b.ts', '\n' + code);
    await reconcileWorkspace(root, { files: ['a.ts'] });
    expect(thread(root, a).anchor.startLine).toBe(3);
    expect(thread(root, b).anchor.startLine).toBe(2);
  });
});

describe('snapshots', () => {
  it('are content-addressed and shared by threads on the same file version', async () => {
    const root = workspace();
    const one = recordSnapshot(root, 'hello\n');
    const two = recordSnapshot(root, 'hello\n');
    expect(one).toBe(two);
    expect(fs.readdirSync(considerPaths(root).snapshots)).toEqual([`${one}.txt`]);
    expect(fs.readFileSync(path.join(considerPaths(root).snapshots, `${one}.txt`), 'utf8')).toBe('hello\n');
    expect(readSnapshot(root, one)).toBe('hello\n');
    expect(readSnapshot(root, '../../etc/passwd')).toBeUndefined();
  });

  it('are kept while referenced or young, collected otherwise', () => {
    const root = workspace();
    const kept = recordSnapshot(root, 'kept\n');
    const young = recordSnapshot(root, 'young\n');
    expect(collectSnapshots(root, new Set([kept]))).toBe(0); // young: grace period
    expect(collectSnapshots(root, new Set([kept]), 0)).toBe(1);
    expect(readSnapshot(root, kept)).toBe('kept\n');
    expect(readSnapshot(root, young)).toBeUndefined();
  });

  it('a damaged snapshot is ignored (content matching takes over)', async () => {
    const root = workspace();
    const text = 'const limit = computeLimit(user.plan, region);\nreturn limit;\n';
    write(root, 'a.ts', text);
    const id = await add(root, 'a.ts', 1, 1);
    await reconcileWorkspace(root);
    const snapshot = thread(root, id).anchor.snapshot!;
    fs.writeFileSync(path.join(considerPaths(root).snapshots, `${snapshot}.txt`), text.replace('limit', 'limits'));
    expect(readSnapshot(root, snapshot)).toBeUndefined(); // not the text its id names
    write(root, 'a.ts', '// top\n' + text);
    await reconcileWorkspace(root);
    expect(thread(root, id)).toMatchObject({ anchorState: 'anchored', anchor: { startLine: 2 } });
  });
});

/**
 * Bytes this process read from files while `fn` ran, as the kernel counts them (/proc/self/io
 * `rchar`): whatever API reads a file (readFileSync, open + read, streams), it shows here. The
 * stat tests use a file of several megabytes, so reading it is unmistakable among the store's
 * few kilobytes. Linux only: elsewhere those tests are skipped.
 */
const canCountReads = fs.existsSync('/proc/self/io');
async function bytesReadDuring(fn: () => Promise<unknown>): Promise<number> {
  const rchar = () => Number(/rchar:\s*(\d+)/.exec(fs.readFileSync('/proc/self/io', 'utf8'))![1]);
  const before = rchar();
  await fn();
  return rchar() - before;
}
/** A text file of about 4 MB whose line 2 is "two". */
const BIG_TEXT = 'one\ntwo\nthree\n' + '// filler line to make the file large\n'.repeat(110_000);
const BIG = Buffer.byteLength(BIG_TEXT);

describe('trusting stat for files untouched since the last check', () => {
  /** Pretends the thread was last checked an hour from now, so its file's times are clearly older (not "racily clean"). */
  async function checkedLater(root: string, id: string): Promise<void> {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await mutateStore(root, 'system', (s) => { s.comments.find((c) => c.id === id)!.anchor.lastAnchorCheck = later; });
  }

  it.runIf(canCountReads)('does not read or hash a file whose size, times and inode are as fingerprinted', async () => {
    const root = workspace();
    write(root, 'a.ts', BIG_TEXT);
    const id = await add(root, 'a.ts', 2, 2);
    expect(thread(root, id).anchor.file).toMatchObject({ ctimeMs: expect.any(Number), ino: expect.any(Number) });
    await checkedLater(root, id);
    let report: unknown;
    const read = await bytesReadDuring(async () => { report = await reconcileWorkspace(root); });
    expect(report).toMatchObject({ checked: 0, changed: false });
    expect(read).toBeLessThan(BIG / 4); // the store and its index, not the file (nor its snapshot)
  });

  it('still sees a change that kept the size and put the mtime back (ctime moved)', async () => {
    const root = workspace();
    write(root, 'a.ts', 'one\ntwo\nthree\n');
    const abs = path.join(root, 'a.ts');
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600; // whole seconds: utimes restores it exactly
    fs.utimesSync(abs, anHourAgo, anHourAgo);
    const id = await add(root, 'a.ts', 2, 2);
    await checkedLater(root, id);
    await new Promise((r) => setTimeout(r, 20)); // let the clock move past the fingerprint's ctime
    fs.writeFileSync(abs, 'one\nTWO\nthree\n'); // same size
    fs.utimesSync(abs, anHourAgo, anHourAgo);
    expect(fs.statSync(abs).mtimeMs).toBe(thread(root, id).anchor.file!.mtimeMs);
    await reconcileWorkspace(root);
    expect(thread(root, id)).toMatchObject({ anchorState: 'stale' });
  });

  it.runIf(canCountReads)('hashes files whose fingerprint predates ctime (older stores) and finds them unchanged', async () => {
    const root = workspace();
    write(root, 'a.ts', BIG_TEXT);
    const id = await add(root, 'a.ts', 2, 2);
    await mutateStore(root, 'system', (s) => {
      const a = s.comments[0]!.anchor;
      a.file = { size: a.file!.size, mtimeMs: a.file!.mtimeMs, hash: a.file!.hash };
    });
    await checkedLater(root, id);
    let changed: unknown;
    // Still within the racy window (however slow the machine): no stat refresh, no write.
    const read = await bytesReadDuring(async () => { changed = await atClock(fileTimesOf(path.join(root, 'a.ts')) + 500, () => reconcileWorkspace(root)); });
    expect(changed).toMatchObject({ checked: 0, changed: false });
    expect(read).toBeGreaterThanOrEqual(BIG); // read (and hashed) once...
    expect(read).toBeLessThan(BIG * 1.5); // ...and only once: not its snapshot as well
  });
});

describe('refreshing the stat of files found unchanged by hash', () => {
  it.runIf(canCountReads)('hashes a file with the same bytes under a new stat once, records the stat, then trusts it', async () => {
    const root = workspace();
    write(root, 'a.ts', BIG_TEXT);
    const id = await add(root, 'a.ts', 2, 2);
    const abs = path.join(root, 'a.ts');
    fs.writeFileSync(`${abs}.copy`, fs.readFileSync(abs)); // as a checkout or a copy does: same bytes, new file
    fs.renameSync(`${abs}.copy`, abs);
    const ino = fs.statSync(abs).ino;
    expect(thread(root, id).anchor.file!.ino).not.toBe(ino);
    const before = thread(root, id).anchor;

    const later = Date.now() + 60_000; // the file's times are well outside the racy window
    let report: unknown;
    const first = await bytesReadDuring(async () => { report = await atClock(later, () => reconcileWorkspace(root)); });
    expect(report).toMatchObject({ checked: 0, changed: true });
    expect(first).toBeGreaterThanOrEqual(BIG); // hashed once
    expect(first).toBeLessThan(BIG * 1.5);
    const after = thread(root, id);
    expect(after).toMatchObject({ anchorState: 'anchored', anchor: { startLine: 2, endLine: 2, file: { ino, hash: before.file!.hash } } });
    expect(after.anchor.lastAnchorCheck > before.lastAnchorCheck).toBe(true);
    expect({ ...after.anchor, file: undefined, lastAnchorCheck: undefined }).toEqual({ ...before, file: undefined, lastAnchorCheck: undefined });

    const second = await bytesReadDuring(async () => { report = await atClock(later, () => reconcileWorkspace(root)); });
    expect(report).toMatchObject({ checked: 0, changed: false });
    expect(second).toBeLessThan(BIG / 4); // its new stat is trusted: not read again
  });

  it('with deferRefresh, hands the refresh over instead of writing it (the CLI writes it after success)', async () => {
    const root = workspace();
    write(root, 'a.ts', 'one\ntwo\nthree\n');
    const id = await add(root, 'a.ts', 2, 2);
    const abs = path.join(root, 'a.ts');
    fs.writeFileSync(`${abs}.copy`, fs.readFileSync(abs));
    fs.renameSync(`${abs}.copy`, abs);
    const storeBefore = fs.readFileSync(considerPaths(root).store, 'utf8');
    const later = Date.now() + 60_000;
    let deferred: (() => Promise<void>) | undefined;
    expect(await atClock(later, () => reconcileWorkspace(root, { deferRefresh: (w) => { deferred = w; } }))).toMatchObject({ checked: 0, changed: false });
    expect(fs.readFileSync(considerPaths(root).store, 'utf8')).toBe(storeBefore);
    expect(deferred).toBeDefined();
    await atClock(later, () => deferred!());
    expect(thread(root, id).anchor.file!.ino).toBe(fs.statSync(abs).ino);
  });

  it('leaves a file changed within the racy window alone: its stat could not be trusted yet', async () => {
    const root = workspace();
    write(root, 'a.ts', 'one\ntwo\nthree\n');
    await add(root, 'a.ts', 2, 2);
    const abs = path.join(root, 'a.ts');
    fs.writeFileSync(`${abs}.copy`, fs.readFileSync(abs));
    fs.renameSync(`${abs}.copy`, abs);
    const storeBefore = fs.readFileSync(considerPaths(root).store, 'utf8');
    const report = await atClock(fileTimesOf(abs) + 1_500, () => reconcileWorkspace(root)); // 1.5 s after the copy, whatever the machine's speed
    expect(report).toMatchObject({ checked: 0, changed: false });
    expect(fs.readFileSync(considerPaths(root).store, 'utf8')).toBe(storeBefore);
  });
});

describe('snapshot garbage collection during a pass', () => {
  it('runs when a pass lets go of a snapshot, at most once per grace period', async () => {
    const root = workspace();
    write(root, 'a.ts', 'const answer = 42;\nexport default answer;\n');
    const id = await add(root, 'a.ts', 1, 1);
    const dir = considerPaths(root).snapshots;
    const longAgo = new Date(Date.now() - 3_600_000);
    const garbage = (text: string): string => {
      const g = recordSnapshot(root, text);
      fs.utimesSync(path.join(dir, `${g}.txt`), longAgo, longAgo);
      return g;
    };
    const first = garbage('old one\n');
    write(root, 'a.ts', '// 1\nconst answer = 42;\nexport default answer;\n');
    await reconcileWorkspace(root); // the thread moves: its snapshot is replaced
    expect(thread(root, id).anchor.startLine).toBe(2);
    expect(readSnapshot(root, first)).toBeUndefined(); // first collection ever: due
    const second = garbage('old two\n');
    write(root, 'a.ts', '// 1\n// 2\nconst answer = 42;\nexport default answer;\n');
    await reconcileWorkspace(root);
    expect(thread(root, id).anchor.startLine).toBe(3);
    expect(readSnapshot(root, second)).toBe('old two\n'); // collected moments ago: not due yet
    fs.utimesSync(path.join(dir, '.collected'), longAgo, longAgo);
    write(root, 'a.ts', '// 1\n// 2\n// 3\nconst answer = 42;\nexport default answer;\n');
    await reconcileWorkspace(root);
    expect(readSnapshot(root, second)).toBeUndefined();
    expect(readSnapshot(root, thread(root, id).anchor.snapshot)).toContain('// 3');
  });
});

describe('snapshots written gzip-compressed by earlier versions', () => {
  it('are still read, and collected when nobody needs them', () => {
    const root = workspace();
    const id = recordSnapshot(root, 'old\ntext\n');
    const dir = considerPaths(root).snapshots;
    fs.renameSync(path.join(dir, `${id}.txt`), path.join(dir, `${id}.gz`));
    fs.writeFileSync(path.join(dir, `${id}.gz`), zlib.gzipSync('old\ntext\n'));
    expect(readSnapshot(root, id)).toBe('old\ntext\n');
    fs.writeFileSync(path.join(dir, `${id}.gz`), 'not gzip');
    expect(readSnapshot(root, id)).toBeUndefined();
    expect(collectSnapshots(root, new Set(), 0)).toBe(1);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('manual re-anchoring', () => {
  const code = 'one\ntwo\nthree\nfour\nfive\n';

  it('setAnchor anchors a stale thread at a chosen range, keeping its workflow state', async () => {
    const root = workspace();
    write(root, 'a.ts', code);
    const id = await add(root, 'a.ts', 2, 2);
    write(root, 'a.ts', 'one\nTWO!\nthree\nfour\nfive\n');
    await reconcileWorkspace(root);
    expect(thread(root, id).anchorState).toBe('stale');
    const c = await setAnchor(root, id, { startLine: 2, endLine: 3 }, 'human');
    expect(c).toMatchObject({ anchorState: 'anchored', workflowState: 'open', anchor: { startLine: 2, endLine: 3, targetContent: 'TWO!\nthree' } });
    expect(c.anchor.reason).toBeUndefined();
    expect(readSnapshot(root, c.anchor.snapshot)).toBe('one\nTWO!\nthree\nfour\nfive\n');
    expect(await atClock(fileTimesOf(path.join(root, 'a.ts')) + 500, () => reconcileWorkspace(root))).toMatchObject({ changed: false });
  });

  it('setAnchor with editor text anchors on that text and re-checks the disk on the next read', async () => {
    const root = workspace();
    write(root, 'a.ts', code);
    const id = await add(root, 'a.ts', 2, 2);
    const c = await setAnchor(root, id, { startLine: 3, endLine: 3, text: 'zero\n' + code }, 'human');
    expect(c.anchor.targetContent).toBe('two');
    expect(c.anchor.file).toBeUndefined();
    await reconcileWorkspace(root); // the disk still has the unsaved line missing
    expect(thread(root, id)).toMatchObject({ anchorState: 'anchored', anchor: { startLine: 2 } });
  });

  it('setAnchor refuses a range outside the file', async () => {
    const root = workspace();
    write(root, 'a.ts', code);
    const id = await add(root, 'a.ts', 2, 2);
    await expect(setAnchor(root, id, { startLine: 4, endLine: 9 }, 'human')).rejects.toMatchObject({ code: 'usage' });
  });

  it('confirmAnchor accepts the current place as valid', async () => {
    const root = workspace();
    write(root, 'a.ts', code);
    const id = await add(root, 'a.ts', 2, 2);
    write(root, 'a.ts', 'one\n2\nthree\nfour\nfive\n');
    await reconcileWorkspace(root);
    const c = await confirmAnchor(root, id, 'human');
    expect(c).toMatchObject({ anchorState: 'anchored', anchor: { startLine: 2, targetContent: '2' } });
  });

  it('reanchorInText uses the snapshot when given the root', async () => {
    const root = workspace();
    write(root, 'a.ts', code);
    const id = await add(root, 'a.ts', 5, 5);
    await reconcileWorkspace(root);
    // Without its unique-window note, only the snapshot can tell that the window was unique there.
    const { uniqueWindow, ...unnoted } = thread(root, id).anchor;
    expect(uniqueWindow).toBeDefined();
    const c = { ...thread(root, id), anchor: unnoted };
    expect(reanchorInText(c, 'zero\n' + code, { root })).toMatchObject({ anchorState: 'anchored', startLine: 6, method: 'window' });
    expect(reanchorInText(c, 'zero\n' + code).method).toMatch(/^content/);
  });
});

describe('the unique-window note (Anchor.uniqueWindow)', () => {
  const unique = ['function only() {', '  return 1;', '}', ''];
  /** A line with the same three lines each side in both copies: twins with the very same context. */
  const section = ['  // section', '  // section', '  // section'];
  const twin = [...section, '  return a + b;', ...section];
  const file = (...parts: string[][]): string => parts.flat().join('\n') + '\n';
  // Lines 1-4 unique, 5-11 the first twin (its return on 8), 12 '// middle', 13-19 the second (return on 16), 20 '// end'.
  const twins = file(unique, twin, ['// middle'], twin, ['// end']);

  it('is written when the window occurs once in the snapshot, and not for a twin', async () => {
    const root = workspace();
    write(root, 'a.ts', twins);
    const onUnique = await add(root, 'a.ts', 2, 2);
    const onTwin = await add(root, 'a.ts', 8, 8);
    expect(thread(root, onUnique).anchor.uniqueWindow).toMatch(/^mm3-[0-9a-f]{32}@2\+1\/1\/3$/);
    expect(thread(root, onTwin).anchor.uniqueWindow).toBeUndefined();
  });

  it('lets a read follow a shifted window without reading the snapshot', async () => {
    const root = workspace();
    write(root, 'a.ts', twins);
    const id = await add(root, 'a.ts', 2, 2);
    fs.rmSync(considerPaths(root).snapshots, { recursive: true }); // nothing to read
    const shifted = file(['// new', '// lines'], unique, twin, ['// middle'], twin, ['// end']);
    expect(reanchorInText(thread(root, id), shifted, { root })).toMatchObject({ anchorState: 'anchored', startLine: 4, method: 'window' });
    write(root, 'a.ts', shifted);
    await reconcileWorkspace(root);
    expect(thread(root, id)).toMatchObject({ anchorState: 'anchored', anchor: { startLine: 4, uniqueWindow: expect.stringMatching(/@4\+1\//) } });
  });

  it('stops counting once the anchor was changed without it (as an earlier version would)', async () => {
    const root = workspace();
    write(root, 'a.ts', twins);
    const id = await add(root, 'a.ts', 2, 2);
    const noted = thread(root, id).anchor.uniqueWindow;
    expect(noted).toBeDefined();
    // An earlier version moves the anchor onto the second twin's return (line 16) in the same
    // snapshot, copying the note along with the other fields it does not know.
    const lines = twins.split('\n');
    await mutateStore(root, 'human', (s) => {
      Object.assign(s.comments[0]!.anchor, { startLine: 16, endLine: 16, targetContent: lines[15], contextBefore: lines.slice(12, 15), contextAfter: lines.slice(16, 19), uniqueWindow: noted });
    });
    // The second twin goes. The first one's window is now unique in the file, but it is not the thread's code.
    write(root, 'a.ts', file(unique, twin, ['// middle'], ['// end']));
    await reconcileWorkspace(root);
    expect(thread(root, id)).toMatchObject({ anchorState: 'stale' });
  });
});
