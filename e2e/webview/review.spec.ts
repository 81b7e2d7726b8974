/**
 * The board and the review loop (docs/agent-loop.md), against the fake host over a real
 * store: the agent's dispositions and the pending review as row badges, the "awaiting your
 * check" and "pending review" filters, and the review bar's Submit Review and Discard….
 */
import type { Locator } from '@playwright/test';
import { addThread, readStore, recordTurn, replyToThread, submitReview } from '../../shared';
import { holdAssets } from './board.page';
import { seedReview, XSS_BODY, type SeededReview } from './fixtures';
import { test as base, expect } from './test';

const test = base.extend<{ review: SeededReview }>({
  review: async ({ host, seeded }, use) => {
    const review = await seedReview(seeded);
    host.storesChanged();
    await use(review);
  },
});

const badgesOf = (row: Locator): Promise<string[]> => row.locator('.row-badges .tag').allTextContents();
const topsOf = (rows: Locator): Promise<number[]> => rows.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
const pendingIn = (root: string): string[] => readStore(root).store.comments.filter((c) => c.pending).map((c) => c.id);

/**
 * The text colour of each badge and its contrast with what it is drawn on (its own tint over the
 * page's background), computed in the page: WCAG relative luminance, for small text ≥ 4.5:1.
 */
function badgeLooks(page: import('@playwright/test').Page, classes: readonly string[]): Promise<Record<string, { color: string; contrast: number }>> {
  return page.evaluate((cls) => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    // Any CSS colour (rgb(), color(srgb …), color-mix results) to [r, g, b, a] in 0–255, through a canvas.
    const rgba = (css: string): number[] => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = '#000';
      canvas.fillStyle = css;
      canvas.fillRect(0, 0, 1, 1);
      const d = canvas.getImageData(0, 0, 1, 1).data;
      return [d[0]!, d[1]!, d[2]!, d[3]! / 255];
    };
    const over = (top: number[], under: number[]) => top.slice(0, 3).map((c, i) => c * top[3]! + under[i]! * (1 - top[3]!));
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const page = rgba(getComputedStyle(document.body).backgroundColor);
    const out: Record<string, { color: string; contrast: number }> = {};
    for (const c of cls) {
      const el = document.querySelector<HTMLElement>(`.thread-row .tag.${c}`)!;
      const style = getComputedStyle(el);
      const bg = over(rgba(style.backgroundColor), page);
      const fg = over(rgba(style.color), bg);
      const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
      out[c] = { color: fg.map(Math.round).join(','), contrast: Math.round(((hi! + 0.05) / (lo! + 0.05)) * 100) / 100 };
    }
    return out;
  }, classes);
}

