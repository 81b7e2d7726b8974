/**
 * Screenshots of every view in the three theme kinds, for a human (and the author) to look
 * at: test-results/screenshots/<view>-<theme>.png. Each also asserts that the theme's
 * variables are what colours the page (no hard-coded colours). The board, its first screen and
 * triage are also compared with committed baselines (screenshots.spec.ts-snapshots/, Playwright's
 * toHaveScreenshot): a change to how they look fails until the baseline is updated on purpose
 * (`npx playwright test -c e2e/playwright.config.ts screenshots --update-snapshots`, then look
 * at the new PNGs). Text that changes by itself (times, temp folder names) is masked.
 */
import path from 'node:path';
import { holdApp } from './board.page';
import type { Theme } from './fake-host';
import { seedOfferedMove, seedReview } from './fixtures';
import { test, expect } from './test';
import type { Page } from '@playwright/test';

const OUT = path.resolve(__dirname, '../../test-results/screenshots');

/** Compares the page with its baseline: small anti-aliasing differences pass, a moved or recoloured element does not. */
async function matchesBaseline(page: Page, name: string): Promise<void> {
  await expect(page).toHaveScreenshot(name, {
    maxDiffPixelRatio: 0.002,
    animations: 'disabled',
    caret: 'hide',
    mask: [page.locator('[title$="Z"]'), page.locator('.group-dir'), page.getByTestId('detail-file')],
  });
}
const BACKGROUND: Record<Theme, string> = { light: 'rgb(255, 255, 255)', dark: 'rgb(31, 31, 31)', 'high-contrast': 'rgb(0, 0, 0)' };

for (const theme of ['light', 'dark', 'high-contrast'] as const) {
  test.describe(`screenshots (${theme})`, () => {
    test(`board ${theme}`, async ({ page, host, seeded, origin, board }) => {
      await host.open(page, origin, { theme });
      await board.row(seeded.ids.replied).click();
      await board.list.focus();
      await expect(board.detail.getByTestId('message')).toHaveCount(2);
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(BACKGROUND[theme]);
      await page.screenshot({ path: `${OUT}/board-${theme}.png` });
      await matchesBaseline(page, `board-${theme}.png`);
    });

    test(`board review ${theme} (pending review, dispositions)`, async ({ page, host, seeded, origin, board }) => {
      const { review } = await seedReview(seeded);
      host.storesChanged();
      await page.setViewportSize({ width: 1100, height: 900 }); // every disposition in view
      await host.open(page, origin, { theme });
      await board.row(review.checked).click();
      await expect(board.detail.getByTestId('message-disposition')).toBeVisible();
      await page.getByTestId('review-message').locator('input').fill('Two small things, and one question about the cache.');
      await page.screenshot({ path: `${OUT}/board-review-${theme}.png` });
      await board.press('review-discard');
      await expect(page.getByTestId('review-discard-confirm')).toBeVisible();
      await page.getByTestId('review-bar').screenshot({ path: `${OUT}/board-review-discard-${theme}.png` });
    });

    test(`board preview ${theme} (before the app has run)`, async ({ page, host, seeded, origin }) => {
      const release = await holdApp(page);
      await host.open(page, origin, { theme, settle: false });
      await expect(page.getByTestId('preview-row')).toHaveCount(Object.keys(seeded.ids).length);
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(BACKGROUND[theme]);
      await page.screenshot({ path: `${OUT}/board-preview-${theme}.png` });
      await matchesBaseline(page, `board-preview-${theme}.png`);
      release();
      await expect(page.getByTestId('thread-row')).toHaveCount(Object.keys(seeded.ids).length);
    });

    test(`triage ${theme}`, async ({ page, host, seeded, origin }) => {
      await host.open(page, origin, { view: 'triage', theme });
      await expect(page.getByTestId('triage-diff')).toHaveCount(2);
      await page.getByTestId('triage-check').first().click();
      // Sorted by file: lib/old.ts (orphaned) before src/app.ts (stale); the first one is ticked.
      await expect(page.locator('[data-testid="triage-card"].checked')).toHaveAttribute('data-thread-id', seeded.ids.orphaned);
      await page.screenshot({ path: `${OUT}/triage-${theme}.png` });
      await matchesBaseline(page, `triage-${theme}.png`);
    });

    test(`triage offered move ${theme} (issue 35)`, async ({ page, host, seeded, origin, board }) => {
      const id = await seedOfferedMove(seeded.root);
      host.storesChanged();
      await page.setViewportSize({ width: 1100, height: 900 });
      await host.open(page, origin, { view: 'triage', theme });
      await expect(page.getByTestId('triage-diff')).toHaveCount(3);
      await board.card(id).scrollIntoViewIfNeeded();
      await expect(board.card(id).getByTestId('suggested-move')).toBeVisible();
      await page.screenshot({ path: `${OUT}/triage-offered-move-${theme}.png` });
    });

    test(`setup ${theme}`, async ({ page, host, origin, board }) => {
      await host.open(page, origin, { view: 'setup', theme });
      await board.toggleCheckbox('integration-claude-enable');
      // The toolkit restyles the now-enabled location radios on its next update: wait for it.
      await expect(page.getByTestId('integration-claude-scope').getByRole('radio').first()).toBeEnabled();
      await board.toggleCheckbox('integration-claude-mcp');
      await page.screenshot({ path: `${OUT}/setup-${theme}.png`, fullPage: true });
      await board.press('setup-run');
      await expect(page.getByTestId('wizard-report')).toBeVisible();
      await page.getByTestId('wizard-needs').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${OUT}/setup-done-${theme}.png` });
    });

    test(`uninstall ${theme}`, async ({ page, host, seeded, origin, board }) => {
      await host.open(page, origin, { view: 'uninstall', theme });
      await page.getByTestId('uninstall-mode').getByRole('radio', { name: /Everything/ }).click();
      await board.press('uninstall-run');
      await expect(page.getByTestId('uninstall-confirm')).toContainText(`This deletes .consider/ with all ${Object.keys(seeded.ids).length} threads.`);
      await page.screenshot({ path: `${OUT}/uninstall-${theme}.png`, fullPage: true });
    });
  });
}

test('board in a narrow panel (half an editor)', async ({ page, host, seeded, origin, board }) => {
  await page.setViewportSize({ width: 520, height: 560 });
  await host.open(page, origin, { theme: 'dark' });
  await board.row(seeded.ids.replied).click();
  await expect(board.detail.getByTestId('message')).toHaveCount(2);
  // Filters fold behind a toggle in a narrow panel; the search stays.
  await expect(page.getByTestId('filter-workflow')).toBeHidden();
  await page.getByTestId('filters-toggle').click();
  await board.choose('filter-workflow', 'Open');
  await page.getByTestId('filters-toggle').click();
  await expect(page.getByTestId('filters-toggle')).toHaveText(/Filters \(1\)/);
  await expect(board.chip('workflow')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0); // nothing sticks out sideways
  await page.screenshot({ path: `${OUT}/board-narrow-dark.png` });
});

test('board with a pending review in a narrow panel', async ({ page, host, seeded, origin, board }) => {
  const { review } = await seedReview(seeded);
  host.storesChanged();
  await page.setViewportSize({ width: 520, height: 640 });
  await host.open(page, origin, { theme: 'light' });
  await board.row(review.addressed).click();
  await expect(page.getByTestId('review-bar')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${OUT}/board-review-narrow-light.png` });
});
