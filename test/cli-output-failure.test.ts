/**
 * Issue 17, item 7: a command that changed the store reports success even when its answer cannot
 * be printed (an agent that saw a failure would retry, and a retried reply is a duplicate);
 * a command that fails changes nothing — `get`/`context` with an unknown id do not save the
 * re-anchoring of files that changed meanwhile.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cliUnderTest, ensureBuilt, makeWorkspace, runCli } from './helpers/cli';
import type { Workspace } from './helpers/cli';

let ws: Workspace;
beforeAll(() => ensureBuilt());
afterEach(() => ws?.cleanup());

/** Runs the CLI with its stdout on /dev/full: every write to it fails with ENOSPC. */
function intoFullDisk(args: string[]): { code: number | null; stderr: string } {
  const full = fs.openSync('/dev/full', 'w');
  try {
    const r = spawnSync(process.execPath, [cliUnderTest(), ...args], { cwd: ws.root, stdio: ['ignore', full, 'pipe'], encoding: 'utf8' });
    return { code: r.status, stderr: r.stderr };
  } finally {
    fs.closeSync(full);
  }
}

describe.runIf(fs.existsSync('/dev/full'))('a change whose answer cannot be printed', () => {
  it('reply: saved once, exit 0, a note says the output failed', () => {
    ws = makeWorkspace({ 'a.ts': 'one\ntwo\n' });
    const id = runCli(ws.root, ['add', 'a.ts', '--line', '1', '-m', 'why?', '--author', 'human', '--json']).json().id as string;
    for (const json of [[], ['--json']]) {
      const r = intoFullDisk(['reply', id, '-m', 'because', ...json]);
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/^consider-cli: note: the change was saved, but its output could not be written: .*ENOSPC/);
    }
    expect(runCli(ws.root, ['get', id, '--json']).json().thread).toHaveLength(2); // one per call, no more
  });

  it('a read whose answer cannot be printed still fails (exit 5): nothing was done', () => {
    ws = makeWorkspace({ 'a.ts': 'one\ntwo\n' });
    runCli(ws.root, ['add', 'a.ts', '--line', '1', '-m', 'q', '--author', 'human']);
    expect(intoFullDisk(['list', '--json']).code).toBe(5);
  });
});

describe('a failed read changes nothing', () => {
  it.each([['get'], ['context'], ['thread']])('%s with an unknown id: exit 2, store.json byte for byte, though a file changed', (command) => {
    ws = makeWorkspace({ 'a.ts': 'one\ntwo\nthree\n' });
    runCli(ws.root, ['add', 'a.ts', '--line', '2', '-m', 'q', '--author', 'human']);
    fs.writeFileSync(path.join(ws.root, 'a.ts'), 'zero\none\ntwo\nthree\n'); // the thread moves on the next read
    const before = ws.storeBytes()!;
    const r = runCli(ws.root, [command, 'c_nosuchid']);
    expect(r.code).toBe(2);
    expect(ws.storeBytes()!.equals(before)).toBe(true);
    // A read that succeeds does save the move.
    expect(runCli(ws.root, ['list', '--json']).json().comments[0].anchor.startLine).toBe(3);
  });
});
