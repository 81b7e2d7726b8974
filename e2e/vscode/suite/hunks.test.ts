import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { cli, cliOk, extension, folder, readStoreJson, storedThread, waitFor, writeByOtherProcess } from './helpers';

// Review per change (issue 38) in the real extension host: marks follow the file's content (kept
// through an edit elsewhere, cleared by an edit of the change), ticking and marking agree, and
// Reject Change… makes a thread, reverts at once when the agent is idle, waits for the end of a
// running turn (as the agent's hooks report it, through the real CLI), refuses a stale revert,
// and reopens the thread when the rejected code comes back.

const FILE = 'src/hunk-review.ts';
const original = (): string[] => Array.from({ length: 40 }, (_, i) => `export const v${i + 1} = ${i + 1};`);
const text = (lines: readonly string[]): string => `${lines.join('\n')}\n`;

async function hunksOf(root: string, rel: string, n: number, what: string) {
  const api = await extension();
  return waitFor(what, async () => {
    await api.hunks().ready(root);
    const f = api.hunks().file(root, rel);
    if (f?.length === n) return f;
    throw new Error(`changes: ${JSON.stringify(f)}`);
  }, 20_000);
}

/** Runs the agent's hook as the agent would (the real CLI); `stop` until the turn is over (a stop with feedback waiting is blocked, 3 times at most). */
async function agentTurn(root: string, event: 'prompt' | 'stop'): Promise<void> {
  const turnFile = path.join(root, '.consider', 'turns', 'claude_.json');
  for (let i = 0; i < 5; i++) {
    await cli(root, 'hook', event, '--agent', 'claude');
    const state = JSON.parse(fs.readFileSync(turnFile, 'utf8')).state;
    if (event === 'prompt' ? state === 'running' : state === 'ended') return;
  }
  throw new Error(`the hook never recorded the turn as ${event === 'prompt' ? 'running' : 'ended'}`);
}

