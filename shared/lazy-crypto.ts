/**
 * node:crypto, loaded on first use: loading it costs a short-lived CLI process 4–7 ms. Only
 * checking hashes written by earlier versions (sha256) needs it; reads, re-anchoring and
 * writes do not (content-hash.ts, newId).
 */
let loaded: typeof import('node:crypto') | undefined;

function crypto(): typeof import('node:crypto') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use: node:crypto costs CLI start-up time
  return (loaded ??= require('node:crypto') as typeof import('node:crypto'));
}

/** sha256 of the text (UTF-8) or bytes, in hex. */
export function sha256Hex(data: string | Uint8Array): string {
  return crypto().createHash('sha256').update(data).digest('hex');
}

/** `bytes` random bytes from the system's secure source, in hex. */
export function randomHexToken(bytes: number): string {
  return crypto().randomBytes(bytes).toString('hex');
}
