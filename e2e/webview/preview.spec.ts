/**
 * The boot preview (webview/src/preview/): the board's first screen, drawn before the app's code
 * has run: written into the page by the host, or else drawn from the first snapshot. Each test
 * holds the app chunk back (its request waits on a gate), so what shows is the preview alone;
 * then lets it through and checks that the app takes over in place: same rows, same order, same
 * positions.
 */
import type { Locator, Page } from '@playwright/test';
import { titleOf } from '../../shared/board/protocol';
import { addThread } from '../../shared';
import { holdApp, holdAssets, reloadBoard } from './board.page';
import { XSS_BODY } from './fixtures';
import { test, expect } from './test';

const previewRows = (page: Page): Locator => page.getByTestId('preview-row');
const idsOf = (rows: Locator): Promise<(string | null)[]> => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-thread-id')));
const textsOf = (rows: Locator): Promise<string[]> => rows.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
const topsOf = (rows: Locator): Promise<number[]> => rows.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
/** Where the preview came from: `page` (the host's first screen in the HTML) or `snapshot`. */
const sourceOf = (page: Page): Promise<string | null> => page.getByTestId('board-preview').getAttribute('data-source');

test.describe('preview of the first screen', () => {
  test('a new panel shows the first screen from its HTML alone: before any script or file of ours has loaded, before the host has sent anything', async ({ page, host, seeded, origin, board }) => {
    host.holdMessages(); // until the app is let through
    const release = await holdAssets(page); // nor the boot script, the app, the font
    await host.open(page, origin, { settle: false, waitUntil: 'commit' });
    await expect(previewRows(page)).toHaveCount(Object.keys(seeded.ids).length);
    await expect(previewRows(page).first()).toBeVisible();
    expect(await sourceOf(page)).toBe('page');
    expect(host.received).toEqual([]); // the boot script has not run: no `ready`
    expect(await previewRows(page).first().evaluate((r) => getComputedStyle(r).display)).toBe('flex'); // styled by the inlined stylesheet
    expect(host.sent).toEqual([]);
    const previewIds = await idsOf(previewRows(page));
    const previewTops = await topsOf(previewRows(page));
    const previewTexts = await textsOf(previewRows(page));
    await expect(page.getByTestId('board-preview')).toContainText('1 stale');
    const previewHint = await page.getByTestId('board-preview').locator('.empty-detail').innerText();
    expect(previewHint).toContain('Select a thread to read it and reply.');

    host.releaseMessages();
    release();
    await expect(board.rows).toHaveCount(previewIds.length);
    await expect(page.getByTestId('board-preview')).toHaveCount(0);
    expect(await board.rowIds()).toEqual(previewIds);
    expect(await topsOf(board.rows)).toEqual(previewTops);
    expect(await textsOf(board.rows)).toEqual(previewTexts);
    expect(await board.detail.innerText()).toBe(previewHint); // the detail pane's hint, as the app draws it
  });

  test('the same page loaded again (a panel shown again) does not draw its old first screen', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin);
    // The threads change while the page is loaded; VS Code would reload this same HTML.
    const added = await addThread(seeded.root, { file: 'src/util.ts', startLine: 1, endLine: 1, body: 'Added after the page was made', author: 'human' });
    host.storesChanged();
    await expect(board.row(added.id)).toBeVisible();

    const release = await holdApp(page);
    await reloadBoard(page);
    await expect(previewRows(page)).toHaveCount(Object.keys(seeded.ids).length + 1);
    expect(await sourceOf(page)).toBe('snapshot');
    await expect(page.locator(`[data-testid="preview-row"][data-thread-id="${added.id}"]`)).toBeVisible();
    release();
    await expect(board.rows).toHaveCount(Object.keys(seeded.ids).length + 1);
  });

  test('before the app runs, the preview shows the rows the app will show, where it will show them, inert', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin); // the app measures and saves the header's height
    const appIds = await board.rowIds();
    const appTops = await topsOf(board.rows);
    const appTexts = await textsOf(board.rows);
    expect(appIds).toHaveLength(Object.keys(seeded.ids).length);

    const release = await holdApp(page);
    await reloadBoard(page);
    await expect(previewRows(page)).toHaveCount(appIds.length);
    await expect(board.rows).toHaveCount(0); // the app has not run
    expect(await idsOf(previewRows(page))).toEqual(appIds);
    expect(await topsOf(previewRows(page))).toEqual(appTops);
    expect(await textsOf(previewRows(page))).toEqual(appTexts); // the same title, line, author, time, replies and tags
    await expect(page.getByTestId('board-preview')).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('board-preview')).toContainText('1 stale'); // the summary counts come along
    await expect(previewRows(page).filter({ hasText: 'Rename value3' })).toContainText('1 · agent replied');

    // Inert: a click on a row reaches nothing (the app's rows reveal the code on click).
    const box = (await previewRows(page).first().boundingBox())!;
    await page.mouse.click(box.x + 40, box.y + box.height / 2);
    expect(host.messages('thread/reveal')).toHaveLength(0);

    release();
    await expect(board.rows).toHaveCount(appIds.length);
    await expect(page.getByTestId('board-preview')).toHaveCount(0);
    expect(await board.rowIds()).toEqual(appIds);
    expect(await topsOf(board.rows)).toEqual(appTops);
  });

  test('follows the saved UI state: sort, filters and the selected thread', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin);
    await board.choose('sort', 'Sort by state');
    await board.choose('filter-author', 'Human');
    await board.row(seeded.ids.stale).click();
    const appIds = await board.rowIds();
    expect(appIds).not.toContain(seeded.ids.agentQuestion); // the filter is on

    const release = await holdApp(page);
    await reloadBoard(page);
    await expect(previewRows(page)).toHaveCount(appIds.length);
    expect(await idsOf(previewRows(page))).toEqual(appIds);
    await expect(page.locator('[data-testid="preview-row"].selected')).toHaveAttribute('data-thread-id', seeded.ids.stale);
    release();
    await expect(board.rows).toHaveCount(appIds.length);
    expect(await board.rowIds()).toEqual(appIds);
  });

  test('draws agent-written titles as text: no element, no script', async ({ page, host, seeded, origin }) => {
    const evil = await addThread(seeded.root, { file: 'src/util.ts', startLine: 2, endLine: 2, body: XSS_BODY, author: 'agent' });
    host.storesChanged();
    const release = await holdApp(page);
    await host.open(page, origin, { settle: false });
    const row = page.locator(`[data-testid="preview-row"][data-thread-id="${evil.id}"]`);
    // Written into the page's HTML by the host, then, reloaded, drawn from the snapshot.
    for (const source of ['page', 'snapshot']) {
      if (source === 'snapshot') {
        await reloadBoard(page);
        // The reloaded HTML paints its old first screen as it is parsed; the boot script refuses it
        // (this page already showed it) and draws the snapshot's.
        await expect(page.locator('html')).toHaveAttribute('data-page-preview', 'refused');
      }
      await expect(row.locator('.row-title')).toHaveText(titleOf(XSS_BODY));
      expect(await sourceOf(page)).toBe(source);
      await expect(row.locator('.row-title')).toContainText('<img src=x onerror=');
      await expect(page.getByTestId('board-preview').locator('img, script, iframe, a')).toHaveCount(0);
      expect(await page.locator('#root').evaluate((r) => r.getAttributeNames())).toEqual(['id', 'data-view']); // nothing broke out
      expect(await page.evaluate(() => document.querySelectorAll('img, iframe, object, embed').length)).toBe(0);
      // The boot script has kept the page's first screen, and saved that it did, before the reload:
      // reloaded before it ran, the page would rightly show its first screen again.
      if (source === 'page') await expect(page.locator('html')).toHaveAttribute('data-page-preview', 'kept');
    }
    release();
    await expect(page.getByTestId('thread-row')).not.toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  test('other views open without a preview, as does a board whose filters match nothing', async ({ page, host, seeded, origin, board }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __previewSeen: boolean };
      w.__previewSeen = false;
      new MutationObserver(() => { if (document.querySelector('[data-testid="board-preview"]')) w.__previewSeen = true; })
        .observe(document, { childList: true, subtree: true });
    });
    const previewSeen = () => page.evaluate(() => (window as unknown as { __previewSeen: boolean }).__previewSeen);
    await host.open(page, origin, { view: 'triage' });
    await expect(board.card(seeded.ids.stale)).toBeVisible();
    expect(await previewSeen()).toBe(false);

    await page.getByTestId('tab-board').click();
    await board.search('no thread says this');
    await expect(page.getByTestId('empty-filtered')).toBeVisible();
    await reloadBoard(page);
    await expect(page.getByTestId('empty-filtered')).toBeVisible();
    expect(await previewSeen()).toBe(false);
  });
});

test('the stylesheet comes in the page, once: the app and its Markdown chunk fetch it again nowhere', async ({ page, host, seeded, origin, board }) => {
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await host.open(page, origin);
  await board.row(seeded.ids.agentQuestion).click();
  await expect(board.detail.locator('.markdown').first()).toBeVisible(); // the Markdown chunk has loaded and rendered
  expect(fetched).toContain('/assets/markdown.js');
  expect(fetched.filter((p) => p.endsWith('.css'))).toEqual([]);
  expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
  expect(await page.locator('.thread-row').first().evaluate((r) => getComputedStyle(r).display)).toBe('flex');
});
