/**
 * Errors that cross a process boundary. Each kind has a documented CLI exit code
 * (DESIGN.md §5) so an agent knows whether to retry, re-list, or ask the human.
 */
export type ErrorCode = 'usage' | 'not_found' | 'busy' | 'unreadable' | 'io' | 'timeout';

export const EXIT_CODES: Readonly<Record<ErrorCode, number>> = {
  usage: 1, // bad command, flag or argument: fix the call
  not_found: 2, // no such thread / file: re-list
  busy: 3, // store locked by another writer: retry shortly
  unreadable: 4, // store corrupt or written by a newer version: ask the human
  io: 5, // any other I/O failure
  timeout: 6, // `wait` saw nothing new in time: wait again or carry on
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
