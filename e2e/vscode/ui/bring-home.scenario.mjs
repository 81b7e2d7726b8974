// Threads come home on merge, in the real VS Code (issue 39, docs/worktrees.md): the workspace is
// a git repository with a second worktree (feature-login) whose branch has work of its own, and
// threads written there by the agent's CLI: one on code the branch added, one on a file never
// committed. VS Code is open on the main checkout. The developer merges feature-login in a
// terminal: Consider offers to bring its threads home; the preview lists the one that lands (on
// the code it was written about) with a conflict flag (a thread here is on the same code), says
// one stays; accepting brings it into this checkout's store, where the CLI reads it at its place.
import fs from 'node:fs';
import { runCli } from './vscode-page.mjs';
import { git, repoWithWorktree, worktreeOf } from './worktree-repo.mjs';

export const title = 'bring-home: offered when a worktree\'s branch is merged, previewed, brought onto its code';
export const fixture = 'alpha';

const SHORT = 20_000;

const FAREWELL = '\nexport function farewell(name: string) {\n  return `Bye, ${name}`;\n}\n';

export async function prepare({ workspace }) {
  const wt = repoWithWorktree(workspace);
  fs.appendFileSync(`${wt}/src/greeting.ts`, FAREWELL);
  git(wt, 'commit', '-qam', 'farewell');
  fs.writeFileSync(`${wt}/src/draft.ts`, 'export const draftOnly = true;\n'); // never committed
}

export default async function ({ page, vscode, workspace, cli, node, lap }) {
  const wt = worktreeOf(workspace);
  const add = async (cwd, file, lines, message) => JSON.parse((await runCli({ node, cli, cwd, args: ['add', file, '--lines', lines, '--message', message, '--json'] })).stdout).id;
  const lineOf = (text) => fs.readFileSync(`${wt}/src/greeting.ts`, 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;
  const at = lineOf('export function farewell');
  const onFarewell = await add(wt, 'src/greeting.ts', `${at}-${at + 2}`, 'HOME-1: farewell() should take a title too.');
  const onDraft = await add(wt, 'src/draft.ts', '1-1', 'HOME-2: the draft flag belongs in config.');
  lap(`  threads ${onFarewell} (farewell) and ${onDraft} (draft.ts, never committed) in worktree feature-login`);

  await vscode.waitReady();
  // Nothing is offered before the merge (the branch is not in this checkout's history yet): the
  // first check has run (its log line) and offered nothing.
  await vscode.waitForLogLine(`bring-home offer: checked ${workspace}: 0 merged worktree(s) to offer`);
  if (await page.locator('.notification-toast', { hasText: 'is merged into this checkout' }).count()) throw new Error('bring-home offered before the merge');

  // The developer merges in a terminal; the review here then covers the same code.
  git(workspace, 'merge', '-q', '--no-edit', 'feature-login');
  const mine = await add(workspace, 'src/greeting.ts', `${at + 1}-${at + 1}`, 'HOME-3: a template literal is fine here.');
  const offer = await vscode.notification('feature-login is merged into this checkout. Bring its 2 open threads home?');
  lap('  the merge was noticed: bring-home offered');
  await offer.getByRole('button', { name: 'Preview…' }).click();

  const pick = page.locator('.quick-input-widget', { hasText: 'Bring Threads Home from feature-login' });
  await pick.waitFor({ timeout: SHORT });
  const rows = pick.locator('.quick-input-list .monaco-list-row');
  await rows.first().waitFor({ timeout: SHORT });
  const texts = await rows.allInnerTexts();
  if (texts.length !== 1) throw new Error(`preview rows: ${JSON.stringify(texts)}`);
  const row = texts[0].replace(/\s+/g, ' ');
  for (const want of [`src/greeting.ts:${at}-${at + 2} → src/greeting.ts:${at}-${at + 2}`, 'HOME-1: farewell() should take a title too.', `conflict: ${mine} here is about the same code`]) {
    if (!row.includes(want)) throw new Error(`preview row ${JSON.stringify(row)} lacks ${JSON.stringify(want)}`);
  }
  const placeholder = await pick.locator('input').getAttribute('placeholder');
  if (!placeholder?.includes('1 stays in the worktree')) throw new Error(`preview placeholder: ${placeholder}`);
  await page.screenshot({ path: `${vscode.shotPrefix}-bring-home.png` });
  lap('  the preview lists the thread that lands, its conflict, and the one that stays');
  await page.keyboard.press('Enter');

  await vscode.notification('brought 1 thread home from feature-login; 1 stays there');
  const home = JSON.parse((await runCli({ node, cli, cwd: workspace, args: ['list', '--json'] })).stdout).comments;
  const brought = home.find((c) => c.broughtFrom?.thread === onFarewell);
  if (!brought || brought.file !== 'src/greeting.ts' || brought.anchor.startLine !== at || brought.anchorState !== 'anchored') throw new Error(`brought: ${JSON.stringify(brought)}`);
  if (home.some((c) => c.broughtFrom?.thread === onDraft)) throw new Error('the thread whose code never arrived was brought');
  lap(`  ${brought.id} is in this checkout's store at src/greeting.ts:${at}, anchored; the draft thread stayed`);
}
