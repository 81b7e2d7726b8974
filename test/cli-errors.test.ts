// Every error path of the built consider-cli: exit code, one line on stderr without stack
// frames, the --json error object, and store.json byte-identical afterwards.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { captureAnchor } from '../shared/anchor';
import { mutateStore } from '../shared/store-io';
import { cliUnderTest, ensureBuilt, makeWorkspace, numberedLines, runCli } from './helpers/cli';
import type { Workspace } from './helpers/cli';

beforeAll(() => ensureBuilt());

let ws: Workspace;
afterEach(() => ws?.cleanup());

const EXIT = { usage: 1, not_found: 2, busy: 3, unreadable: 4, io: 5 } as const;
type Code = keyof typeof EXIT;

/** A workspace with one open thread (id returned) and one resolved thread. */
function seeded(): { open: string; resolved: string } {
  ws = makeWorkspace({ 'src/a.ts': numberedLines(20), 'notes.md': 'one\ntwo\n' });
  fs.mkdirSync(ws.file('lib'));
  const open = runCli(ws.root, ['add', 'src/a.ts', '--lines', '3-4', '-m', 'open one', '--json']).json().id;
  const resolved = runCli(ws.root, ['add', 'notes.md', '--line', '1', '-m', 'resolved one', '--json']).json().id;
  expect(runCli(ws.root, ['resolve', resolved]).code).toBe(0);
  return { open, resolved };
}

/**
 * Runs the failing command twice (text and --json) and checks the whole error contract.
 * Returns the --json error object.
 */
function expectFailure(args: string[], code: Code, message: RegExp, opts: { input?: string } = {}) {
  const before = ws.storeBytes();
  const text = runCli(ws.root, args, opts);
  expect(text.code, `${args.join(' ')}\n${text.stderr}`).toBe(EXIT[code]);
  expect(text.stdout).toBe('');
  const lines = text.stderr.split('\n');
  expect(lines).toHaveLength(2); // one line + the final newline
  expect(lines[1]).toBe('');
  expect(lines[0]).toMatch(/^consider-cli: error: /);
  expect(lines[0]).toMatch(message);
  expect(text.stderr).not.toMatch(/\n\s+at |Error:|node:internal/);

  const json = runCli(ws.root, [...args, '--json'], opts);
  expect(json.code).toBe(EXIT[code]);
  expect(json.stderr.split('\n')).toHaveLength(2);
  const err = json.json().error;
  expect(err.code).toBe(code);
  expect(err.message).toMatch(message);
  expect(Object.keys(err).sort()).toEqual(['code', 'hint', 'message']);

  const after = ws.storeBytes();
  if (before === undefined) expect(after).toBeUndefined();
  else expect(after!.equals(before), 'store.json changed').toBe(true);
  return err;
}

