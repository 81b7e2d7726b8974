// Every error path of the built consider-cli: exit code, one line on stderr without stack
// frames, the --json error object, and store.json byte-identical afterwards.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { captureAnchor } from '../shared/anchoring/anchor';
import { mutateStore } from '../shared/store/store-io';
import { LOCK_WAIT_MS } from '../shared/store/lock';
import { english } from '../shared/words';
import { cliUnderTest, ensureBuilt, makeWorkspace, numberedLines, runCli } from './helpers/cli';
import type { Workspace } from './helpers/cli';

beforeAll(() => ensureBuilt());

let ws: Workspace;
afterEach(() => ws?.cleanup());

const EXIT = { usage: 1, not_found: 2, busy: 3, unreadable: 4, io: 5 } as const;
type Code = keyof typeof EXIT;

const isRoot = process.platform === 'linux' && process.getuid?.() === 0;

/** Puts `dir`'s files on a small tmpfs mounted over it (root only); the undo, or undefined when not allowed. */
function onTmpfs(dir: string, options: string): (() => void) | undefined {
  if (!isRoot) return undefined;
  const saved = `${dir}-saved`;
  fs.renameSync(dir, saved);
  fs.mkdirSync(dir);
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]).status !== 0) {
    fs.rmdirSync(dir);
    fs.renameSync(saved, dir);
    return undefined;
  }
  fs.cpSync(saved, dir, { recursive: true });
  return () => { spawnSync('umount', [dir]); fs.rmSync(dir, { recursive: true, force: true }); fs.renameSync(saved, dir); };
}

/**
 * Makes `dir` read-only: as root a read-only bind mount over itself (EROFS; root ignores
 * modes), else chmod a-w (EACCES). The undo, or undefined when it cannot be done here.
 */
function readOnly(dir: string): (() => void) | undefined {
  if (isRoot) {
    if (spawnSync('mount', ['--bind', dir, dir]).status !== 0) return undefined;
    if (spawnSync('mount', ['-o', 'remount,ro,bind', dir]).status !== 0) {
      spawnSync('umount', [dir]);
      return undefined;
    }
    return () => { spawnSync('umount', [dir]); };
  }
  if (process.platform === 'win32') return undefined;
  const mode = fs.statSync(dir).mode;
  fs.chmodSync(dir, 0o555);
  return () => fs.chmodSync(dir, mode);
}

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
  // `words` (the sentences as data, for VS Code's language) only where the error was written as words; their English is the message.
  expect(Object.keys(err).filter((k) => k !== 'words').sort()).toEqual(['code', 'hint', 'message']);
  if (err.words?.message) expect(english(err.words.message)).toBe(err.message);
  if (err.words?.hint) expect(english(err.words.hint)).toBe(err.hint);

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
    const negative = expectFailure(['context', open, '--around', '-1'], 'usage', /Option '--around' argument is ambiguous/);
    expect(negative.hint).toBe('write --around=VALUE (with "=") when the value starts with "-"');
    expect(expectFailure(['reply', open, '-m', '-x'], 'usage', /ambiguous/).hint).toMatch(/--message=VALUE/);
    expectFailure(['context', open, '--around=-1'], 'usage', /--around must be a whole number from 0/);
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
    // Characters as a person counts them: an emoji is one (two UTF-16 units).
    expectFailure(['reply', open, '--message', '-'], 'usage', /the message is 100,001 characters; the limit is 100,000/, { input: '🙂'.repeat(100_001) });
    expect(runCli(ws.root, ['reply', open, '--message', '-'], { input: '🙂'.repeat(100_000) }).code).toBe(0);
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
    // Our own test process is alive and took this lock just now: it must not be taken over.
    fs.writeFileSync(ws.file('.consider/store.lock'), JSON.stringify({ pid: process.pid, at: Date.now(), nonce: 'held', host: os.hostname() }));
    const err = expectFailure(['reply', open, '-m', 'x'], 'busy', /the store is locked by process \d+/);
    expect(err.hint).toMatch(/retry/);
    fs.rmSync(ws.file('.consider/store.lock'));
  });

  it('a lock dated in the future is not a lock any writer holds: it is taken over, not waited on for ever (issue 17, item 12)', () => {
    const { open } = seeded();
    fs.writeFileSync(ws.file('.consider/store.lock'), JSON.stringify({ pid: process.pid, at: Date.now() + 60_000, nonce: 'future' }));
    const r = runCli(ws.root, ['reply', open, '-m', 'written anyway']);
    expect(r.code, r.stderr).toBe(0);
    expect(fs.existsSync(ws.file('.consider/store.lock'))).toBe(false);
  });
});

