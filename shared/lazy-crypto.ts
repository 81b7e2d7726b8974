/**
 * node:crypto, loaded on first use. Loading it costs a short-lived CLI process ~7 ms, and most
 * reads hash nothing: files whose `stat` is unchanged are trusted, and the list index answers
 * `list --json` and `summary` without reading them. Writes and re-anchoring load it.
 */
let loaded: typeof import('node:crypto') | undefined;

function crypto(): typeof import('node:crypto') {
  return (loaded ??= require('node:crypto') as typeof import('node:crypto'));
}

/** sha256 of the text (UTF-8) or bytes, in hex. */
export function sha256Hex(data: string | Uint8Array): string {
  return crypto().createHash('sha256').update(data).digest('hex');
}

export function randomBytes(size: number): Buffer {
  return crypto().randomBytes(size);
}
