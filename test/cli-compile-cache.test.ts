/**
 * The CLI's V8 code cache (cli/compile-cache.ts), with real processes on a private copy of
 * the built runtime: written next to the runtime, upgraded once re-anchoring ran, and never
 * able to change what the CLI does (a damaged cache, or a folder it cannot write).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO, ensureBuilt, makeWorkspace, numberedLines } from './helpers/cli';
import type { Workspace } from './helpers/cli';

const cleanups: (() => void)[] = [];
afterEach(() => { for (const c of cleanups.splice(0)) c(); });
beforeAll(() => ensureBuilt());

/** A private runtime folder (bin/ + shared/), so this test owns its cache. */
function runtimeCopy(): { dir: string; cache: string; run(ws: Workspace, ...args: string[]): { code: number | null; stdout: string; stderr: string } } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-cc-runtime-'));
  cleanups.push(() => { fs.chmodSync(dir, 0o755); fs.rmSync(dir, { recursive: true, force: true }); });
  for (const sub of ['bin', 'shared']) fs.cpSync(path.join(REPO, 'dist', 'runtime', sub), path.join(dir, sub), { recursive: true });
  const cache = path.join(dir, '.v8-cache');
  return {
    dir,
    cache,
    run: (ws, ...args) => {
      const r = spawnSync(process.execPath, [path.join(dir, 'bin', 'consider-cli.cjs'), ...args, '--root', ws.root], { encoding: 'utf8' });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    },
  };
}

function workspaceWithThread(rt: ReturnType<typeof runtimeCopy>): Workspace {
  const ws = makeWorkspace({ 'a.ts': numberedLines(30) });
  cleanups.push(() => ws.cleanup());
  expect(rt.run(ws, 'add', 'a.ts', '--line', '10', '-m', 'why?').code).toBe(0);
  return ws;
}

/** Node ≥ 22.1 caches by itself (module.enableCompileCache), in its own file layout. */
const nodeHasBuiltinCache = typeof (Module as unknown as { enableCompileCache?: unknown }).enableCompileCache === 'function';

const cacheFiles = (rt: ReturnType<typeof runtimeCopy>): string[] => (fs.existsSync(rt.cache) ? fs.readdirSync(rt.cache).sort() : []);

