// Issue 17, "a new user's own project": the README's "Use it on your own project" lines,
// taken from the README itself and run against a new git repository in another folder (the
// VSIX is the one this runner packed, installed into code-server as `code --install-extension`
// would); then the real VS Code opens that repository and a thread is added in the editor.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runCli } from './vscode-page.mjs';

export const title = 'own project: the README setup lines on a new git repo, then a thread in VS Code';
export const fixture = 'beta';

const gitEnv = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };

/** The README's setup lines: the sh block after the `own-project` marker, `npm run …` lines only (build, package and editor install are the runner's). */
function readmeSetupLines(repo) {
  const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
  const block = /<!-- own-project[^>]*-->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README: no own-project block');
  const lines = block.split('\n').map((l) => l.replace(/\s+#.*$/, '').trim()).filter((l) => l.startsWith('npm run consider-setup'));
  if (!lines.length) throw new Error('README: the own-project block runs no consider-setup');
  return lines;
}

export async function prepare({ workspace, repo, lap }) {
  const git = (...args) => execFileSync('git', args, { cwd: workspace, encoding: 'utf8', env: gitEnv });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'my project');
  for (const line of readmeSetupLines(repo)) {
    const cmd = line.replace('~/code/my-project', JSON.stringify(workspace));
    lap(`  $ ${cmd}`);
    // HOME is code-server's run home (scripts/code-server.mjs): a hook installs the user's own copy
    // of consider-cli under ~/.local/share/consider, which must not land in the real home.
    const home = path.resolve(workspace, '../../home');
    execFileSync('sh', ['-c', cmd], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: home } });
  }
}

export default async function ({ vscode, workspace, node }) {
  const git = (...args) => execFileSync('git', args, { cwd: workspace, encoding: 'utf8', env: gitEnv });
  for (const f of ['.consider/bin/consider-cli', '.claude/skills/consider/SKILL.md']) {
    if (!fs.existsSync(path.join(workspace, f))) throw new Error(`the README's setup did not create ${f}`);
  }
  // The README promises the review is delivered by itself: its setup line installs Claude Code's hook.
  const settings = path.join(workspace, '.claude/settings.json');
  if (!fs.existsSync(settings) || !/hook stop --agent claude/.test(fs.readFileSync(settings, 'utf8'))) throw new Error(`the README's setup installed no Stop hook in ${settings}`);
  await vscode.commentInGutter('lib/util.py', 1, 'OWN-PROJECT: a first comment on my own code.');
  await vscode.shot('own-project-thread');
  // The deployed CLI in the project reads it; git sees none of .consider/.
  const listed = JSON.parse((await runCli({ node, cli: path.join(workspace, '.consider/bin/consider-cli.cjs'), cwd: workspace, args: ['list', '--json'] })).stdout).comments;
  if (listed.length !== 1 || listed[0].file !== 'lib/util.py') throw new Error(`the project's CLI should list the one thread: ${JSON.stringify(listed)}`);
  const status = git('status', '--porcelain');
  if (status.includes('.consider')) throw new Error(`git sees .consider/:\n${status}`);
}
