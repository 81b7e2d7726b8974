/**
 * Content hashes for change detection and snapshot names: MurmurHash3 x64 128-bit (seed 0),
 * run as a 460-byte WebAssembly module, written `mm3-<32 hex digits>`.
 *
 * Why not sha256 from node:crypto, as earlier versions did: every CLI call is a fresh
 * process, and loading node:crypto alone cost a read that re-anchors threads 4–7 ms, the
 * largest single part of it (bench/anchoring/speed.mjs). Why WebAssembly and not JavaScript:
 * a short-lived process runs JavaScript in the interpreter, where a 128-bit hash of 240 kB
 * took 8–13 ms; the module compiles and hashes the same in ~1.5 ms.
 *
 * These hashes are not a security boundary: they tell whether a file of the user's own
 * workspace changed and name the snapshots of its versions. Two different versions share a
 * 128-bit hash by accident with odds of 2^-128 a pair (even among 2^32 versions, about 2^-65),
 * as with the 64/128-bit xxHash that build tools use for the same job.
 *
 * Hashes written by earlier versions (`<32 hex digits>`, sha256) are still recognised: see
 * isLegacyHash. A stored fingerprint of that kind simply differs from today's hash, so its
 * thread is re-anchored once against its snapshot (an exact diff) and stored with the new kind.
 */
import { sha256Hex } from '../lazy-crypto';

/** Prefix of this kind of hash: it names the algorithm, so a later change can tell them apart. */
export const CONTENT_HASH_PREFIX = 'mm3-';

const CONTENT_HASH_PATTERN = /^mm3-[0-9a-f]{32}$/;
const LEGACY_HASH_PATTERN = /^[0-9a-f]{32}$/;

/** The hash of the bytes, or of the text's UTF-8 encoding. */
export function contentHash(data: string | Uint8Array): string {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const hasher = wasmHasher() ?? bigIntMurmur;
  return CONTENT_HASH_PREFIX + hasher(bytes);
}

/** True for a hash this module makes (`mm3-…`). */
export function isContentHash(id: string): boolean {
  return CONTENT_HASH_PATTERN.test(id);
}

/** True for a hash written by versions before `mm3-` (the first 32 hex digits of a sha256). */
export function isLegacyHash(id: string): boolean {
  return LEGACY_HASH_PATTERN.test(id);
}

/** Whether `id` is the hash of `bytes`, in whichever kind `id` is written. */
export function hashMatches(id: string, bytes: Uint8Array): boolean {
  if (isContentHash(id)) return contentHash(bytes) === id;
  return isLegacyHash(id) && sha256Hex(bytes).slice(0, 32) === id;
}

// ---------------------------------------------------------------------------------------------
// WebAssembly: compiled from content-hash.wat (test/content-hash.test.ts checks these bytes).

export const WASM_BASE64 =
  'AGFzbQEAAAABEgRgAX4BfmAAAGABfwBgAn98AAMHBgAAAAECAwUDAQABBgsCfgFCAAt+AUIACwckBAZtZW1vcnkCAAVyZXNldAADBmJsb2NrcwAEBmZpbmlzaAAFCuwCBh8AIABC1aeJipHy3uGHf35CH4lC/6aWurKo6/rMAH4LHwAgAEL/ppa6sqjr+swAfkIhiULVp4mKkfLe4Yd/fgs0ACAAIABCIYiFQs2Z1ur++uuof34hACAAIABCIYiFQtPYl9Thv67nRH4hACAAIABCIYiFCwoAQgAkAEIAJAELbAIBfwJ+IwAhAiMBIQMCQANAIAEgAE8NASACIAEpAwAQAIUhAiACQhuJIAN8QgV+QqnO85YFfCECIAMgASkDCBABhSEDIANCH4kgAnxCBX5CtbWlwgN8IQMgAUEQaiEBDAALCyACJAAgAyQBC30BA34jACECIwEhAyAAQQhLBEAgA0EAKQMIEAGFIQMLIABBAEsEQCACQQApAwAQAIUhAgsgAbEhBCACIASFIQIgAyAEhSEDIAIgA3whAiADIAJ8IQMgAhACIQIgAxACIQMgAiADfCECIAMgAnwhA0EAIAI3AwBBACADNwMICw==';