describe('the CLI code cache', () => {
  // Each Node runs one of the next two: Node ≥ 22.1 has its own cache (cli/compile-cache.ts uses it), older ones ours.
  it.runIf(nodeHasBuiltinCache)('on Node ≥ 22.1: Node\'s own compile cache is written next to the runtime', () => {
    const rt = runtimeCopy();
    const ws = workspaceWithThread(rt);
    expect(rt.run(ws, 'list').code).toBe(0);
    expect(cacheFiles(rt).length).toBeGreaterThan(0);
    const again = rt.run(ws, 'list', '--json');
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(again.stdout).comments).toHaveLength(1);
  });

  it.skipIf(nodeHasBuiltinCache)('before Node 22.1: written next to the runtime, for store.js and reconcile.js, and upgraded once re-anchoring ran', () => {
    const rt = runtimeCopy();
    const ws = workspaceWithThread(rt);
    expect(rt.run(ws, 'list').code).toBe(0); // nothing changed: plain read
    expect(cacheFiles(rt)).toEqual([expect.stringMatching(/^reconcile\.js-[0-9a-f]{16}-read\.v8$/), expect.stringMatching(/^store\.js-[0-9a-f]{16}-read\.v8$/)]);
    ws.write('a.ts', 'inserted\n' + numberedLines(30));
    const moved = rt.run(ws, 'list', '--json');
    expect(moved.code).toBe(0);
    expect(JSON.parse(moved.stdout).comments[0].anchor.startLine).toBe(11);
    expect(cacheFiles(rt).filter((f) => f.endsWith('-reanchor.v8'))).toHaveLength(2);
    const sizes = Object.fromEntries(cacheFiles(rt).map((f) => [f, fs.statSync(path.join(rt.cache, f)).size]));
    const storeRead = Object.keys(sizes).find((f) => f.startsWith('store.js') && f.endsWith('-read.v8'))!;
    expect(sizes[storeRead.replace('-read.v8', '-reanchor.v8')]).toBeGreaterThan(sizes[storeRead]!); // covers more code
  });

  it('gives the same answers as no cache, and a damaged cache is rejected and rewritten', () => {
    const rt = runtimeCopy();
    const ws = workspaceWithThread(rt);
    // When the anchor was last checked is the one field that may differ: the file was written
    // just now, so a read up to 2 s later re-checks it (racily clean, threads.ts) and a read on a
    // loaded machine may come after that.
    const answer = (stdout: string) => stdout.replace(/"lastAnchorCheck":"[^"]*"/g, '"lastAnchorCheck":"…"');
    const expected = answer(rt.run(ws, 'list', '--json').stdout);
    for (const f of cacheFiles(rt)) fs.writeFileSync(path.join(rt.cache, f), 'not a V8 code cache');
    const withDamaged = rt.run(ws, 'list', '--json');
    expect({ ...withDamaged, stdout: answer(withDamaged.stdout) }).toMatchObject({ code: 0, stdout: expected, stderr: '' });
    expect(expected).toContain('"startLine":10');
    for (const f of cacheFiles(rt)) expect(fs.readFileSync(path.join(rt.cache, f), 'utf8')).not.toBe('not a V8 code cache');
  });

  it('is skipped when the runtime folder cannot be written, with no effect on the command', () => {
    if (process.getuid?.() === 0) {
      // root writes through permissions: make the cache path a file instead, which nobody can mkdir over.
      const rt = runtimeCopy();
      fs.writeFileSync(rt.cache, 'in the way');
      const ws = workspaceWithThread(rt);
      expect(rt.run(ws, 'list')).toMatchObject({ code: 0, stderr: '' });
      expect(fs.readFileSync(rt.cache, 'utf8')).toBe('in the way');
      return;
    }
    const rt = runtimeCopy();
    fs.chmodSync(rt.dir, 0o555);
    const ws = workspaceWithThread(rt);
    expect(rt.run(ws, 'list')).toMatchObject({ code: 0, stderr: '' });
    expect(fs.existsSync(rt.cache)).toBe(false);
  });

  // Node's own cache keys by content: a redeploy needs nothing of ours there.
  it.skipIf(nodeHasBuiltinCache)('before Node 22.1: a module file written again (a redeploy) gets a cache of its own; the old one is removed', () => {
    const rt = runtimeCopy();
    const ws = workspaceWithThread(rt);
    expect(rt.run(ws, 'list').code).toBe(0);
    const before = cacheFiles(rt).filter((f) => f.startsWith('store.js-'));
    expect(before).toHaveLength(1);
    const storeJs = path.join(rt.dir, 'shared', 'store.js');
    fs.writeFileSync(storeJs, fs.readFileSync(storeJs)); // same bytes, written again: a new identity
    expect(rt.run(ws, 'list')).toMatchObject({ code: 0, stderr: '' });
    const after = cacheFiles(rt).filter((f) => f.startsWith('store.js-'));
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
  });
});

describe('what a read loads', () => {
  it('no command loads node:crypto (~7 ms of a CLI call): not a read that hashes files and re-anchors, not add or reply', () => {
    const rt = runtimeCopy();
    const ws = workspaceWithThread(rt);
    const hook = path.join(rt.dir, 'crypto-hook.cjs');
    fs.writeFileSync(hook, "process.on('exit', () => process.stderr.write(`crypto:${process.moduleLoadList.includes('NativeModule crypto')}`));\n");
    const loadsCrypto = (...args: string[]) => {
      const r = spawnSync(process.execPath, ['-r', hook, path.join(rt.dir, 'bin', 'consider-cli.cjs'), ...args, '--root', ws.root], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      return /crypto:true/.test(r.stderr);
    };
    spawnSync('sleep', ['2.2']); // out of the racy window: stat is trusted from the next read on
    expect(loadsCrypto('list')).toBe(false); // hashes the file once (content-hash.ts), records its stat
    for (const args of [['list'], ['list', '--json'], ['summary'], ['get', JSON.parse(rt.run(ws, 'list', '--json').stdout).comments[0].id]]) {
      expect(loadsCrypto(...args), args.join(' ')).toBe(false);
    }
    ws.write('a.ts', 'inserted\n' + numberedLines(30));
    expect(loadsCrypto('list')).toBe(false); // hashes, diffs against the snapshot, writes a new one
    const id = JSON.parse(rt.run(ws, 'list', '--json').stdout).comments[0].id;
    expect(loadsCrypto('reply', id, '-m', 'done')).toBe(false);
    expect(loadsCrypto('add', 'a.ts', '--line', '3', '-m', 'and this?')).toBe(false);
    const listed = JSON.parse(rt.run(ws, 'list', '--json').stdout).comments;
    expect(listed.map((c: { anchor: { startLine: number } }) => c.anchor.startLine).sort((x: number, y: number) => x - y)).toEqual([3, 11]);
    expect(listed.find((c: { id: string }) => c.id === id).thread).toHaveLength(1);
  });
});
