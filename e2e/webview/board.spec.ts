import fs from 'node:fs';
import path from 'node:path';
import { PROTOCOL_VERSION } from '../../shared/board/protocol';
import { addThread, readStore, reconcileWorkspace, replyToThread, takeSuggestedMove } from '../../shared';
import { test, expect } from './test';
import { reloadBoard } from './board.page';
import { seedOfferedMove } from './fixtures';

test.describe('board', () => {
  test('handshake: ready with the protocol version comes first, then the host sends a snapshot', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin);
    expect(host.received[0]).toEqual({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
    expect(host.sent[0]?.type).toBe('host/snapshot');
    await board.expectRows(Object.values(seeded.ids));
  });

  test('groups threads by file with counts, and the summary bar counts the states', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin);
    const groups = page.getByTestId('group-header');
    await expect(groups).toHaveCount(3);
    await expect(groups.filter({ hasText: 'app.ts' }).getByTestId('group-count')).toHaveText('3');
    await expect(groups.filter({ hasText: 'util.ts' }).getByTestId('group-count')).toHaveText('2');
    await expect(page.getByTestId('stat-open')).toContainText('5');
    await expect(page.getByTestId('stat-stale')).toContainText('1');
    await expect(page.getByTestId('stat-orphaned')).toContainText('1');
    await expect(page.getByTestId('next-action')).toHaveText(/Triage 2 flagged threads/);
    await board.expectRows(Object.values(seeded.ids)); // what is counted is the seeded threads
  });

  test('filters and search combine, show as removable chips, and clear', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin);
    const { ids } = seeded;
    await board.choose('filter-workflow', 'Open');
    await board.expectRows([ids.replied, ids.unseen, ids.agentQuestion, ids.stale, ids.orphaned]);
    await expect(board.chip('workflow')).toHaveText(/state: open/);

    await board.choose('filter-author', 'Agent'); // threads where the agent wrote
    await board.expectRows([ids.replied, ids.agentQuestion]);

    await board.search('call sites'); // text of the agent's reply
    await board.expectRows([ids.replied]);
    await expect(board.chip('text')).toHaveText(/call sites/);

    await board.chip('author').getByRole('button').click();
    await board.expectRows([ids.replied]);
    await board.search('');
    await board.expectRows([ids.replied, ids.unseen, ids.agentQuestion, ids.stale, ids.orphaned]);

    await board.toggleCheckbox('filter-unseen');
    await board.expectRows([ids.unseen, ids.stale, ids.orphaned]);
    await board.choose('filter-anchor', 'Stale');
    await board.expectRows([ids.stale]);

    await page.getByTestId('clear-filters').click();
    await board.expectRows(Object.values(ids));
    await expect(page.getByTestId('chips')).toHaveCount(0);
  });

  test('file filter and no-match empty state', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin);
    await board.choose('filter-file', 'src/util.ts');
    await board.expectRows([seeded.ids.resolved, seeded.ids.agentQuestion]);
    await board.search('nothing matches this');
    await expect(page.getByTestId('empty-filtered')).toBeVisible();
    await page.getByTestId('empty-filtered').getByRole('button', { name: 'Clear filters' }).click();
    await expect(board.rows).toHaveCount(6);
  });

  test('sort by newest activity puts the latest thread first', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin);
    await board.choose('sort', 'Sort by newest activity');
    // The orphaned thread was created last, in its own file: its group comes first.
    await expect.poll(async () => (await board.rowIds())[0]).toBe(seeded.ids.orphaned);
  });

  test('keyboard: arrows move, Enter opens in the editor, x resolves, r replies', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin);
    const order = await board.rowIds();
    await board.list.focus();
    await expect(board.row(order[0]!)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(board.row(order[2]!)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(board.row(order[1]!)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(board.row(order[5]!)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    const target = order[1]!; // an open thread in src/app.ts (file order: lib/old.ts, src/app.ts…)
    expect(target).toBe(seeded.ids.replied);

    await page.keyboard.press('Enter');
    await expect.poll(() => host.revealed.at(-1)).toEqual({ root: seeded.root, id: target });

    await page.keyboard.press('x');
    await expect.poll(() => host.messages('thread/setState').at(-1)?.params).toEqual({ refs: [{ root: seeded.root, id: target }], state: 'resolved' });
    await expect.poll(() => readStore(seeded.root).store.comments.find((c) => c.id === target)?.workflowState).toBe('resolved');
    await expect(board.row(target).locator('.tag.resolved')).toBeVisible();
    await page.keyboard.press('x'); // reopen
    await expect.poll(() => readStore(seeded.root).store.comments.find((c) => c.id === target)?.workflowState).toBe('open');

    await expect(page.getByRole('textbox', { name: 'Reply' })).toBeVisible(); // the reopened snapshot arrived; labelled for screen readers
    await page.keyboard.press('r');
    await expect(page.getByTestId('reply-input')).toBeFocused();
    await page.keyboard.type('Thanks, looks good now.');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => host.messages('thread/reply').at(-1)?.params).toEqual({ root: seeded.root, id: target, body: 'Thanks, looks good now.' });
    await expect(board.detail.getByTestId('message')).toHaveCount(3);
    const stored = readStore(seeded.root).store.comments.find((c) => c.id === target)!;
    expect(stored.thread.at(-1)).toMatchObject({ author: 'human', body: 'Thanks, looks good now.' });
  });

  test('a click selects, a double click opens the thread in the editor; resolve and reopen inline from the detail', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin);
    await board.row(seeded.ids.unseen).click();
    await expect(board.detail).toBeVisible();
    await page.waitForTimeout(300);
    expect(host.revealed).toEqual([]); // one click only picks the thread (issue 17, item 19)
    await board.row(seeded.ids.unseen).dblclick();
    await expect.poll(() => host.revealed.at(-1)).toEqual({ root: seeded.root, id: seeded.ids.unseen });
    await board.press('detail-toggle-state', board.detail);
    await expect(board.detail.getByTestId('detail-toggle-state')).toHaveText(/Reopen/);
    expect(readStore(seeded.root).store.comments.find((c) => c.id === seeded.ids.unseen)?.workflowState).toBe('resolved');
    await expect(board.detail).toContainText('Resolved threads take no replies');
    await board.press('detail-toggle-state', board.detail);
    await expect(page.getByTestId('reply-input')).toBeVisible();
  });

  test('an orphaned thread\'s file is no link (it is gone): the detail says so, and it and Enter lead to Triage', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin);
    await board.row(seeded.ids.orphaned).click();
    await expect(board.detail.getByTestId('detail-open')).toHaveCount(0);
    await expect(board.detail.getByTestId('detail-file-gone')).toContainText('lib/old.ts');
    await expect(board.detail.getByTestId('detail-file-gone')).toContainText('file gone');
    await page.screenshot({ path: test.info().outputPath('orphaned-detail.png') });
    await board.press('detail-triage', board.detail);
    await expect(page.getByTestId('tab-triage')).toHaveAttribute('aria-selected', 'true');
    // Enter (or the row's open button) on it goes to Triage too, instead of asking the host to open a file that is gone.
    await page.getByTestId('tab-board').click();
    await board.row(seeded.ids.orphaned).click();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('tab-triage')).toHaveAttribute('aria-selected', 'true');
    expect(host.revealed).toEqual([]);
    // A thread whose file is there keeps its link.
    await page.getByTestId('tab-board').click();
    await board.row(seeded.ids.stale).click();
    await expect(board.detail.getByTestId('detail-open')).toBeVisible();
  });

  test('a thread that followed its code into another file says where it came from, in its row and its detail (issues 26, 35)', async ({ page, host, seeded, origin, board }) => {
    const { root } = seeded;
    const moved = await addThread(root, { file: 'src/util.ts', startLine: 1, endLine: 2, body: 'Overflow?', author: 'human' });
    const util = fs.readFileSync(path.join(root, 'src/util.ts'), 'utf8').split('\n');
    fs.writeFileSync(path.join(root, 'src/math.ts'), `// arithmetic, moved out of util.ts\n${util.slice(0, 3).join('\n')}\n`);
    fs.writeFileSync(path.join(root, 'src/util.ts'), util.slice(4).join('\n'));
    await reconcileWorkspace(root);
    // Outside git the move is offered (issue 35); taking the offer moves the thread as following would.
    expect(readStore(root).store.comments.find((c) => c.id === moved.id)?.anchor.suggestedMove).toMatchObject({ file: 'src/math.ts', startLine: 2, endLine: 3 });
    await takeSuggestedMove(root, moved.id, 'human');
    expect(readStore(root).store.comments.find((c) => c.id === moved.id)).toMatchObject({ file: 'src/math.ts', movedFrom: { file: 'src/util.ts', startLine: 1, endLine: 2 } });
    host.storesChanged();
    await host.open(page, origin);
    const row = board.row(moved.id);
    await expect(row.getByTestId('row-moved-from')).toHaveText('from util.ts L1–2');
    await expect(row.getByTestId('row-moved-from')).toHaveAttribute('title', 'Its code moved here from src/util.ts, L1–2');
    await expect(board.row(seeded.ids.unseen).getByTestId('row-moved-from')).toHaveCount(0);
    await row.click();
    await expect(board.detail.getByTestId('detail-moved-from')).toHaveText('Moved from src/util.ts L1–2: its code moved into this file.');
    await expect(board.detail.getByTestId('detail-open')).toContainText('src/math.ts');
  });

  test('a flagged thread offered a place in another file says so in its detail, with the button (issue 35)', async ({ page, host, seeded, origin, board }) => {
    const id = await seedOfferedMove(seeded.root);
    host.storesChanged();
    await host.open(page, origin);
    await board.row(id).click();
    await expect(board.detail.getByTestId('suggested-move')).toContainText('May have moved to src/normalize.ts:4-5 — Re-anchor there?');
    await expect(board.detail.getByTestId('take-suggested-move')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('offered-detail.png') });
    // An anchored thread shows none.
    await board.row(seeded.ids.unseen).click();
    await expect(board.detail.getByTestId('suggested-move')).toHaveCount(0);
  });

  test('visibility toggles go through the host and hide resolved threads', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin);
    await board.toggleCheckbox('toggle-resolved');
    await expect.poll(() => host.messages('visibility/set').at(-1)).toEqual({ type: 'visibility/set', showResolved: false });
    await expect(board.row(seeded.ids.resolved)).toHaveCount(0);
    await board.toggleCheckbox('toggle-stale');
    await board.expectRows([seeded.ids.replied, seeded.ids.unseen, seeded.ids.agentQuestion]);
  });

  test('UI state (filters, selection, view) survives the panel being reloaded', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin);
    await board.choose('filter-workflow', 'Open');
    await board.row(seeded.ids.unseen).click();
    await reloadBoard(page);
    await expect(board.chip('workflow')).toBeVisible();
    await expect(board.row(seeded.ids.unseen)).toHaveAttribute('aria-selected', 'true');
  });

  test('a reply written by the agent elsewhere appears without reloading', async ({ page, host, seeded, origin, board }) => {
    await host.open(page, origin);
    await board.row(seeded.ids.unseen).click();
    await replyToThread(seeded.root, seeded.ids.unseen, { body: 'It is used by the CLI entry point.', author: 'agent' });
    host.storesChanged(); // what the store watcher does
    await expect(board.detail).toContainText('It is used by the CLI entry point.');
  });

  test('empty workspace: says what to do next', async ({ page, host, origin }) => {
    await host.open(page, origin);
    await expect(page.getByTestId('empty-board')).toContainText('No review threads yet');
    await expect(page.getByTestId('empty-board')).toContainText('Consider: Add Comment');
    await page.getByTestId('empty-setup').click();
    await expect(page.getByTestId('setup-wizard')).toBeVisible();
    expect(fs.existsSync(path.join(host.roots[0]!, '.consider'))).toBe(false);
  });
});
