import { describe, expect, it } from 'vitest';
import { utf8Text } from '../shared/utf8';

describe('utf8Text', () => {
  it('gives what UTF-8 decoding gives, for ASCII and for everything else', () => {
    for (const text of ['', 'plain ASCII\nwith\tcontrol \u0007 chars\r\n', 'é and 🙂 and 漢字', '\uFEFFa file with a BOM', 'x'.repeat(100_000) + 'ü']) {
      const bytes = Buffer.from(text, 'utf8');
      expect(utf8Text(bytes)).toBe(bytes.toString('utf8'));
      expect(utf8Text(bytes)).toBe(text);
    }
  });

  it('hands non-ASCII bytes to the given decoder (a strict one refuses invalid UTF-8)', () => {
    const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    const decode = (b: Buffer) => strict.decode(b);
    expect(utf8Text(Buffer.from('ascii only'), () => { throw new Error('not called for ASCII'); })).toBe('ascii only');
    expect(() => utf8Text(Buffer.from([0x61, 0xff, 0x62]), decode)).toThrow();
    expect(utf8Text(Buffer.from('ok ✓'), decode)).toBe('ok ✓');
  });
});
