/**
 * Editing a user's JSON file as text, so that what setup adds can later be taken out again
 * byte for byte. Re-serialising the whole file (JSON.stringify) would lose the user's
 * indentation, key spacing and line endings; instead we splice our member or array item in
 * next to the existing ones, in the file's own indentation and line endings, and removal
 * deletes exactly the span an insertion adds (the item plus the separator before it).
 *
 * Only strict JSON is accepted: a file with comments or trailing commas is "not valid JSON"
 * and setup leaves it alone rather than guessing.
 */

export type JsonNode =
  | { kind: 'object'; start: number; end: number; members: { key: string; keyStart: number; value: JsonNode }[] }
  | { kind: 'array'; start: number; end: number; items: JsonNode[] }
  | { kind: 'scalar'; start: number; end: number };

/** A UTF-8 byte order mark: JSON forbids it, editors write it; setup reads past it and keeps it. */
const BOM = '\uFEFF';

/** JSON.parse of a whole file's text, a leading byte order mark allowed. */
export function parseJsonText(text: string): unknown {
  return JSON.parse(text.startsWith(BOM) ? text.slice(1) : text);
}

/**
 * Deepest nesting of objects and arrays in `text` (strings skipped), in one pass without
 * recursion: the tree walks below recurse, so a file nested deeper than MAX_JSON_DEPTH is refused
 * before any of them runs (a 50,000-level file would overflow the stack half-way through setup).
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) { // a string: skip to its closing quote
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** Settings files nest a handful of levels; far more than any has is refused rather than walked. */
export const MAX_JSON_DEPTH = 100;

/** Positions of every value in `text` (which must already have passed parseJsonText, and jsonDepth). */
export function parseJsonTree(text: string): JsonNode {
  let i = text.startsWith(BOM) ? 1 : 0;
  const ws = (): void => {
    while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
  };
  const str = (): string => {
    const start = i;
    i++; // opening quote
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): JsonNode => {
    ws();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const members: { key: string; keyStart: number; value: JsonNode }[] = [];
      ws();
      while (text[i] !== '}') {
        const keyStart = i;
        const key = str();
        ws();
        i++; // colon
        members.push({ key, keyStart, value: value() });
        ws();
        if (text[i] === ',') { i++; ws(); }
      }
      i++;
      return { kind: 'object', start, end: i, members };
    }
    if (c === '[') {
      i++;
      const items: JsonNode[] = [];
      ws();
      while (text[i] !== ']') {
        items.push(value());
        ws();
        if (text[i] === ',') { i++; ws(); }
      }
      i++;
      return { kind: 'array', start, end: i, items };
    }
    if (c === '"') {
      str();
      return { kind: 'scalar', start, end: i };
    }
    while (i < text.length && !',]} \t\r\n'.includes(text[i]!)) i++;
    return { kind: 'scalar', start, end: i };
  };
  return value();
}

export interface JsonStyle {
  /** One level of indentation as the file uses it (two spaces when it shows none). */
  unit: string;
  eol: string;
}

export function detectStyle(text: string): JsonStyle {
  const m = /\n([ \t]+)\S/.exec(text);
  return { unit: m?.[1] ?? '  ', eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** Leading whitespace of the line `pos` is on. */
function lineIndent(text: string, pos: number): string {
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

const childStarts = (n: JsonNode): number[] =>
  n.kind === 'object' ? n.members.map((m) => m.keyStart) : n.kind === 'array' ? n.items.map((x) => x.start) : [];
const childEnds = (n: JsonNode): number[] =>
  n.kind === 'object' ? n.members.map((m) => m.value.end) : n.kind === 'array' ? n.items.map((x) => x.end) : [];

/** The text of a new child of `container`: `"key": value` or `value`, indented for its place. */
function childText(value: unknown, key: string | undefined, indent: string, style: JsonStyle, inline: boolean): string {
  const json = inline ? JSON.stringify(value) : JSON.stringify(value, null, style.unit).split('\n').join(style.eol + indent);
  return key === undefined ? json : `${JSON.stringify(key)}: ${json}`;
}

/** Appends a member (`key` given) or an array item (no key) at the end of `container`. */
export function appendChild(text: string, container: JsonNode, value: unknown, style: JsonStyle, key?: string): string {
  const starts = childStarts(container);
  const ends = childEnds(container);
  const base = lineIndent(text, container.start);
  if (!starts.length) {
    const indent = base + style.unit;
    const inner = style.eol + indent + childText(value, key, indent, style, false) + style.eol + base;
    return text.slice(0, container.start + 1) + inner + text.slice(container.end - 1);
  }
  const first = starts[0]!;
  const onOwnLines = text.slice(container.start, first).includes('\n');
  const indent = onOwnLines ? lineIndent(text, first) : '';
  const sep = onOwnLines ? ',' + style.eol + indent : ', ';
  const last = ends[ends.length - 1]!;
  return text.slice(0, last) + sep + childText(value, key, indent, style, !onOwnLines) + text.slice(last);
}

/** What stands between the brackets of an empty container (`{ }` keeps its space). */
export function emptyInner(text: string, container: JsonNode): string | undefined {
  return childStarts(container).length ? undefined : text.slice(container.start + 1, container.end - 1);
}

/**
 * Removes child `index` of `container`: with the separator before it (what appendChild
 * added), or, for the first of several, with the separator after it. The only child leaves
 * the container empty, with `inner` (what emptyInner said before the insertion) inside.
 */
export function removeChild(text: string, container: JsonNode, index: number, inner = ''): string {
  const starts = childStarts(container);
  const ends = childEnds(container);
  if (starts.length === 1) return text.slice(0, container.start + 1) + inner + text.slice(container.end - 1);
  if (index > 0) return text.slice(0, ends[index - 1]) + text.slice(ends[index]);
  return text.slice(0, starts[0]) + text.slice(starts[1]);
}

/** Replaces one value in place, indented like the line it starts on. */
export function replaceValue(text: string, node: JsonNode, value: unknown, style: JsonStyle): string {
  const indent = lineIndent(text, node.start);
  return text.slice(0, node.start) + childText(value, undefined, indent, style, false) + text.slice(node.end);
}

export function member(node: JsonNode | undefined, key: string): JsonNode | undefined {
  return node?.kind === 'object' ? node.members.find((m) => m.key === key)?.value : undefined;
}

/** Structural equality of parsed JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => jsonEqual(x, (b as unknown[])[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
