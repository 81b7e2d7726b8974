// The core loop in the real workbench: click the gutter, type a comment, submit; the agent
// answers with consider-cli from another process; the reply appears inline without losing a
// reply being typed; resolve from the thread widget. Screenshots of each step, light + dark.
import fs from 'node:fs';
import path from 'node:path';
import { runCli } from './vscode-page.mjs';

export const title = 'gutter comment, agent reply via CLI, resolve';
export const fixture = 'alpha';

const readStore = (ws) => JSON.parse(fs.readFileSync(path.join(ws, '.consider/store.json'), 'utf8'));

export default async function ({ page, vscode, workspace, cli, node, lap }) {
  await vscode.openFile('src/greeting.ts');
  await vscode.editorLines().filter({ hasText: 'export function greet' }).first().waitFor();
  await vscode.shot('file-open');

  // 1. gutter "+" on line 7, type, submit
  await vscode.clickGutterPlus(7);
  await vscode.typeComment('Should `greet()` trim the name first?');
  await vscode.shot('typing-comment');
  const widget = vscode.threadWidgets().first();
  await vscode.clickFormAction(widget, 'Add Comment');
  // The fixture was never set up: the first comment asks before it creates .consider/ (first-comment.scenario.mjs).
  await vscode.clickDialogButton(vscode.dialog('Set up Consider in'), 'Just Store Comments');
  const thread = vscode.thread('trim the name first');
  await thread.locator('.comment-body').filter({ hasText: 'trim the name first' }).first().waitFor();
  await thread.getByText('Open', { exact: true }).first().waitFor();
  const stored = readStore(workspace).comments;
  if (stored.length !== 1) throw new Error(`expected 1 thread in the store, found ${stored.length}`);
  const id = stored[0].id;
  if (stored[0].anchor.startLine !== 7 || stored[0].workflowState !== 'open') throw new Error(`stored thread is wrong: ${JSON.stringify(stored[0].anchor)}`);
  lap(`comment saved as ${id}`);
  await vscode.shot('comment-saved');

  // 2. the developer starts a reply; meanwhile the agent answers through the CLI
  await vscode.openReply(thread);
  await page.keyboard.type('Also, what about empty names');
  const { exitedAt } = await runCli({ node, cli, cwd: workspace, args: ['reply', id, '--message', 'Good catch — it now trims, and rejects an empty name.', '--root', workspace] });
  await thread.getByText('it now trims, and rejects an empty name').waitFor({ timeout: 5000 });
  const latency = Date.now() - exitedAt;
  lap(`FIGURE reply latency (CLI exit → reply visible in the workbench): ${latency} ms`);
  await thread.getByText('Agent', { exact: true }).first().waitFor();
  const typed = await thread.locator('.comment-form .monaco-editor .view-lines').first().innerText();
  if (!typed.replace(/\u00a0/g, ' ').includes('Also, what about empty names')) throw new Error(`the reply being typed was lost (box holds "${typed}")`);
  await vscode.shot('agent-reply-arrived');

  // 3. send the reply
  await page.keyboard.type('?');
  await vscode.clickFormAction(thread, 'Reply');
  await thread.locator('.comment-body').filter({ hasText: 'what about empty names?' }).first().waitFor();
  await vscode.shot('human-reply');

  // 4. resolve from the widget's title bar
  await vscode.clickThreadTitleAction(thread, 'Resolve');
  for (let i = 0; i < 100 && readStore(workspace).comments[0].workflowState !== 'resolved'; i++) await page.waitForTimeout(50);
  if (readStore(workspace).comments[0].workflowState !== 'resolved') throw new Error('the store does not show the thread resolved');
  await vscode.shot('resolved-collapsed');
  // Expanded again: the label says Resolved, and there is no reply box until it is reopened.
  await vscode.clickGutter(7);
  const resolved = vscode.thread('trim the name first');
  await resolved.getByText('Resolved', { exact: true }).first().waitFor();
  if (await resolved.locator('.comment-form:visible').count()) throw new Error('a resolved thread offers a reply box');
  await resolved.locator('.action-label[aria-label="Reopen"]').first().waitFor({ state: 'attached' });
  await vscode.shot('resolved-expanded');

  // 5. a comment on a selection, by the keybinding
  await vscode.selectLine(16);
  await page.keyboard.press('Control+Alt+M');
  await vscode.newThreadEditor().waitFor();
  await page.keyboard.type('shout() should not add the exclamation mark twice');
  const fresh = vscode.threadWidgets().filter({ hasText: 'Start discussion' }).first();
  await vscode.clickFormAction(fresh, 'Add Comment');
  await vscode.thread('exclamation mark twice').locator('.comment-body').first().waitFor();
  const added = readStore(workspace).comments.find((c) => c.body.includes('exclamation mark twice'));
  if (!added || added.anchor.startLine !== 16) throw new Error(`keybinding comment stored wrong: ${JSON.stringify(added?.anchor)}`);
  await vscode.shot('comment-by-keybinding');

  // 6. edit that comment and press Ctrl+Enter: the edit is saved (Save is the form's primary action), not thrown away
  const edited = vscode.thread('exclamation mark twice');
  const comment = edited.locator('.review-comment').filter({ hasText: 'exclamation mark twice' }).first();
  await comment.hover();
  await comment.locator('.action-label[aria-label="Edit"]').first().click();
  const editBox = edited.locator('.edit-container .monaco-editor').first();
  await editBox.waitFor({ state: 'visible' });
  await editBox.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('shout() adds the exclamation mark twice: fix it');
  await page.keyboard.press('Control+Enter');
  await edited.locator('.comment-body').filter({ hasText: 'fix it' }).first().waitFor();
  const saved = readStore(workspace).comments.find((c) => c.id === added.id);
  if (saved?.body !== 'shout() adds the exclamation mark twice: fix it' || !saved.editedAt) throw new Error(`Ctrl+Enter did not save the edit: ${JSON.stringify(saved?.body)}`);
  await vscode.shot('comment-edited');
}