describe('usage errors (exit 1)', () => {
  it('unknown command, unknown flag, option before the command', () => {
    seeded();
    expectFailure(['frobnicate'], 'usage', /unknown command "frobnicate"/);
    expectFailure(['list', '--bogus'], 'usage', /Unknown option '--bogus'/);
    expectFailure(['reply', 'x', '--message', 'hi', '--author', 'human'], 'usage', /Unknown option '--author'/);
    expectFailure(['--verbose', 'list'], 'usage', /a command must come first/);
  });

  it('every command rejects an unknown flag', () => {
    const { open } = seeded();
    for (const cmd of [['list'], ['get', open], ['thread', open], ['context', open], ['summary'], ['reply', open, '-m', 'x'], ['resolve', open], ['unresolve', open], ['add', 'src/a.ts', '--line', '1', '-m', 'x'], ['archive']]) {
      expectFailure([...cmd, '--verbose'], 'usage', /Unknown option '--verbose'/);
    }
  });

  it('archive refuses an open thread', () => {
    const { open } = seeded();
    expectFailure(['archive', open], 'usage', /is open; only resolved threads are archived/);
  });

  it('missing or extra arguments, bad flag values', () => {
    const { open } = seeded();
    expectFailure(['get'], 'usage', /missing <id>/);
    expectFailure(['get', open, 'extra'], 'usage', /unexpected argument "extra"/);
    expectFailure(['list', '--workflow', 'closed'], 'usage', /--workflow must be one of open\|resolved\|all/);
    expectFailure(['list', '--status', 'stale', '--anchor', 'stale'], 'usage', /--status cannot be combined/);
    expectFailure(['context', open, '--around', 'ten'], 'usage', /--around must be a whole number/);
    expectFailure(['list', '--root', ws.file('no/such/dir')], 'usage', /no such folder/);
    expectFailure(['list', '--root', ws.file('notes.md')], 'usage', /no such folder/);
  });

  it('missing, empty and oversized --message', () => {
    const { open } = seeded();
    expectFailure(['reply', open], 'usage', /missing --message/);
    expectFailure(['reply', open, '--message', ''], 'usage', /the message is empty/);
    expectFailure(['reply', open, '--message', '   \n '], 'usage', /the message is empty/);
    expectFailure(['reply', open, '--message', '-'], 'usage', /the message is empty/, { input: '' });
    expectFailure(['add', 'src/a.ts', '--line', '1'], 'usage', /missing --message/);
    const twoMb = 'x'.repeat(2 * 1024 * 1024);
    expectFailure(['reply', open, '--message', '-'], 'usage', /the message is 2,097,152 characters; the limit is 100,000/, { input: twoMb });
    expectFailure(['add', 'src/a.ts', '--line', '1', '--message', '-'], 'usage', /limit is 100,000/, { input: twoMb });
  });

  it('bad line ranges', () => {
    seeded();
    expectFailure(['add', 'src/a.ts', '--lines', '5-2', '-m', 'x'], 'usage', /the range ends \(2\) before it starts \(5\)/);
    expectFailure(['add', 'src/a.ts', '--line', '21', '-m', 'x'], 'usage', /line 21 is past the end of the file \(20 lines\)/);
    expectFailure(['add', 'src/a.ts', '--line', '0', '-m', 'x'], 'usage', /from 1/);
    expectFailure(['add', 'src/a.ts', '--lines', '3', '-m', 'x'], 'usage', /--lines must look like A-B/);
    expectFailure(['add', 'src/a.ts', '--line', '2', '--lines', '2-3', '-m', 'x'], 'usage', /either --line or --lines/);
    expectFailure(['add', 'src/a.ts', '-m', 'x'], 'usage', /missing --line or --lines/);
    fs.writeFileSync(ws.file('img.bin'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x0a, 0x00]));
    expectFailure(['add', 'img.bin', '--line', '1', '-m', 'x'], 'usage', /img\.bin is a binary file/);
    fs.writeFileSync(ws.file('empty.txt'), '');
    expectFailure(['add', 'empty.txt', '--line', '1', '-m', 'x'], 'usage', /the file is empty/);
  });

  it('paths outside the root: relative, absolute, through a symlink; a folder; .consider itself', () => {
    seeded();
    const outside = makeWorkspace({ 'secret.txt': 'secret\n' }, 'consider-outside-');
    try {
      fs.symlinkSync(outside.root, ws.file('link-out'));
      expectFailure(['add', '../secret.txt', '--line', '1', '-m', 'x'], 'usage', /is outside the workspace/);
      expectFailure(['add', outside.file('secret.txt'), '--line', '1', '-m', 'x'], 'usage', /is outside the workspace/);
      expectFailure(['add', 'link-out/secret.txt', '--line', '1', '-m', 'x'], 'usage', /outside the workspace through a symbolic link/);
      expectFailure(['list', '--file', '../elsewhere'], 'usage', /is outside the workspace/);
      expectFailure(['add', 'lib', '--line', '1', '-m', 'x'], 'usage', /lib is not a file/);
      expectFailure(['add', '.consider/store.json', '--line', '1', '-m', 'x'], 'usage', /inside \.consider/);
    } finally {
      outside.cleanup();
    }
  });

  it('a reply to a resolved thread and an ambiguous id prefix', () => {
    const { resolved } = seeded();
    const err = expectFailure(['reply', resolved, '-m', 'x'], 'usage', /is resolved; it takes no replies/);
    expect(err.hint).toContain(`consider-cli unresolve ${resolved}`);
    const store = ws.store();
    store.comments.push({ ...store.comments[0], id: 'c_zz000001' }, { ...store.comments[0], id: 'c_zz000002' });
    fs.writeFileSync(ws.storePath, JSON.stringify(store, null, 2));
    expectFailure(['get', 'zz'], 'usage', /the id prefix "zz" matches 2 threads/);
  });
});

describe('not found (exit 2)', () => {
  it('unknown id for every command taking one; a missing file', () => {
    seeded();
    for (const cmd of [['get'], ['thread'], ['context'], ['resolve'], ['unresolve'], ['reply', '-m', 'x'], ['archive']]) {
      const [name, ...rest] = cmd;
      expectFailure([name!, 'c_nosuch00', ...rest], 'not_found', /no thread with id "c_nosuch00"/);
    }
    expectFailure(['add', 'src/missing.ts', '--line', '1', '-m', 'x'], 'not_found', /no file src\/missing\.ts in the workspace/);
  });

  it('an id in a workspace with no store at all', () => {
    ws = makeWorkspace({ 'a.txt': 'a\n' });
    expectFailure(['get', 'c_abc'], 'not_found', /no thread with id/);
    expect(fs.existsSync(ws.file('.consider'))).toBe(false);
  });
});

