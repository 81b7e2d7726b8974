// Submit Review's session question defaults to the session that made the changes (issue 39,
// docs/worktrees.md): two Claude Code sessions work in one checkout through their real hooks
// (UserPromptSubmit and Stop, their JSON on stdin: the hooks capture the workspace with the
// session at each turn's start and end). Session A changes two files; session B, later, one.
// Submit Review asks which session the round is for: A is first and preselected (it made most of
// the changes, though B acted last), each row says how many files it changed; Enter addresses
// the round to A, and B's Stop hook lets it stop while A's is blocked.
import fs from 'node:fs';
import path from 'node:path';
import { runCli } from './vscode-page.mjs';

export const title = 'submit review: the session question defaults to the session that made the changes';
export const fixture = 'alpha';

const SHORT = 15_000;

export default async function ({ page, vscode, workspace, cli, node, lap }) {
  const hook = (event, session) => runCli({
    node, cli, cwd: workspace, args: ['hook', event, '--agent', 'claude'],
    input: JSON.stringify(event === 'prompt'
      ? { session_id: session, transcript_path: path.join(workspace, 't.jsonl'), cwd: workspace, permission_mode: 'default', hook_event_name: 'UserPromptSubmit', prompt: 'Go on.' }
      : { session_id: session, transcript_path: path.join(workspace, 't.jsonl'), cwd: workspace, permission_mode: 'default', hook_event_name: 'Stop', stop_hook_active: false }),
  });
  const edit = (rel, line) => fs.appendFileSync(path.join(workspace, rel), `${line}\n`);
  await vscode.waitReady();
  fs.mkdirSync(path.join(workspace, '.consider'), { recursive: true }); // the hooks record turns only where Consider is

  // Session A: two files. Session B, after it: one file.
  await hook('prompt', 'sess-aaaa1111');
  edit('src/greeting.ts', '// changed by session A');
  edit('src/math.ts', '// changed by session A');
  await hook('stop', 'sess-aaaa1111');
  await hook('prompt', 'sess-bbbb2222');
  edit('src/math.ts', '// changed by session B');
  await hook('stop', 'sess-bbbb2222');
  lap('  two sessions took turns through their hooks');

  // Submit Review with a message alone: the session question follows the message box.
  await vscode.runCommand('Consider: Submit Review');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: SHORT });
  await input.fill('SESSION-ROUND: have a look.');
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget', { hasText: 'which agent session is it for?' }).waitFor({ timeout: SHORT });
  const rows = page.locator('.quick-input-list .monaco-list-row');
  await rows.nth(2).waitFor({ timeout: SHORT });
  const texts = await rows.allInnerTexts();
  if (!/claude sess-aaa/.test(texts[0]) || !/changed 2 files since the last round/.test(texts[0])) throw new Error(`session A (2 files) must be first: ${JSON.stringify(texts)}`);
  if (!/claude sess-bbb/.test(texts[1]) || !/changed 1 file since the last round/.test(texts[1])) throw new Error(`session B (1 file) must be second: ${JSON.stringify(texts)}`);
  const focused = await page.locator('.quick-input-list .monaco-list-row.focused').innerText();
  if (!/sess-aaa/.test(focused)) throw new Error(`session A must be preselected, got ${JSON.stringify(focused)}`);
  await vscode.shot('session-question', { oneTheme: true }); // one theme: switching it goes through the palette, which would close the pick
  await page.keyboard.press('Enter');

  const storeFile = path.join(workspace, '.consider/store.json');
  const deadline = Date.now() + SHORT;
  let round;
  while (Date.now() < deadline && !(round = JSON.parse(fs.existsSync(storeFile) ? fs.readFileSync(storeFile, 'utf8') : '{}').reviews?.[0])) await page.waitForTimeout(200);
  if (round?.forSession !== 'claude:sess-aaaa1111') throw new Error(`the round must be addressed to session A: ${JSON.stringify(round)}`);
  lap('  round 1 addressed to session A');

  // Only A is held back by the round.
  const b = await hook('stop', 'sess-bbbb2222');
  if (b.stdout.trim() !== '') throw new Error(`session B must be let stop: ${b.stdout}`);
  const a = JSON.parse((await hook('stop', 'sess-aaaa1111')).stdout || '{}');
  if (a.decision !== 'block') throw new Error(`session A's stop must be blocked: ${JSON.stringify(a)}`);
}
