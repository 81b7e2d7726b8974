import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { considerPaths, readStore } from '../../shared';
import { FakeHost } from './fake-host';
import { seedWorkspace } from './fixtures';
import { test, expect } from './test';

test.describe('recovery banner', () => {
  test('an unreadable store shows what happened and the safe actions; restore brings the threads back', async ({ page, origin, board }) => {
    const good = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-good-'));
    const bad = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-bad-'));
    const goodSeed = await seedWorkspace(good);
    const badSeed = await seedWorkspace(bad);
    const paths = considerPaths(bad);
    fs.copyFileSync(paths.store, paths.backup); // the last good copy
    fs.writeFileSync(paths.store, '{"version":1,"comments":[{"id":'); // torn write from elsewhere
    const host = new FakeHost({ roots: [good, bad] });
    try {
      await host.open(page, origin);
      const banner = page.getByTestId('recovery-banner');
      await expect(banner).toContainText(`The review store of ${path.basename(bad)} can't be read`);
      await expect(banner).toContainText('store.json');
      await board.expectRows(Object.values(goodSeed.ids)); // the other folder's threads are still there
      await expect(page.getByTestId('next-action')).toHaveText(/Recover 1 unreadable store/);
      await page.screenshot({ path: path.resolve(__dirname, '../../test-results/screenshots/recovery-dark.png') });

      await board.press('recover-open', banner);
      await expect.poll(() => host.openedFiles).toEqual([paths.store]);
      await board.press('recover-retry', banner);
      await expect.poll(() => host.messages('store/recover').length).toBe(1);
      await expect(banner).toBeVisible(); // still broken: retry changes nothing
      expect(fs.readFileSync(paths.store, 'utf8')).toBe('{"version":1,"comments":[{"id":'); // never overwritten

      await board.press('recover-restore', banner);
      await expect(page.getByTestId('recovery-banner')).toHaveCount(0);
      await expect(board.rows).toHaveCount(12);
      expect(readStore(bad).store.comments.map((c) => c.id).sort()).toEqual(Object.values(badSeed.ids).sort());
      const kept = fs.readdirSync(paths.dir).filter((f) => f.startsWith('store.json.unreadable-'));
      expect(kept).toHaveLength(1);
      expect(fs.readFileSync(path.join(paths.dir, kept[0]!), 'utf8')).toBe('{"version":1,"comments":[{"id":');
    } finally {
      host.cleanup();
      fs.rmSync(good, { recursive: true, force: true });
      fs.rmSync(bad, { recursive: true, force: true });
    }
  });

  test('a store from a newer version is shown read-only, never blank', async ({ page, host, seeded, origin }) => {
    const p = considerPaths(seeded.root).store;
    const s = JSON.parse(fs.readFileSync(p, 'utf8'));
    s.version = 99;
    fs.writeFileSync(p, JSON.stringify(s));
    host.storesChanged();
    await host.open(page, origin);
    await expect(page.getByTestId('readonly-banner').or(page.getByTestId('recovery-banner'))).toBeVisible();
    await expect(page.locator('#root')).not.toBeEmpty();
  });
});
