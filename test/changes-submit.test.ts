/**
 * Submit Review records the round's baseline; Mark All Reviewed records a mark; a capture that
 * fails never costs the review.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { captureChoices, captureMark, changesSince, defaultBaseline, submitReviewWithBaseline } from '../shared/changes';
import { baselinesDir } from '../shared/changes/baselines';
import { addThread } from '../shared/store/threads';
import { readStore } from '../shared/store/store-io';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) {
    fs.chmodSync(r, 0o755);
    fs.rmSync(r, { recursive: true, force: true });
  }
});

function workspace(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-submit-'));
  roots.push(root);
  fs.writeFileSync(path.join(root, 'a.ts'), 'one\ntwo\n');
  return root;
}

describe('baselines of rounds and marks', () => {
  it('Submit Review captures the workspace and names the capture in the round', async () => {
    const root = workspace();
    await addThread(root, { file: 'a.ts', startLine: 1, endLine: 1, body: 'why?', author: 'human', pending: true });
    const round = await submitReviewWithBaseline(root, { message: 'round one' });
    expect(round.baseline).toMatch(/^round-/);
    expect(readStore(root).store.reviews![0]!.baseline).toBe(round.baseline);
    fs.writeFileSync(path.join(root, 'a.ts'), 'one\ntwo\nthree\n');
    const since = changesSince(root, defaultBaseline(root, readStore(root).store)!, readStore(root).store);
    expect(since).toMatchObject({ ok: true, label: 'review round 1' });
    expect(since.ok && since.list.changes.map((c) => [c.path, c.added, c.removed])).toEqual([['a.ts', 1, 0]]);
  });

  it('a capture that fails is reported, and the review is submitted without a baseline', async () => {
    const root = workspace();
    await addThread(root, { file: 'a.ts', startLine: 1, endLine: 1, body: 'why?', author: 'human', pending: true });
    fs.writeFileSync(baselinesDir(root), 'a file where the baselines folder should be');
    const failures: string[] = [];
    const round = await submitReviewWithBaseline(root, { onCaptureFailed: (e) => failures.push(e) });
    expect(round.round).toBe(1);
    expect(round.baseline).toBeUndefined();
    expect(failures).toHaveLength(1);
  });

  it('Mark All Reviewed is the newest baseline: nothing has changed since', () => {
    const root = workspace();
    const r = captureMark(root, undefined);
    expect(r.ok).toBe(true);
    const ref = defaultBaseline(root, undefined);
    expect(ref).toEqual({ kind: 'capture', id: r.ok ? r.report.baseline.id : '' });
    expect(captureChoices(root, undefined).map((c) => c.label)).toEqual(['marked reviewed']);
    const since = changesSince(root, ref!, undefined);
    expect(since.ok && since.list.changes).toEqual([]);
  });
});
