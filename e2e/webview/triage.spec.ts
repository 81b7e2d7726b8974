import { readArchive, readStore } from '../../shared';
import { seedOfferedMove } from './fixtures';
import { test, expect } from './test';

const thread = (root: string, id: string) => readStore(root).store.comments.find((c) => c.id === id);

test.describe('triage', () => {
  test('shows the stored text beside today\'s code at the suggested place', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin, { view: 'triage' });
    await expect(page.getByTestId('triage-card')).toHaveCount(2);
    const stale = board.card(seeded.ids.stale);
    const diff = stale.getByTestId('triage-diff');
    await expect(diff.locator('.del')).toHaveCount(3);
    await expect(diff.locator('.del').first()).toContainText('export const value20 = 20;');
    await expect(diff.locator('.ins').first()).toContainText('export function parseAll');
    await expect(board.card(seeded.ids.orphaned)).toContainText('The file no longer exists');
    await expect(board.card(seeded.ids.orphaned).getByTestId('reanchor-suggestion')).toHaveAttribute('disabled', /.*/);
    expect(host.messages('anchor/suggest')).toHaveLength(2);
  });

  test('re-anchor to the suggestion', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin, { view: 'triage' });
    await expect(board.card(seeded.ids.stale).getByTestId('triage-diff')).toBeVisible();
    await board.press('reanchor-suggestion', board.card(seeded.ids.stale));
    await expect.poll(() => host.messages('anchor/reanchor').at(-1)?.params).toEqual({ refs: [{ root: seeded.root, id: seeded.ids.stale }], to: 'suggestion' });
    await expect.poll(() => thread(seeded.root, seeded.ids.stale)?.anchorState).toBe('anchored');
    expect(thread(seeded.root, seeded.ids.stale)?.anchor).toMatchObject({ startLine: 22, endLine: 24 });
    await expect(board.card(seeded.ids.stale)).toHaveCount(0);
    await expect(page.getByTestId('notice').first()).toContainText('Re-anchored 1 thread');
  });

  test('re-anchor to the editor selection; undo puts the thread back', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin, { view: 'triage' });
    const card = board.card(seeded.ids.stale);
    const before = thread(seeded.root, seeded.ids.stale)!;
    host.selection = { file: 'src/app.ts', startLine: 5, endLine: 6 };
    await board.press('reanchor-selection', card);
    await expect.poll(() => thread(seeded.root, seeded.ids.stale)?.anchor.startLine).toBe(5);
    expect(thread(seeded.root, seeded.ids.stale)).toMatchObject({ anchorState: 'anchored', anchor: { endLine: 6 } });
    expect(host.messages('anchor/reanchor').at(-1)?.params).toEqual({ refs: [{ root: seeded.root, id: seeded.ids.stale }], to: 'selection' });
    await page.getByTestId('notice').first().getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => thread(seeded.root, seeded.ids.stale)?.anchorState).toBe('stale');
    expect(thread(seeded.root, seeded.ids.stale)!.anchor).toEqual(before.anchor);
  });

  test('"May have moved to … — Re-anchor there?" takes the offered place; undo puts the thread back with its offer (issue 35)', async ({ page, host, seeded, origin, board }) => {
    const id = await seedOfferedMove(seeded.root);
    host.storesChanged();
    await host.open(page, origin, { view: 'triage' });
    const offer = board.card(id).getByTestId('suggested-move');
    await expect(offer).toContainText('May have moved to src/normalize.ts:4-5 — Re-anchor there?');
    await expect(offer.getByTestId('suggested-move-reason')).toContainText('Not followed by itself: no git commit from before the thread was last checked');
    const before = thread(seeded.root, id)!;
    await board.press('take-suggested-move', board.card(id));
    await expect.poll(() => thread(seeded.root, id)?.file).toBe('src/normalize.ts');
    expect(host.messages('anchor/reanchor').at(-1)?.params).toEqual({ refs: [{ root: seeded.root, id }], to: 'suggestedMove' });
    expect(thread(seeded.root, id)).toMatchObject({ anchorState: 'anchored', anchor: { startLine: 4, endLine: 5 }, movedFrom: { file: 'src/args.ts', startLine: 3, endLine: 4 } });
    await expect(page.getByTestId('notice').first()).toContainText('Re-anchored 1 thread where its code moved.');
    await expect(board.card(id)).toHaveCount(0);
    await page.getByTestId('notice').first().getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => thread(seeded.root, id)?.file).toBe('src/args.ts');
    expect(thread(seeded.root, id)!.anchor).toEqual(before.anchor);
    await expect(board.card(id).getByTestId('suggested-move')).toBeVisible();
  });

  test('an orphaned thread moves to a selection in another file (its code lives there now)', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin, { view: 'triage' });
    const card = board.card(seeded.ids.orphaned);
    await expect(card.getByTestId('reanchor-selection')).toBeEnabled();
    host.selection = { file: 'src/util.ts', startLine: 1, endLine: 2 };
    await board.press('reanchor-selection', card);
    await expect.poll(() => thread(seeded.root, seeded.ids.orphaned)?.file).toBe('src/util.ts');
    expect(thread(seeded.root, seeded.ids.orphaned)).toMatchObject({ anchorState: 'anchored', anchor: { startLine: 1, endLine: 2 } });
  });

  test('confirm "still valid here" and resolve from a card', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin, { view: 'triage' });
    await board.press('confirm-valid', board.card(seeded.ids.stale));
    await expect.poll(() => thread(seeded.root, seeded.ids.stale)?.anchorState).toBe('anchored');
    expect(host.messages('anchor/confirm').at(-1)?.params).toEqual({ refs: [{ root: seeded.root, id: seeded.ids.stale }] });
    await board.press('triage-resolve', board.card(seeded.ids.orphaned));
    await expect.poll(() => thread(seeded.root, seeded.ids.orphaned)?.workflowState).toBe('resolved');
  });

  test('bulk delete of every flagged thread, then undo restores them as they were', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin, { view: 'triage' });
    const before = readStore(seeded.root).store.comments.filter((c) => c.anchorState !== 'anchored');
    await board.toggleCheckbox('triage-check-all');
    await expect(page.getByTestId('triage-check-all')).toContainText('2 selected');
    await board.press('bulk-delete');
    await expect.poll(() => host.messages('thread/delete').at(-1)?.params).toEqual({
      refs: expect.arrayContaining([{ root: seeded.root, id: seeded.ids.stale }, { root: seeded.root, id: seeded.ids.orphaned }]),
    });
    await expect(page.getByTestId('triage-empty')).toBeVisible();
    expect(readStore(seeded.root).store.comments.map((c) => c.id)).not.toContain(seeded.ids.stale);

    await page.getByTestId('undo').click();
    await expect(page.getByTestId('triage-card')).toHaveCount(2);
    const after = readStore(seeded.root).store.comments.filter((c) => c.anchorState !== 'anchored');
    expect(after.map((c) => [c.id, c.anchorState, c.body]).sort()).toEqual(before.map((c) => [c.id, c.anchorState, c.body]).sort());
    expect(host.messages('store/undo')).toHaveLength(1);
  });

  test('bulk re-anchor reports the thread it could not move', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin, { view: 'triage' });
    await board.toggleCheckbox('triage-check-all');
    await board.press('bulk-reanchor');
    await expect(page.getByTestId('notice').filter({ hasText: 'Re-anchor failed: lib/old.ts no longer exists' })).toBeVisible();
    await expect.poll(() => thread(seeded.root, seeded.ids.stale)?.anchorState).toBe('anchored');
    expect(thread(seeded.root, seeded.ids.orphaned)?.anchorState).toBe('orphaned');
  });
});

