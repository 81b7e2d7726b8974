/**
 * The store's speed layer, beside the transaction (store-io.ts) and never part of its
 * correctness: what this process last parsed, the text of files it wrote, and the known-good
 * marker `.consider/store.json.validated` with the list index written beside it. Every piece
 * is keyed by the file's identity, so a store.json changed by anyone else is simply read,
 * validated and marked afresh; a marker or index that cannot be written only costs the next
 * read a validation.
 */
import fs from 'node:fs';
import { readDataText } from '../data-file';
import type { StoreFile } from '../model';
import { considerPaths } from '../paths';
import { recreateFile } from './atomic-write';
import { writeListIndex } from './list-index';
import { commentSpans, parseStoreText, serializeStore } from './store-text';

/** A file's identity: any write to it, in place or by rename, changes it. */
export function identityOf(stat: fs.Stats): string {
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
}

/**
 * The last store this process parsed, keyed by the file's identity. Every write replaces
 * the file by rename (a new inode), so an equal key means the same bytes.
 */
let lastParsed: { key: string; store: StoreFile } | undefined;

/** The identity of the store.json this process parsed last (see parsedEarlier). */
export function lastParsedKey(): string | undefined {
  return lastParsed?.key;
}

/** The store this process parsed from the file with identity `key`, when that is the last one it parsed. */
export function parsedEarlier(key: string): StoreFile | undefined {
  return lastParsed?.key === key ? lastParsed.store : undefined;
}

/** store.json was replaced by something this process did not parse or write (a restored backup). */
export function forgetParsed(): void {
  lastParsed = undefined;
}

/** The text of store files the store module wrote, by the store object written as or parsed from it. */
const writtenText = new WeakMap<StoreFile, string>();

/**
 * Each comment's JSON text (what JSON.stringify gives for it), in store order, cut from the
 * store file it was read from, when that file is one serializeStore wrote (one comment a
 * line): a 10,000-thread `list --json` then prints without serialising ~8 MB again.
 * undefined when the text is not known to be ours (a hand edit, another tool, a migration).
 * Only for callers that have not changed `store` since it was read (see ReadOptions in store-io.ts).
 */
export function commentTexts(store: StoreFile): string[] | undefined {
  const text = writtenText.get(store);
  const spans = text === undefined ? undefined : commentSpans(text, store.comments.length);
  return spans && Array.from(spans.starts, (start, i) => text!.slice(start, spans.ends[i]));
}

/**
 * A store text known to have passed validation (see markValidated): parsed without the
 * per-thread checks. undefined when it does not even have the store's shape.
 */
function parseValidatedText(text: string): StoreFile | undefined {
  try {
    const data = JSON.parse(text) as Partial<StoreFile> | null;
    return data && typeof data.version === 'number' && Array.isArray(data.comments) ? (data as StoreFile) : undefined;
  } catch {
    return undefined;
  }
}
/**
 * `.consider/store.json.validated` names the one store.json (by identity: device, inode,
 * size, mtime, ctime) known to pass validation, because the store module wrote it or validated
 * it. A read of that very file skips the per-thread validation, which on a 10,000-thread
 * store costs as much as parsing it. Any other change to store.json (a hand edit, another
 * tool) changes its identity, so it is validated in full. The marker also says which of the
 * two (`<identity> written|validated`): only a file the store module wrote, or one byte for byte
 * as it would write it (knownFromNowOn), is known to hold one comment a line (commentTexts,
 * the list index). A file that needed migrating is never marked: parsed
 * without validation it would come back unmigrated. Best effort: a marker that cannot be
 * written only costs the next read a validation.
 */
function markValidated(marker: string, key: string, how: 'written' | 'validated'): void {
  try {
    recreateFile(marker, `${key} ${how}`);
  } catch {
    /* read-only folder: validate every time */
  }
}

/**
 * A store.json just validated in full is marked so the next reads skip that. When its text is
 * byte for byte what serializeStore makes of it (another process of the store module wrote it with
 * no marker left, or a tool that writes the same way), it counts as written by the store module:
 * one comment a line, so `list` may cut comments from it (commentTexts, the list index).
 * Checking costs one serialisation, once per such file.
 */
function knownFromNowOn(paths: MarkerPaths, key: string, store: StoreFile, text: string): void {
  if (serializeStore(store) === text) markWritten(paths, key, store, text);
  else markValidated(paths.validated, key, 'validated');
}

type MarkerPaths = { readonly validated: string; readonly listIndex: string };

/** `text` is the store.json with identity `key`, as serializeStore wrote `store`: marked so, with its list index. */
function markWritten(paths: MarkerPaths, key: string, store: StoreFile, text: string): void {
  writtenText.set(store, text);
  markValidated(paths.validated, key, 'written');
  writeListIndex(paths.listIndex, key, store);
}

/** How the file with this identity is known good: the store module wrote it, or validated it as it is; undefined if not known. */
function knownGood(marker: string, key: string): 'written' | 'validated' | undefined {
  let text: string | undefined;
  try {
    text = readDataText(marker, { maxBytes: 4096 });
  } catch {
    return undefined;
  }
  if (text === undefined) return undefined;
  const how = text.slice(key.length + 1);
  return text.startsWith(key) && text[key.length] === ' ' && (how === 'written' || how === 'validated') ? how : undefined;
}

/**
 * The store in `text` (the store.json with identity `key`), parsed without the per-thread
 * checks, when the marker says that file is known good; undefined otherwise (validate it).
 */
function parseIfKnownGood(marker: string, key: string, text: string): { store: StoreFile; how: 'written' | 'validated' } | undefined {
  const how = knownGood(marker, key);
  const store = how ? parseValidatedText(text) : undefined;
  return how && store ? { store, how } : undefined;
}

/**
 * The store in `text` (the store.json with identity `key`) as a read gets it: without the
 * per-thread checks when the marker says that file is known good, otherwise parsed and
 * validated in full, and marked so the next reads skip that. Remembered as the last parsed.
 */
export function parseForRead(paths: MarkerPaths, key: string, text: string): StoreFile {
  let store: StoreFile;
  const known = parseIfKnownGood(paths.validated, key, text);
  if (known) {
    store = known.store;
    if (known.how === 'written') writtenText.set(store, text);
  } else {
    const report = { migrated: false };
    store = parseStoreText(text, undefined, report);
    // A migrated store is not what the file says: the next read must migrate it again.
    if (!report.migrated) knownFromNowOn(paths, key, store, text);
  }
  lastParsed = { key, store };
  return store;
}

/**
 * The store in `text` as a change starts from it: a file known good is parsed without the
 * per-thread checks (the changed store is validated in full before it is written anyway).
 */
export function parseForChange(paths: MarkerPaths, key: string, text: string): StoreFile {
  return parseIfKnownGood(paths.validated, key, text)?.store ?? parseStoreText(text);
}

/**
 * After a write: what this process wrote is what a next read would parse (no second parse
 * here), and it was validated before it was written (no validation in the next process).
 */
export function rememberWritten(root: string, store: StoreFile, text: string): void {
  const paths = considerPaths(root);
  try {
    const key = identityOf(fs.statSync(paths.store));
    lastParsed = { key, store };
    markWritten(paths, key, store, text);
  } catch {
    lastParsed = undefined;
  }
}
