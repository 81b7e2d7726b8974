/** Time helpers for tests of the racy window (files changed within 2 s of a check are hashed, not trusted by stat). */
import fs from 'node:fs';
import { vi } from 'vitest';

/** Runs `fn` with Date (only) set to `ms`, so racy-window tests do not depend on how fast the machine is. */
export async function atClock<T>(ms: number, fn: () => T | Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

/** The newer of a file's mtime and ctime: when it last changed, as the racy-window test sees it. */
export function fileTimesOf(abs: string): number {
  const st = fs.statSync(abs);
  return Math.max(st.mtimeMs, st.ctimeMs);
}
