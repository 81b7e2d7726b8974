// A folder that was never set up, and the same folder after *Uninstall everything* (issue 22,
// item 6): the first comment asks whether to set Consider up instead of creating .consider/ by
// itself; Escape saves nothing; "Just Store Comments" keeps the comment and asks no more; the
// reply box of a pending thread tells the truth about when the agent sees it; after a full
// uninstall the wizard has nothing left to offer, and the next comment asks again — "Set Up…"
// saves it and opens the setup wizard.
import fs from 'node:fs';
import path from 'node:path';

export const title = 'first comment in a folder without .consider/ asks to set up, also after Uninstall everything';
export const fixture = 'alpha';

const SHORT = 20_000;

export default async function ({ page, vscode, workspace, lap }) {
  const considerDir = path.join(workspace, '.consider');
  const storedBodies = () => JSON.parse(fs.readFileSync(path.join(considerDir, 'store.json'), 'utf8')).comments.map((c) => c.body);
  const board = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  await vscode.waitReady();

  // 1. The first comment asks; Escape saves nothing and creates nothing.
  await vscode.openFile('src/greeting.ts');
  await vscode.clickGutterPlus(7);
  await vscode.typeComment('NEVER-SAVED: trim the name?');
  await vscode.clickFormAction(vscode.newThreadWidget(), 'Add Comment');
  const asked = vscode.dialog(`Set up Consider in ${path.basename(workspace)}?`);
  await asked.waitFor({ timeout: SHORT });
  await page.screenshot({ path: `${vscode.shotPrefix}-00-first-comment-asks-light.png` }); // one theme: the palette cannot switch it under a modal
  await page.keyboard.press('Escape');
  await asked.waitFor({ state: 'hidden', timeout: SHORT });
  await vscode.notification('the comment was not saved');
  if (fs.existsSync(considerDir)) throw new Error('Escape must not create .consider/');
  lap('  Escape: nothing saved, no .consider/');

  // 2. "Just Store Comments": saved (in the pending review), and only the store is made.
  const pending = await vscode.commentInGutter('src/greeting.ts', 13, 'PENDING-ONE: reuse the title logic?', 'Start Review', { firstComment: 'Just Store Comments' });
  await pending.filter({ hasText: 'Pending review' }).waitFor({ timeout: SHORT });
  if (!storedBodies().includes('PENDING-ONE: reuse the title logic?')) throw new Error('the comment was not stored');
  if (fs.existsSync(path.join(considerDir, 'bin'))) throw new Error('"Just Store Comments" must set nothing else up');

  // 3. A pending thread's title says the agent has not seen it; its reply box a placeholder short
  //    enough to show whole, which claims nothing about when the agent sees it (one text serves
  //    every box: issue 40).
  await pending.getByText('Pending review (not sent to the agent yet)').first().waitFor({ timeout: SHORT });
  await vscode.openReply(pending);
  await pending.getByText('Markdown · Ctrl+Alt+M comments on a selection').first().waitFor({ timeout: SHORT });
  if (await pending.getByText('the agent sees it now').count()) throw new Error('the reply box still says when the agent sees it');
  await vscode.shot('pending-reply-box');
  await page.keyboard.press('Escape');

  // 4. With .consider/ there, no more questions.
  await vscode.commentInGutter('src/greeting.ts', 21, 'SENT-TWO: ellipsis or period?', 'Add Comment', { firstComment: null });
  lap('  "Just Store Comments": stored, asked no more');

  // 5. Uninstall everything from the wizard; then it has nothing left to offer.
  await vscode.runCommand('Consider: Uninstall');
  await board.getByTestId('uninstall-wizard').waitFor({ timeout: SHORT });
  await board.getByTestId('uninstall-mode').getByRole('radio', { name: /Everything/ }).click();
  await board.getByTestId('uninstall-run').click();
  await board.getByTestId('uninstall-confirm').filter({ hasText: 'with all 2 threads' }).waitFor({ timeout: SHORT });
  await board.getByTestId('uninstall-confirm-yes').click();
  await board.getByTestId('uninstall-nothing').waitFor({ timeout: SHORT });
  if (fs.existsSync(considerDir)) throw new Error('Uninstall everything left .consider/');
  if (await board.getByTestId('uninstall-run').count()) throw new Error('after a full uninstall the wizard still offers to uninstall');
  await vscode.shot('uninstalled');
  lap('  uninstalled everything: the wizard says there is nothing to uninstall');

  // 6. The next comment asks again (never a silent new .consider/); "Set Up…" saves it and opens the wizard.
  await vscode.openFile('src/greeting.ts');
  await vscode.clickGutterPlus(7);
  await vscode.typeComment('AFTER-UNINSTALL: still here?');
  await vscode.clickFormAction(vscode.newThreadWidget(), 'Add Comment');
  await vscode.clickDialogButton(vscode.dialog(`Set up Consider in ${path.basename(workspace)}?`), 'Set Up…');
  await board.getByTestId('setup-wizard').waitFor({ timeout: SHORT });
  await board.getByTestId('setup-store-only').waitFor({ timeout: SHORT }); // stored, not yet readable by the agent
  if (!storedBodies().includes('AFTER-UNINSTALL: still here?')) throw new Error('"Set Up…" must save the comment');
  await vscode.shot('set-up-offered');
  lap('  after the uninstall: asked again, "Set Up…" saved it and opened the setup wizard');
}
