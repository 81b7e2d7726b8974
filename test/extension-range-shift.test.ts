import { describe, expect, it } from 'vitest';
import { clampRange, shiftRange, shiftRangeByChanges, type TextChange } from '../extension/comments/range-shift';

const insert = (line: number, char: number, text: string): TextChange => ({ startLine: line, startChar: char, endLine: line, endChar: char, text });
const del = (startLine: number, startChar: number, endLine: number, endChar: number): TextChange => ({ startLine, startChar, endLine, endChar, text: '' });

describe('shiftRange (0-based lines)', () => {
  const r = { start: 10, end: 12 };

  it.each([
    ['lines typed above move the range down', insert(2, 0, 'a\nb\n'), { start: 12, end: 14 }, false],
    ['a newline at the end of the line above moves it down', insert(9, 30, '\n'), { start: 11, end: 13 }, false],
    ['whole lines inserted right at the range start move it down', insert(10, 0, 'x\n'), { start: 11, end: 13 }, false],
    ['lines deleted above move it up', del(3, 0, 5, 0), { start: 8, end: 10 }, false],
    ['a CRLF insertion counts as one line', insert(0, 0, 'a\r\n'), { start: 11, end: 13 }, false],
    ['edits below leave it alone', insert(13, 0, 'z\n\n\n'), { start: 10, end: 12 }, false],
    ['text typed inside a commented line touches it', insert(11, 4, 'foo'), { start: 10, end: 12 }, true],
    ['a line added inside grows the range', insert(11, 4, '\n'), { start: 10, end: 13 }, true],
    ['text typed at the start of the first line (no newline) touches it', insert(10, 0, 'foo'), { start: 10, end: 12 }, true],
    ['a deletion from above into the range starts where the deletion did', del(8, 0, 11, 0), { start: 8, end: 9 }, true],
  ])('%s', (_name, change, expected, touched) => {
    expect(shiftRange(r, change)).toEqual({ range: expected, touched });
  });

  it('applies several changes of one event bottom-up, whatever order they come in', () => {
    const changes = [insert(0, 0, 'a\n'), insert(20, 0, 'b\n'), insert(5, 0, 'c\nd\n')];
    expect(shiftRangeByChanges(r, changes)).toEqual({ range: { start: 13, end: 15 }, touched: false });
    expect(shiftRangeByChanges(r, [...changes].reverse())).toEqual({ range: { start: 13, end: 15 }, touched: false });
  });

  it('never returns a range that ends before it starts', () => {
    const s = shiftRange({ start: 4, end: 5 }, del(4, 0, 9, 0));
    expect(s.range.end).toBeGreaterThanOrEqual(s.range.start);
    expect(s.touched).toBe(true);
  });

  it('clamps into the document', () => {
    expect(clampRange({ start: 8, end: 12 }, 10)).toEqual({ start: 8, end: 9 });
    expect(clampRange({ start: -2, end: 1 }, 10)).toEqual({ start: 0, end: 1 });
    expect(clampRange({ start: 30, end: 40 }, 10)).toEqual({ start: 9, end: 9 });
    expect(clampRange({ start: 0, end: 3 }, 0)).toEqual({ start: 0, end: 0 });
  });
});
