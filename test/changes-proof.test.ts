/**
 * Proof of fix per thread (shared/changes/proof.ts): a thread remembers the code it was written
 * on; its code has changed or not; an addressed thread whose code did not change is flagged, in
 * the thread widget's title too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addressedButUnchanged, codeSinceWritten } from '../shared/changes/proof';
import { addThread, replyToThread } from '../shared/store/threads';
import { reconcileWorkspace } from '../shared/store/reconcile/pass';
import { readStore } from '../shared/store/store-io';
import { threadContextValue, threadLabel, threadLook } from '../extension/comments/thread-view';
import type { Comment } from '../shared/model';

const roots: string[] = [];
afterEach(() => { for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true }); });

const SOURCE = ['function clamp(v, lo, hi) {', '  return Math.min(hi, Math.max(lo, v));', '}', '', 'export { clamp };', ''].join('\n');

async function threadOnReturn(): Promise<{ root: string; get: () => Comment }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-proof-'));
  roots.push(root);
  fs.writeFileSync(path.join(root, 'clamp.js'), SOURCE);
  const c = await addThread(root, { file: 'clamp.js', startLine: 2, endLine: 2, body: 'What if lo > hi?', author: 'human' });
  return { root, get: () => readStore(root).store.comments.find((x) => x.id === c.id)! };
}

describe('proof of fix', () => {
  it('a new thread keeps the code it was written on', async () => {
    const { get } = await threadOnReturn();
    expect(get().origin).toEqual({ startLine: 2, endLine: 2, text: '  return Math.min(hi, Math.max(lo, v));', snapshot: expect.stringMatching(/^mm3-/) });
    expect(codeSinceWritten(get())).toBe('unchanged');
  });

  it('code that only moved is unchanged; edited code is changed, and so is code gone stale', async () => {
    const { root, get } = await threadOnReturn();
    fs.writeFileSync(path.join(root, 'clamp.js'), `// a header\n${SOURCE}`);
    await reconcileWorkspace(root);
    expect(get().anchor.startLine).toBe(3);
    expect(codeSinceWritten(get())).toBe('unchanged');
    fs.writeFileSync(path.join(root, 'clamp.js'), `// a header\n${SOURCE.replace('Math.max(lo, v)', 'Math.max(lo, Math.min(v, hi))')}`);
    await reconcileWorkspace(root);
    expect(codeSinceWritten(get())).toBe('changed');
    expect(codeSinceWritten({ ...get(), anchorState: 'stale' })).toBe('changed');
    expect(codeSinceWritten({ ...get(), origin: undefined })).toBe('unknown');
  });

  it('"addressed, but its code did not change": flagged while awaiting the check, in the widget title too', async () => {
    const { root, get } = await threadOnReturn();
    await replyToThread(root, get().id, { body: 'Fixed.', author: 'agent', disposition: 'addressed' });
    expect(addressedButUnchanged(get())).toBe(true);
    expect(threadLabel(threadLook(get()))).toBe('Open · Agent: addressed, but its code did not change');
    expect(threadContextValue(threadLook(get()))).toContain('addressedUnchanged');
    // The agent really changes the code: no flag, and Show Changes is offered.
    fs.writeFileSync(path.join(root, 'clamp.js'), SOURCE.replace('Math.max(lo, v)', 'Math.max(Math.min(lo, hi), v)'));
    await reconcileWorkspace(root);
    expect(addressedButUnchanged(get())).toBe(false);
    expect(threadLabel(threadLook(get()))).toBe('Open · Stale · Agent: addressed — check it'); // its one line was edited
    expect(threadContextValue(threadLook(get()))).toContain('codeChanged');
    // Once the human answered, nothing awaits a check.
    fs.writeFileSync(path.join(root, 'clamp.js'), SOURCE);
    await reconcileWorkspace(root);
    await replyToThread(root, get().id, { body: 'It did not change.', author: 'human' });
    expect(addressedButUnchanged(get())).toBe(false);
  });
});
