/**
 * The board on a laptop's screen (issue 40): VS Code at 720 px high leaves the board's panel about
 * 600 px. With the review bar, the rounds opened and the filters, the header took ~300–420 px and
 * the selected thread's conversation shrank to a sliver, its Reply and Resolve below the edge. At
 * such heights the header folds (the filters behind their toggle, the rounds' list and the code
 * since written shorter) and the thread keeps a usable minimum: its reply box and buttons on
 * screen, its conversation readable (scrolling with its header and code). Screenshots:
 * test-results/screenshots/board-short-*.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { addThread, reconcileWorkspace, replyToThread } from '../../shared';
import { submitReviewWithBaseline } from '../../shared/changes';
import { seedReview } from './fixtures';
import { test, expect } from './test';
import type { Locator, Page } from '@playwright/test';

const OUT = path.resolve(__dirname, '../../test-results/screenshots');
const bottomOf = async (l: Locator) => { const b = await l.boundingBox(); return b ? b.y + b.height : Infinity; };
const heightOf = async (l: Locator) => (await l.boundingBox())?.height ?? 0;

/** How much of the conversation shows: its box within the thread's scrolling part and the page. */
const visibleConversation = (page: Page) => page.evaluate(() => {
  const c = document.querySelector('.conversation')!.getBoundingClientRect();
  const s = document.querySelector('.detail-scroll')!.getBoundingClientRect();
  return Math.max(0, Math.min(c.bottom, s.bottom, window.innerHeight) - Math.max(c.top, s.top, 0));
});

// A 720 px laptop's board beside the explorer, the user opening the rounds; and a narrow one, where
// the thread sits under the list (there, with the rounds open too, the board scrolls as a whole).
for (const [size, minConversation, roundsOpen] of [[{ width: 920, height: 600 }, 90, true], [{ width: 640, height: 560 }, 40, false]] as const) {
  test(`a ${size.width}×${size.height} panel: the header folds, the thread keeps its reply box and a readable conversation`, async ({ page, host, seeded, origin, board }) => {
    const root = seeded.root;
    for (const n of [1, 2, 3]) await submitReviewWithBaseline(root, { message: `Round ${n}: a few things about naming, overflow and the tests; see the comments.` });
    await seedReview(seeded); // then a pending review: the review bar shows
    // A thread whose code changed since it was written (the detail shows the diff), with a conversation.
    const file = path.join(root, 'src/util.ts');
    const changed = await addThread(root, { file: 'src/util.ts', startLine: 1, endLine: 3, body: 'Name the parameters after what they are, and say what happens on overflow.', author: 'human' });
    await replyToThread(root, changed.id, { body: 'Renamed them to `left` and `right`; overflow is JavaScript\'s (no wrap, loses precision past 2^53).', author: 'agent', disposition: 'addressed' });
    await replyToThread(root, changed.id, { body: 'Good. Add a test for the precision limit.', author: 'human' });
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('export function add(a: number, b: number) {', 'export function add(left: number, right: number) {'));
    await reconcileWorkspace(root);
    host.storesChanged();
    await page.setViewportSize(size);
    await host.open(page, origin, { theme: 'light' });
    await board.search('Name the parameters'); // the list is short on room too: find the thread…
    await board.expectRows([changed.id]);
    await board.row(changed.id).click();
    await board.press('clear-filters'); // …and show them all again, the thread still selected
    await expect(board.chip('text')).toHaveCount(0);
    // The header folded: the filters behind their toggle, with the rounds closed a third of the panel at most.
    await expect(page.getByTestId('filter-workflow')).toBeHidden();
    expect(await heightOf(page.locator('.sticky-top')), 'the header').toBeLessThanOrEqual(size.height / 3);
    if (roundsOpen) await page.getByTestId('rounds-toggle').click(); // the user opens the rounds: still under half
    await expect(board.detail.getByTestId('code-since-diff')).toBeVisible();
    await expect(board.detail.getByTestId('message')).toHaveCount(3);
    await page.screenshot({ path: `${OUT}/board-short-${size.width}x${size.height}.png` });

    // Reply and Resolve on screen, and the reply box.
    for (const id of ['reply-input', 'reply-send', 'detail-toggle-state']) {
      expect(await bottomOf(board.detail.getByTestId(id)), `${id} below the panel's edge`).toBeLessThanOrEqual(size.height);
    }
    // The conversation keeps room to read, on screen without scrolling: a message and more.
    expect(await visibleConversation(page), 'the conversation\'s height on screen').toBeGreaterThanOrEqual(minConversation);
    if (roundsOpen) expect(await heightOf(page.locator('.sticky-top')), 'the header with the rounds open').toBeLessThan(size.height / 2);
    // The filters are a click away.
    await page.getByTestId('filters-toggle').click();
    await expect(page.getByTestId('filter-workflow')).toBeVisible();
  });
}

test('a tall panel keeps the header as it was: the filters shown, no toggle', async ({ page, host, seeded, origin }) => {
  void seeded;
  await page.setViewportSize({ width: 1200, height: 900 });
  await host.open(page, origin, { theme: 'light' });
  await expect(page.getByTestId('filter-workflow')).toBeVisible();
  await expect(page.getByTestId('filters-toggle')).toBeHidden();
});