describe('reads never wait for the lock (issue 17, item 15)', () => {
  it('with a writer holding the lock, reads that re-anchor answer at once from the last store, in memory; the next free read saves', () => {
    const { open } = seeded();
    ws.write('src/a.ts', 'new first line\n' + numberedLines(20)); // the thread on lines 3-4 moves to 4-5
    const before = ws.storeBytes()!;
    const lock = ws.file('.consider/store.lock');
    fs.writeFileSync(lock, JSON.stringify({ pid: process.pid, at: Date.now(), nonce: 'held', host: os.hostname() }));
    try {
      for (const args of [['list'], ['list', '--json'], ['get', open], ['context', open, '--json'], ['summary', '--json']]) {
        // A read that waited for the lock would take the lock's whole wait (LOCK_WAIT_MS) on top of
        // what starting the CLI costs on this machine right now (measured just before, so a loaded
        // machine does not make the bound fail).
        let started = Date.now();
        runCli(ws.root, ['--version']);
        const startCost = Date.now() - started;
        started = Date.now();
        const r = runCli(ws.root, args);
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
        expect(r.stderr, args.join(' ')).toBe('');
        expect(Date.now() - started - startCost, args.join(' ')).toBeLessThan(LOCK_WAIT_MS - 1_000);
      }
      expect(runCli(ws.root, ['get', open, '--json']).json().anchor).toMatchObject({ startLine: 4, endLine: 5 });
      expect(runCli(ws.root, ['list']).stdout).toContain('src/a.ts:4-5');
      expect(ws.storeBytes()!.equals(before)).toBe(true); // nothing saved while the lock is held
    } finally {
      fs.rmSync(lock);
    }
    expect(runCli(ws.root, ['list']).code).toBe(0);
    expect(ws.store().comments.find((c: any) => c.id === open).anchor.startLine).toBe(4);
  });
});

describe('a .consider that leads outside the workspace (issue 17, item 9)', () => {
  it('is refused by reads and writes (exit 4: a human must look), and nothing is written through it', () => {
    ws = makeWorkspace({ 'a.ts': numberedLines(5) });
    const outside = makeWorkspace({}, 'consider-outside-');
    try {
      fs.symlinkSync(outside.root, ws.file('.consider'));
      const message = /\.consider is a symbolic link to .*consider-outside-.*, outside the workspace/;
      const err = expectFailure(['add', 'a.ts', '--line', '1', '-m', 'x'], 'unreadable', message);
      expect(err.hint).toMatch(/delete the link/);
      expectFailure(['list'], 'unreadable', message);
      expectFailure(['summary'], 'unreadable', message);
      expectFailure(['get', 'c_abc'], 'unreadable', message);
      expect(fs.readdirSync(outside.root)).toEqual([]);
      // A dangling one is refused too (it would create the folder out there).
      fs.rmSync(ws.file('.consider'));
      fs.symlinkSync(outside.file('not-yet'), ws.file('.consider'));
      expectFailure(['add', 'a.ts', '--line', '1', '-m', 'x'], 'unreadable', /outside the workspace/);
      expect(fs.readdirSync(outside.root)).toEqual([]);
    } finally {
      outside.cleanup();
    }
  });

  it('a snapshots folder that is a symbolic link gets no copies of source files', () => {
    ws = makeWorkspace({ 'a.ts': numberedLines(5) });
    const outside = makeWorkspace({}, 'consider-outside-');
    try {
      fs.mkdirSync(ws.file('.consider'));
      fs.symlinkSync(outside.root, ws.file('.consider/snapshots'));
      expectFailure(['add', 'a.ts', '--line', '1', '-m', 'x'], 'unreadable', /snapshots is a symbolic link/);
      expect(fs.readdirSync(outside.root)).toEqual([]);
    } finally {
      outside.cleanup();
    }
  });

  it('a link that stays inside the workspace works', () => {
    ws = makeWorkspace({ 'a.ts': numberedLines(5) });
    fs.mkdirSync(ws.file('meta/consider-data'), { recursive: true });
    fs.symlinkSync('meta/consider-data', ws.file('.consider'));
    const r = runCli(ws.root, ['add', 'a.ts', '--line', '1', '-m', 'x']);
    expect(r.code, r.stderr).toBe(0);
    expect(fs.existsSync(ws.file('meta/consider-data/store.json'))).toBe(true);
  });
});