describe('busy (exit 3)', () => {
  it('a live lock held past the wait gives a retryable error', () => {
    const { open } = seeded();
    // Our own test process is alive: its fresh lock must not be taken over.
    fs.writeFileSync(ws.file('.consider/store.lock'), JSON.stringify({ pid: process.pid, at: Date.now() + 60_000, nonce: 'held' }));
    const err = expectFailure(['reply', open, '-m', 'x'], 'busy', /the store is locked by process \d+/);
    expect(err.hint).toMatch(/retry/);
    fs.rmSync(ws.file('.consider/store.lock'));
  });
});

describe('other I/O failures (exit 5)', () => {
  it('store.json that is a folder cannot be read or written', () => {
    ws = makeWorkspace({ 'a.txt': 'a\n' });
    fs.mkdirSync(ws.file('.consider/store.json'), { recursive: true });
    expectFailure(['list'], 'io', /cannot read .*store\.json: EISDIR/);
    expectFailure(['add', 'a.txt', '--line', '1', '-m', 'x'], 'io', /cannot read .*store\.json: EISDIR/);
  });
});

describe('unreadable store (exit 4)', () => {
  it('a truncated store.json: reads and writes refuse, naming the file; nothing is overwritten', () => {
    const { open } = seeded();
    const full = fs.readFileSync(ws.storePath, 'utf8');
    fs.writeFileSync(ws.storePath, full.slice(0, Math.floor(full.length / 2)));
    expectFailure(['list'], 'unreadable', /\.consider\/store\.json is not valid JSON/);
    expectFailure(['summary'], 'unreadable', /store\.json is not valid JSON/);
    expectFailure(['get', open], 'unreadable', /store\.json is not valid JSON/);
    expectFailure(['reply', open, '-m', 'x'], 'unreadable', /store\.json is not valid JSON/);
    const err = expectFailure(['add', 'src/a.ts', '--line', '1', '-m', 'x'], 'unreadable', /store\.json is not valid JSON/);
    expect(err.hint).toMatch(/store\.json\.bak/);
  });

  it('a bad field is named', () => {
    seeded();
    const store = ws.store();
    store.comments[1].anchor.startLine = 'ten';
    fs.writeFileSync(ws.storePath, JSON.stringify(store));
    expectFailure(['list'], 'unreadable', /comments\[1\]\.anchor\.startLine must be a whole number from 1 \(got "ten"\)/);
  });

  it('version 99: reads work read-only with a note; every write refuses; the file is never written', () => {
    const { open } = seeded();
    const store = ws.store();
    store.version = 99;
    fs.writeFileSync(ws.storePath, JSON.stringify(store, null, 2));
    const before = ws.storeBytes()!;
    const list = runCli(ws.root, ['list', '--workflow', 'all', '--json']);
    expect(list.code).toBe(0);
    expect(list.json().comments).toHaveLength(2);
    expect(list.stderr).toMatch(/^consider-cli: note: \.consider\/store\.json is format version 99, newer than this consider-cli understands \(version 1\); it is shown read-only\n$/);
    expect(runCli(ws.root, ['get', open]).code).toBe(0); // get would mark seen: skipped on a read-only store
    expect(ws.storeBytes()!.equals(before)).toBe(true);
    expectFailure(['reply', open, '-m', 'x'], 'unreadable', /format version 99.*never written by this version/);
    expectFailure(['resolve', open], 'unreadable', /format version 99/);
    expectFailure(['add', 'src/a.ts', '--line', '1', '-m', 'x'], 'unreadable', /format version 99/);
  });
});

describe('a reader that goes away', () => {
  it('`consider-cli list --json | head -c 100`: the CLI ends quietly with exit 0 once the pipe closes', async () => {
    ws = makeWorkspace({ 'src/a.ts': numberedLines(400) });
    // ~600 kB of output: far more than a pipe holds, so the CLI is still writing when the reader leaves.
    await mutateStore(ws.root, 'human', (s) => {
      for (let i = 1; i <= 400; i++) {
        s.comments.push({ id: `c_${String(i).padStart(8, '0')}`, file: 'src/a.ts', anchor: captureAnchor(numberedLines(400), i, i, new Date().toISOString()),
          workflowState: 'open', anchorState: 'anchored', createdAt: new Date().toISOString(), author: 'human', body: 'x'.repeat(1500), thread: [] });
      }
    });
    const child = spawn(process.execPath, [cliUnderTest(), 'list', '--json', '--root', ws.root], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });
});