interface MurmurExports {
  memory: WebAssembly.Memory;
  reset(): void;
  blocks(len: number): void;
  finish(tail: number, total: number): void;
}

/** Bytes streamed through the module's memory per call: its one 64 KiB page, so it never grows. */
const CHUNK = 65536;

let wasm: ((bytes: Uint8Array) => string) | null | undefined;

/** The WebAssembly hasher, or null where WebAssembly is unavailable (node --jitless). */
function wasmHasher(): ((bytes: Uint8Array) => string) | null {
  if (wasm !== undefined) return wasm;
  try {
    const exports = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(WASM_BASE64, 'base64'))).exports as unknown as MurmurExports;
    const memory = new Uint8Array(exports.memory.buffer, 0, CHUNK);
    const words = new Uint32Array(exports.memory.buffer, 0, 4);
    wasm = (bytes) => {
      exports.reset();
      const whole = bytes.length - (bytes.length % 16);
      for (let at = 0; at < whole; at += CHUNK) {
        const end = Math.min(at + CHUNK, whole);
        memory.set(bytes.subarray(at, end));
        exports.blocks(end - at);
      }
      memory.fill(0, 0, 16);
      memory.set(bytes.subarray(whole));
      exports.finish(bytes.length - whole, bytes.length);
      // h1 then h2, each as one big-endian number: the reference's usual hex form.
      return hex32(words[1]!) + hex32(words[0]!) + hex32(words[3]!) + hex32(words[2]!);
    };
  } catch {
    wasm = null;
  }
  return wasm;
}

const hex32 = (n: number): string => n.toString(16).padStart(8, '0');

// ---------------------------------------------------------------------------------------------
// The same hash in JavaScript with BigInt: slow, only for a Node without WebAssembly.

const MASK = (1n << 64n) - 1n;
const C1 = 0x87c37b91114253d5n;
const C2 = 0x4cf5ad432745937fn;
const mul = (a: bigint, b: bigint): bigint => (a * b) & MASK;
const rotl = (x: bigint, r: bigint): bigint => ((x << r) | (x >> (64n - r))) & MASK;
const mixK1 = (k: bigint): bigint => mul(rotl(mul(k, C1), 31n), C2);
const mixK2 = (k: bigint): bigint => mul(rotl(mul(k, C2), 33n), C1);
function fmix(k: bigint): bigint {
  k = mul(k ^ (k >> 33n), 0xff51afd7ed558ccdn);
  k = mul(k ^ (k >> 33n), 0xc4ceb9fe1a85ec53n);
  return k ^ (k >> 33n);
}

/** Little-endian 64-bit word of up to 8 bytes from `at` (missing bytes count as zero). */
function word(bytes: Uint8Array, at: number): bigint {
  let w = 0n;
  for (let i = Math.min(7, bytes.length - at - 1); i >= 0; i--) w = (w << 8n) | BigInt(bytes[at + i]!);
  return w;
}

/** Exported for the test that holds both implementations to the reference. */
export function bigIntMurmur(bytes: Uint8Array): string {
  let h1 = 0n;
  let h2 = 0n;
  const whole = bytes.length - (bytes.length % 16);
  for (let at = 0; at < whole; at += 16) {
    h1 = (mul((rotl(h1 ^ mixK1(word(bytes, at)), 27n) + h2) & MASK, 5n) + 0x52dce729n) & MASK;
    h2 = (mul((rotl(h2 ^ mixK2(word(bytes, at + 8)), 31n) + h1) & MASK, 5n) + 0x38495ab5n) & MASK;
  }
  const tail = bytes.length - whole;
  if (tail > 8) h2 ^= mixK2(word(bytes, whole + 8));
  if (tail > 0) h1 ^= mixK1(word(bytes, whole));
  const n = BigInt(bytes.length);
  h1 ^= n;
  h2 ^= n;
  h1 = (h1 + h2) & MASK;
  h2 = (h2 + h1) & MASK;
  h1 = fmix(h1);
  h2 = fmix(h2);
  h1 = (h1 + h2) & MASK;
  h2 = (h2 + h1) & MASK;
  return h1.toString(16).padStart(16, '0') + h2.toString(16).padStart(16, '0');
}
