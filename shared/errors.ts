/**
 * Errors that cross a process boundary. Each kind has a documented CLI exit code
 * (DESIGN.md §5) so an agent knows whether to retry, re-list, or ask the human.
 */
import { english, isWords, l10n, type Words } from './words';

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
  /** What to do about it, one short sentence (English). */
  readonly hint?: string;
  /**
   * The message and hint as words (shared/words.ts), each when the place that raised the error
   * wrote it through `l10n.t`: the extension says them in VS Code's language
   * (extension/error-words.ts). `message` and `hint` are always their English.
   */
  readonly words?: { readonly message?: Words; readonly hint?: Words };

  constructor(readonly code: ErrorCode, message: string | Words, hint?: string | Words) {
    super(english(message));
    this.name = 'ConsiderError';
    if (hint !== undefined) this.hint = english(hint);
    if (isWords(message) || isWords(hint)) this.words = { ...(isWords(message) ? { message } : {}), ...(isWords(hint) ? { hint } : {}) };
  }
  get exitCode(): number {
    return EXIT_CODES[this.code];
  }
}

export function isConsiderError(e: unknown): e is ConsiderError {
  return e instanceof ConsiderError;
}

/** What an errno means to a user, and what to do about it. */
const FS_CAUSES: Readonly<Record<string, readonly [cause: Words, hint: Words]>> = {
  ENOSPC: [l10n.t('no space left on the device'), l10n.t('free some disk space, then retry')],
  EDQUOT: [l10n.t('the disk quota is used up'), l10n.t('free some space within your quota, then retry')],
  EACCES: [l10n.t('permission denied'), l10n.t('check the owner and mode of the file and of its folder')],
  EPERM: [l10n.t('operation not permitted'), l10n.t('check the file\'s permissions and attributes (e.g. chattr +i) and its folder\'s')],
  EROFS: [l10n.t('the file system is read-only'), l10n.t('remount it writable, or work in a writable copy')],
  EIO: [l10n.t('an input/output error (the disk or the network file system failed)'), l10n.t('check the disk or the network share, then retry')],
  EISDIR: [l10n.t('it is a folder, not a file'), l10n.t('move the folder away')],
  ENOTDIR: [l10n.t('a part of the path is a file, not a folder'), l10n.t('move that file away')],
  EMFILE: [l10n.t('too many open files in this process'), l10n.t('retry; raise the open file limit if it persists')],
  ENFILE: [l10n.t('too many open files on the system'), l10n.t('close some programs, then retry')],
  ENAMETOOLONG: [l10n.t('the path is too long'), l10n.t('work in a folder with a shorter path')],
  ELOOP: [l10n.t('too many levels of symbolic links'), l10n.t('check the symbolic links on the path')],
  EBUSY: [l10n.t('the file is in use by another program'), l10n.t('retry in a moment')],
  ETXTBSY: [l10n.t('the file is in use by another program'), l10n.t('retry in a moment')],
  ENOENT: [l10n.t('it does not exist (removed while in use?)'), l10n.t('retry')],
  EEXIST: [l10n.t('something else is in the way'), l10n.t('move it away')],
  ESTALE: [l10n.t('the network file handle went stale'), l10n.t('retry')],
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
  // An errno Consider has no words for is told in Node's own (English) words.
  const mkdirInTheWay = err.code === 'EEXIST' && err.syscall === 'mkdir';
  const cause = mkdirInTheWay ? l10n.t('a file is in the way of this folder')
    : known?.[0] ?? (err.message.replace(/^E[A-Z0-9]+: /, '').replace(/, \w+( '.*)?$/, '') || l10n.t('failed'));
  const place = file ?? l10n.t('a file');
  // One sentence per action, not "cannot {verb}": a translation may need to bend around the verb.
  const message = action === 'read' ? l10n.t('cannot read {0}: {1} ({2})', place, cause, err.code)
    : action === 'open' ? l10n.t('cannot open {0}: {1} ({2})', place, cause, err.code)
      : l10n.t('cannot write {0}: {1} ({2})', place, cause, err.code);
  return new ConsiderError('io', message, known?.[1]);
}
