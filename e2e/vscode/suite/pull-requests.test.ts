import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { makePrRepo } from '../../../test/github-standin/pr-repo.mjs';
import { addRemovedCodeThread } from '../../../shared/changes/removed-threads';
import { addThread, submitReview } from '../../../shared';
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

  suiteTeardown(async function () {
    this.timeout(30_000);
    const i = vscode.workspace.workspaceFolders?.findIndex((f) => f.uri.fsPath === repo?.work) ?? -1;
    // The removal applies later (updateWorkspaceFolders only asks): the next suite must find the
    // workspace as it was (Report Issue counted the folder gone, "no store").
    if (i >= 0 && vscode.workspace.updateWorkspaceFolders(i, 1)) {
      const api = await extension();
      await waitFor('the folder is let go', () => !vscode.workspace.workspaceFolders?.some((f) => f.uri.fsPath === repo.work) && !api.host.folders().some((f) => f.root === repo.work), 20_000);
    }
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

  test('Publish Review Round: a dry run first, then one GitHub review with a RIGHT and a LEFT comment', async function () {
    this.timeout(60_000);
    const root = repo.work;
    const right = await addThread(root, { file: 'src/app.ts', startLine: 13, endLine: 13, body: 'Name the factor.', author: 'human', pending: true });
    const baseUtil = repo.git('show', 'main:src/util.ts');
    const left = await addRemovedCodeThread(root, {
      file: 'src/util.ts', baseline: { key: 'branch:main', label: 'main' }, baselineText: baseUtil, startLine: 4, endLine: 4, body: 'Keep v4 for the old callers?', author: 'human', pending: true,
    });
    await submitReview(root, { message: 'Two notes.' });
    const plan = await vscode.commands.executeCommand<{ items: { threadId: string; kind: string; side?: string; line?: number }[] }>(
      'consider.pullRequest.publishReview', { root, verdict: 'COMMENT', answer: 'dry-run', interactive: false });
    assert.ok(plan, `no plan: ${JSON.stringify((await extension()).notifications().slice(-1))}`);
    assert.deepEqual(plan.items.map((i) => [i.threadId, i.kind, i.side, i.line]), [[right.id, 'line', 'RIGHT', 13], [left.id, 'line', 'LEFT', 4]]);
    type State = { reviews: { state: string; body: string }[]; threads: { path: string; side: string; line: number; review?: string }[] };
    let state = await control<State>('state', { number });
    assert.equal(state.reviews.length, 0, 'the dry run posted something');

    const report = await vscode.commands.executeCommand<{ posted: number } | undefined>('consider.pullRequest.publishReview', { root, verdict: 'COMMENT', answer: 'publish', interactive: false });
    assert.equal(report?.posted, 2);
    state = await control<State>('state', { number });
    assert.deepEqual(state.reviews.map((r) => [r.state, r.body]), [['COMMENTED', 'Two notes.']]);
    const posted = state.threads.filter((t) => t.review === 'COMMENTED').map((t) => [t.path, t.side, t.line]);
    assert.deepEqual(posted, [['src/app.ts', 'RIGHT', 13], ['src/util.ts', 'LEFT', 4]]);
    await (await extension()).host.refresh(root);
    const shown = await waitFor('the posted thread says so', async () => {
      const t = await rendered(right.id);
      return t?.label.includes(`Posted to PR #${number}`) ? t : undefined;
    }, 20_000);
    assert.equal(shown.label, `Open · Posted to PR #${number}`);
  });

  test('the timer: a new reply on GitHub comes in by itself (a conditional request first; unchanged costs nothing)', async function () {
    this.timeout(60_000);
    const api = await extension();
    await api.pollPullRequests(); // the first turn learns the ETag
    const store = readStoreJson(repo.work);
    const thread = store.comments.find((c) => c.pr?.via === 'pulled' && c.file === 'src/app.ts')!;
    const before = thread.thread.length;
    await control('reply', { threadId: thread.pr!.threadId, author: 'alice', body: 'One more thing.' });
    await api.pollPullRequests();
    const after = readStoreJson(repo.work).comments.find((c) => c.id === thread.id)!;
    assert.equal(after.thread.length, before + 1);
    assert.equal(after.thread.at(-1)?.body, 'One more thing.');
  });

  test('a failed pull says why in one line and changes nothing', async function () {
    this.timeout(30_000);
    // Run alone (--grep), no earlier test has made the store: then none may be made.
    const storeFile = path.join(repo.work, '.consider', 'store.json');
    const readStoreBytes = () => (fs.existsSync(storeFile) ? fs.readFileSync(storeFile) : undefined);
    const before = readStoreBytes();
    const report = await vscode.commands.executeCommand('consider.pullRequest.pull', { root: repo.work, number: 999, interactive: false });
    assert.equal(report, undefined);
    const api = await extension();
    const last = api.notifications().at(-1);
    assert.equal(last?.severity, 'error');
    assert.match(last!.message, /^Consider: could not pull the review threads: GitHub: Could not resolve to a PullRequest with the number of 999\./);
    const after = readStoreBytes();
    assert.ok(before === undefined ? after === undefined : after?.equals(before), 'the store changed');
  });
});
