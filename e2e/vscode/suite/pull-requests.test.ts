import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { makePrRepo } from '../../../test/github-standin/pr-repo.mjs';
import { cliOk, extension, readStoreJson, rendered, waitFor } from './helpers';

// Pulling a pull request's review threads in the real VS Code (docs/pull-requests.md), against
// the GitHub API stand-in run.mjs starts (its URL and token are in the extension host's
// environment). The pull request's repository is a real git clone with a bare `origin`, added as a
// third workspace folder for this suite and removed after it.

const standIn = process.env.CONSIDER_E2E_GITHUB;

async function control<T>(what: string, body: unknown): Promise<T> {
  const r = await fetch(`${standIn}/_standin/${what}`, { method: 'POST', body: JSON.stringify(body) });
  const json = await r.json() as T & { message?: string };
  if (!r.ok) throw new Error(`stand-in ${what}: ${json.message}`);
  return json;
}

const code = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i + 1} = ${i + 1};`);
const text = (lines: string[]) => lines.join('\n') + '\n';

suite('pull requests', () => {
  let repo: ReturnType<typeof makePrRepo>;
  let number: number;

  suiteSetup(async function () {
    this.timeout(60_000);
    assert.ok(standIn, 'CONSIDER_E2E_GITHUB is not set (run through e2e/vscode/run.mjs)');
    repo = makePrRepo({ name: `suite-${Date.now()}`, files: { 'src/app.ts': text(code(30)), 'src/util.ts': text(code(8)) } });
    repo.branch('feature');
    const a = repo.commit({ 'src/app.ts': text(code(30).map((l, i) => (i === 9 ? 'export const v10 = 10 * 2;' : l))), 'src/util.ts': text(code(8).filter((_, i) => i !== 3)) });
    repo.push();
    ({ number } = await control<{ number: number }>('pull', { owner: 'acme', name: repo.name, gitDir: repo.bare, head: 'feature', author: 'dev', title: 'Double v10' }));
    await control('thread', { number, path: 'src/app.ts', line: 10, commit: a, body: 'Why double it?', author: 'alice' });
    await control('thread', { number, path: 'src/util.ts', line: 4, side: 'LEFT', commit: a, body: 'Was v4 unused?', author: 'copilot', bot: true });
    // Then the branch moved on: three lines above everything, so the first thread is outdated.
    repo.commit({ 'src/app.ts': text(['// one', '// two', '// three', ...code(30).map((l, i) => (i === 9 ? 'export const v10 = 10 * 2;' : l))]) });
    repo.push();
    vscode.workspace.updateWorkspaceFolders(vscode.workspace.workspaceFolders?.length ?? 0, 0, { uri: vscode.Uri.file(repo.work), name: 'gamma' });
    const api = await extension();
    await waitFor('the new folder is watched', () => api.host.folders().some((f) => f.root === repo.work), 20_000);
  });

  suiteTeardown(() => {
    const i = vscode.workspace.workspaceFolders?.findIndex((f) => f.uri.fsPath === repo?.work) ?? -1;
    if (i >= 0) vscode.workspace.updateWorkspaceFolders(i, 1);
    if (repo) fs.rmSync(repo.top, { recursive: true, force: true });
  });

  test('Pull Review Threads brings the threads in: an outdated one on its code today, a LEFT one about removed code; a reply on GitHub comes in with the next pull', async function () {
    this.timeout(60_000);
    const report = await vscode.commands.executeCommand<{ added: number } | undefined>('consider.pullRequest.pull', { root: repo.work, interactive: false });
    const api = await extension();
    assert.ok(report, `the pull failed: ${JSON.stringify(api.notifications().slice(-1))}`);
    assert.equal(report.added, 2);
    const store = readStoreJson(repo.work);
    const outdated = store.comments.find((c) => c.file === 'src/app.ts')!;
    assert.deepEqual([outdated.anchorState, outdated.anchor.startLine], ['anchored', 13]);
    assert.equal(fs.readFileSync(path.join(repo.work, 'src/app.ts'), 'utf8').split('\n')[12], 'export const v10 = 10 * 2;');
    const left = store.comments.find((c) => c.file === 'src/util.ts')!;
    assert.equal(left.removed?.text, 'export const v4 = 4;');

    // The widget: on line 13, titled with where it came from, under its author's login.
    await vscode.window.showTextDocument(vscode.Uri.file(path.join(repo.work, 'src/app.ts')));
    const shown = await waitFor('the pulled thread rendered', () => rendered(outdated.id), 20_000);
    assert.deepEqual([shown.startLine, shown.endLine], [13, 13]);
    assert.equal(shown.label, `Open · From PR #${number} by @alice, outdated there`);
    assert.equal(shown.comments[0]?.authorName, '@alice');
    assert.equal(shown.comments[0]?.contextValue, 'author:pullRequest');

    // The agent answers here; a teammate answers on GitHub; the next pull brings theirs in beside it.
    await cliOk(repo.work, 'reply', outdated.id, '--message', 'Doubled for the new unit.', '--addressed');
    const state = await control<{ threads: { id: string; path: string }[] }>('state', { number });
    await control('reply', { threadId: state.threads.find((t) => t.path === 'src/app.ts')!.id, author: 'alice', body: 'Makes sense.' });
    const again = await vscode.commands.executeCommand<{ added: number; newReplies: number } | undefined>('consider.pullRequest.pull', { root: repo.work, interactive: false });
    assert.deepEqual([again?.added, again?.newReplies], [0, 1]);
    const after = await waitFor('the reply rendered', async () => {
      const t = await rendered(outdated.id);
      return t && t.comments.length === 3 ? t : undefined;
    }, 20_000);
    assert.deepEqual(after.comments.map((c) => c.authorName), ['@alice', 'Agent', '@alice']);
    assert.equal(readStoreJson(repo.work).comments.length, 2);
  });

  test('a failed pull says why in one line and changes nothing', async function () {
    this.timeout(30_000);
    const before = fs.readFileSync(path.join(repo.work, '.consider', 'store.json'));
    const report = await vscode.commands.executeCommand('consider.pullRequest.pull', { root: repo.work, number: 999, interactive: false });
    assert.equal(report, undefined);
    const api = await extension();
    const last = api.notifications().at(-1);
    assert.equal(last?.severity, 'error');
    assert.match(last!.message, /^Consider: could not pull the review threads: GitHub: Could not resolve to a PullRequest with the number of 999\./);
    assert.ok(fs.readFileSync(path.join(repo.work, '.consider', 'store.json')).equals(before), 'the store changed');
  });
});
