/**
 * The CLI's one wait loop (cli/wait-loop.ts), which `wait` and the plan gate share: it looks at
 * once when a file it cares about changes, on its re-check otherwise, every second where the
 * folder cannot be watched (never an error: `wait` used to fail there while the plan gate went
 * on), and ends at the deadline or with what its look throws.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { POLL_MS, waitLoop, type WaitLoop } from '../cli/wait-loop';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-wait-'));
  roots.push(dir);
  return dir;
}

/** A loop that waits for `answer.json` in `dir` and says what it found. */
function forAnswer(dir: string, over: Partial<WaitLoop<string>> = {}): Promise<string> {
  return waitLoop<string>({
    dir,
    wanted: (name) => name === null || name === 'answer.json',
    look: () => (fs.existsSync(path.join(dir, 'answer.json')) ? fs.readFileSync(path.join(dir, 'answer.json'), 'utf8') : undefined),
    recheckMs: 60_000,
    timeoutMs: 20_000,
    onTimeout: () => 'timeout',
    orphaned: () => 'orphaned',
    ...over,
  });
}

describe('the wait loop', () => {
  it('answers within moments of the file it waits for, not at its next re-check', async () => {
    const dir = folder();
    const started = Date.now();
    const waiting = forAnswer(dir);
    setTimeout(() => fs.writeFileSync(path.join(dir, 'answer.json'), 'yes'), 100);
    expect(await waiting).toBe('yes');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('where the folder cannot be watched, looks every second instead of failing', async () => {
    const parent = folder();
    const dir = path.join(parent, 'not-there-yet'); // fs.watch throws: nothing to watch
    const started = Date.now();
    const waiting = forAnswer(dir);
    setTimeout(() => {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'answer.json'), 'found by looking');
    }, 200);
    expect(await waiting).toBe('found by looking');
    expect(Date.now() - started).toBeLessThan(POLL_MS * 3);
  });

  it('ends at the deadline with its timeout answer, and with the error its look throws', async () => {
    const dir = folder();
    expect(await forAnswer(dir, { timeoutMs: 300 })).toBe('timeout');
    await expect(forAnswer(dir, { look: () => { throw new Error('the store is unreadable'); } })).rejects.toThrow('the store is unreadable');
  });
});
