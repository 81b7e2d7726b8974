/**
 * File bytes to text, fast for the common case. Node's UTF-8 decoding of a 10 MB store took
 * 21-44 ms on our machines; most stores and source files are pure ASCII, whose bytes are
 * already their text: checked (SIMD) and copied, the same 10 MB take 4-7 ms.
 */
import { isAscii } from 'node:buffer';

let fatalDecoder: InstanceType<typeof TextDecoder> | undefined;

/**
 * `bytes` as text when they are valid UTF-8 (a BOM kept as U+FEFF); throws when they are not.
 * The decoder is made on first use: most reads never decode anything but ASCII.
 */
export function strictUtf8Text(bytes: Buffer): string {
  return utf8Text(bytes, (b) => (fatalDecoder ??= new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })).decode(b));
}

/** `bytes` as text: ASCII copied as is, anything else through `decode` (UTF-8 by default). */
export function utf8Text(bytes: Buffer, decode: (bytes: Buffer) => string = (b) => b.toString('utf8')): string {
  return isAscii(bytes) ? bytes.toString('latin1') : decode(bytes);
}
