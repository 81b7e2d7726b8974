// Review per change (issue 38) in the real VS Code, in a folder without git (Consider's own
// baseline): Mark All Reviewed → the agent edits two files from outside → the diff opened from the
// Changes view labels each change → Ctrl+Alt+Y marks the change under the cursor and moves to the
// next → a hover link marks another → the agent edits elsewhere: the marks stay; it edits a marked
// change: that mark goes → Reject Change… (Ctrl+Alt+N, a reason, Reject and Revert) while the agent
// is idle reverts that change only → during a turn (the agent's real hook) the revert waits, and
// is made when the turn ends → a revert gone stale during a turn is refused, saying why → Next
// Unreviewed Change (Ctrl+Alt+J) goes on to the next file → the view counts the changes reviewed.
import fs from 'node:fs';
import path from 'node:path';
import { runCli } from './vscode-page.mjs';

export const title = 'review per change: marks in the diff, kept and cleared by edits, reject with revert idle and mid-turn, stale revert refused';
export const fixture = 'alpha';

const SHORT = 20_000;

async function until(what, fn, timeout = SHORT) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    last = await fn();
    if (last) return last;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export default async function ({ page, vscode, workspace, cli, node, lap }) {
  const agent = (args, input) => runCli({ node, cli, cwd: workspace, args, input });
  const hook = (event) => agent(['hook', event, '--agent', 'claude'], JSON.stringify({ session_id: 'hunk-review', cwd: workspace, hook_event_name: event, stop_hook_active: false }));
  const turnState = () => JSON.parse(fs.readFileSync(path.join(workspace, '.consider/turns/claude_hunk-review.json'), 'utf8')).state;
  /** The agent's stop: blocked while review comments wait (at most 3 times), then the turn is over. */
  const endTurn = async () => {
    for (let i = 0; i < 5 && turnState() !== 'ended'; i++) await hook('Stop');
    if (turnState() !== 'ended') throw new Error('the Stop hook never ended the turn');
  };
  const file = (rel) => path.join(workspace, rel);
  const edit = (rel, fn) => fs.writeFileSync(file(rel), fn(fs.readFileSync(file(rel), 'utf8')));
  const labels = async () => (await vscode.afterTexts('::before')).filter((t) => /^[✓●] \d+\/\d+$/.test(t));
  const waitLabels = (what, want) => until(`${what}: ${JSON.stringify(want)}`, async () => JSON.stringify(await labels()) === JSON.stringify(want));
  const rowOf = async (name) => (await vscode.changesRows()).find((r) => r.label === name);
  await vscode.waitReady();

  // 1. A baseline without git, then the agent's edits from outside: three changes in math.ts, two in greeting.ts.
  await vscode.openChangesView(); // waits for the extension (its view container)
  await vscode.runCommand('Consider: Mark All Reviewed');
  // The mark's manifest, written last (a `mark-….pack.tmp-…` appears as soon as the capture starts
  // reading: an edit made then may be read into the mark itself, and nothing would be listed).
  await until('the mark', () => fs.existsSync(file('.consider/baselines')) && fs.readdirSync(file('.consider/baselines')).some((n) => /^mark-.*\.json$/.test(n)));
  edit('src/math.ts', (t) => t
    .replace('  return a + b;', '  return Number(a) + Number(b);')
    .replace('  return a * b;', '  return a * b; // product')
    .replace('  return Math.min(max, Math.max(min, value));', '  return value < min ? min : value > max ? max : value;'));
  edit('src/greeting.ts', (t) => t.replace("  return text.toUpperCase() + '!';", "  return text.toUpperCase() + '!!!';").replace("  return text.toLowerCase() + '...';", "  return text.toLowerCase() + '…';"));
  await until('math.ts listed', async () => (await rowOf('math.ts'))?.description.startsWith('+3 −3'));

  // 2. Its diff labels each change.
  await vscode.changesRow('math.ts').click();
  vscode.useDiffSide('modified');
  await vscode.editorLines().filter({ hasText: 'Number(a)' }).first().waitFor({ timeout: 60_000 }); // a first diff: slow on a loaded machine
  await waitLabels('three changes labelled', ['● 1/3', '● 2/3', '● 3/3']);
  lap('  the diff labels its three changes');

  // 3. The keyboard: Ctrl+Alt+Y on change 1 marks it, and the cursor goes on to change 2.
  await vscode.clickLineWith('Number(a)');
  await page.keyboard.press('Control+Alt+Y');
  await waitLabels('change 1 reviewed', ['✓ 1/3', '● 2/3', '● 3/3']);
  const cursorLine = await page.locator('.editor-group-container.active .monaco-diff-editor .editor.modified .current-line').first().evaluate((el) => el.parentElement?.style.top);
  await until('row says ✓ 1/3', async () => (await rowOf('math.ts'))?.description.includes('✓ 1/3'));
  lap(`  Ctrl+Alt+Y marked change 1 (cursor moved on, at ${cursorLine})`);

  // 4. A hover on change 2 offers the actions; its Mark Reviewed link marks it.
  await vscode.editorLines().filter({ hasText: '// product' }).first().hover();
  const hover = vscode.hoverWidget();
  await hover.filter({ hasText: 'Change 2 of 3' }).waitFor({ timeout: SHORT });
  await hover.filter({ hasText: 'Reject…' }).waitFor({ timeout: SHORT });
  const hoverAgain = async () => {
    await page.mouse.move(0, 0); // a hover opens on the mouse's arrival
    await vscode.editorLines().filter({ hasText: '// product' }).first().hover({ position: { x: 40, y: 5 } });
    await hover.filter({ hasText: 'Change 2 of 3' }).waitFor({ timeout: SHORT });
  };
  await vscode.shot('diff-hunk-actions', { reopen: hoverAgain });
  if (!(await hover.isVisible())) await hoverAgain();
  await hover.locator('a', { hasText: 'Mark Reviewed' }).click();
  await waitLabels('change 2 reviewed', ['✓ 1/3', '✓ 2/3', '● 3/3']);
  lap('  the hover link marked change 2');

  // 5. The agent edits elsewhere: the marks stay. It edits change 1: that mark goes.
  edit('src/math.ts', (t) => `${t}\nexport const VERSION = 2;\n`);
  await waitLabels('marks kept after an edit elsewhere', ['✓ 1/4', '✓ 2/4', '● 3/4', '● 4/4']);
  edit('src/math.ts', (t) => t.replace('  return Number(a) + Number(b);', '  return Number(a) + Number(b) + 0;'));
  await waitLabels('change 1 unmarked after the agent edited it', ['● 1/4', '✓ 2/4', '● 3/4', '● 4/4']);
  lap('  an edit elsewhere kept both marks; an edit of change 1 cleared its mark');

  // 6. Reject Change… on change 3 while the agent is idle: a reason, Reject and Revert: that change only goes back.
  await vscode.clickLineWith('value < min');
  await page.keyboard.press('Control+Alt+N');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: SHORT });
  await input.fill('REJECT-CLAMP: keep Math.min/Math.max, it reads as the definition.');
  await vscode.shot('reject-reason', { oneTheme: true }); // a theme switch would close the input, and Enter would go to the editor
  await page.keyboard.press('Enter');
  const revertItem = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Reject and Revert the Change' }).first();
  await revertItem.waitFor({ timeout: SHORT });
  await vscode.shot('reject-choice', { oneTheme: true });
  await revertItem.click();
  await until('clamp reverted on disk', () => fs.readFileSync(file('src/math.ts'), 'utf8').includes('  return Math.min(max, Math.max(min, value));'));
  const math = fs.readFileSync(file('src/math.ts'), 'utf8');
  if (!math.includes('// product') || !math.includes('VERSION = 2')) throw new Error(`the revert touched other changes:\n${math}`);
  const store = () => JSON.parse(fs.readFileSync(file('.consider/store.json'), 'utf8')).comments;
  const clamp = await until('the rejection thread, reverted', () => store().find((c) => c.body.startsWith('REJECT-CLAMP') && c.rejected?.revert?.state === 'applied'));
  const told = (await agent(['get', clamp.id])).stdout;
  if (!told.includes('the developer reverted it')) throw new Error(`get does not say it was reverted:\n${told}`);
  await vscode.shot('rejected-and-reverted');
  lap('  Reject and Revert while idle: clamp reverted, the other changes kept, the agent told');

  // 7. During a turn (the agent's prompt hook ran), a revert waits for the turn's end.
  await hook('UserPromptSubmit');
  await vscode.clickLineWith('// product');
  await page.keyboard.press('Control+Alt+N');
  await input.waitFor({ state: 'visible', timeout: SHORT });
  await input.fill('REJECT-PRODUCT: no comment needed on a product.');
  await page.keyboard.press('Enter');
  const midTurnItem = page.locator('.quick-input-list .monaco-list-row', { hasText: 'when the agent\'s turn ends' }).first();
  await midTurnItem.waitFor({ timeout: SHORT });
  await vscode.shot('reject-mid-turn', { oneTheme: true });
  await midTurnItem.click();
  const product = await until('the queued rejection', () => store().find((c) => c.body.startsWith('REJECT-PRODUCT') && c.rejected?.revert?.state === 'queued'));
  // A negative check, not a settle: the store already says "queued" (the product's own signal);
  // this window is where a wrong revert mid-turn would show, and nothing may happen in it.
  await page.waitForTimeout(1500);
  if (!fs.readFileSync(file('src/math.ts'), 'utf8').includes('// product')) throw new Error('reverted while the agent\'s turn ran');
  await endTurn();
  await until('the queued revert made after the turn', () => store().find((c) => c.id === product.id)?.rejected?.revert?.state === 'applied', 90_000);
  if (fs.readFileSync(file('src/math.ts'), 'utf8').includes('// product')) throw new Error('the queued revert did not change the file');
  lap('  mid-turn: the revert waited, and was made when the Stop hook ended the turn');

  // 8. A revert that goes stale during the turn is refused, saying why.
  await vscode.changesRow('greeting.ts').click();
  await vscode.editorLines().filter({ hasText: "'…'" }).first().waitFor({ timeout: SHORT });
  await hook('UserPromptSubmit');
  await vscode.clickLineWith("'…'");
  await page.keyboard.press('Control+Alt+N');
  await input.waitFor({ state: 'visible', timeout: SHORT });
  await input.fill('REJECT-WHISPER: keep the three dots.');
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Reject and Revert the Change' }).first().click();
  const whisper = await until('the queued whisper rejection', () => store().find((c) => c.body.startsWith('REJECT-WHISPER') && c.rejected?.revert?.state === 'queued'));
  edit('src/greeting.ts', (t) => t.replace("  return text.toLowerCase() + '…';", "  return text.toLowerCase() + ' …';"));
  await endTurn();
  const refused = await until('the stale revert refused', () => store().find((c) => c.id === whisper.id && c.rejected?.revert?.state === 'refused'), 90_000);
  if (!fs.readFileSync(file('src/greeting.ts'), 'utf8').includes("' …'")) throw new Error('a stale revert changed the file');
  await vscode.notification('was not reverted after the agent');
  await vscode.shot('stale-revert-refused');
  await vscode.runCommand('Notifications: Hide Notifications'); // the list would cover the diff in the last shot
  lap(`  stale revert refused: ${refused.rejected.revert.reason}`);

  // 9. Next Unreviewed Change goes from file to file; the view counts the changes reviewed.
  await vscode.clickLineWith('!!!');
  await page.keyboard.press('Control+Alt+Y');
  await page.keyboard.press('Control+Alt+J');
  await until('Next Unreviewed opened math.ts', async () => (await page.locator('.tabs-container .tab.active').first().getAttribute('aria-label'))?.includes('math.ts'));
  vscode.useDiffSide(null);
  const rows = await vscode.changesRows();
  const message = await page.locator('.sidebar .message').first().textContent().catch(() => '');
  if (!/of \d+ changes reviewed|reviewed \(/.test(message ?? '')) throw new Error(`the view's message does not count changes: ${message}`);
  await vscode.shot('changes-view-progress');
  lap(`  Next Unreviewed went on to math.ts; the view says "${message?.trim()}"; rows ${JSON.stringify(rows.map((r) => `${r.label} ${r.description}`))}`);
}
