/**
 * Threads pulled from a pull request on the board (docs/pull-requests.md): each row says where it
 * came from ("PR #42 · @alice", a bot marked as one), and the Origin filter shows only a pull
 * request's threads, only a review bot's, or only those written here, with its removable chip.
 */
import type { Locator } from '@playwright/test';
import { addThread, mutateStore } from '../../shared';
import type { PullRequestThread } from '../../shared';
import { test as base, expect } from './test';

interface SeededPr { human: string; bot: string; pushed: string }

const link = (threadId: string, author: PullRequestThread['author'], via: 'pulled' | 'pushed' = 'pulled'): PullRequestThread => ({
  provider: 'github', host: 'github.com', repo: 'acme/widgets', number: 42, threadId, commentId: `${threadId}-c`,
  url: `https://github.com/acme/widgets/pull/42#discussion_r${threadId.length}`, author, via, resolved: false, syncedAt: '2026-11-28T00:00:00.000Z',
});

const test = base.extend<{ pr: SeededPr }>({
  pr: async ({ host, seeded }, use) => {
    const { root } = seeded;
    const human = await addThread(root, { file: 'src/app.ts', startLine: 12, endLine: 12, body: 'Why is value12 exported?', author: 'human' });
    const bot = await addThread(root, { file: 'src/app.ts', startLine: 20, endLine: 21, body: 'Consider caching these values.', author: 'human' });
    const pushed = await addThread(root, { file: 'src/util.ts', startLine: 2, endLine: 2, body: 'Overflow?', author: 'human' });
    await mutateStore(root, 'system', (s) => {
      s.comments.find((c) => c.id === human.id)!.pr = link('PRRT_1', { login: 'alice' });
      s.comments.find((c) => c.id === bot.id)!.pr = link('PRRT_22', { login: 'coderabbitai', bot: true });
      s.comments.find((c) => c.id === pushed.id)!.pr = link('PRRT_333', { login: 'dev' }, 'pushed');
    });
    host.storesChanged();
    await use({ human: human.id, bot: bot.id, pushed: pushed.id });
  },
});

const badgesOf = (row: Locator): Promise<string[]> => row.locator('.row-badges .tag').allTextContents();

test.describe('pull request threads on the board', () => {
  test('a row says which pull request and who; a bot is marked as one', async ({ page, host, pr, origin, board }) => {
    await host.open(page, origin);
    expect(await badgesOf(board.row(pr.human))).toEqual(['PR #42 · @alice', 'unseen']);
    expect(await badgesOf(board.row(pr.bot))).toEqual(['PR #42 · @coderabbitai (bot)', 'unseen']);
    expect((await badgesOf(board.row(pr.pushed)))[0]).toBe('on PR #42');
    await expect(board.row(pr.bot).getByTestId('badge-pr-bot')).toHaveAttribute('title', 'From pull request #42, by @coderabbitai (bot)');
    await expect(board.row(pr.bot).locator('.row-meta')).toContainText('@coderabbitai');
    // The detail names who wrote it there (not "You"), and links the thread on GitHub.
    await board.row(pr.bot).click();
    await expect(board.detail.getByTestId('message-author').first()).toHaveText('@coderabbitai');
    await expect(board.detail.getByTestId('detail-pr')).toHaveAttribute('href', /^https:\/\/github\.com\/acme\/widgets\/pull\/42#discussion_r/);
    await page.screenshot({ path: test.info().outputPath('pr-rows.png') });
  });

  test('the Origin filter shows a pull request\'s threads, a bot\'s, or only those written here, with its chip', async ({ page, host, pr, seeded, origin, board }) => {
    await host.open(page, origin);
    await board.choose('filter-origin', 'from a review bot');
    await board.expectRows([pr.bot]);
    await expect(board.chip('origin')).toHaveText(/origin: from a review bot/);
    await page.screenshot({ path: test.info().outputPath('pr-filter.png') });
    await board.choose('filter-origin', 'from a pull request');
    await board.expectRows([pr.human, pr.bot, pr.pushed]);
    await board.choose('filter-origin', 'only here');
    const local = Object.values(seeded.ids).filter((id) => id !== seeded.ids.resolved && id !== seeded.ids.stale && id !== seeded.ids.orphaned);
    await expect(board.row(pr.human)).toHaveCount(0);
    for (const id of local) await expect(board.row(id)).toBeVisible();
    await board.chip('origin').getByRole('button').click();
    await expect(board.row(pr.human)).toBeVisible();
  });

  test('the search finds a thread by its pull request\'s number and its author\'s login', async ({ page, host, pr, origin, board }) => {
    await host.open(page, origin);
    await board.search('@coderabbitai');
    await board.expectRows([pr.bot]);
  });
});
