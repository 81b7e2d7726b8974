// Pull requests in the real workbench (docs/pull-requests.md), against the GitHub API stand-in
// run.mjs starts: the workspace is a git clone whose `origin` names github.com (reached through
// git's insteadOf, a bare repository beside it). A reviewer commented on `greet` at commit A; the
// branch then moved on (three lines above everything), so the thread is outdated on GitHub. The
// palette's Pull Review Threads brings it in on its code today, titled with where it came from;
// the developer replies and resolves it in the widget.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export const title = 'pull review threads from the pull request, outdated thread placed';
export const fixture = 'alpha';

const git = (dir, ...args) => {
  const r = spawnSync('git', ['-C', dir, '-c', 'user.email=t@example.com', '-c', 'user.name=T', '-c', 'init.defaultBranch=main', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
};

async function control(what, body) {
  const r = await fetch(`${process.env.CONSIDER_E2E_GITHUB}/_standin/${what}`, { method: 'POST', body: JSON.stringify(body) });
  const json = await r.json();
  if (!r.ok) throw new Error(`stand-in ${what}: ${json.message}`);
  return json;
}

let number;

export async function prepare({ workspace }) {
  if (!process.env.CONSIDER_E2E_GITHUB) throw new Error('CONSIDER_E2E_GITHUB is not set (run through e2e/vscode/run.mjs)');
  const bare = `${workspace}.origin.git`;
  const url = 'https://github.com/acme/greetings.git';
  fs.mkdirSync(bare, { recursive: true });
  git(bare, 'init', '-q', '--bare');
  git(bare, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
  git(workspace, 'init', '-q');
  git(workspace, 'remote', 'add', 'origin', url);
  git(workspace, 'config', `url.${bare}.insteadOf`, url);
  git(workspace, 'add', '-A');
  git(workspace, 'commit', '-qm', 'base');
  git(workspace, 'push', '-q', 'origin', 'main');
  git(workspace, 'checkout', '-qb', 'feature');
  const file = path.join(workspace, 'src/greeting.ts');
  const original = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, original.replace('return `Hello, ${title}${person.name}!`;', 'return `Hello, ${title}${person.name.trim()}!`;'));
  git(workspace, 'commit', '-qam', 'A: trim the name');
  const a = git(workspace, 'rev-parse', 'HEAD');
  git(workspace, 'push', '-q', '-u', 'origin', 'feature');
  ({ number } = await control('pull', { owner: 'acme', name: 'greetings', gitDir: bare, head: 'feature', author: 'dev', title: 'Trim names' }));
  await control('thread', { number, path: 'src/greeting.ts', line: 9, commit: a, author: 'alice', body: 'Should an empty name after trim() be refused?' });
  // The branch moves on: three lines at the top, so GitHub calls the thread outdated.
  fs.writeFileSync(file, `// one\n// two\n// three\n${fs.readFileSync(file, 'utf8')}`);
  git(workspace, 'commit', '-qam', 'B: header');
  git(workspace, 'push', '-q', 'origin', 'feature');
}

const readStore = (ws) => JSON.parse(fs.readFileSync(path.join(ws, '.consider/store.json'), 'utf8'));

export default async function ({ page, vscode, workspace, lap }) {
  await vscode.openFile('src/greeting.ts');
  await vscode.editorLines().filter({ hasText: 'export function greet' }).first().waitFor();
  await vscode.runCommand('Consider: Pull Review Threads from the Pull Request');
  await vscode.notification(`pulled PR #${number}`);
  const stored = readStore(workspace).comments;
  if (stored.length !== 1 || stored[0].anchor.startLine !== 12 || stored[0].anchorState !== 'anchored') {
    throw new Error(`the pulled thread is not on its code today (line 12): ${JSON.stringify(stored.map((c) => [c.anchorState, c.anchor.startLine]))}`);
  }
  lap('pulled thread placed on line 12 (was 9 at its commit)');
  const thread = vscode.thread('empty name after trim');
  await thread.getByText(`From PR #${number} by @alice, outdated there`, { exact: false }).first().waitFor();
  await thread.getByText('@alice', { exact: true }).first().waitFor();
  await vscode.shot('pr-thread-pulled');

  await vscode.openReply(thread);
  await page.keyboard.type('Yes: it throws on an empty name now.');
  await vscode.clickFormAction(thread, 'Reply');
  await thread.locator('.comment-body').filter({ hasText: 'it throws on an empty name now' }).first().waitFor();
  await vscode.shot('pr-thread-replied'); // before Resolve: VS Code collapses a resolved thread
  await vscode.clickThreadTitleAction(thread, 'Resolve');
  for (let i = 0; i < 100 && readStore(workspace).comments[0].workflowState !== 'resolved'; i++) await page.waitForTimeout(50);
  if (readStore(workspace).comments[0].workflowState !== 'resolved') throw new Error('the store does not show the thread resolved');
  await vscode.shot('pr-thread-replied-resolved');
}