suite('review per change', function () {
  // Each test marks a baseline (a capture) and waits for the view's lists after real file events.
  this.timeout(120_000);

  test('a mark survives an edit elsewhere, clears when its change is edited, and agrees with Viewed', async () => {
    const { root } = folder('alpha');
    const abs = path.join(root, FILE);
    fs.writeFileSync(abs, text(original()));
    await vscode.commands.executeCommand('consider.markAllReviewed');
    await vscode.commands.executeCommand('consider.changes.focus');
    const api = await extension();
    const edited = original();
    edited[4] = 'export const v5 = 500;';
    edited.splice(30, 0, 'export const inserted = true;');
    await writeByOtherProcess(abs, text(edited));
    const [first, second] = await hunksOf(root, FILE, 2, 'two changes listed');
    await vscode.commands.executeCommand('consider.changes.markChangeReviewed', { root, path: FILE, id: first!.id });
    assert.deepEqual(api.hunks().file(root, FILE)!.map((h) => h.reviewed), [true, false]);
    const marks = JSON.parse(fs.readFileSync(path.join(root, '.consider', 'hunk-marks.json'), 'utf8'));
    assert.ok(JSON.stringify(marks).includes(first!.id), 'the mark is saved');
    await waitFor('the row says ✓ 1/2', async () => (await api.changes().files(root)).find((f) => f.path === FILE)?.description.includes('✓ 1/2'));

    // The agent edits elsewhere: the marked change keeps its mark, the new one has none.
    edited[19] = 'export const v20 = 2000;';
    await writeByOtherProcess(abs, text(edited));
    const after = await hunksOf(root, FILE, 3, 'three changes after an edit elsewhere');
    assert.deepEqual(after.map((h) => [h.id === first!.id || h.id === second!.id, h.reviewed]), [[true, true], [false, false], [true, false]]);

    // Ticking Viewed is marking every change; unmarking one unticks the file.
    for (const h of after.filter((x) => !x.reviewed)) await vscode.commands.executeCommand('consider.changes.markChangeReviewed', { root, path: FILE, id: h.id });
    await waitFor('the file shows viewed', async () => (await api.changes().files(root)).find((f) => f.path === FILE)?.viewed === true);
    await vscode.commands.executeCommand('consider.changes.markChangeNotReviewed', { root, path: FILE, id: after[1]!.id });
    await waitFor('the file shows not viewed', async () => (await api.changes().files(root)).find((f) => f.path === FILE)?.viewed === false);
    assert.deepEqual(api.hunks().file(root, FILE)!.map((h) => h.reviewed), [true, false, true]);

    // The agent edits the marked change itself: its mark is gone.
    edited[4] = 'export const v5 = 5000;';
    await writeByOtherProcess(abs, text(edited));
    await waitFor('the edited change lost its mark', async () => {
      await api.hunks().ready(root);
      const f = api.hunks().file(root, FILE)!;
      return f.length === 3 && !f[0]!.reviewed && f[0]!.id !== first!.id && f[2]!.reviewed;
    }, 20_000);
    const progress = api.hunks().progress(root)!;
    assert.ok(progress.total >= 3 && progress.reviewed >= 1, JSON.stringify(progress));
  });

  test('reject with revert while idle reverts that change only, and the CLI tells the agent', async () => {
    const { root } = folder('alpha');
    const abs = path.join(root, FILE);
    fs.writeFileSync(abs, text(original()));
    await vscode.commands.executeCommand('consider.markAllReviewed');
    const edited = original();
    edited[9] = 'export const v10 = swallowErrors(10);';
    edited[29] = 'export const v30 = 30 * 2;';
    await writeByOtherProcess(abs, text(edited));
    const [wrong] = await hunksOf(root, FILE, 2, 'two changes to reject one of');
    await vscode.commands.executeCommand('consider.changes.rejectChange', { root, path: FILE, id: wrong!.id, reason: 'Do not swallow errors here.', revert: true, pending: false });
    const now = fs.readFileSync(abs, 'utf8').split('\n');
    assert.equal(now[9], 'export const v10 = 10;', 'the rejected change is reverted');
    assert.equal(now[29], 'export const v30 = 30 * 2;', 'the other change stays');
    const thread = readStoreJson(root).comments.find((c) => c.rejected?.hunk === wrong!.id)!;
    assert.equal(thread.body, 'Do not swallow errors here.');
    assert.equal(thread.rejected!.revert?.state, 'applied');
    const get = await cliOk(root, 'get', thread.id);
    assert.match(get.stdout, /rejected change/);
    assert.match(get.stdout, /the developer reverted it/);
    assert.match(get.stdout, /- export const v10 = 10;\n\+ export const v10 = swallowErrors\(10\);/);

    // The agent writes the rejected code again after the thread was resolved: it reopens.
    await cliOk(root, 'resolve', thread.id);
    await writeByOtherProcess(abs, text(edited));
    await waitFor('the thread reopened', async () => {
      await (await extension()).hunks().checkPresence(root);
      const c = storedThread(root, thread.id);
      return c.workflowState === 'open' && c.rejected?.backAt !== undefined;
    }, 20_000);
    const list = await cliOk(root, 'list', '--unseen');
    assert.match(list.stdout, new RegExp(`${thread.id}[^]*rejected change`));
  });

  test('a file open without unsaved edits is read from the disk: a document VS Code has not reloaded yet gives no old changes', async () => {
    const { root } = folder('alpha');
    const abs = path.join(root, FILE);
    fs.writeFileSync(abs, text(original()));
    await vscode.commands.executeCommand('consider.markAllReviewed');
    const doc = await vscode.workspace.openTextDocument(abs);
    const edited = original();
    edited[2] = 'export const v3 = changed(3);';
    await writeByOtherProcess(abs, text(edited));
    await hunksOf(root, FILE, 1, 'one change');
    await waitFor('the document reloaded', () => doc.getText() === text(edited));
    const api = await extension();
    // The agent writes again, and the changes are asked for before VS Code can have reloaded the
    // document (no turn of the event loop in between): they must be the disk's.
    edited[30] = 'export const v31 = changed(31);';
    fs.writeFileSync(abs, text(edited));
    const refreshed = api.hunks().refresh(root, FILE);
    assert.notEqual(doc.getText(), text(edited), 'the document is behind the disk');
    assert.equal(doc.isDirty, false);
    await refreshed;
    assert.equal(api.hunks().file(root, FILE)?.length, 2, 'both changes on disk, not the document\'s one');
  });

  test('a revert asked for during a turn waits for its end; a stale one is refused', async () => {
    const { root } = folder('alpha');
    const abs = path.join(root, FILE);
    fs.writeFileSync(abs, text(original()));
    await vscode.commands.executeCommand('consider.markAllReviewed');
    const edited = original();
    edited[4] = 'export const v5 = risky(5);';
    edited[24] = 'export const v25 = risky(25);';
    await writeByOtherProcess(abs, text(edited));
    const [a, b] = await hunksOf(root, FILE, 2, 'two changes');
    const api = await extension();

    await agentTurn(root, 'prompt');
    await vscode.commands.executeCommand('consider.changes.rejectChange', { root, path: FILE, id: a!.id, reason: 'Not risky here.', revert: true, pending: false });
    await vscode.commands.executeCommand('consider.changes.rejectChange', { root, path: FILE, id: b!.id, reason: 'Nor here.', revert: true, pending: true });
    // A rejection that made no thread says why: what the extension told the user, and the changes it knew then.
    const rejectionOf = (hunk: string): string => {
      const thread = readStoreJson(root).comments.find((c) => c.rejected?.hunk === hunk);
      if (thread) return thread.id;
      throw new Error(`no thread rejects ${hunk}; shown: ${JSON.stringify(api.notifications().slice(-3))}; changes known: ${JSON.stringify(api.hunks().file(root, FILE)?.map((h) => h.id))}`);
    };
    const idA = rejectionOf(a!.id);
    const idB = rejectionOf(b!.id);
    assert.equal(storedThread(root, idA).rejected!.revert?.state, 'queued');
    assert.equal(fs.readFileSync(abs, 'utf8'), text(edited), 'nothing is reverted while the turn runs');
    const review = await cliOk(root, 'get', idA);
    assert.match(review.stdout, /reverted when your turn ends/);

    // Meanwhile the agent rewrites the second change: its revert is stale.
    edited[24] = 'export const v25 = safer(25);';
    await writeByOtherProcess(abs, text(edited));
    await agentTurn(root, 'stop');
    await waitFor('both queued reverts decided', async () => {
      await api.hunks().processQueue(root);
      return storedThread(root, idA).rejected!.revert?.state === 'applied' && storedThread(root, idB).rejected!.revert?.state === 'refused';
    }, 20_000);
    const lines = fs.readFileSync(abs, 'utf8').split('\n');
    assert.equal(lines[4], 'export const v5 = 5;', 'the first change reverted after the turn');
    assert.equal(lines[24], 'export const v25 = safer(25);', 'the rewritten change is left as the agent wrote it');
    assert.match(storedThread(root, idB).rejected!.revert!.reason ?? '', /no longer holds/);
  });
});
