/**
 * The list index (shared/store/list-index.ts) and `list --json` from it (shared/store/indexed-read.ts),
 * over the real store module on temp workspaces. What must hold: whenever it answers, it prints
 * exactly what the normal read prints (re-anchor, parse, filter, sort, stringify); and it
 * refuses whenever it cannot be sure, so the normal read runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sortByLocation } from '../cli/read-commands';
import { atClock, fileTimesOf } from './helpers/clock';
import { commentSpans } from '../shared/store/store-text';
import {
  addThread, considerPaths, isUnseen, listJsonFromIndex, markSeenByAgent, mutateStore, readStore, reconcileWorkspace,
  replyToThread, setWorkflowState, submitReview, summarize, summaryFromIndex, visibleToAgent, type Comment, type ListedThread,
} from '../shared';

const roots: string[] = [];
afterEach(() => { for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true }); });

function write(root: string, rel: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
}

const lines = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag} line ${i + 1}`).join('\n') + '\n';

/** A workspace with every kind of thread: several files (one non-ASCII path), open and resolved, unseen or not, stale, orphaned, replies, emoji. */
async function workspace(): Promise<string> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-list-index-'));
  roots.push(root);
  write(root, 'src/b.ts', lines(40, 'b'));
  write(root, 'src/a.ts', lines(40, 'a'));
  write(root, 'src/ünï/ç.ts', lines(40, 'c'));
  write(root, 'gone.ts', lines(10, 'g'));
  write(root, 'edited.ts', lines(10, 'e'));
  const made: Comment[] = [];
  for (const [file, line, body] of [
    ['src/b.ts', 30, 'b late'], ['src/a.ts', 5, 'a early 🎉 "quoted" \\ back'], ['src/b.ts', 2, 'b early'], ['src/ünï/ç.ts', 7, 'non-ASCII path: 日本語'],
    ['src/a.ts', 5, 'a early, second on the same line'], ['gone.ts', 3, 'on a file about to go'], ['edited.ts', 4, 'on lines about to change'],
  ] as const) made.push(await addThread(root, { file, startLine: line, endLine: line + 1, body, author: 'human' }));
  await replyToThread(root, made[1]!.id, { body: 'agent reply', author: 'agent' });
  await markSeenByAgent(root, [made[2]!.id]);
  await setWorkflowState(root, made[0]!.id, 'resolved', 'human');
  fs.rmSync(path.join(root, 'gone.ts'));
  write(root, 'edited.ts', lines(10, 'e').replace('e line 4', 'e line four, rewritten'));
  await atClock(Date.now() + 60_000, () => reconcileWorkspace(root)); // orphaned, stale; written with check times a minute on
  return root;
}

/** `list --json` the normal way: re-anchor, parse, filter, sort by location, stringify. */
async function listedNormally(root: string, wanted: (t: ListedThread) => boolean): Promise<string> {
  await reconcileWorkspace(root);
  const shown = readStore(root).store.comments.filter((c) => visibleToAgent(c) && wanted({ file: c.file, workflowState: c.workflowState, anchorState: c.anchorState, unseen: isUnseen(c) }));
  return `{"comments":[${sortByLocation(shown).map((c) => JSON.stringify(c)).join(',')}]}\n`;
}

const fromIndex = (root: string, wanted: (t: ListedThread) => boolean = () => true): string | undefined =>
  listJsonFromIndex(root, wanted, '{"comments":[', ']}\n')?.toString('utf8');

const FILTERS: Record<string, (t: ListedThread) => boolean> = {
  all: () => true,
  open: (t) => t.workflowState === 'open',
  resolved: (t) => t.workflowState === 'resolved',
  stale: (t) => t.anchorState === 'stale',
  orphaned: (t) => t.anchorState === 'orphaned',
  unseen: (t) => t.unseen,
  'under src/': (t) => t.file.startsWith('src/'),
  none: () => false,
};

