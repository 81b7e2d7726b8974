/**
 * The board's parts of the Changes view (issue 23), against the fake host over a real store:
 * an addressed thread whose code did not change is flagged (badge, detail tag, filter); one
 * whose code changed shows the changed lines and asks the host for Show Changes; the review
 * rounds panel lists each round and asks the host for "Changes since this round". Screenshots
 * of both in the light and dark themes: test-results/screenshots/changes-*.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { addThread, readStore, reconcileWorkspace, replyToThread, submitReview } from '../../shared';
import { submitReviewWithBaseline } from '../../shared/changes';
import { diffHunks } from '../../shared/changes/hunks';
import { addRejectionThread, noteRejectionSeen, setRevertOutcome } from '../../shared/changes/rejections';
import { test, expect } from './test';

const OUT = path.resolve(__dirname, '../../test-results/screenshots');

for (const theme of ['light', 'dark'] as const) test.describe(`the board and the Changes view (${theme})`, () => {
  test('proof of fix: an addressed thread whose code did not change is flagged; changed code is shown and Show Changes asks the host', async ({ page, host, seeded, origin, board }) => {
    const root = seeded.root;
    const file = path.join(root, 'src/util.ts');
    const untouched = await addThread(root, { file: 'src/util.ts', startLine: 2, endLine: 2, body: 'Guard against overflow.', author: 'human' });
    const changed = await addThread(root, { file: 'src/util.ts', startLine: 1, endLine: 3, body: 'Name the parameters after what they are.', author: 'human' });
    await replyToThread(root, untouched.id, { body: 'Guarded.', author: 'agent', disposition: 'addressed' });
    await replyToThread(root, changed.id, { body: 'Renamed.', author: 'agent', disposition: 'addressed' });
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('export function add(a: number, b: number) {', 'export function add(left: number, right: number) {'));
    await reconcileWorkspace(root);
    host.storesChanged();
    await host.open(page, origin, { theme });

    await expect(board.row(untouched.id).getByTestId('badge-unchanged')).toHaveText('code unchanged');
    await expect(board.row(changed.id).getByTestId('badge-unchanged')).toHaveCount(0);
    await board.toggleCheckbox('filter-addressed-unchanged');
    await board.expectRows([untouched.id]);
    await expect(board.chip('addressedUnchanged')).toHaveText(/addressed, code unchanged/);
    await board.chip('addressedUnchanged').getByRole('button').click();

    await board.row(untouched.id).click();
    await expect(board.detail.getByTestId('detail-addressed-unchanged')).toHaveText('but its code did not change');
    await expect(board.detail.getByTestId('code-since')).toHaveCount(0);

    await board.row(changed.id).click();
    const diff = board.detail.getByTestId('code-since-diff');
    await expect(diff.locator('.diff-line.removed')).toHaveText(['−export function add(a: number, b: number) {']);
    await expect(diff.locator('.diff-line.added')).toHaveText(['+export function add(left: number, right: number) {']);
    await page.screenshot({ path: `${OUT}/changes-code-since-${theme}.png` });
    await board.detail.getByTestId('show-changes').click();
    await expect.poll(() => host.messages('thread/showChanges')).toEqual([{ type: 'thread/showChanges', root, id: changed.id }]);
  });

  test('the review rounds: when, how many, what the agent did, the message; "Changes since this round" asks the host', async ({ page, host, seeded, origin }) => {
    const root = seeded.root;
    const a = await addThread(root, { file: 'src/util.ts', startLine: 2, endLine: 2, body: 'one', author: 'human', pending: true });
    await addThread(root, { file: 'src/util.ts', startLine: 5, endLine: 5, body: 'two', author: 'human', pending: true });
    await submitReviewWithBaseline(root, { message: 'First pass: <b>two</b> things.' }); // captures the workspace: its baseline is kept
    await replyToThread(root, a.id, { body: 'Done.', author: 'agent', disposition: 'addressed' });
    await addThread(root, { file: 'src/util.ts', startLine: 6, endLine: 6, body: 'three', author: 'human', pending: true });
    await submitReview(root, {}); // no capture: as a round submitted before baselines existed
    host.storesChanged();
    await host.open(page, origin, { theme });

    await expect(page.getByTestId('round')).toHaveCount(0); // folded until opened
    await expect(page.getByTestId('rounds-toggle')).toContainText('2 rounds');
    await page.getByTestId('rounds-toggle').click();
    const rounds = page.getByTestId('round');
    await expect(rounds).toHaveCount(2);
    await expect(rounds.nth(0)).toContainText('Round 2');
    await expect(rounds.nth(1)).toContainText('Round 1');
    await expect(rounds.nth(1)).toContainText('2 comments · 1 addressed · 2 open');
    await expect(rounds.nth(1).getByTestId('round-message')).toHaveText('First pass: <b>two</b> things.'); // text, never markup
    await expect(rounds.nth(0).getByTestId('round-changes')).toHaveCount(0);
    await expect(rounds.nth(0)).toContainText('no baseline kept');
    await page.screenshot({ path: `${OUT}/changes-rounds-${theme}.png` });
    await rounds.nth(1).getByTestId('round-changes').click();
    await expect.poll(() => host.messages('changes/showSince')).toEqual([{ type: 'changes/showSince', root, round: 1 }]);
  });

  test('a rejected change that was reverted reads "reverted", not "stale" (row and detail); a thread whose code changed still reads stale', async ({ page, host, seeded, origin, board }) => {
    const root = seeded.root;
    const file = path.join(root, 'src/util.ts');
    const base = fs.readFileSync(file, 'utf8');
    const now = base.replace('export function add(a: number, b: number) {', 'export function add(a: number, b: number) { // unchecked');
    fs.writeFileSync(file, now);
    const [hunk] = diffHunks(base, now);
    const rejection = await addRejectionThread(root, {
      file: 'src/util.ts', baselineFile: 'src/util.ts', baseline: { key: 'capture:round-1-abcd', label: 'review round 1' },
      baselineText: base, hunk: hunk!, reason: 'Keep the line as it was.', pending: false,
    });
    // The developer's revert puts the baseline's lines back: the thread is off its code, but nothing changed under it.
    fs.writeFileSync(file, base);
    await setRevertOutcome(root, rejection.id, { state: 'applied' });
    await reconcileWorkspace(root);
    await noteRejectionSeen(root, rejection.id, 'gone');
    host.storesChanged();
    await host.open(page, origin, { theme });

    const row = board.row(rejection.id);
    await expect(row.getByTestId('badge-reverted')).toHaveText('reverted');
    await expect(row.getByTestId('badge-reverted')).toHaveAttribute('title', /The change was reverted/);
    await expect(row.getByTestId('badge-stale')).toHaveCount(0);
    await expect(board.row(seeded.ids.stale).getByTestId('badge-stale')).toHaveText('stale');
    await row.click();
    await expect(board.detail.getByTestId('detail-anchor')).toHaveText('reverted');
    await page.screenshot({ path: `${OUT}/changes-reverted-${theme}.png` });
  });

  test('review per change: the round the Changes view counts from says "12 of 31 changes reviewed"; the others say nothing', async ({ page, host, seeded, origin }) => {
    const root = seeded.root;
    await addThread(root, { file: 'src/util.ts', startLine: 2, endLine: 2, body: 'one', author: 'human', pending: true });
    const first = await submitReviewWithBaseline(root, {});
    await addThread(root, { file: 'src/util.ts', startLine: 5, endLine: 5, body: 'two', author: 'human', pending: true });
    const second = await submitReviewWithBaseline(root, {});
    const baselineOf = (round: number) => readStore(root).store!.reviews!.find((r) => r.round === round)!.baseline!;
    expect([first.round, second.round]).toEqual([1, 2]);
    host.changeProgress.set(root, { baseline: baselineOf(2), reviewed: 12, total: 31 });
    host.storesChanged();
    await host.open(page, origin, { theme });
    await page.getByTestId('rounds-toggle').click();
    const rounds = page.getByTestId('round');
    await expect(rounds).toHaveCount(2);
    await expect(rounds.nth(0).getByTestId('round-progress')).toHaveText('· 12 of 31 changes reviewed');
    await expect(rounds.nth(1).getByTestId('round-progress')).toHaveCount(0);
    await page.screenshot({ path: `${OUT}/changes-round-progress-${theme}.png` });
    // The view moves to round 1 ("Changes since this round"): the count moves with it.
    host.changeProgress.set(root, { baseline: baselineOf(1), reviewed: 0, total: 4 });
    host.storesChanged();
    await expect(rounds.nth(1).getByTestId('round-progress')).toHaveText('· 0 of 4 changes reviewed');
    await expect(rounds.nth(0).getByTestId('round-progress')).toHaveCount(0);
  });
});
