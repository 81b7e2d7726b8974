/** Shared fixtures: one static server per worker, one seeded workspace + fake host per test. */
import { test as base } from '@playwright/test';
import { BoardPage } from './board.page';
import { FakeHost, startServer } from './fake-host';
import { seedWorkspace, type Seeded } from './fixtures';

export const test = base.extend<{ host: FakeHost; seeded: Seeded; board: BoardPage; consoleLines: string[] }, { origin: string }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
  origin: [async ({}, use) => {
    const server = await startServer();
    await use(server.origin);
    await server.close();
  }, { scope: 'worker' }],
  // eslint-disable-next-line no-empty-pattern -- as above
  host: async ({}, use) => {
    const host = new FakeHost();
    await use(host);
    host.cleanup();
  },
  seeded: async ({ host }, use) => {
    const seeded = await seedWorkspace(host.roots[0]!);
    host.storesChanged();
    await use(seeded);
  },
  board: async ({ page }, use) => { await use(new BoardPage(page)); },
  consoleLines: async ({ page }, use) => {
    const lines: string[] = [];
    page.on('console', (m) => lines.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => lines.push(`pageerror: ${e.message}`));
    await use(lines);
  },
});
export { expect } from '@playwright/test';
