/**
 * The CLI's output, written to file descriptors 1 and 2 with fs.writeSync rather than through
 * process.stdout and process.stderr. Why: the first touch of process.stdout builds a stream for
 * it, and for a pipe (how an agent reads the CLI) that loads Node's net and stream modules,
 * ~6 ms of every call (bench/cli-bench.mjs). Writes are synchronous either way for files and
 * pipes on POSIX; here a full non-blocking pipe is waited on, and a reader that went away
 * (`consider-cli list | head -1`) ends the process quietly with the exit code it had.
 *
 * On Windows the streams are kept: there a console needs their UTF-8 handling.
 */
import fs from 'node:fs';
import { describeFsError } from '../shared';

const direct = process.platform !== 'win32';

/** Windows only: whether process.stdout already ends the process quietly on EPIPE. */
let quietOnEpipe = false;

export function writeStdout(text: string | Uint8Array): void {
  if (direct) return writeAll(1, text);
  if (!quietOnEpipe) {
    quietOnEpipe = true;
    process.stdout.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    });
  }
  process.stdout.write(text);
}

export function writeStderr(text: string): void {
  if (direct) writeAll(2, text);
  else process.stderr.write(text);
}

let stdoutBroken = false;

/** Whether writing to stdout failed in this process (not a reader that went away: that ends it quietly). */
export function stdoutFailed(): boolean {
  return stdoutBroken;
}

function writeAll(fd: number, text: string | Uint8Array): void {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  for (let at = 0; at < bytes.length; ) {
    try {
      at += fs.writeSync(fd, bytes, at, bytes.length - at);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        pause(1); // a non-blocking pipe is full: wait for its reader
      } else if (code === 'EPIPE') {
        process.exit(process.exitCode ?? 0); // the reader went away: not an error worth a trace
      } else {
        // /dev/full, a closed terminal, a full disk under a redirect: say so, as every I/O error.
        if (fd === 1) stdoutBroken = true;
        throw describeFsError(e, { path: fd === 1 ? 'the output (stdout)' : 'the error output (stderr)', action: 'write' }) ?? e;
      }
    }
  }
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
