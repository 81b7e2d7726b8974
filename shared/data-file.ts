/**
 * The one way Consider reads a file of its own data under `.consider/` (issue 34): a repository
 * can commit that folder, so each of its files is input from whoever made the repository. A
 * committed symbolic link to `/dev/zero`, a FIFO or a 10 GB file must not hang or exhaust the
 * CLI or the extension host; a link to `~/.ssh/id_rsa` must not be read as a plan.
 *
 * - The file is opened without following a symbolic link (O_NOFOLLOW; where the platform has
 *   none, an lstat first) and without blocking (O_NONBLOCK: opening a FIFO returns at once);
 * - it must then be a regular file (fstat on the open descriptor, so nothing can be swapped in
 *   between the check and the read);
 * - it is read up to `maxBytes` and no further: a larger one is refused, whatever its stat says.
 * Refusals are ConsiderError('unreadable') naming the file and what is wrong, in one line; a
 * folder in a file's place is the I/O error it always was ('io', EISDIR: move it away).
 */
import fs from 'node:fs';
import { ConsiderError, describeFsError } from './errors';
import { l10n, type Words } from './words';

const NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const NON_BLOCK = fs.constants.O_NONBLOCK ?? 0;
const OPEN_FLAGS = fs.constants.O_RDONLY | NO_FOLLOW | NON_BLOCK;

const KIB = 1024;
export const MIB = 1024 * KIB;

/** A small record: plan.json, a heartbeat, the hooks' state, a setup token. */
export const SMALL_RECORD_MAX_BYTES = 4 * MIB;
/**
 * The store, its archive, its index, a baseline manifest: far above what 100,000 threads or
 * files take (a 5,000-thread store is ~5 MB), far below what would take the machine's memory.
 */
export const STORE_MAX_BYTES = 512 * MIB;

export interface DataFileOptions {
  /** The most bytes the file may hold. */
  maxBytes: number;
  /** How the message names the file (default: its path). */
  what?: string;
}

function megabytes(n: number): string {
  return n >= MIB ? `${(n / MIB).toFixed(n % MIB === 0 ? 0 : 1)} MiB` : `${Math.ceil(n / KIB)} KiB`;
}

/**
 * A data file Consider will not read. `message` is a whole sentence ("{0} is a symbolic link;
 * Consider does not read it"), not a subject plus a predicate: a translation must be free to
 * reorder the whole of it.
 */
function refused(message: Words, hint: Words = l10n.t('delete it (Consider writes it again when it needs it); a repository may have shipped it')): ConsiderError {
  return new ConsiderError('unreadable', message, hint);
}

/**
 * Opens `file` for reading as data: a descriptor of a regular file, or undefined when there is
 * nothing there. The caller closes it.
 */
export function openDataFile(file: string, what = file): number | undefined {
  if (!NO_FOLLOW) {
    // No O_NOFOLLOW (Windows): the lstat leaves a window, but a link there needs privileges.
    const st = fs.lstatSync(file, { throwIfNoEntry: false });
    if (!st) return undefined;
    if (st.isSymbolicLink()) throw refused(l10n.t('{0} is a symbolic link; Consider does not read it', what));
  }
  let fd: number;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    // O_NOFOLLOW on a link: ELOOP (Linux, macOS), EMLINK (FreeBSD).
    if (code === 'ELOOP' || code === 'EMLINK') throw refused(l10n.t('{0} is a symbolic link; Consider does not read it', what));
    throw describeFsError(e, { path: file, action: 'read' }) ?? e;
  }
  try {
    const st = fs.fstatSync(fd);
    if (st.isDirectory()) throw describeFsError(Object.assign(new Error('EISDIR'), { code: 'EISDIR', syscall: 'read', path: file }))!;
    if (!st.isFile()) throw refused(l10n.t('{0} is not a regular file (a device, a FIFO or a socket); Consider does not read it', what));
    return fd;
  } catch (e) {
    fs.closeSync(fd);
    throw e;
  }
}

/** Reads from an open descriptor, refusing more than `maxBytes` (checked as it reads, not only by stat). */
export function readOpenDataFile(fd: number, opts: DataFileOptions & { what: string }): Buffer {
  const size = fs.fstatSync(fd).size;
  if (size > opts.maxBytes) throw refused(l10n.t('{0} is {1}, more than the {2} Consider reads; Consider does not read it', opts.what, megabytes(size), megabytes(opts.maxBytes)));
  // One byte more than allowed tells a file that grew past the cap while we read it.
  const buf = Buffer.allocUnsafe(Math.min(size, opts.maxBytes) + 1);
  let got = 0;
  for (;;) {
    if (got === buf.length) throw refused(l10n.t('{0} grew past the {1} Consider reads; Consider does not read it', opts.what, megabytes(opts.maxBytes)));
    const n = fs.readSync(fd, buf, got, buf.length - got, null);
    if (n === 0) break;
    got += n;
  }
  return buf.subarray(0, got);
}

/**
 * The bytes of a data file under `.consider/`, or undefined when it does not exist. Throws
 * ConsiderError('unreadable') for a link, a non-regular file or one over `maxBytes`, and the
 * described I/O error for anything else.
 */
export function readDataFile(file: string, opts: DataFileOptions): Buffer | undefined {
  const what = opts.what ?? file;
  const fd = openDataFile(file, what);
  if (fd === undefined) return undefined;
  try {
    return readOpenDataFile(fd, { ...opts, what });
  } catch (e) {
    throw describeFsError(e, { path: file, action: 'read' }) ?? e;
  } finally {
    fs.closeSync(fd);
  }
}

/** `readDataFile` as UTF-8 text (invalid bytes replaced). */
export function readDataText(file: string, opts: DataFileOptions): string | undefined {
  return readDataFile(file, opts)?.toString('utf8');
}

/** A small JSON object from a data file; undefined when missing, refused, unreadable or not an object. Never throws. */
export function readDataJson<T extends object>(file: string, maxBytes = SMALL_RECORD_MAX_BYTES): T | undefined {
  try {
    const text = readDataText(file, { maxBytes });
    if (text === undefined) return undefined;
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}