describe('list --json and summary from the list index', () => {
  it('prints exactly what the normal read prints, for every filter', async () => {
    const root = await workspace();
    const later = Date.now() + 120_000; // the files' times are well before the threads' last check
    for (const [name, wanted] of Object.entries(FILTERS)) {
      const indexed = await atClock(later, () => fromIndex(root, wanted));
      expect(indexed, name).toBeDefined();
      expect(indexed, name).toBe(await atClock(later, () => listedNormally(root, wanted)));
    }
    const summary = await atClock(later, () => summaryFromIndex(root));
    expect(summary).toEqual(summarize(readStore(root).store));
    expect(summary).toMatchObject({ total: 7, open: 6, resolved: 1, stale: 1, orphaned: 1, unseenOpen: 4, files: 5 }); // two were seen by the agent: its reply, markSeenByAgent
    const all = JSON.parse((await atClock(later, () => fromIndex(root)))!) as { comments: Comment[] };
    expect(all.comments.map((c) => `${c.file}:${c.anchor.startLine}`)).toEqual([
      'edited.ts:4', 'gone.ts:3', 'src/a.ts:5', 'src/a.ts:5', 'src/b.ts:2', 'src/b.ts:30', 'src/ünï/ç.ts:7',
    ]);
    expect(all.comments.map((c) => c.anchorState).sort()).toEqual(['anchored', 'anchored', 'anchored', 'anchored', 'anchored', 'orphaned', 'stale']);
  });

  it('leaves out the pending review and counts rounds and dispositions as the normal read does', async () => {
    const root = await workspace();
    // A minute on, as workspace() writes its checks: the files' times are then well before every check.
    const pending = await atClock(Date.now() + 60_000, async () => {
      const submitted = await addThread(root, { file: 'src/a.ts', startLine: 20, endLine: 20, body: 'in round 1', author: 'human', pending: true });
      await submitReview(root, { message: 'overall' });
      const stillPending = await addThread(root, { file: 'src/b.ts', startLine: 10, endLine: 10, body: 'still pending', author: 'human', pending: true });
      const open = readStore(root).store.comments.find((c) => c.body.startsWith('b early'))!;
      await replyToThread(root, open.id, { body: 'done', author: 'agent', disposition: 'addressed' });
      await replyToThread(root, submitted.id, { body: 'why?', author: 'agent', disposition: 'question' });
      return stillPending;
    });
    const later = Date.now() + 120_000;
    for (const [name, wanted] of Object.entries(FILTERS)) {
      const indexed = await atClock(later, () => fromIndex(root, wanted));
      expect(indexed, name).toBeDefined();
      expect(indexed, name).toBe(await atClock(later, () => listedNormally(root, wanted)));
      expect(indexed, name).not.toContain(pending.id);
    }
    const summary = await atClock(later, () => summaryFromIndex(root));
    expect(summary).toEqual(summarize(readStore(root).store));
    expect(summary).toMatchObject({ total: 8, addressed: 1, question: 1, declined: 0, unseenReviews: 1 });
  });

  it('refuses when a file changed since the last check, and the normal read then re-anchors', async () => {
    const root = await workspace();
    write(root, 'src/a.ts', 'inserted above\n' + lines(40, 'a'));
    const later = Date.now() + 120_000;
    expect(await atClock(later, () => fromIndex(root))).toBeUndefined();
    expect(await atClock(later, () => summaryFromIndex(root))).toBeUndefined();
    const normal = JSON.parse(await atClock(later, () => listedNormally(root, FILTERS.all!))) as { comments: Comment[] };
    expect(normal.comments.filter((c) => c.file === 'src/a.ts').map((c) => c.anchor.startLine)).toEqual([6, 6]);
    // Written back, re-indexed: the next read answers from the index again.
    expect(await atClock(later + 60_000, () => fromIndex(root))).toBe(await atClock(later + 60_000, () => listedNormally(root, FILTERS.all!)));
  });

  it('refuses within the racy window: a file changed too close to its check is hashed by the normal read', async () => {
    const root = await workspace();
    const checkedAt = Date.parse(readStore(root).store.comments[0]!.anchor.lastAnchorCheck);
    write(root, 'src/b.ts', lines(40, 'b').replace('b line 30', 'b line 3O')); // same size, same second as far as stat can tell
    expect(await atClock(checkedAt + 1_000, () => fromIndex(root))).toBeUndefined();
  });

  it('keeps one check a file, at its threads\' earliest check time: a thread checked too soon after a change still makes it refuse', async () => {
    const root = await workspace();
    const fileTime = fileTimesOf(path.join(root, 'src/a.ts'));
    const late = new Date(fileTime + 3_600_000).toISOString();
    const tooSoon = new Date(fileTime + 1_000).toISOString(); // within 2 s of the file's change: racily clean
    const onA = readStore(root).store.comments.filter((c) => c.file === 'src/a.ts').map((c) => c.id);
    await mutateStore(root, 'system', (s) => {
      for (const c of s.comments) if (onA.includes(c.id)) c.anchor.lastAnchorCheck = c.id === onA[0] ? late : tooSoon;
    });
    const index = JSON.parse(fs.readFileSync(considerPaths(root).listIndex, 'utf8')) as { files: string[]; checks: unknown[][] };
    const checksOfA = index.checks.filter((c) => index.files[c[0] as number] === 'src/a.ts');
    expect(checksOfA.map((c) => c[3])).toEqual([tooSoon]);
    expect(await atClock(fileTime + 7_200_000, () => fromIndex(root))).toBeUndefined();
    // Both checked well after the change: it answers.
    await mutateStore(root, 'system', (s) => { for (const c of s.comments) if (onA.includes(c.id)) c.anchor.lastAnchorCheck = late; });
    expect(await atClock(fileTime + 7_200_000, () => fromIndex(root))).toBeDefined();
  });

  it('refuses when an orphaned thread\'s file is back', async () => {
    const root = await workspace();
    write(root, 'gone.ts', lines(10, 'g'));
    expect(await atClock(Date.now() + 120_000, () => fromIndex(root))).toBeUndefined();
  });

  it('refuses a store.json it does not name: edited by hand, or written without the index', async () => {
    const root = await workspace();
    const later = Date.now() + 120_000;
    const paths = considerPaths(root);
    expect(await atClock(later, () => fromIndex(root))).toBeDefined();
    const index = fs.readFileSync(paths.listIndex);
    fs.writeFileSync(paths.store, fs.readFileSync(paths.store, 'utf8').replace('b early', 'b EARLY'));
    expect(await atClock(later, () => fromIndex(root))).toBeUndefined();
    expect(await atClock(later, () => listedNormally(root, FILTERS.all!))).toContain('b EARLY');
    // An index left from another store.json (a crash between the two writes).
    await mutateStore(root, 'human', (s) => { s.comments[0]!.body = 'changed again'; });
    fs.writeFileSync(paths.listIndex, index);
    expect(await atClock(later, () => fromIndex(root))).toBeUndefined();
  });

  it('refuses a malformed index', async () => {
    const root = await workspace();
    const later = Date.now() + 120_000;
    const file = considerPaths(root).listIndex;
    const good = JSON.parse(fs.readFileSync(file, 'utf8')) as { v: number; threads: number[]; checks: unknown[][]; files: unknown[]; unseenReviews?: number };
    const variants: [string, (x: typeof good) => unknown][] = [
      ['truncated', () => undefined],
      ['a thread naming a check that is not there', (x) => ({ ...x, threads: [x.checks.length, ...x.threads.slice(1)] })],
      ['a negative line', (x) => ({ ...x, threads: [x.threads[0], -1, ...x.threads.slice(2)] })],
      ['a thread cut short', (x) => ({ ...x, threads: x.threads.slice(0, -1) })],
      ['a thread fewer than the store has', (x) => ({ ...x, threads: x.threads.slice(0, -3) })],
      ['an unknown anchor state', (x) => ({ ...x, checks: [[x.checks[0]![0], 7, ...x.checks[0]!.slice(2)], ...x.checks.slice(1)] })],
      ['a fingerprint without its hash', (x) => ({ ...x, checks: x.checks.map((c) => (c.length === 9 ? c.slice(0, 8).concat([null]) : c)) })],
      ['a file name that is not text', (x) => ({ ...x, files: [1, ...x.files.slice(1)] })],
      ['another version', (x) => ({ ...x, v: x.v + 1 })],
      ['no count of unread review messages', (x) => ({ ...x, unseenReviews: undefined })],
      ['a thread flag out of range', (x) => ({ ...x, threads: [x.threads[0], x.threads[1], 32, ...x.threads.slice(3)] })],
    ];
    for (const [name, change] of variants) {
      const changed = change(structuredClone(good));
      fs.writeFileSync(file, changed === undefined ? JSON.stringify(good).slice(0, 100) : JSON.stringify(changed));
      expect(await atClock(later, () => fromIndex(root)), name).toBeUndefined();
    }
    fs.writeFileSync(file, JSON.stringify(good));
    expect(await atClock(later, () => fromIndex(root))).toBeDefined();
  });

  it('is made for a store.json written elsewhere exactly as this module writes it, not for one in another layout', async () => {
    const root = await workspace();
    const paths = considerPaths(root);
    const text = fs.readFileSync(paths.store, 'utf8');
    for (const [layout, written] of [['as serializeStore writes it', text], ['indented', JSON.stringify(JSON.parse(text), null, 2)]] as const) {
      fs.rmSync(paths.listIndex, { force: true });
      fs.rmSync(paths.store);
      fs.writeFileSync(paths.store, written); // another process, no marker of ours for this file
      readStore(root);
      expect(fs.readFileSync(paths.validated, 'utf8'), layout).toMatch(layout === 'indented' ? / validated$/ : / written$/);
      expect(fs.existsSync(paths.listIndex), layout).toBe(layout !== 'indented');
      const later = Date.now() + 120_000;
      const listed = await atClock(later, () => fromIndex(root));
      if (layout === 'indented') expect(listed).toBeUndefined();
      else expect(listed).toBe(await atClock(later, () => listedNormally(root, FILTERS.all!)));
    }
  });

  it('stays small: files and checks are kept once, not per thread', async () => {
    const root = await workspace();
    const index = JSON.parse(fs.readFileSync(considerPaths(root).listIndex, 'utf8')) as { files: string[]; checks: unknown[]; threads: number[] };
    expect(index.files.sort()).toEqual(['edited.ts', 'gone.ts', 'src/a.ts', 'src/b.ts', 'src/ünï/ç.ts']);
    expect(index.threads).toHaveLength(7 * 3);
    expect(index.checks.length).toBeLessThan(7);
  });

  it.skipIf(process.platform === 'win32')('is re-created with its marker on each write, never truncated in place (on ext4 that writes them out at once)', async () => {
    const root = await workspace();
    const { listIndex, validated, store } = considerPaths(root);
    const inodes = (): number[] => [listIndex, validated].map((f) => fs.statSync(f).ino);
    const before = inodes();
    // A file that keeps its inode was truncated and rewritten; two files created in turn never
    // share one while both exist, so a held descriptor of each old file keeps its inode taken.
    const held = [listIndex, validated].map((f) => fs.openSync(f, 'r'));
    try {
      await replyToThread(root, readStore(root).store.comments.find((c) => c.workflowState === 'open')!.id, { body: 'one more', author: 'agent' });
      const after = inodes();
      expect(after[0]).not.toBe(before[0]);
      expect(after[1]).not.toBe(before[1]);
    } finally {
      for (const fd of held) fs.closeSync(fd);
    }
    // What they say is what a reader needs: the store just written, and its threads.
    expect(fs.readFileSync(validated, 'utf8')).toMatch(/ written$/);
    expect(fromIndex(root)).toBe(await listedNormally(root, FILTERS.all!));
    expect(fs.existsSync(store)).toBe(true);
  });
});

