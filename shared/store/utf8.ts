/**
 * File bytes to text, fast for the common case. Node's UTF-8 decoding of a 10 MB store took
 * 21-44 ms on our machines; most stores and source files are pure ASCII, whose bytes are
 * already their text: checked (SIMD) and copied, the same 10 MB take 4-7 ms.
 */
import { isAscii } from 'node:buffer';

/** `bytes` as text: ASCII copied as is, anything else through `decode` (UTF-8 by default). */
export function utf8Text(bytes: Buffer, decode: (bytes: Buffer) => string = (b) => b.toString('utf8')): string {
  return isAscii(bytes) ? bytes.toString('latin1') : decode(bytes);
}