test.describe('the review loop on the board', () => {
  for (const theme of ['light', 'dark', 'high-contrast'] as const) {
    test(`addressed, declined, question and resolved each have a colour of their own, readable in the ${theme} theme`, async ({ page, host, review, origin, board }) => {
      await host.open(page, origin, { theme });
      await expect(board.row(review.ids.resolved).getByTestId('badge-resolved')).toBeVisible();
      const looks = await badgeLooks(page, ['addressed', 'declined', 'question', 'resolved']);
      expect(new Set(Object.values(looks).map((l) => l.color)).size, JSON.stringify(looks)).toBe(4);
      for (const [cls, l] of Object.entries(looks)) expect(l.contrast, `${cls} in ${theme}: ${JSON.stringify(l)}`).toBeGreaterThanOrEqual(4.5);
    });
  }

  test('each disposition and each pending thread has its badge; the detail shows the disposition on the reply that carries it', async ({ page, host, review, origin, board }) => {
    await host.open(page, origin);
    const { review: r } = review;
    expect(await badgesOf(board.row(r.addressed))).toEqual(['addressed', 'code unchanged']); // its code is as the thread was written on
    expect(await badgesOf(board.row(r.checked))).toEqual(['unseen']); // the human answered since: no disposition, the agent has that to read
    expect(await badgesOf(board.row(r.declined))).toEqual(['declined']);
    expect(await badgesOf(board.row(r.question))).toEqual(['question']);
    expect(await badgesOf(board.row(r.pending1))).toEqual(['pending']);
    await expect(board.row(r.pending1).getByTestId('badge-pending')).toHaveAttribute('title', 'pending — not sent to the agent yet');
    await expect(board.row(r.addressed).getByTestId('badge-addressed')).toHaveAttribute('title', /awaiting your check/);
    // The three are told apart by colour too, from the theme's variables.
    const colours = await Promise.all(['addressed', 'declined', 'question'].map((d) => page.getByTestId(`badge-${d}`).first().evaluate((e) => getComputedStyle(e).color)));
    expect(new Set(colours).size).toBe(3);

    await board.row(r.checked).click();
    const messages = board.detail.getByTestId('message');
    await expect(messages).toHaveCount(3);
    await expect(messages.nth(1).getByTestId('message-disposition')).toHaveText('addressed');
    await expect(messages.nth(2).getByTestId('message-disposition')).toHaveCount(0); // the human's reply carries none
    await expect(board.detail.getByTestId('detail-awaiting-check')).toHaveCount(0);

    await board.row(r.addressed).click();
    await expect(board.detail.getByTestId('detail-awaiting-check')).toBeVisible();
    await board.row(r.pending1).click();
    await expect(board.detail.getByTestId('detail-pending')).toHaveText('pending — not sent to the agent yet');
  });

  test('"awaiting your check" shows exactly the addressed threads nobody has checked; "pending review" the unsent ones', async ({ page, host, review, origin, board }) => {
    await host.open(page, origin);
    const { review: r } = review;
    await expect(page.getByTestId('stat-awaitingCheck')).toHaveText(/1 awaiting your check/);
    await board.toggleCheckbox('filter-awaiting-check');
    await board.expectRows([r.addressed]);
    await expect(board.chip('awaitingCheck')).toHaveText(/addressed, awaiting your check/);
    await board.chip('awaitingCheck').getByRole('button').click();
    await board.expectRows(Object.values(review.ids).concat(Object.values(r)));

    await page.getByTestId('stat-awaitingCheck').click(); // the count is a shortcut to the filter
    await board.expectRows([r.addressed]);
    await page.getByTestId('clear-filters').click();

    await board.toggleCheckbox('filter-pending');
    await board.expectRows([r.pending1, r.pending2]);
    await expect(board.chip('pending')).toHaveText(/pending review/);
  });

  test('the review bar sends the pending comments with the typed message as one round', async ({ page, host, review, origin, board }) => {
    await host.open(page, origin);
    const { review: r, root } = review;
    const bar = page.getByTestId('review-bar');
    await expect(bar.getByTestId('review-count')).toHaveText('2 pending comments');
    const message = 'Two small things <b>and</b> one question.';
    await bar.getByTestId('review-message').locator('input').fill(message);
    await board.press('review-submit', bar);

    await expect.poll(() => host.messages('review/submit').at(-1)?.params).toEqual({ message });
    await expect(bar).toHaveCount(0); // nothing pending any more
    await expect(page.getByTestId('notice').first()).toContainText('Sent 2 comments to the agent as review round 1');
    expect(pendingIn(root)).toEqual([]);
    expect(readStore(root).store.reviews).toEqual([expect.objectContaining({ round: 1, threadIds: [r.pending1, r.pending2], message })]);
    await expect(board.row(r.pending1).getByTestId('badge-pending')).toHaveCount(0);
    await expect(board.row(r.pending1).getByTestId('badge-unseen')).toBeVisible(); // sent: now the agent has something to read

    // The next review's bar names the round before it, its message as a tooltip.
    await addThread(root, { file: 'src/app.ts', startLine: 2, endLine: 2, body: 'One more thing.', author: 'human', pending: true });
    host.storesChanged();
    await expect(bar.getByTestId('review-count')).toHaveText('1 pending comment');
    await expect(bar.getByTestId('review-last')).toHaveText('· round 1 sent just now');
    await expect(bar.getByTestId('review-last')).toHaveAttribute('title', new RegExp(`\\n${message}$`));
  });

  test('a round addressed to an agent session names it and its last turn; Send to any session re-addresses it; closing the question sends nothing', async ({ page, host, review, origin, board }) => {
    const { root } = review;
    const session = 'claude:7f3e2a91-5c44-4b7e-9d1a-2c3b4d5e6f70';
    recordTurn(root, session, 'ended', Date.now() - 5 * 60_000);
    const asked: string[] = [];
    host.askSession = async (r) => { asked.push(r); return session; };
    await host.open(page, origin);
    const bar = page.getByTestId('review-bar');
    await bar.getByTestId('review-message').locator('input').fill('For the session that wrote it.');
    await board.press('review-submit', bar);
    await expect(bar).toHaveCount(0);
    expect(asked).toEqual([root]);
    expect(readStore(root).store.reviews![0]).toMatchObject({ round: 1, forSession: session });

    await page.getByTestId('rounds-toggle').click();
    const round = page.getByTestId('round').first();
    await expect(round.getByTestId('round-addressee')).toHaveText('· for claude 7f3e2a91 (last acted 5 min ago)');
    await expect(round.getByTestId('round-addressee')).toHaveAttribute('title', `Only this agent session is shown the round (${session})`);
    await page.screenshot({ path: 'test-results/screenshots/review-round-addressed.png' });
    await round.getByTestId('round-send-any').click();
    await expect(page.getByTestId('notice').first()).toContainText('Review round 1 now goes to any agent session.');
    await expect(round.getByTestId('round-addressee')).toHaveCount(0);
    await expect(round.getByTestId('round-send-any')).toHaveCount(0);
    expect(readStore(root).store.reviews![0]).not.toHaveProperty('forSession');

    // The next review: the user closes the question. Nothing is sent; the message stays in its box.
    await addThread(root, { file: 'src/app.ts', startLine: 2, endLine: 2, body: 'One more thing.', author: 'human', pending: true });
    host.storesChanged();
    host.askSession = async () => null;
    await bar.getByTestId('review-message').locator('input').fill('Not yet.');
    await board.press('review-submit', bar);
    await expect.poll(() => host.messages('review/submit').length).toBe(2);
    await expect(bar.getByTestId('review-count')).toHaveText('1 pending comment');
    await expect(bar.getByTestId('review-message').locator('input')).toHaveValue('Not yet.');
    expect(readStore(root).store.reviews).toHaveLength(1);
  });

  test('Discard… asks first; Cancel keeps the review; confirming deletes it and Undo brings it back', async ({ page, host, review, origin, board }) => {
    await host.open(page, origin);
    const { review: r, root } = review;
    const bar = page.getByTestId('review-bar');
    await board.press('review-discard', bar);
    await expect(bar.getByTestId('review-discard-confirm')).toContainText('Discard 2 pending comments?');
    expect(host.messages('review/discard')).toEqual([]); // asking sends nothing
    await board.press('review-discard-cancel', bar);
    await expect(bar.getByTestId('review-discard-confirm')).toHaveCount(0);
    expect(pendingIn(root)).toEqual([r.pending1, r.pending2]);

    await board.press('review-discard', bar);
    await board.press('review-discard-yes', bar);
    await expect(bar).toHaveCount(0);
    await expect(board.row(r.pending1)).toHaveCount(0);
    expect(host.messages('review/discard')).toHaveLength(1);
    expect(pendingIn(root)).toEqual([]);
    const notice = page.getByTestId('notice').filter({ hasText: 'Discarded 2 pending comments' });
    await notice.getByTestId('undo').click();
    await expect(board.row(r.pending1).getByTestId('badge-pending')).toBeVisible();
    await expect(page.getByTestId('review-count')).toHaveText('2 pending comments');
    expect(pendingIn(root).sort()).toEqual([r.pending1, r.pending2].sort());
  });

  test('Copy digest puts the review on the clipboard as the CLI\'s one page (no pending comments), and says what it copied', async ({ page, host, review, origin }) => {
    await host.open(page, origin);
    const { review: r } = review;
    await page.getByTestId('copy-digest').click();
    const notice = page.getByTestId('notice').filter({ hasText: 'Copied the review digest' });
    await expect(notice).toContainText(/Copied the review digest \([\d,]+ characters\): paste it into a new agent session or hand it to a teammate\. The 2 comments of your pending review are not in it until you submit the review\./);
    expect(host.messages('review/copyDigest')).toHaveLength(1);
    const copied = host.clipboard.at(-1)!;
    expect(copied).toMatch(/^# Review digest: `/);
    for (const id of [r.addressed, r.declined, r.question, review.ids.unseen]) expect(copied).toContain(`\`${id}\``);
    for (const id of [r.pending1, r.pending2]) expect(copied).not.toContain(id);
    await expect(notice).toContainText(`(${copied.length.toLocaleString('en')} characters)`);
  });

  test("an agent's reply made elsewhere re-renders the row's badge and the counts without reloading", async ({ page, host, review, origin, board }) => {
    await host.open(page, origin);
    const target = review.ids.unseen;
    expect(await badgesOf(board.row(target))).toEqual(['unseen']);
    await page.evaluate(() => { (window as unknown as { __sameDocument: boolean }).__sameDocument = true; });
    await replyToThread(review.root, target, { body: 'Un-exported it.', author: 'agent', disposition: 'addressed' });
    host.storesChanged(); // what the store watcher does
    await expect(board.row(target).getByTestId('badge-addressed')).toBeVisible();
    expect(await badgesOf(board.row(target))).toEqual(['addressed', 'code unchanged']); // replying, the agent read it: no longer unseen; its code did not change
    await expect(page.getByTestId('stat-awaitingCheck')).toHaveText(/2 awaiting your check/);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true); // no reload
  });

  test("review text stays text: HTML in a reviewed thread's body, in the agent's reply to it, in the round's message", async ({ page, host, review, origin, board }) => {
    const { root } = review;
    const evil = await addThread(root, { file: 'src/util.ts', startLine: 3, endLine: 3, body: '<img src=x onerror="window.__xss = 1"> reviewed title', author: 'human', pending: true });
    await submitReview(root, { message: '<script>window.__xss = 2</script><img src=x onerror="window.__xss = 3">' });
    await replyToThread(root, evil.id, { body: XSS_BODY, author: 'agent', disposition: 'question' });
    await addThread(root, { file: 'src/util.ts', startLine: 4, endLine: 4, body: 'next review', author: 'human', pending: true });
    host.storesChanged();
    await page.setViewportSize({ width: 1100, height: 1000 }); // every row in view: a click needs no scrolling
    await host.open(page, origin);
    await expect(board.row(evil.id)).toContainText('<img src=x onerror='); // the title: plain text of the body's first line
    await board.row(evil.id).click();
    await expect(board.detail.getByTestId('message-disposition')).toHaveText('question');
    await expect(page.getByTestId('review-last')).toHaveAttribute('title', /<script>window.__xss = 2<\/script>/);
    await page.waitForTimeout(300); // give any injected handler a chance to run
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('img, iframe, .thread-row script, .review-bar script').count()).toBe(0);
  });

  test("the host's first screen draws the same badges as the app, before any script has run", async ({ page, host, review, origin, board }) => {
    host.holdMessages();
    const release = await holdAssets(page);
    await host.open(page, origin, { settle: false, waitUntil: 'commit' });
    const preview = page.getByTestId('preview-row');
    await expect(preview).toHaveCount(Object.keys(review.ids).length + Object.keys(review.review).length);
    await expect(preview.filter({ has: page.getByTestId('badge-pending') })).toHaveCount(2);
    await expect(page.getByTestId('board-preview')).toContainText('1 awaiting your check');
    const texts = await preview.allTextContents();
    const tops = await topsOf(preview);
    host.releaseMessages();
    release();
    await expect(page.getByTestId('board-preview')).toHaveCount(0);
    expect(await board.rows.allTextContents()).toEqual(texts);
    expect(await topsOf(board.rows)).toEqual(tops); // the room for the review bar was kept: no row moves
  });
});
