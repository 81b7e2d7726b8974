// The agent loop of issue 15 in the real VS Code: a review of three comments on two files is
// started from the comment box (Start Review, Add to Review) → the agent's CLI lists none of
// them → Submit Review from the editor title, with an overall message → a Claude Code Stop hook call (its JSON on
// stdin) blocks the stop with the right count → the agent reads the three threads and replies
// --addressed on one → the inline thread and the board show the disposition without a reload
// → the same hook then lets the agent stop.
import fs from 'node:fs';
import path from 'node:path';
import { runCli } from './vscode-page.mjs';

export const title = 'review loop: pending review, submit, Stop hook, --addressed shown inline and on the board';
export const fixture = 'alpha';

const SHORT = 15_000;

export default async function ({ page, vscode, workspace, cli, node, lap }) {
  const agent = (args, input) => runCli({ node, cli, cwd: workspace, args, input });
  // Claude Code's Stop hook input (docs: hooks reference, "Stop input").
  const stopHook = () => agent(['hook', 'stop', '--agent', 'claude'], JSON.stringify({
    session_id: 'review-loop-session', transcript_path: path.join(workspace, 'transcript.jsonl'), cwd: workspace,
    permission_mode: 'default', hook_event_name: 'Stop', stop_hook_active: false,
  }));
  await vscode.waitReady();

  // 1. Three comments, two files, all into the pending review from the comment box.
  const comment = async (file, line, text, button) => {
    const widget = await vscode.commentInGutter(file, line, text, button);
    await widget.filter({ hasText: 'Pending review' }).waitFor({ timeout: SHORT });
  };
  await comment('src/greeting.ts', 13, 'REVIEW-ONE: reuse the title logic here.', 'Start Review');
  await comment('src/greeting.ts', 21, 'REVIEW-TWO: ellipsis or period?', 'Add to Review');
  await comment('src/math.ts', 10, 'REVIEW-THREE: what if min > max?', 'Add to Review');
  await page.locator('.statusbar-item[id$="consider.review"]', { hasText: 'Submit review (3)' }).waitFor({ timeout: SHORT });
  // The status bar counts them as open threads, as the board does (one definition: shared/board/threadCounts.ts).
  const label = '[aria-label^="Consider: 3 open threads"]';
  await page.locator(`.statusbar-item[id$="consider.status"]${label}, .statusbar-item[id$="consider.status"] ${label}`).first().waitFor({ timeout: SHORT });
  await vscode.statusBar().click();
  const openStat = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame').locator('.summary-bar .stat').first();
  await openStat.filter({ hasText: /\b3 open/ }).waitFor({ timeout: SHORT });
  await page.keyboard.press('Control+w'); // back to the editor
  await vscode.shot('pending-review');
  lap('  three comments in the pending review');

  // 2. The agent sees none of them yet, and its Stop hook lets it stop.
  const before = JSON.parse((await agent(['list', '--json'])).stdout).comments;
  if (before.length !== 0) throw new Error(`list must not show pending comments, got ${before.length}`);
  const idle = await stopHook();
  if (idle.stdout.trim() !== '') throw new Error(`with only a pending review the hook must stay silent, printed: ${idle.stdout}`);

  // 3. Submit Review from the editor title's ▷ (it passes the file's Uri to the command): it
  // asks for the overall message as the palette and the status bar do.
  await vscode.clickEditorTitleAction('Submit Review');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: SHORT });
  await input.fill('ROUND-NOTE: mostly fine, see the three comments.');
  await page.keyboard.press('Enter');
  await page.locator('.statusbar-item[id$="consider.review"]').waitFor({ state: 'hidden', timeout: SHORT });
  const store = JSON.parse(fs.readFileSync(path.join(workspace, '.consider/store.json'), 'utf8'));
  if (store.reviews?.[0]?.threadIds?.length !== 3 || store.reviews[0].message !== 'ROUND-NOTE: mostly fine, see the three comments.') {
    throw new Error(`round 1 should hold the three threads and the message: ${JSON.stringify(store.reviews)}`);
  }
  lap('  submitted as round 1');

  // 4. The Stop hook blocks with the right count.
  const blocked = JSON.parse((await stopHook()).stdout);
  if (blocked.decision !== 'block' || !/\b3\b/.test(blocked.reason)) throw new Error(`the Stop hook should block with 3 comments: ${JSON.stringify(blocked)}`);
  lap(`  Stop hook: ${blocked.reason}`);

  // 5. The agent reads the round and each thread, and answers one with --addressed.
  const listed = JSON.parse((await agent(['list', '--json'])).stdout).comments;
  if (listed.length !== 3) throw new Error(`after the submit list shows 3, got ${listed.length}`);
  await agent(['review']);
  for (const c of listed) await agent(['context', c.id]);
  const one = listed.find((c) => c.body.startsWith('REVIEW-ONE'));
  await agent(['reply', one.id, '--message', 'AGENT: done, greet() and farewell() share titleOf() now.', '--addressed']);

  // 6. Inline, without a reload: the thread's title and the reply's label say "addressed".
  await vscode.openFile('src/greeting.ts');
  const widget = vscode.thread('REVIEW-ONE');
  await widget.filter({ hasText: 'Agent: addressed' }).waitFor({ timeout: SHORT });
  await widget.filter({ hasText: 'AGENT: done' }).waitFor({ timeout: SHORT });
  await vscode.shot('addressed-inline');

  // 7. On the board: the row carries the disposition, and the "awaiting your check" filter finds it.
  await vscode.statusBar().click();
  const board = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  const row = board.locator(`[data-testid="thread-row"][data-thread-id="${one.id}"]`);
  await row.waitFor({ timeout: SHORT });
  await row.filter({ hasText: /addressed/i }).waitFor({ timeout: SHORT });
  await vscode.shot('addressed-board');

  // 8. Nothing unread is left: the hook lets the agent stop.
  const done = await stopHook();
  if (done.stdout.trim() !== '') throw new Error(`after the agent read every thread the hook must let it stop, printed: ${done.stdout}`);
  lap('  Stop hook lets the agent stop');
}
