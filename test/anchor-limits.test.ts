/**
 * What an anchor may keep (issue 17, item 8): files over 50 MB, non-UTF-8 files and lines too
 * long to keep are refused at `add` with a clear message, and the store is not touched. One
 * comment on a huge minified line used to copy it into store.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addThread, setAnchor } from '../shared';
import { ensureBuilt, makeWorkspace, runCli } from './helpers/cli';
import type { Workspace } from './helpers/cli';

let ws: Workspace;
beforeAll(() => ensureBuilt());
afterEach(() => ws?.cleanup());

function refused(file: string, args: string[], message: RegExp): void {
  const before = ws.storeBytes();
  const r = runCli(ws.root, ['add', file, ...args, '-m', 'look', '--json']);
  expect(r.code, r.stderr).toBe(1);
  expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  expect(r.stderr).toMatch(message);
  expect(r.json().error.code).toBe('usage');
  expect(ws.storeBytes()?.equals(before!) ?? before === undefined).toBe(true);
}

describe('add refuses what an anchor cannot keep', () => {
  it('a file over 50 MB', () => {
    ws = makeWorkspace({ 'small.ts': 'one\n' });
    runCli(ws.root, ['add', 'small.ts', '--line', '1', '-m', 'first']); // a store to keep intact
    const big = path.join(ws.root, 'big.log');
    const fd = fs.openSync(big, 'w');
    fs.ftruncateSync(fd, 51 * 1024 * 1024); // sparse: 51 MB of NULs without writing them
    fs.closeSync(fd);
    refused('big.log', ['--line', '1'], /big\.log is 51 MB; comments go on text files up to 50 MB/);
  });

  it('a file that is not UTF-8', () => {
    ws = makeWorkspace({});
    fs.writeFileSync(path.join(ws.root, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])); // "café" in Latin-1
    refused('latin1.txt', ['--line', '1'], /latin1\.txt is not UTF-8 text/);
  });

  it('a commented line longer than an anchor keeps', () => {
    ws = makeWorkspace({ 'min.js': 'x'.repeat(200_000) + '\nshort\n' });
    refused('min.js', ['--line', '1'], /the commented lines hold 200,001 characters; an anchor keeps at most 100,000/);
  });

  it('a short line whose neighbour is too long to keep as context', () => {
    ws = makeWorkspace({ 'min.js': 'x'.repeat(200_000) + '\nshort\n' });
    refused('min.js', ['--line', '2'], /too long to keep as context/);
  });

  it('a line of ordinary length is still fine, and so is moving a thread onto it', async () => {
    ws = makeWorkspace({ 'a.ts': 'y'.repeat(90_000) + '\nshort\n' + 'z'.repeat(200_000) + '\n' });
    const c = await addThread(ws.root, { file: 'a.ts', startLine: 2, endLine: 2, body: 'ok', author: 'human' }).catch((e) => e);
    expect(c).toBeInstanceOf(Error); // 90,000 + the 200,000 after it: too much context
    fs.writeFileSync(path.join(ws.root, 'a.ts'), 'y'.repeat(90_000) + '\nshort\nend\n');
    const ok = await addThread(ws.root, { file: 'a.ts', startLine: 2, endLine: 2, body: 'ok', author: 'human' });
    expect(ok.anchor.targetContent).toBe('short');
    fs.writeFileSync(path.join(ws.root, 'a.ts'), 'y'.repeat(90_000) + '\nshort\n' + 'z'.repeat(200_000) + '\n');
    await expect(setAnchor(ws.root, ok.id, { startLine: 3, endLine: 3 }, 'human')).rejects.toThrow(/commented lines hold 200,001 characters/);
  });
});
