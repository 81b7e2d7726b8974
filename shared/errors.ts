/**
 * Errors that cross a process boundary. Each kind has a documented CLI exit code
 * (DESIGN.md §5) so an agent knows whether to retry, re-list, or ask the human.
 */
export type ErrorCode = 'usage' | 'not_found' | 'busy' | 'unreadable' | 'io' | 'timeout' | 'auth';

export const EXIT_CODES: Readonly<Record<ErrorCode, number>> = {
  usage: 1, // bad command, flag or argument: fix the call
  not_found: 2, // no such thread / file: re-list
  busy: 3, // store locked by another writer: retry shortly
  unreadable: 4, // store corrupt or written by a newer version: ask the human
  io: 5, // any other I/O failure
  timeout: 6, // `wait` saw nothing new in time: wait again or carry on
  auth: 9, // `pr`: no token, or GitHub refused it (expired, revoked, no access): sign in again (docs/pull-requests.md)
};

export class ConsiderError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** What to do about it, one short sentence. */
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'ConsiderError';
  }
  get exitCode(): number {
    return EXIT_CODES[this.code];
  }
}

export function isConsiderError(e: unknown): e is ConsiderError {
  return e instanceof ConsiderError;
}

/** What an errno means to a user, and what to do about it. */
const FS_CAUSES: Readonly<Record<string, readonly [cause: string, hint: string]>> = {
  ENOSPC: ['no space left on the device', 'free some disk space, then retry'],
  EDQUOT: ['the disk quota is used up', 'free some space within your quota, then retry'],
  EACCES: ['permission denied', 'check the owner and mode of the file and of its folder'],
  EPERM: ['operation not permitted', 'check the file\'s permissions and attributes (e.g. chattr +i) and its folder\'s'],
  EROFS: ['the file system is read-only', 'remount it writable, or work in a writable copy'],
  EIO: ['an input/output error (the disk or the network file system failed)', 'check the disk or the network share, then retry'],
  EISDIR: ['it is a folder, not a file', 'move the folder away'],
  ENOTDIR: ['a part of the path is a file, not a folder', 'move that file away'],
  EMFILE: ['too many open files in this process', 'retry; raise the open file limit if it persists'],
  ENFILE: ['too many open files on the system', 'close some programs, then retry'],
  ENAMETOOLONG: ['the path is too long', 'work in a folder with a shorter path'],
  ELOOP: ['too many levels of symbolic links', 'check the symbolic links on the path'],
  EBUSY: ['the file is in use by another program', 'retry in a moment'],
  ETXTBSY: ['the file is in use by another program', 'retry in a moment'],
  ENOENT: ['it does not exist (removed while in use?)', 'retry'],
  EEXIST: ['something else is in the way', 'move it away'],
  ESTALE: ['the network file handle went stale', 'retry'],
};

/** Node's syscalls that only read; `open` may be either (told as "open"); the rest are told as writes. */
/** Errors an `open` only gets when it opens to write. */
const OPEN_FOR_WRITING = new Set(['EROFS', 'ENOSPC', 'EDQUOT', 'EEXIST']);
const READ_SYSCALLS = new Set(['read', 'stat', 'lstat', 'fstat', 'scandir', 'readlink', 'realpath', 'access']);

/**
 * A failed file operation (a Node error with an errno code) as a one-line ConsiderError('io')
 * naming the cause and the file: "cannot write /w/.consider/store.json: no space left on the
 * device (ENOSPC)". `where` names the file when the error does not (fd-based calls).
 * undefined when `e` is not such an error (then it may be a bug, and is reported as one).
 */
export function describeFsError(e: unknown, where?: { path?: string; action?: 'read' | 'write' | 'open' }): ConsiderError | undefined {
  if (e instanceof ConsiderError) return e;
  const err = e as NodeJS.ErrnoException | null;
  if (!err || typeof err !== 'object' || typeof err.code !== 'string' || !/^E[A-Z0-9]+$/.test(err.code)) return undefined;
  const file = err.path ?? where?.path;
  const action = where?.action ?? (err.syscall === 'open' ? (OPEN_FOR_WRITING.has(err.code) ? 'write' : 'open')
    : err.syscall && READ_SYSCALLS.has(err.syscall) ? 'read' : 'write');
  const known = FS_CAUSES[err.code];
  const cause = known?.[0] ?? (err.message.replace(/^E[A-Z0-9]+: /, '').replace(/, \w+( '.*)?$/, '') || 'failed');
  const mkdirInTheWay = err.code === 'EEXIST' && err.syscall === 'mkdir';
  return new ConsiderError('io', `cannot ${action} ${file ?? 'a file'}: ${mkdirInTheWay ? 'a file is in the way of this folder' : cause} (${err.code})`, known?.[1]);
}