describe('commentSpans', () => {
  const store = (lines: string[]): Buffer => Buffer.from(`{"version":1,\n"comments":[\n${lines.join(',\n')}\n]}\n`);
  it('finds each comment line, without its comma', () => {
    const bytes = store(['{"a":1}', '{"b":"é"}', '{"c":3}']);
    const found = commentSpans(bytes, 3)!;
    expect([0, 1, 2].map((i) => bytes.subarray(found.starts[i], found.ends[i]).toString())).toEqual(['{"a":1}', '{"b":"é"}', '{"c":3}']);
    const text = bytes.toString(); // the same file as text: offsets in UTF-16 code units
    const inText = commentSpans(text, 3)!;
    expect([0, 1, 2].map((i) => text.slice(inText.starts[i], inText.ends[i]))).toEqual(['{"a":1}', '{"b":"é"}', '{"c":3}']);
  });
  it('refuses another count or another shape', () => {
    expect(commentSpans(store(['{"a":1}', '{"b":2}']), 3)).toBeUndefined();
    expect(commentSpans(store(['{"a":1}', '{"b":2}']), 1)).toBeUndefined();
    expect(commentSpans(Buffer.from('{"comments":[{"a":1},{"b":2}]}'), 2)).toBeUndefined(); // not one a line
    expect(commentSpans(Buffer.from('{"comments":[\n{"a":1}\n'), 1)).toBeUndefined(); // torn
    expect(commentSpans(Buffer.from('{"version":1,\n"comments":[]}\n'), 0)).toEqual({ starts: new Uint32Array(0), ends: new Uint32Array(0) });
  });
});
