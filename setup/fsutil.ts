/** Small file helpers for setup: atomic writes and change detection. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic as writeFileAtomically } from '../shared/store/atomic-write';
import { isWithin } from '../shared/paths';

export function sha256(text: string | Buffer): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

export function readIfExists(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    // Node's own message names no file ("EISDIR: illegal operation on a directory, read").
    if ((e as NodeJS.ErrnoException).code === 'EISDIR') throw Object.assign(new Error(`${file} is a folder where a file belongs; move it away and run this again`), { code: 'EISDIR', path: file });
    throw e;
  }
}

/**
 * A file's text for a description (status, the wizards, what setup reports it left): undefined
 * when there is none or it cannot be read (a folder in its place, no permission). A description
 * never fails on what it cannot read; the install or removal of that file refuses it in one line.
 */
export function readForDescription(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The store module's atomic write (temp file, fsync, rename: a reader — an agent running the
 * deployed CLI right now — sees the old file or the new one, never half of one), into a folder
 * made first if need be: 0755 whatever the umask (under `umask 000` a folder setup makes for an
 * agent's settings or the user's copy of the CLI must not be one anyone can write to).
 */
export function writeFileAtomic(file: string, content: string | Buffer, mode?: number): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
  writeFileAtomically(file, content, mode === undefined ? {} : { mode });
}

/** Writes only when the bytes differ; says which happened. */
export function syncFile(file: string, content: string | Buffer, mode?: number): 'created' | 'updated' | 'unchanged' {
  const before = readIfExists(file);
  const next = typeof content === 'string' ? Buffer.from(content) : content;
  if (before && before.equals(next)) {
    if (mode !== undefined && (fs.statSync(file).mode & 0o777) !== mode) {
      fs.chmodSync(file, mode);
      return 'updated';
    }
    return 'unchanged';
  }
  writeFileAtomic(file, next, mode);
  return before ? 'updated' : 'created';
}

export function isDirectory(p: string): boolean {
  try {
    return fs.lstatSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Folders on the way to `dir` that do not exist yet, deepest first: what a write there
 * creates, so that removal can take them away again and leave the tree as it was.
 */
export function missingDirs(dir: string): string[] {
  const out: string[] = [];
  for (let d = dir; d !== path.dirname(d) && !fs.existsSync(d); d = path.dirname(d)) out.push(d);
  return out;
}

/** Removes the folders (deepest first) while they are empty; stops at the first that is not. */
export function removeEmptyDirs(dirs: readonly unknown[]): void {
  for (const d of dirs) {
    try {
      if (typeof d === 'string') fs.rmdirSync(d); // fails unless empty: exactly what we want
    } catch {
      return;
    }
  }
}

/** `dirs` recorded next to `oldFile`, moved to sit next to `newFile` (a moved workspace). */
export function rebaseDirs(dirs: string[] | undefined, oldFile: string, newFile: string): string[] | undefined {
  const common = commonTail(oldFile, newFile);
  const oldRoot = oldFile.slice(0, oldFile.length - common.length);
  const newRoot = newFile.slice(0, newFile.length - common.length);
  return dirs?.filter((d) => d !== oldRoot && isWithin(oldRoot, d)).map((d) => path.join(newRoot, path.relative(oldRoot, d)));
}

/** The longest common ending of two paths, whole segments only. */
function commonTail(a: string, b: string): string {
  const x = a.split(path.sep);
  const y = b.split(path.sep);
  let n = 0;
  while (n < x.length && n < y.length && x[x.length - 1 - n] === y[y.length - 1 - n]) n++;
  return path.sep + x.slice(x.length - n).join(path.sep);
}
