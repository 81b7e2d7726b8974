/**
 * The store's text form (`.consider/store.json`): one thread a line, parsed and validated on
 * the way in, serialised on the way out, and where each thread's line sits in such a text.
 */
import { ConsiderError } from '../errors';
import { STORE_VERSION } from '../model';
import type { StoreFile } from '../model';
import { ValidationError, validateStore } from './validate';
import { l10n } from '../words';

/**
 * JSON.parse's message without the excerpt V8 quotes (`Unexpected token 'S', "{"body": S…" is
 * not valid JSON`): that excerpt is the store's text — comment bodies, code — and this message is
 * logged and shown. The position, when V8 gives one, stays.
 */
function jsonErrorWithoutText(e: Error): string {
  return e.message.replace(/, ".*"(?:\.\.\.)? is not valid JSON$/s, '');
}

/** Parses and validates store text; ConsiderError('unreadable') naming the file and field. */
export function parseStoreText(text: string, label = '.consider/store.json', report?: { migrated: boolean }): StoreFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ConsiderError('unreadable', l10n.t('{0} is not valid JSON ({1})', label, jsonErrorWithoutText(e as Error)),
      l10n.t('restore the last good copy from .consider/store.json.bak, or fix the file by hand'));
  }
  try {
    return validateStore(data, report);
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    const version = (data as { version?: unknown } | null)?.version;
    const newer = typeof version === 'number' && version > STORE_VERSION;
    // The field and what is wrong with it stay as the validator says them (English, naming JSON fields).
    throw new ConsiderError('unreadable', `${label}: ${e.message}`,
      newer ? l10n.t('the store was written by a newer Consider (format version {0}); update Consider', version)
        : l10n.t('restore the last good copy from .consider/store.json.bak, or fix the field by hand'));
  }
}

/**
 * Serialised form of the store: one thread a line. Still easy to read, grep and hand-edit
 * (spec §11 phase 1), and about a third smaller and faster to parse than indented JSON,
 * which matters because every CLI call parses the whole file (10,000 threads ≈ 10 MB).
 */
export function serializeStore(store: StoreFile): string {
  const fields = Object.keys(store).map((key) => {
    if (key !== 'comments') return `${JSON.stringify(key)}:${JSON.stringify(store[key])}`;
    const lines = store.comments.map((c) => JSON.stringify(c));
    return lines.length ? `"comments":[\n${lines.join(',\n')}\n]` : '"comments":[]';
  });
  return `{${fields.join(',\n')}}\n`;
}

/**
 * Where each comment's JSON starts and ends (starts[i]..ends[i]) in a store file serializeStore
 * wrote: between `"comments":[\n` and `\n]`, one comment a line, each but the last ending in a
 * comma. Offsets into `source` (a string: UTF-16 indexes; a Buffer: bytes). undefined when
 * `source` does not have that shape or holds another number of comments.
 */
export function commentSpans(source: string | Buffer, count: number): { starts: Uint32Array; ends: Uint32Array } | undefined {
  if (source.length >= 2 ** 32) return undefined;
  const find = (s: string, from: number): number => (typeof source === 'string' ? source.indexOf(s, from) : source.indexOf(s, from));
  const codeAt = (i: number): number | undefined => (typeof source === 'string' ? source.charCodeAt(i) : source[i]);
  const starts = new Uint32Array(count);
  const ends = new Uint32Array(count);
  let at = find(COMMENTS_HEAD, 0);
  if (at < 0) return count === 0 ? { starts, ends } : undefined;
  at += COMMENTS_HEAD.length;
  for (let i = 0; ; i++) {
    const end = find('\n', at);
    if (end < 0 || i === count) return undefined;
    const last = codeAt(end - 1) !== 44; // no ',' before the newline: the final comment
    starts[i] = at;
    ends[i] = last ? end : end - 1;
    if (last) return i === count - 1 && codeAt(end + 1) === 93 ? { starts, ends } : undefined; // then `]`
    at = end + 1;
  }
}
const COMMENTS_HEAD = '"comments":[\n';