test.describe('store-wide actions', () => {
  test('archive resolved from the board, with a summary and undo', async ({ page, host, seeded, origin }) => {
    await host.open(page, origin);
    await page.getByTestId('archive-resolved').click();
    await expect(page.getByTestId('notice').first()).toContainText('Archived 1 resolved thread');
    expect(readArchive(seeded.root).map((c) => c.id)).toEqual([seeded.ids.resolved]);
    expect(thread(seeded.root, seeded.ids.resolved)).toBeUndefined();
    await page.getByTestId('undo').click();
    await expect.poll(() => thread(seeded.root, seeded.ids.resolved)?.workflowState).toBe('resolved');
    expect(readArchive(seeded.root)).toHaveLength(0);
  });

  test('reconcile all shows progress and a result summary', async ({ page, host, seeded, origin }) => {
    await host.open(page, origin);
    await page.getByTestId('reconcile-all').click();
    await expect(page.getByTestId('notice').first()).toContainText(/Checked \d+ threads: \d+ moved, \d+ stale, \d+ orphaned/);
    expect(host.messages('store/reconcileAll')).toHaveLength(1);
    expect(host.sent.some((m) => m.type === 'host/progress')).toBe(true);
    expect(thread(seeded.root, seeded.ids.orphaned)?.anchorState).toBe('orphaned');
  });
});
