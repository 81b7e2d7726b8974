import { describe, expect, it } from 'vitest';
import { captureAnchor, hashContent, validateRange } from '../shared/anchoring/anchor';
import { splitLines } from '../shared/text';

describe('splitLines', () => {
  it('accepts LF, CRLF and CR and ignores one trailing newline', () => {
    expect(splitLines('a\r\nb\nc\rd\n')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitLines('')).toEqual([]);
    expect(splitLines('\n')).toEqual(['']);
  });
});

describe('captureAnchor', () => {
  const text = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8'].join('\n') + '\n';
  it('keeps the target, up to three context lines each side and a hash', () => {
    const a = captureAnchor(text, 4, 5, '2026-01-01T00:00:00.000Z');
    expect(a).toMatchObject({ startLine: 4, endLine: 5, targetContent: 'l4\nl5', contextBefore: ['l1', 'l2', 'l3'], contextAfter: ['l6', 'l7', 'l8'] });
    expect(a.contentHash).toBe(hashContent('l4\nl5'));
  });
  it('clips context at the file edges', () => {
    const a = captureAnchor(text, 1, 1, 'now');
    expect(a.contextBefore).toEqual([]);
    expect(a.contextAfter).toEqual(['l2', 'l3', 'l4']);
  });
});

describe('validateRange', () => {
  it('refuses reversed, zero and past-the-end ranges', () => {
    expect(validateRange(5, 2, 10)).toMatch(/ends \(2\) before it starts \(5\)/);
    expect(validateRange(0, 1, 10)).toMatch(/from 1/);
    expect(validateRange(3, 11, 10)).toMatch(/past the end/);
    expect(validateRange(1, 1, 0)).toMatch(/empty/);
    expect(validateRange(2, 3, 10)).toBeUndefined();
  });
});
