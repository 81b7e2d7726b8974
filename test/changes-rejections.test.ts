/**
 * Rejected changes (shared/changes/rejections.ts): the thread carries the change; a revert is
 * planned only while the file holds that very change and puts the baseline's lines back exactly
 * (line ends and the file's last newline included); a rejected change is told present or gone in
 * a file, and coming back after it was gone reopens its thread and makes it news for the agent.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diffHunks } from '../shared/changes/hunks';
import { addRejectionThread, noteRejectionSeen, planRevert, rejectedChangeOf, rejectedChangePresence, replacementOf, setRevertOutcome } from '../shared/changes/rejections';
import { isUnseen, markSeenByAgent, readStore, setWorkflowState } from '../shared';

const roots: string[] = [];
afterEach(() => { for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true }); });

function workspace(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-reject-'));
  roots.push(root);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const BASE = 'a\nb\nc\nd\ne\n';
const NOW = 'a\nb\nX\nd\ne\n';

describe('a revert', () => {
  it('puts back the baseline\'s lines of that change only, whatever the file\'s line ends and last line', () => {
    const cases: [string, string][] = [
      ['a\nb\nc\n', 'a\nX\nc\n'], ['a\nb\nc\n', 'a\nc\n'], ['a\nb\nc\n', 'a\nb\nc\nd\n'], ['a\nb\nc', 'a\nb\nc\nd'], ['a\nb\nc', 'a\nb'],
      ['a\nb\nc\n', 'X\na\nb\nc\n'], ['a\nb\nc', 'a\nb\nX'], ['a\r\nb\r\nc\r\n', 'a\r\nY\r\nc\r\n'], ['a\nb\n', 'a\nb\nc\nd\n'], ['', 'x\ny\n'], ['a\nb\nc\n', 'a\nb\n'],
    ];
    for (const [base, now] of cases) {
      const [h] = diffHunks(base, now);
      const plan = planRevert(base, now, h!.id);
      if (!plan.ok) throw new Error(plan.reason);
      const r = replacementOf(now, plan, now.includes('\r\n') ? '\r\n' : '\n');
      expect(now.slice(0, r.from) + r.text + now.slice(r.to), JSON.stringify([base, now])).toBe(base);
    }
  });

  it('leaves the other changes of the file alone', () => {
    const base = 'a\nb\nc\nd\ne\nf\ng\n';
    const now = 'a\nB\nc\nd\ne\nF\ng\n';
    const [first] = diffHunks(base, now);
    const plan = planRevert(base, now, first!.id);
    if (!plan.ok) throw new Error(plan.reason);
    const r = replacementOf(now, plan, '\n');
    expect(now.slice(0, r.from) + r.text + now.slice(r.to)).toBe('a\nb\nc\nd\ne\nF\ng\n');
  });

  it('is refused when the change, or a line beside it, was edited since, or a side cannot be read', () => {
    const [h] = diffHunks(BASE, NOW);
    expect(planRevert(BASE, 'a\nb\nY\nd\ne\n', h!.id)).toMatchObject({ ok: false, reason: expect.stringContaining('no longer holds') });
    expect(planRevert(BASE, 'a\nb\nX\nD\ne\n', h!.id)).toMatchObject({ ok: false });
    expect(planRevert(undefined, NOW, h!.id)).toMatchObject({ ok: false, reason: expect.stringContaining('baseline') });
    expect(planRevert(BASE, undefined, h!.id)).toMatchObject({ ok: false, reason: expect.stringContaining('cannot be read') });
    // The same change moved down by an edit elsewhere is still that change.
    expect(planRevert(BASE, `top\n${NOW}`, h!.id)).toMatchObject({ ok: true, start: 3, end: 4, lines: ['c'] });
  });
});

describe('a rejected change in its file', () => {
  const changeOf = (base: string, now: string) => rejectedChangeOf(diffHunks(base, now)[0]!, 'f.ts', { key: 'head', label: 'the last commit' });

  it('is present while the added lines stand between the lines beside them, gone otherwise', () => {
    const r = changeOf('one();\ntwo();\nthree();\n', 'one();\nswallow(two);\nthree();\n');
    expect(rejectedChangePresence('one();\nswallow(two);\nthree();\n', r)).toBe('present');
    expect(rejectedChangePresence('zero();\none();\nswallow(two);\nthree();\n', r)).toBe('present');
    expect(rejectedChangePresence('one();\ntwo();\nthree();\n', r)).toBe('gone');
    expect(rejectedChangePresence(undefined, r)).toBe('gone');
  });

  it('when it only removed code: present while those lines are missing between their neighbours', () => {
    const r = changeOf('one();\nguard();\nthree();\n', 'one();\nthree();\n');
    expect(rejectedChangePresence('one();\nthree();\n', r)).toBe('present');
    expect(rejectedChangePresence('one();\nguard();\nthree();\n', r)).toBe('gone');
  });

  it('is not watched when it is too little to tell (a lone brace)', () => {
    const r = changeOf('{\n', '{\n}\n');
    expect(rejectedChangePresence('{\n}\n', r)).toBe('unknown');
  });
});

describe('its thread', () => {
  it('quotes the change, records the revert, and reopens as news when the change comes back', async () => {
    const root = workspace({ 'src/f.ts': 'one();\nswallow(two);\nthree();\n' });
    const [h] = diffHunks('one();\ntwo();\nthree();\n', 'one();\nswallow(two);\nthree();\n');
    const c = await addRejectionThread(root, {
      file: 'src/f.ts', baselineFile: 'src/f.ts', baseline: { key: 'head', label: 'the last commit', sha: 'abc' },
      baselineText: 'one();\ntwo();\nthree();\n', hunk: h!, reason: 'Errors must surface.', pending: false,
    });
    expect(c.anchor.startLine).toBe(2);
    expect(c.rejected).toMatchObject({ baseline: 'head', label: 'the last commit', sha: 'abc', file: 'src/f.ts', removed: 'two();', added: 'swallow(two);', before: 'one();', after: 'three();', oldStart: 2, newStart: 2 });
    expect(await setRevertOutcome(root, c.id, { state: 'applied' }, true)).toBeUndefined(); // nothing was queued
    await setRevertOutcome(root, c.id, { state: 'applied' });
    let stored = readStore(root).store!.comments[0]!;
    expect(stored.rejected!.revert!.state).toBe('applied');
    expect(stored.rejected!.goneAt).toBeDefined();
    await markSeenByAgent(root, [c.id]);
    await setWorkflowState(root, c.id, 'resolved', 'agent');
    expect(await noteRejectionSeen(root, c.id, 'present')).toBe(true);
    stored = readStore(root).store!.comments[0]!;
    expect(stored.workflowState).toBe('open');
    expect(stored.rejected!.backAt).toBeDefined();
    expect(stored.rejected!.goneAt).toBeUndefined();
    expect(isUnseen(stored)).toBe(true); // the agent hears of it
    expect(await noteRejectionSeen(root, c.id, 'present')).toBe(false); // seen once, told once
  });

  it('of a change that only removed code is about the removed lines, as they were in the baseline', async () => {
    const root = workspace({ 'src/f.ts': 'one();\nthree();\n' });
    const base = 'one();\nguard();\nthree();\n';
    const [h] = diffHunks(base, 'one();\nthree();\n');
    const c = await addRejectionThread(root, {
      file: 'src/f.ts', baselineFile: 'src/f.ts', baseline: { key: 'head', label: 'the last commit' },
      baselineText: base, hunk: h!, reason: 'Keep the guard.', pending: true,
    });
    expect(c.removed).toMatchObject({ startLine: 2, endLine: 2, text: 'guard();' });
    expect(c.rejected).toMatchObject({ oldLines: 1, newLines: 0, removed: 'guard();' });
    expect(c.pending).toBe(true);
  });
});
