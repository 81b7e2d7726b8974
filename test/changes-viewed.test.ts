/**
 * The Viewed rules of the Changes view: a tick is per baseline, holds while the file is what it
 * was when ticked, and clears itself when the file changes again; the change list gives the
 * value a tick compares with.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_VIEWED_BASELINES, isViewed, readViewed, setViewed, viewedFile } from '../shared/changes/viewed';
import { captureBaseline } from '../shared/changes/capture';
import { changesSinceCapture } from '../shared/changes/capture-changes';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

function workspace(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-viewed-'));
  roots.push(root);
  return root;
}

describe('viewed state', () => {
  it('a ticked file stays ticked while unchanged and unticks itself when it changes again', () => {
    const root = workspace();
    fs.writeFileSync(path.join(root, 'a.ts'), 'one\n');
    const { baseline } = captureBaseline(root, { kind: 'round', now: new Date(Date.now() + 5000) });
    const key = `capture:${baseline.id}`;
    fs.writeFileSync(path.join(root, 'a.ts'), 'two\n');
    const first = changesSinceCapture(root, baseline).changes[0]!;
    setViewed(root, key, [{ path: 'a.ts', current: first.current }]);
    expect(isViewed(readViewed(root), key, 'a.ts', changesSinceCapture(root, baseline).changes[0]!.current)).toBe(true);
    fs.writeFileSync(path.join(root, 'a.ts'), 'three\n'); // the agent changes it again
    expect(isViewed(readViewed(root), key, 'a.ts', changesSinceCapture(root, baseline).changes[0]!.current)).toBe(false);
    fs.writeFileSync(path.join(root, 'a.ts'), 'two\n'); // … and back: what was viewed is what is there
    expect(isViewed(readViewed(root), key, 'a.ts', changesSinceCapture(root, baseline).changes[0]!.current)).toBe(true);
  });

  it('ticks belong to one baseline; unticking removes them; a deleted file is ticked as deleted', () => {
    const root = workspace();
    setViewed(root, 'head', [{ path: 'a.ts', current: 'mm3-1' }, { path: 'gone.ts', current: 'deleted' }]);
    const state = readViewed(root);
    expect(isViewed(state, 'head', 'a.ts', 'mm3-1')).toBe(true);
    expect(isViewed(state, 'branch:main', 'a.ts', 'mm3-1')).toBe(false);
    expect(isViewed(state, 'head', 'gone.ts', 'deleted')).toBe(true);
    setViewed(root, 'head', [{ path: 'a.ts' }]);
    expect(isViewed(readViewed(root), 'head', 'a.ts', 'mm3-1')).toBe(false);
  });

  it('keeps the ticks of the baselines used last, and survives a damaged file', () => {
    const root = workspace();
    for (let i = 0; i < KEPT_VIEWED_BASELINES + 5; i++) setViewed(root, `capture:b${i}`, [{ path: 'a.ts', current: 'x' }]);
    setViewed(root, 'capture:b0', [{ path: 'b.ts', current: 'y' }]); // b0 used again: kept, counted as recent
    const state = readViewed(root);
    expect(state.size).toBe(KEPT_VIEWED_BASELINES);
    expect(state.has('capture:b0')).toBe(true);
    expect(state.has('capture:b1')).toBe(false);
    fs.writeFileSync(viewedFile(root), '{not json');
    expect(readViewed(root).size).toBe(0);
    setViewed(root, 'head', [{ path: 'a.ts', current: 'x' }]);
    expect(isViewed(readViewed(root), 'head', 'a.ts', 'x')).toBe(true);
  });
});
