/**
 * Threads about removed code (issue 23): written on the baseline side of a diff, stored with the
 * removed lines quoted, never re-anchored onto today's code (in the store module and through the
 * list index), and read by the agent through the real CLI: list, get, context, text and JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addRemovedCodeThread, baselineText, captureBaseline } from '../shared/changes';
import { reconcileWorkspace } from '../shared/store/reconcile/pass';
import { readStore } from '../shared/store/store-io';
import { listJsonFromIndex } from '../shared';
import { ensureBuilt, makeWorkspace, runCli, type Workspace } from './helpers/cli';

beforeAll(() => ensureBuilt());

const spaces: Workspace[] = [];
afterEach(() => {
  for (const w of spaces.splice(0)) w.cleanup();
});

const ORIGINAL = ['export function total(items: number[]): number {', '  let sum = 0;', '  for (const i of items) sum += i;', '  return sum;', '}', '', 'export const unit = 1;', ''].join('\n');
const AFTER = ['export function total(items: number[]): number {', '  return items.reduce((a, b) => a + b, 0);', '}', '', 'export const unit = 1;', ''].join('\n');

/** A workspace whose total() lost its loop since a capture, with a thread on the removed loop (lines 2-3). */
async function removedLoop(): Promise<{ root: string; id: string; ws: Workspace }> {
  const ws = makeWorkspace({ 'src/total.ts': ORIGINAL });
  spaces.push(ws);
  const { baseline } = captureBaseline(ws.root, { kind: 'round' });
  fs.writeFileSync(path.join(ws.root, 'src/total.ts'), AFTER);
  const text = baselineText(ws.root, { kind: 'capture', id: baseline.id }, 'src/total.ts')!;
  const c = await addRemovedCodeThread(ws.root, {
    file: 'src/total.ts', baseline: { key: `capture:${baseline.id}`, label: 'review round 1' }, baselineText: text,
    startLine: 2, endLine: 3, body: 'Why did the loop go? It skipped NaN.', author: 'human',
  });
  return { root: ws.root, id: c.id, ws };
}

describe('threads about removed code', () => {
  it('quote the removed lines and keep the baseline\'s text, and are never re-anchored onto today\'s code', async () => {
    const { root, id } = await removedLoop();
    const before = readStore(root).store.comments.find((c) => c.id === id)!;
    expect(before.removed).toEqual({ baseline: expect.stringMatching(/^capture:round-/), label: 'review round 1', startLine: 2, endLine: 3, text: '  let sum = 0;\n  for (const i of items) sum += i;' });
    expect(before.anchor).toMatchObject({ startLine: 2, endLine: 3, targetContent: before.removed!.text });
    await reconcileWorkspace(root, { force: true });
    const after = readStore(root).store.comments.find((c) => c.id === id)!;
    expect(after.anchorState).toBe('anchored');
    expect(after.anchor).toEqual(before.anchor);
  });

  it('the agent reads them with list, get and context, text and JSON, marked as removed code with the quoted lines', async () => {
    const { root, id } = await removedLoop();
    const listed = runCli(root, ['list', '--json']).json().comments;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id, file: 'src/total.ts', anchor: { startLine: 2, endLine: 3 }, removed: { label: 'review round 1', text: '  let sum = 0;\n  for (const i of items) sum += i;' } });
    const text = runCli(root, ['list']).stdout;
    expect(text).toContain('about removed code');
    expect(text).toContain('"let sum = 0; for (const i of items) sum += i;"');
    const context = runCli(root, ['context', id]).stdout;
    expect(context).toContain('Removed code: src/total.ts:2-3 as it was in review round 1');
    expect(context).toMatch(/- 2 \| {3}let sum = 0;/);
    expect(context).toMatch(/ {3}1 \| export function total/);
    expect(context).not.toContain('reduce'); // today's line 2 is not what the thread is about
    const json = runCli(root, ['context', id, '--json']).json();
    expect(json.context).toMatchObject({ file: 'src/total.ts', startLine: 2, endLine: 3, removedIn: 'review round 1' });
    expect(json.context.lines.filter((l: any) => l.target).map((l: any) => l.text)).toEqual(['  let sum = 0;', '  for (const i of items) sum += i;']);
    expect(runCli(root, ['get', id]).stdout).toContain('Removed code:');
  });

  it('a list of removed-code threads is answered from the list index: nothing on disk to check', async () => {
    const { root } = await removedLoop();
    const index = JSON.parse(fs.readFileSync(path.join(root, '.consider', 'store.json.index'), 'utf8'));
    expect(index.checks.map((c: unknown[]) => c[2])).toEqual([2]);
    const fromIndex = listJsonFromIndex(root, () => true, '{"comments":[', ']}\n');
    expect(fromIndex).toBeDefined();
    expect(JSON.parse(fromIndex!.toString()).comments[0].removed.label).toBe('review round 1');
  });
});
