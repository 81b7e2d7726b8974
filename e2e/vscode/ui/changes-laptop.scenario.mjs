// The Changes view on a laptop (issue 40), in `npm start`'s demo workspace at 1280×720 with the
// side bar at its default width: the view's title and every row are shown whole (the title read
// "Consider: Chang…", a row "2 thre…"); a file's diff tab has no parentheses inside parentheses
// (its baseline's label has its own: "merge-base with HEAD~2 (1a2b3c4)"); and the baseline's age
// in the view's message line moves on by itself ("just now" stayed for minutes).
import fs from 'node:fs';
import path from 'node:path';
import { createDemoWorkspace } from '../../../scripts/demo-workspace.mjs';

export const title = 'changes view on a laptop: title and rows whole, no nested parentheses, the age moves on';

const SHORT = 20_000;
/** The Changes view's message line ("Since review round 1 (just now) · …"). */
const MESSAGE_LINE = '.sidebar .pane-body .message, .sidebar .customview-tree .message';

/** How far back round 1's capture is dated: its "just now" turns "1 min ago" soon after the window opens. */
const ROUND_AGE_MS = 30_000;

export async function prepare({ workspace, repo }) {
  fs.rmSync(workspace, { recursive: true, force: true });
  await createDemoWorkspace(workspace, { repo, home: path.join(path.dirname(workspace), 'changes-laptop-home') });
  // Taken 30 s ago rather than now, so step 4 waits for the age's next word some 20 s, not a whole
  // minute. The manifest's first line is its header, where the capture time is (shared/changes/baselines.ts).
  const dir = path.join(workspace, '.consider/baselines');
  const manifests = fs.readdirSync(dir).filter((n) => /^round-.*\.json$/.test(n));
  if (manifests.length !== 1) throw new Error(`expected round 1's capture in ${dir}, found ${JSON.stringify(manifests)}`);
  const file = path.join(dir, manifests[0]);
  const [head, ...rest] = fs.readFileSync(file, 'utf8').split('\n');
  const header = JSON.parse(head);
  header.createdAt = new Date(Date.parse(header.createdAt) - ROUND_AGE_MS).toISOString();
  fs.writeFileSync(file, [JSON.stringify(header), ...rest].join('\n'));
}

/**
 * The side bar's texts that are cut (shown with an ellipsis): the text, measured in its own font,
 * is wider than the room its box has. (Chromium reports an ellipsised box's scrollWidth, and a
 * Range over its text, as the box's own width.)
 */
const cutTexts = (page) => page.locator('.sidebar').evaluate((bar) => {
  const ctx = document.createElement('canvas').getContext('2d');
  return [...bar.querySelectorAll('.composite.title .title-label h2, .monaco-list-row .label-name, .monaco-list-row .label-description')].filter((e) => {
    ctx.font = getComputedStyle(e).font;
    const room = Math.min(e.getBoundingClientRect().right, (e.closest('.title-label, .monaco-icon-label-container') ?? e).getBoundingClientRect().right) - e.getBoundingClientRect().left;
    return ctx.measureText(e.textContent).width > room + 0.05; // a third of a pixel over is an ellipsis already
  }).map((e) => e.textContent);
});

export default async function ({ page, vscode, lap }) {
  await page.setViewportSize({ width: 1280, height: 720 });
  await vscode.statusBar().waitFor({ timeout: 60_000 });
  await vscode.openChangesView();

  // 1. Since the newest review round: the message line names it with its age.
  const message = page.locator(MESSAGE_LINE).filter({ hasText: 'Since review round 1' }).first();
  await message.waitFor({ timeout: SHORT });
  lap(`  the message says "${(await message.textContent()).trim()}"`);

  // 2. Since the agent's commits before the review (HEAD~2): five files, threads on four.
  await vscode.chooseBaseline('Since a branch');
  await page.locator('.quick-input-widget input').fill('HEAD~2');
  await page.keyboard.press('Enter');
  await vscode.changesRow('login.ts').waitFor({ timeout: SHORT });
  await vscode.changesRow('log.ts').waitFor({ timeout: SHORT });
  const rows = await vscode.changesRows();
  lap(`  rows: ${rows.map((r) => `${r.label} ${r.description}`.trim()).join(' | ')}`);
  await vscode.shot('changes-laptop');
  const cut = await cutTexts(page);
  if (cut.length) throw new Error(`cut in the side bar at its default width: ${JSON.stringify(cut)}`);

  // 3. A file's diff: its tab title has no parentheses within parentheses.
  await vscode.changesRow('cart.ts').click();
  const tab = page.locator('.tabs-container .tab', { hasText: 'cart.ts' }).first();
  await tab.waitFor({ timeout: SHORT });
  const tabTitle = (await tab.textContent()).trim();
  lap(`  the diff's tab: "${tabTitle}"`);
  if (/\([^)]*\(/.test(tabTitle)) throw new Error(`the diff tab's title has nested parentheses: "${tabTitle}"`);

  // 4. Back to the review round (its age said afresh), then nothing done: the age moves on by
  //    itself when its words change (at 60 s: the round was taken 30 s before the window opened).
  await vscode.chooseBaseline('Newest review round or mark');
  await message.waitFor({ timeout: SHORT });
  const ageNow = async () => /\(([^)]*)\)/.exec(await message.textContent())?.[1];
  // No settling wait: the age is the round's capture time against the clock, so every drawing of
  // the line shows the same words until a minute passes — which is the change looked for.
  const firstAge = await ageNow();
  const waitFrom = Date.now();
  // Nothing is done meanwhile: the view says the age again by itself when its words change, at
  // most a minute on from here ("just now" or "1 min ago" here); 75 s leaves a loaded machine room.
  // (Looked up afresh each time: VS Code may draw the message line anew.)
  await page.waitForFunction(([selector, first]) => [...document.querySelectorAll(selector)]
    .some((e) => e.textContent.includes('Since review round 1') && !e.textContent.includes(`(${first})`)), [MESSAGE_LINE, firstAge], { timeout: 75_000, polling: 250 })
    .catch((e) => { throw new Error(/Timeout/i.test(e.message) ? `the baseline's age still says "${firstAge}" 75 s on` : e.message); });
  lap(`  the age moved on: "${firstAge}" → "${await ageNow()}", ${((Date.now() - waitFrom) / 1000).toFixed(1)} s on`);
}
