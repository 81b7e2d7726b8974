/**
 * Keyboard only: the board driven with Tab, Shift+Tab, the arrow keys, Enter, Space and Escape —
 * no click, no programmatic focus. Every action a mouse user has must be reachable: switch views,
 * open the keyboard help (with "?" and from its button), filter and clear the filter, pick a
 * thread, reply, resolve and reopen from the detail pane, open its code, submit and discard a
 * review, open the review rounds. `tabTo` presses Tab until the wanted control has the focus,
 * and fails if it never does: a control Tab cannot reach fails the test.
 */
import type { Locator, Page } from '@playwright/test';
import { readStore } from '../../shared';
import { seedReview } from './fixtures';
import { test, expect } from './test';

/** Whether the focus is on `target` (or inside it: a toolkit control focuses its shadow root's input). */
const hasFocus = (target: Locator): Promise<boolean> =>
  target.evaluate((el) => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    for (let a: Node | null = active; a; a = a instanceof ShadowRoot ? a.host : a.parentNode) if (a === el) return true;
    return false;
  });

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  expect(await hasFocus(target), `${target} never got the focus after ${max} ${back ? 'Shift+Tab' : 'Tab'} presses`).toBe(true);
}

const stateOf = (root: string, id: string) => readStore(root).store.comments.find((c) => c.id === id);

test.describe('keyboard only', () => {
  test('the board: views, keyboard help, filters, select a thread, reply, resolve and reopen, open its code', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin, { theme: 'light' });
    const help = page.getByTestId('keyboard-help');

    // "?" opens the keyboard help from anywhere; the focus is in it, Tab keeps it there, Escape closes it.
    await page.keyboard.press('?');
    await expect(help).toBeVisible();
    await expect(help.getByRole('row')).not.toHaveCount(0);
    await expect(help).toContainText('Resolve or reopen the selected thread');
    expect(await hasFocus(help)).toBe(true);
    for (let i = 0; i < 3; i++) { await page.keyboard.press('Tab'); expect(await hasFocus(help)).toBe(true); }
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);

    // …and from its button, which Tab reaches; closing gives the focus back to it.
    const helpButton = page.getByTestId('keyboard-help-open');
    await tabTo(page, helpButton);
    await page.keyboard.press('Enter');
    await expect(help).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);
    expect(await hasFocus(helpButton)).toBe(true);

    // The view tabs: one tab stop, the arrows switch views.
    await tabTo(page, page.getByTestId('tab-board'), { back: true });
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('tab-triage')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('triage')).toBeVisible();
    expect(await hasFocus(page.getByTestId('tab-triage'))).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('tab-board')).toHaveAttribute('aria-selected', 'true');
    await expect(board.list).toBeVisible();

    // A filter (a select: the arrows pick), its chip's remove button, a checkbox filter (Space).
    await tabTo(page, page.getByTestId('filter-workflow'));
    await page.keyboard.press('ArrowDown');
    await expect(board.chip('workflow')).toHaveText('state: open');
    await tabTo(page, page.getByTestId('chip-remove-workflow'));
    await page.keyboard.press('Enter');
    await expect(board.chip('workflow')).toHaveCount(0);
    await tabTo(page, page.getByTestId('filter-unseen'), { back: true });
    await page.keyboard.press('Space');
    await expect(board.chip('unseen')).toBeVisible();
    await expect(board.rows).toHaveCount(3); // of 6: the threads the agent has not seen
    await page.keyboard.press('Space');
    await expect(board.chip('unseen')).toHaveCount(0);

    // The list: Tab into it selects the first thread, the arrows move to the one we want.
    await tabTo(page, board.list);
    const target = seeded.ids.unseen;
    for (let i = 0; i < 8 && (await board.row(target).getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
    await expect(board.row(target)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect.poll(() => host.revealed.at(-1)).toEqual({ root: seeded.root, id: target });

    // Reply: "r", type, Ctrl+Enter; Escape goes back to the list.
    await page.keyboard.press('r');
    await expect(page.getByTestId('reply-input')).toBeFocused();
    await page.keyboard.type('Only the tests import it.');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => stateOf(seeded.root, target)?.thread.at(-1)?.body).toBe('Only the tests import it.');
    await page.keyboard.press('Escape');
    expect(await hasFocus(board.list)).toBe(true);

    // Resolve and reopen with the detail pane's button (Tab, Enter), not the list's "x".
    const toggle = board.detail.getByTestId('detail-toggle-state');
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    await expect.poll(() => stateOf(seeded.root, target)?.workflowState).toBe('resolved');
    await expect(toggle).toHaveText(/Reopen/);
    await tabTo(page, toggle, { back: true }); // still on it, or back to it
    await page.keyboard.press('Space');
    await expect.poll(() => stateOf(seeded.root, target)?.workflowState).toBe('open');

    // The detail's file link opens the code too.
    await tabTo(page, board.detail.getByTestId('detail-open'), { back: true });
    const revealed = host.revealed.length;
    await page.keyboard.press('Enter');
    await expect.poll(() => host.revealed.length).toBe(revealed + 1);
  });

  test('the review bar and the rounds: write the message, submit, discard and cancel, open the rounds', async ({ page, host, seeded, origin }) => {
    const { review } = await seedReview(seeded);
    host.storesChanged();
    await host.open(page, origin, { theme: 'dark' });

    // Discard… asks first; Cancel (keyboard) keeps the pending comments.
    await tabTo(page, page.getByTestId('review-discard'));
    await page.keyboard.press('Enter');
    const cancel = page.getByTestId('review-discard-cancel');
    await expect(cancel).toBeVisible();
    await tabTo(page, cancel);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('review-discard-confirm')).toHaveCount(0);
    expect(stateOf(seeded.root, review.pending1)?.pending).toBe(true);

    await tabTo(page, page.getByTestId('review-message'), { back: true });
    await page.keyboard.type('Two small things.');
    await tabTo(page, page.getByTestId('review-submit'));
    await page.keyboard.press('Enter');
    await expect.poll(() => stateOf(seeded.root, review.pending1)?.pending).toBeFalsy();
    await expect.poll(() => readStore(seeded.root).store.reviews?.at(-1)?.message).toBe('Two small things.');

    // The round is listed: its panel opens from the keyboard.
    const rounds = page.getByTestId('rounds-toggle');
    await tabTo(page, rounds, { back: true });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('round')).toHaveCount(1);
  });

  test('the keyboard help is announced as a dialog with a name, and the page behind it is inert', async ({ page, host, seeded, origin }) => {
    void seeded;
    await host.open(page, origin);
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    // A modal dialog: nothing behind it takes the focus, whatever Tab does.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await hasFocus(page.getByTestId('keyboard-help'))).toBe(true);
    }
    await page.getByTestId('keyboard-help-close').press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
