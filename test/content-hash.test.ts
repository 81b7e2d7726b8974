/**
 * The content hash (shared/anchoring/content-hash.ts): both implementations against an independent
 * MurmurHash3 x64_128 (murmurhash3js-revisited), the embedded WebAssembly against its source,
 * and stores written by earlier versions (sha256 fingerprints and snapshot names), read by the
 * real CLI: their threads are re-anchored exactly, through their old snapshots, and upgraded.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import murmur from 'murmurhash3js-revisited';
import wabt from 'wabt';
import { WASM_BASE64, bigIntMurmur, contentHash, hashMatches } from '../shared/anchoring/content-hash';
import { ensureBuilt, makeWorkspace, runCli } from './helpers/cli';
import type { Workspace } from './helpers/cli';

const reference = (bytes: Uint8Array): string => murmur.x64.hash128(bytes);

/** Lengths around the 16-byte blocks, the 8-byte halves of the tail, and the 64 KiB chunks. */
const LENGTHS = [0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 100, 65_535, 65_536, 65_537, 65_536 * 2 + 15, 200_003];

describe('contentHash', () => {
  it('is MurmurHash3 x64_128 (seed 0), from WebAssembly, at every length', () => {
    for (const n of LENGTHS) {
      const bytes = crypto.randomBytes(n);
      expect(contentHash(bytes), `${n} bytes`).toBe(`mm3-${reference(bytes)}`);
    }
    // The reference implementation's well-known value.
    expect(contentHash('hello')).toBe('mm3-cbd8a7b341bd9b025b1e906a48ae1d19');
  });

  it('hashes text as its UTF-8 bytes', () => {
    const text = 'Größe → 漢字 😀\r\n';
    expect(contentHash(text)).toBe(contentHash(Buffer.from(text, 'utf8')));
    expect(contentHash(text)).not.toBe(contentHash(Buffer.from(text, 'latin1')));
  });

  it('has a JavaScript fallback (for a Node without WebAssembly) that gives the same hashes', () => {
    for (const n of LENGTHS.filter((l) => l < 70_000)) {
      const bytes = crypto.randomBytes(n);
      expect(bigIntMurmur(bytes), `${n} bytes`).toBe(reference(bytes));
    }
  });

  it('checks a hash of either kind: mm3 (today) or sha256 (stores written before)', () => {
    const bytes = Buffer.from('const a = 1;\n');
    const legacy = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    expect(hashMatches(contentHash(bytes), bytes)).toBe(true);
    expect(hashMatches(legacy, bytes)).toBe(true);
    const other = Buffer.from('const a = 2;\n');
    expect(hashMatches(contentHash(bytes), other)).toBe(false);
    expect(hashMatches(legacy, other)).toBe(false);
    expect(hashMatches('mm3-not-hex', bytes)).toBe(false);
  });

  it('runs the module compiled from content-hash.wat, byte for byte', async () => {
    const source = fs.readFileSync(path.join(__dirname, '..', 'shared', 'anchoring', 'content-hash.wat'), 'utf8');
    const module = (await wabt()).parseWat('content-hash.wat', source);
    module.validate();
    const compiled = Buffer.from(module.toBinary({}).buffer).toString('base64');
    // On a change to the .wat: paste this value into WASM_BASE64.
    expect(WASM_BASE64, compiled).toBe(compiled);
  });
});

describe('a store written by an earlier version (sha256 hashes)', () => {
  const workspaces: Workspace[] = [];
  afterEach(() => { for (const w of workspaces.splice(0)) w.cleanup(); });
  beforeAll(() => ensureBuilt());

  const sha256Id = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32);

  /** Three identical blocks: the middle one's lines have twins with the very same context. */
  const block = ['function twin() {', '  const a = 1;', '  const b = 2;', '  return a + b;', '}', ''];
  const version = (top: string[]): string => [...top, ...block, ...block, ...block, '// end'].join('\n') + '\n';

  it('re-anchors exactly through the old snapshot, then stores mm3 hashes', () => {
    const ws = makeWorkspace({ 'twins.ts': version(['// top']) });
    workspaces.push(ws);
    const middleReturn = 1 + block.length + 4; // line 11
    expect(runCli(ws.root, ['add', 'twins.ts', '--line', String(middleReturn), '-m', 'why a + b?']).code).toBe(0);

    // Rewrite the store and the snapshot as an earlier version named them.
    const store = ws.store();
    const anchor = store.comments[0].anchor;
    const snapshots = path.join(ws.root, '.consider', 'snapshots');
    const snapshotBytes = fs.readFileSync(path.join(snapshots, `${anchor.snapshot}.txt`));
    const legacySnapshot = sha256Id(snapshotBytes);
    fs.renameSync(path.join(snapshots, `${anchor.snapshot}.txt`), path.join(snapshots, `${legacySnapshot}.txt`));
    anchor.snapshot = legacySnapshot;
    anchor.file.hash = sha256Id(fs.readFileSync(ws.file('twins.ts')));
    fs.writeFileSync(ws.storePath, JSON.stringify(store, null, 2));

    // A block's worth of lines above: the old line now holds the first twin.
    ws.write('twins.ts', version(['// top', '// a', '// b', '// c', '// d', '// e', '// f']));
    const listed = runCli(ws.root, ['list', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const c = JSON.parse(listed.stdout).comments[0];
    expect(c).toMatchObject({ anchorState: 'anchored', anchor: { startLine: middleReturn + 6, endLine: middleReturn + 6 } });

    const upgraded = ws.store().comments[0].anchor;
    expect(upgraded.file.hash).toBe(contentHash(fs.readFileSync(ws.file('twins.ts'))));
    expect(upgraded.snapshot).toMatch(/^mm3-[0-9a-f]{32}$/);
    expect(fs.readFileSync(path.join(snapshots, `${upgraded.snapshot}.txt`), 'utf8')).toBe(fs.readFileSync(ws.file('twins.ts'), 'utf8'));
  });
});
