// The Changes view across worktrees, in the real VS Code (issue 39, docs/worktrees.md): the
// workspace is a git repository with a second worktree (feature-login) where an agent committed a
// change to src/greeting.ts and left a new file, src/login.ts, uncommitted; its hook recorded a
// turn running now. The Changes view lists, below this checkout's changes, a feature-login group:
// its folder, "2 files changed" and "claude 7f3e2a91 working now"; expanded, both files, without
// Viewed ticks (they are that window's); a click opens the diff of the worktree's file against
// where its branch left this checkout's.
import fs from 'node:fs';
import { git, repoWithWorktree, worktreeOf } from './worktree-repo.mjs';

export const title = 'Changes view across worktrees: a group per worktree, its files, its agent, the diff from its folder';
export const fixture = 'alpha';

const SHORT = 20_000;

const SESSION = 'claude:7f3e2a91-5c44-4b7e-9d1a-2c3b4d5e6f70';

export async function prepare({ workspace }) {
  const wt = repoWithWorktree(workspace);
  fs.appendFileSync(`${wt}/src/greeting.ts`, '\nexport function farewell(name: string) {\n  return `Bye, ${name}`;\n}\n');
  git(wt, 'commit', '-qam', 'farewell');
  fs.writeFileSync(`${wt}/src/login.ts`, 'export function login(user: string): boolean {\n  return user.length > 0;\n}\n');
  // The agent's hook in that worktree recorded its turn (shared/store/agent-turns.ts's file).
  fs.mkdirSync(`${wt}/.consider/turns`, { recursive: true });
  fs.writeFileSync(`${wt}/.consider/turns/claude_7f3e2a91.json`, JSON.stringify({ version: 1, session: SESSION, state: 'running', at: new Date().toISOString() }) + '\n');
}

export default async function ({ page, vscode, workspace, lap }) {
  const wt = worktreeOf(workspace);
  await vscode.waitReady();
  await vscode.openChangesView();
  const group = vscode.changesRow('feature-login');
  await group.waitFor({ timeout: SHORT });
  const description = (await group.locator('.label-description').textContent())?.trim() ?? '';
  for (const want of ['-login', '2 files changed', 'claude 7f3e2a91 working now']) {
    if (!description.includes(want)) throw new Error(`feature-login's row says ${JSON.stringify(description)}, not ${JSON.stringify(want)}`);
  }
  lap(`  the Changes view has a feature-login group: ${description}`);

  await group.click(); // expands it
  await vscode.changesRow('login.ts').waitFor({ timeout: SHORT });
  const rows = await vscode.changesRows();
  const files = rows.filter((r) => r.label === 'greeting.ts' || r.label === 'login.ts');
  if (files.length !== 2) throw new Error(`rows: ${JSON.stringify(rows)}`);
  if (rows.some((r) => r.checked !== null && r.label !== '' && ['greeting.ts', 'login.ts', 'src'].includes(r.label))) throw new Error(`another worktree's rows offer a Viewed tick: ${JSON.stringify(rows)}`);
  lap('  expanded: greeting.ts and login.ts, no Viewed ticks');

  await vscode.changesRow('greeting.ts').click();
  // The diff's right side is the worktree's file (its farewell() is only there), its left the base.
  await page.locator('.monaco-diff-editor .modified .view-line', { hasText: 'export function farewell' }).first().waitFor({ timeout: SHORT });
  const crumbs = (await page.locator('.breadcrumbs-control').first().innerText()).replace(/\s+/g, '/');
  if (!crumbs.includes(`${wt.split('/').pop()}/src/greeting.ts`)) throw new Error(`the diff's file is ${JSON.stringify(crumbs)}, not ${wt}/src/greeting.ts`);
  await page.screenshot({ path: `${vscode.shotPrefix}-changes-worktrees.png` });
  lap('  clicking greeting.ts opened its diff from the worktree\'s folder');
}
