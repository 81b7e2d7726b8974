// One review across a repository's worktrees in the real VS Code (issue 39, docs/worktrees.md):
// the workspace is a git repository with a second worktree (`git worktree add`, a folder outside
// the workspace), each with threads added by the agent's CLI. The board groups them by worktree,
// this checkout first; another worktree's thread is read-only, with a hint, and opens its file
// from that worktree's folder; a thread the agent adds there shows on the open board (its store
// file is watched) without a reload.
import fs from 'node:fs';
import { runCli } from './vscode-page.mjs';
import { repoWithWorktree, worktreeOf } from './worktree-repo.mjs';

export const title = 'board across worktrees: grouped, read-only there, opened from its folder, live';
export const fixture = 'alpha';

const SHORT = 20_000;

export async function prepare({ workspace }) {
  repoWithWorktree(workspace);
  fs.appendFileSync(`${worktreeOf(workspace)}/src/greeting.ts`, '\nexport function farewell(name: string) {\n  return `Bye, ${name}`;\n}\n');
}

export default async function ({ page, vscode, workspace, cli, node, lap }) {
  const wt = worktreeOf(workspace);
  const add = async (cwd, file, lines, message) => JSON.parse((await runCli({ node, cli, cwd, args: ['add', file, '--lines', lines, '--message', message, '--json'] })).stdout).id;
  const mainId = await add(workspace, 'src/math.ts', '5-7', 'WT-MAIN: is multiply() still used?');
  const loginId = await add(wt, 'src/greeting.ts', '7-9', 'WT-LOGIN: greet() in the login branch should take a title.');
  lap(`  threads ${mainId} here, ${loginId} in worktree feature-login (${wt})`);

  await vscode.waitReady();
  await vscode.statusBar().click();
  const board = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  const row = (id) => board.locator(`[data-testid="thread-row"][data-thread-id="${id}"]`);
  await row(loginId).waitFor({ timeout: SHORT });
  const branches = await board.getByTestId('worktree-branch').allTextContents();
  if (branches.join(',') !== 'main,feature-login') throw new Error(`worktree headers: ${JSON.stringify(branches)}`);
  lap('  the board groups the threads by worktree: main (this checkout), then feature-login');

  // Another worktree's thread: read here, its reply box a hint.
  await row(loginId).click();
  await board.getByTestId('detail-other-worktree').getByText('In worktree feature-login').waitFor({ timeout: SHORT });
  if (await board.getByTestId('reply-input').count()) throw new Error('another worktree\'s thread offers a reply box');
  await page.screenshot({ path: `${vscode.shotPrefix}-worktrees.png` });
  lap('  its detail pane says where to reply; no reply box');

  // Opening it opens the file from that worktree's folder (its farewell() is only there).
  await row(loginId).dblclick();
  await page.locator('.monaco-editor .view-lines .view-line', { hasText: 'export function farewell' }).first().waitFor({ timeout: SHORT });
  lap('  double click opened src/greeting.ts from the worktree\'s folder');

  // The agent there adds a thread: the board shows it (the worktree's store file is watched).
  const laterId = await add(wt, 'src/math.ts', '1-2', 'WT-LATER: added in the worktree while the board was open.');
  await row(laterId).waitFor({ timeout: SHORT });
  lap('  a thread added in the worktree showed on the open board');
}
