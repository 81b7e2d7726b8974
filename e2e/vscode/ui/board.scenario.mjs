// The review board in the real VS Code (issue 5): open it from the status bar, pick a thread
// → the editor reveals its lines; resolve from the board → the inline thread shows resolved;
// the agent's CLI adds a reply → the board updates without a reload.
import { runCli } from './vscode-page.mjs';

export const title = 'board: open from the status bar, reveal, resolve, live CLI reply';
export const fixture = 'alpha';

const SHORT = 15_000;

export default async function ({ page, vscode, workspace, cli, node, lap }) {
  const add = async (file, lines, message) => JSON.parse((await runCli({ node, cli, cwd: workspace, args: ['add', file, '--lines', lines, '--message', message, '--json'] })).stdout).id;
  const greetId = await add('src/greeting.ts', '7-9', 'BOARD-GREET: greet() should handle an empty name.');
  const mathId = await add('src/math.ts', '5-7', 'BOARD-MATH: is multiply() still used?');
  lap(`  threads ${greetId}, ${mathId} added by the CLI`);

  await vscode.waitReady();
  // Screenshots switch the theme through settings, which can be slow on a loaded machine: a
  // shot that times out is reported, not a failure of the behaviour under test.
  // (then one shot in the current theme is taken instead).
  const shot = (name) => vscode.shot(name).catch(async (e) => {
    lap(`  (theme switch for screenshot ${name} failed: ${e.message.split('\n')[0]}; one shot in the current theme)`);
    await page.screenshot({ path: `${vscode.shotPrefix}-${name}-current.png` });
  });

  // 1. The status bar opens the board.
  await vscode.statusBar().click();
  const board = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  const row = (id) => board.locator(`[data-testid="thread-row"][data-thread-id="${id}"]`);
  await row(mathId).waitFor({ timeout: SHORT });
  // The host wrote the board's first screen into the page, and the boot script kept it.
  const pagePreview = () => board.locator('html').getAttribute('data-page-preview', { timeout: SHORT });
  if ((await pagePreview()) !== 'kept') throw new Error(`the board's page came without a first screen it could keep: ${await pagePreview()}`);
  lap('  the board was painted from the first screen in its HTML');
  await shot('board');

  // 2. One click picks a thread: its conversation shows, no editor opens, the board keeps its size.
  const boardFrame = page.locator('iframe.webview.ready').first();
  const heightBefore = (await boardFrame.boundingBox())?.height ?? 0;
  await row(mathId).click();
  await board.getByTestId('detail').getByText('BOARD-MATH').waitFor({ timeout: SHORT });
  await page.waitForTimeout(1000); // time enough for an editor to open, if one were going to
  if (await page.locator('.tabs-container .tab', { hasText: 'math.ts' }).count()) throw new Error('a single click on a row opened the file');
  //    A double click opens the code, in another group beside the board, at the thread's lines.
  await row(mathId).dblclick();
  await page.locator('.monaco-editor .view-lines .view-line', { hasText: 'export function multiply' }).first().waitFor({ timeout: SHORT });
  await page.locator('.statusbar-item[id="status.editor.selection"]', { hasText: /Ln [5-7], Col/ }).waitFor({ timeout: SHORT });
  const heightAfter = (await boardFrame.boundingBox())?.height ?? 0;
  if (heightAfter < heightBefore * 0.9) throw new Error(`opening the code squeezed the board from ${heightBefore} to ${heightAfter} px high`);
  lap('  picking the math thread revealed src/math.ts at its lines');

  // 3. Resolve from the board → the inline thread shows resolved.
  // The code opens beside the board, so the board stays in view.
  await row(greetId).dblclick(); // opens greeting.ts with the thread's inline widget
  await vscode.thread('BOARD-GREET').waitFor({ timeout: SHORT });
  await board.getByTestId('detail').getByText('BOARD-GREET').waitFor({ timeout: SHORT });
  await board.getByTestId('detail-toggle-state').click();
  await row(greetId).locator('.tag.resolved').waitFor({ timeout: SHORT });
  await page.waitForFunction(() => {
    const w = [...document.querySelectorAll('.review-widget')].find((e) => e.textContent?.includes('BOARD-GREET'));
    // resolved threads collapse (spec §9.6): either the widget is gone/hidden or its head says Resolved
    return !w || w.offsetParent === null || /Resolved/.test(w.querySelector('.head')?.textContent ?? '');
  }, null, { timeout: SHORT });
  lap('  resolved from the board; the inline thread shows resolved');
  await shot('resolved-inline');

  // 4. The agent replies from its terminal → the open board shows it without a reload.
  await row(mathId).click();
  const { exitedAt } = await runCli({ node, cli, cwd: workspace, args: ['reply', mathId, '--message', 'BOARD-REPLY: yes, by the renderer.'] });
  await board.getByTestId('detail').getByText('BOARD-REPLY: yes, by the renderer.').waitFor({ timeout: SHORT });
  lap(`  CLI reply shown in the board ${Date.now() - exitedAt} ms after the CLI exited`);
  await shot('board-live-reply');

  // 5. Hidden, then shown again: VS Code loads the panel's HTML again, and the host has given it
  // one without the first screen it was opened with (out of date by now): the board draws the
  // thread added meanwhile, with no old first screen kept.
  await page.locator('.tabs-container .tab', { hasText: 'Consider' }).first().click();
  await vscode.openFile('src/math.ts'); // in the board's group: the board is hidden
  await board.locator('#root').waitFor({ state: 'detached', timeout: SHORT });
  const hiddenId = await add('src/math.ts', '1-2', 'BOARD-HIDDEN: added while the board was hidden.');
  await page.locator('.tabs-container .tab', { hasText: 'Consider' }).first().click();
  await row(hiddenId).waitFor({ timeout: SHORT });
  if ((await pagePreview()) !== 'none') throw new Error(`the board shown again kept or met an old first screen: ${await pagePreview()}`);
  lap('  shown again, the board drew the thread added while it was hidden (its page had no old first screen)');
}