describe('terminal escapes from a hand-edited store (issue 17, item 11)', () => {
  it('ids, paths, timestamps and echoed arguments print inert in text output', () => {
    const { open, resolved } = seeded();
    const OSC52 = '\u001b]52;c;ZXZpbA==\u0007';
    const store = ws.store();
    const c = store.comments.find((x: any) => x.id === open);
    c.id = `c_evil${OSC52}`;
    c.createdAt = `2026-01-01${OSC52}`;
    c.editedAt = `\u009b2J`;
    c.thread = [{ id: `r_x${OSC52}`, author: 'agent', body: 'ok', createdAt: `t${OSC52}` }];
    const r2 = store.comments.find((x: any) => x.id === resolved);
    r2.file = `notes${OSC52}.md`;
    r2.resolvedAt = `t\u001b[2J`;
    r2.resolvedBy = 'agent';
    fs.writeFileSync(ws.storePath, JSON.stringify(store));
    const outputs = [
      runCli(ws.root, ['list', '--workflow', 'all']),
      runCli(ws.root, ['get', 'c_evil']),
      runCli(ws.root, ['context', 'c_evil']),
      runCli(ws.root, ['get', r2.id]),
      runCli(ws.root, ['reply', 'c_evil', '-m', 'answer']),
      runCli(ws.root, ['resolve', 'c_evil']),
      runCli(ws.root, ['get', 'c_\u009b2J']), // an unknown id, echoed in the error
    ];
    for (const r of outputs) {
      // eslint-disable-next-line no-control-regex -- no control character may reach the terminal
      expect(r.stdout + r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    }
    expect(outputs[0]!.stdout).toContain('[c_evil\\u{1b}]52;c;ZXZpbA==\\u{7}]');
    expect(outputs[0]!.stdout).toContain('notes\\u{1b}]52;c;ZXZpbA==\\u{7}.md');
    expect(outputs[1]!.stdout).toContain('2026-01-01\\u{1b}]52');
    expect(outputs[6]!.stderr).toContain('\\u{9b}2J');
  });
});

describe('other I/O failures (exit 5)', () => {
  it('store.json that is a folder cannot be read or written', () => {
    ws = makeWorkspace({ 'a.txt': 'a\n' });
    fs.mkdirSync(ws.file('.consider/store.json'), { recursive: true });
    expectFailure(['list'], 'io', /cannot read .*store\.json: it is a folder, not a file \(EISDIR\)/);
    expectFailure(['add', 'a.txt', '--line', '1', '-m', 'x'], 'io', /cannot read .*store\.json: it is a folder, not a file \(EISDIR\)/);
  });

  it('a file where the .consider folder must be: named, with the cause, not "a bug"', () => {
    ws = makeWorkspace({ 'a.txt': 'a\n', '.consider': 'a file\n' });
    const err = expectFailure(['add', 'a.txt', '--line', '1', '-m', 'x', '--root', ws.root], 'io', /cannot write .*\/\.consider: a file is in the way of this folder \(EEXIST\)/);
    expect(err.hint).not.toMatch(/bug/);
  });

  it('`list --json > /dev/full`: one line naming stdout and the cause, exit 5, no stack trace', () => {
    seeded();
    for (const args of [['list', '--json'], ['list'], ['summary', '--json']]) {
      const out = fs.openSync('/dev/full', 'w');
      try {
        const r = spawnSync(process.execPath, [cliUnderTest(), ...args], { cwd: ws.root, stdio: ['ignore', out, 'pipe'], encoding: 'utf8' });
        expect(r.status, r.stderr).toBe(5);
        expect(r.stderr).toMatch(/^consider-cli: error: cannot write the output \(stdout\): no space left on the device \(ENOSPC\)[^\n]*\n$/);
        expect(r.stderr).not.toMatch(/bug|\n\s+at /);
      } finally {
        fs.closeSync(out);
      }
    }
  });

  it('a full disk: the write fails naming the file and the cause, leaves no lock behind, and the next write goes through', (t) => {
    const { open } = seeded();
    const undo = onTmpfs(ws.file('.consider'), 'size=512k');
    if (!undo) return t.skip(); // needs root (mount)
    try {
      const filler = ws.file('.consider/filler');
      try { fs.writeFileSync(filler, Buffer.alloc(8 << 20)); } catch { /* ENOSPC: the disk is full now */ }
      const err = expectFailure(['reply', open, '-m', 'x'], 'io', /cannot write .*\.consider\/store\.lock: no space left on the device \(ENOSPC\)/);
      expect(err.hint).toMatch(/free some disk space/);
      expect(fs.existsSync(ws.file('.consider/store.lock'))).toBe(false);
      fs.rmSync(filler);
      const started = Date.now();
      const r = runCli(ws.root, ['reply', open, '-m', 'after freeing space']);
      expect(r.code, r.stderr).toBe(0);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      undo();
    }
  });

  it('a read-only file system and an immutable folder: named causes (EROFS, EPERM)', (t) => {
    const { open } = seeded();
    const undo = readOnly(ws.file('.consider'));
    if (!undo) return t.skip(); // needs root (a read-only bind mount)
    try {
      // As root: a read-only mount; otherwise a folder without write permission.
      expectFailure(['reply', open, '-m', 'x'], 'io', /cannot write .*\.consider\/store\.lock: (the file system is read-only \(EROFS\)|permission denied \(EACCES\))/);
    } finally {
      undo();
    }
    if (spawnSync('chattr', ['+i', ws.file('.consider')]).status !== 0) return;
    try {
      expectFailure(['reply', open, '-m', 'x'], 'io', /cannot write .*\.consider\/store\.lock: operation not permitted \(EPERM\)/);
    } finally {
      spawnSync('chattr', ['-i', ws.file('.consider')]);
    }
  });
});

describe('a read-only .consider/ (issue 17, item 14)', () => {
  it('reads still answer once a commented file changed: re-anchored in memory, a one-line warning, nothing written', (t) => {
    const { open } = seeded();
    ws.write('src/a.ts', 'new first line\n' + numberedLines(20));
    const before = ws.storeBytes()!;
    const undo = readOnly(ws.file('.consider'));
    if (!undo) return t.skip(); // needs root, or a user whose chmod a-w is obeyed
    try {
      const list = runCli(ws.root, ['list']);
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout).toContain('src/a.ts:4-5');
      expect(list.stderr).toMatch(/^consider-cli: warning: re-anchoring results were not saved: cannot write .*\.consider\/snapshots\/[^\n]*\(E(ROFS|ACCES|PERM)\)[^\n]*shown for this read only\n$/);
      const get = runCli(ws.root, ['get', open, '--json']);
      expect(get.code, get.stderr).toBe(0);
      expect(get.json().anchor).toMatchObject({ startLine: 4, endLine: 5 });
      expect(get.stderr).toMatch(/^consider-cli: warning: re-anchoring results were not saved: [^\n]*\n$/); // one line, though the seen mark failed too
      expect(runCli(ws.root, ['summary']).code).toBe(0);
    } finally {
      undo();
    }
    expect(ws.storeBytes()!.equals(before)).toBe(true);
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

  it('a broken archive.json names the archive and never sends you to the store\'s backup (issue 29)', () => {
    const { open } = seeded();
    expect(runCli(ws.root, ['archive']).code).toBe(0);
    const archive = ws.file('.consider/archive.json');
    fs.writeFileSync(archive, fs.readFileSync(archive, 'utf8').slice(0, 40));
    expect(runCli(ws.root, ['resolve', open]).code).toBe(0); // something to archive next
    for (const args of [['list', '--archived'], ['archive']]) {
      const err = expectFailure(args, 'unreadable', /\.consider\/archive\.json is not valid JSON/);
      // Restoring store.json.bak would roll back the healthy store, and fix nothing.
      expect(err.hint).not.toMatch(/store\.json\.bak|last good copy/);
      expect(err.hint).toMatch(/archive\.json/);
    }
    expect(runCli(ws.root, ['list', '--workflow', 'all']).code).toBe(0); // the store itself is fine
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
