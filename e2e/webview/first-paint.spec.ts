/**
 * What makes the board paint fast with thousands of threads, kept honest: the snapshot carries
 * thread summaries only and the conversations arrive on request after the list is painted
 * (the detail pane and search use them), and the file filter lists its files only when used.
 */
import { replyToThread } from '../../shared';
import { FakeHost } from './fake-host';
import { test, expect } from './test';

test.describe('first paint', () => {
  test('the snapshot has summaries; the conversation comes with thread/details, and search then finds it', async ({ page, seeded, origin, board }) => {
    const host = new FakeHost({ roots: [seeded.root], holdDetails: true });
    try {
      await host.open(page, origin);
      // The first snapshot follows the ready handshake on the host's next turn: wait for it.
      await expect.poll(() => host.sent.some((m) => m.type === 'host/snapshot')).toBe(true);
      const snapshot = host.sent.find((m) => m.type === 'host/snapshot');
      const replied = snapshot?.type === 'host/snapshot' ? snapshot.folders[0]!.threads.find((t) => t.id === seeded.ids.replied) : undefined;
      expect(replied).toMatchObject({ title: 'Rename value3 to something that says what it counts.', replyCount: 1, lastReplyAuthor: 'agent', replyAuthors: ['agent'] });
      expect(replied).not.toHaveProperty('body');
      expect(replied).not.toHaveProperty('replies');
      await expect.poll(() => host.messages('thread/details').length).toBe(1); // asked for once the list is painted

      // Rows paint from the summaries alone; the detail pane says the conversation is loading.
      await expect(board.row(seeded.ids.replied).locator('.row-title')).toHaveText('Rename value3 to something that says what it counts.');
      await expect(board.row(seeded.ids.replied)).toContainText('agent replied');
      await board.row(seeded.ids.replied).click();
      await expect(page.getByTestId('conversation-loading')).toBeVisible();
      // "retryCount" is only in the agent's reply: not searchable until the conversations arrive.
      await board.search('retryCount');
      await expect(page.getByTestId('empty-filtered')).toBeVisible();

      host.releaseDetails();
      await board.expectRows([seeded.ids.replied]);
      await expect(board.detail.getByTestId('message')).toHaveCount(2);
      await expect(board.detail).toContainText('Renamed it to retryCount and updated both call sites.');
      await expect(page.getByTestId('conversation-loading')).toHaveCount(0);
    } finally {
      host.cleanup();
    }
  });

  test('a live update brings the new conversation along: no second request, no loading flash', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin);
    await board.row(seeded.ids.replied).click();
    await expect(board.detail.getByTestId('message')).toHaveCount(2);
    expect(host.messages('thread/details')).toHaveLength(1);
    await page.evaluate(() => {
      const w = window as unknown as { __loadingSeen: boolean };
      w.__loadingSeen = false;
      new MutationObserver(() => { if (document.querySelector('[data-testid="conversation-loading"]')) w.__loadingSeen = true; })
        .observe(document.body, { childList: true, subtree: true });
    });
    await replyToThread(seeded.root, seeded.ids.replied, { body: 'A second reply from the agent.', author: 'agent' });
    host.storesChanged(); // what the store watcher does: a new snapshot, conversations included
    await expect(board.detail.getByTestId('message')).toHaveCount(3);
    await expect(board.detail).toContainText('A second reply from the agent.');
    await expect(board.row(seeded.ids.replied)).toContainText('2 · agent replied');
    expect(await page.evaluate(() => (window as unknown as { __loadingSeen: boolean }).__loadingSeen)).toBe(false);
    expect(host.messages('thread/details')).toHaveLength(1);
    const update = host.sent.filter((m) => m.type === 'host/snapshot').at(-1);
    expect(update?.type === 'host/snapshot' && update.details?.[0]?.threads.length).toBe(6);
  });

  // VS Code keeps a webview's frame hidden until its document's `load` (or 200 ms after writing
  // it), and in code-server each request of a webview takes 150–500 ms on two loaded cores
  // (bench/board-open-vscode.mjs): the page's `load` must wait for none of ours.
  test('the page is loaded, first screen and all, before our scripts or the icon font arrive', async ({ page, host, seeded, origin, board }) => {
    const arrived: Record<string, number> = {};
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    for (const asset of ['index.js', 'codicon.ttf']) {
      await page.route(`**/assets/${asset}*`, async (route) => {
        await held;
        arrived[asset] = await page.evaluate(() => performance.now()).catch(() => -1);
        await route.continue();
      });
    }
    page.setDefaultNavigationTimeout(10_000); // a `load` that waits for them would never come
    await host.open(page, origin, { settle: false, waitUntil: 'load' }); // resolves on the page's `load` event
    const atLoad = await page.evaluate(() => ({
      loaded: document.documentElement.classList.contains('loaded'),
      rows: document.querySelectorAll('[data-testid="preview-row"]').length,
    }));
    expect(arrived).toEqual({}); // neither had been let through: `load` did not wait for them
    expect(atLoad).toEqual({ loaded: true, rows: 6 });
    release();
    // Then the app starts as before, with the icon font.
    await expect(board.rows).toHaveCount(6);
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px codicon'))).toBe(true);
    expect(Object.keys(arrived).sort()).toEqual(['codicon.ttf', 'index.js']);
    await board.expectRows(Object.values(seeded.ids));
  });

  test('opening goes from the loading state straight to the list: no empty board on the way', async ({ page, host, seeded, origin, board }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __seen: string[] }).__seen = seen;
      new MutationObserver(() => {
        for (const id of ['loading', 'empty-board', 'empty-filtered', 'thread-row']) {
          if (document.querySelector(`[data-testid="${id}"]`) && seen.at(-1) !== id) seen.push(id);
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await host.open(page, origin);
    await expect(board.rows).toHaveCount(6);
    const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
    expect(seen.filter((s) => s.startsWith('empty'))).toEqual([]);
    expect(seen.at(-1)).toBe('thread-row');
    await board.expectRows(Object.values(seeded.ids));
  });

  test('the file filter lists its files once it is focused', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin);
    const fileFilter = page.getByTestId('filter-file');
    await expect(fileFilter.locator('option')).toHaveText(['All files']);
    await fileFilter.focus();
    await expect(fileFilter.locator('option')).toHaveText(['All files', 'lib/old.ts', 'src/app.ts', 'src/util.ts']);
    await fileFilter.selectOption({ label: 'src/util.ts' });
    await board.expectRows([seeded.ids.resolved, seeded.ids.agentQuestion]);
  });
});
