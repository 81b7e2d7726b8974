// The Changes view of issue 23 in the real VS Code: an agent edits three files after a submitted
// review round → the view lists exactly those three with their counts → a diff opens from the
// view → a comment on the working side and one on the removed (baseline) side → both reach the
// agent's `consider-cli list --json` at the right lines, the removed one quoting its code → a file
// marked viewed unticks itself when it changes again → "since the last commit" and "since round 1"
// list different files → an addressed thread whose code did not change is flagged inline and on
// the board → the board's rounds open the Changes view on a round.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runCli } from './vscode-page.mjs';

export const title = 'changes view: what the agent changed since a round, diffs, comments on both sides, viewed, baselines';
export const fixture = 'alpha';

const SHORT = 20_000;
const git = (cwd, ...args) => execFileSync('git', ['-C', cwd, '-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'init.defaultBranch=main', ...args], { encoding: 'utf8' });

/** A git repository whose last commit is older than the review: README.md was edited since, uncommitted. */
export async function prepare({ workspace }) {
  git(workspace, 'init', '-q');
  git(workspace, 'add', '.');
  git(workspace, 'commit', '-qm', 'start');
  fs.appendFileSync(path.join(workspace, 'README.md'), '\nEdited before the review, never committed.\n');
}

async function until(what, fn, timeout = SHORT) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export default async function ({ page, vscode, workspace, cli, node, lap }) {
  const agent = async (args) => (await runCli({ node, cli, cwd: workspace, args })).stdout;
  const edit = (rel, fn) => fs.writeFileSync(path.join(workspace, rel), fn(fs.readFileSync(path.join(workspace, rel), 'utf8')));
  const rowsText = async () => (await vscode.changesRows()).map((r) => `${r.label} ${r.description}`.trim());
  await vscode.waitReady();

  // 1. Round 1: one comment, submitted with an overall message.
  await vscode.commentInGutter('src/math.ts', 10, 'ROUND-ONE: what if min > max?', 'Start Review');
  await vscode.runCommand('Consider: Submit Review');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: SHORT });
  await input.fill('Round one.');
  await page.keyboard.press('Enter');
  await page.locator('.statusbar-item[id$="consider.review"]').waitFor({ state: 'hidden', timeout: SHORT });
  const round = JSON.parse(fs.readFileSync(path.join(workspace, '.consider/store.json'), 'utf8')).reviews?.[0];
  if (!round?.baseline) throw new Error(`round 1 should name its baseline: ${JSON.stringify(round)}`);
  lap(`  round 1 submitted, with its baseline ${round.baseline}`);

  // 2. The agent edits three files from outside: shout() rewritten, a helper added, math.ts extended.
  edit('src/greeting.ts', (t) => t.replace("  return text.toUpperCase() + '!';\n", '  const loud = text.toUpperCase();\n  return `${loud}!`;\n'));
  fs.writeFileSync(path.join(workspace, 'src/helper.ts'), 'export const helper = 1;\nexport const other = 2;\n');
  edit('src/math.ts', (t) => `${t}\nexport const agentAdded = true;\n`);

  // 3. The Changes view lists exactly those three, with their counts.
  const opened = Date.now();
  await vscode.openChangesView();
  const want = ['src', 'greeting.ts +2 −1', 'helper.ts +2', 'math.ts +2 · 1 thread'];
  await until(`the Changes view to list ${want.join(', ')}`, async () => JSON.stringify(await rowsText()) === JSON.stringify(want));
  lap(`FIGURE changes view listed its files: ${Date.now() - opened} ms after opening`);
  await vscode.shot('changes-view');

  // 4. Open greeting.ts's diff from the view; comment on the working side and on the removed line.
  await vscode.changesRow('greeting.ts').click();
  await page.locator('.editor-group-container.active .monaco-diff-editor .editor.original .view-line', { hasText: "toUpperCase() + '!'" }).waitFor({ timeout: SHORT });
  vscode.useDiffSide('modified');
  await vscode.clickGutterPlus(17);
  await vscode.typeNewComment('WORKING-SIDE: name it shouted, not loud.');
  await vscode.clickFormAction(vscode.newThreadWidget(), 'Add Comment');
  await vscode.thread('WORKING-SIDE').locator('.comment-body').first().waitFor({ timeout: SHORT });
  vscode.useDiffSide('original');
  await vscode.clickGutterPlus(17);
  await vscode.typeNewComment('REMOVED-SIDE: this kept the exclamation mark outside the template.');
  await vscode.clickFormAction(vscode.newThreadWidget(), 'Add Comment');
  const removedWidget = vscode.thread('REMOVED-SIDE');
  await removedWidget.locator('.comment-body').first().waitFor({ timeout: SHORT });
  await removedWidget.filter({ hasText: 'About removed code' }).waitFor({ timeout: SHORT });
  vscode.useDiffSide(null);
  await vscode.shot('diff-with-threads');

  // 5. Both reach the agent at the right lines; the removed one quotes the removed code.
  const listed = JSON.parse(await agent(['list', '--json'])).comments;
  const working = listed.find((c) => c.body.startsWith('WORKING-SIDE'));
  const removed = listed.find((c) => c.body.startsWith('REMOVED-SIDE'));
  if (!working || working.file !== 'src/greeting.ts' || working.anchor.startLine !== 17 || working.removed) throw new Error(`working-side thread: ${JSON.stringify(working)}`);
  if (!removed || removed.file !== 'src/greeting.ts' || removed.anchor.startLine !== 17 || removed.removed?.text !== "  return text.toUpperCase() + '!';") {
    throw new Error(`removed-side thread: ${JSON.stringify(removed)}`);
  }
  const context = await agent(['context', removed.id]);
  if (!context.includes("- 17 |   return text.toUpperCase() + '!';")) throw new Error(`context of the removed-side thread:\n${context}`);
  lap(`  list --json: working side at greeting.ts:17, removed side quoting "${removed.removed.text.trim()}" (${removed.removed.label})`);

  // 6. Viewed: tick greeting.ts; the agent changes it again; the tick clears itself.
  await vscode.changesCheckbox('greeting.ts').click();
  try {
    await until('greeting.ts ticked', async () => (await vscode.changesRows()).find((r) => r.label === 'greeting.ts')?.checked === true);
  } catch (e) {
    // Whether the click reached the extension (its log says each tick), and what the rows show.
    const said = vscode.logLines('viewed: ').slice(-5);
    throw new Error(`${e.message}; the extension logged ${said.length ? said.join(' | ') : 'no tick'}; rows: ${JSON.stringify(await vscode.changesRows())}`, { cause: e });
  }
  edit('src/greeting.ts', (t) => `${t}// changed again\n`);
  await until('greeting.ts unticked after it changed again', async () => (await vscode.changesRows()).find((r) => r.label === 'greeting.ts')?.checked === false);
  lap('  viewed tick cleared when the file changed again');

  // 7. Since the last commit: README.md (edited before the review) is there too; since round 1 it is not.
  await vscode.chooseBaseline('Since the last commit');
  await until('README.md listed since the last commit', async () => (await rowsText()).some((r) => r.startsWith('README.md')));
  await vscode.shot('since-last-commit');
  await vscode.chooseBaseline('Since review round 1');
  await until('README.md gone since round 1', async () => {
    const rows = await rowsText();
    return rows.some((r) => r.startsWith('greeting.ts')) && !rows.some((r) => r.startsWith('README.md'));
  });
  lap('  since the last commit and since round 1 list different files');

  // 8. The agent says it addressed ROUND-ONE, but never touched math.ts's line 10: flagged inline and on the board.
  const roundOne = listed.find((c) => c.body.startsWith('ROUND-ONE'));
  await agent(['reply', roundOne.id, '--message', 'AGENT: fixed the bounds.', '--addressed']);
  await vscode.openFile('src/math.ts');
  await vscode.thread('ROUND-ONE').filter({ hasText: 'addressed, but its code did not change' }).waitFor({ timeout: SHORT });
  await vscode.shot('addressed-unchanged-inline');
  await vscode.statusBar().click();
  const board = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  const row = board.locator(`[data-testid="thread-row"][data-thread-id="${roundOne.id}"]`);
  await row.filter({ hasText: 'code unchanged' }).waitFor({ timeout: SHORT });
  await row.click();
  await board.locator('[data-testid="detail-addressed-unchanged"]').waitFor({ timeout: SHORT });
  lap('  addressed-but-unchanged flagged inline and on the board');

  // 9. The board's rounds: round 1 with what became of its threads; "Changes since this round" opens the view on it.
  await vscode.chooseBaseline('Since the last commit');
  await until('the view on the last commit', async () => (await rowsText()).some((r) => r.startsWith('README.md')));
  await board.locator('[data-testid="rounds-toggle"]').click();
  const roundRow = board.locator('[data-testid="round"][data-round="1"]');
  await roundRow.filter({ hasText: '1 addressed' }).waitFor({ timeout: SHORT });
  await vscode.shot('board-rounds');
  await roundRow.locator('[data-testid="round-changes"]').click();
  await until('the view back on round 1', async () => {
    const rows = await rowsText();
    return rows.some((r) => r.startsWith('greeting.ts')) && !rows.some((r) => r.startsWith('README.md'));
  });
  await vscode.shot('changes-since-round-from-board');
  lap('  the board opened the Changes view on round 1');
}
