import { PROTOCOL_VERSION } from '../../shared/board/protocol';
import { readStore } from '../../shared';
import { test, expect } from './test';

const post = (page: import('@playwright/test').Page, m: unknown) =>
  page.evaluate((msg) => (window as unknown as { __considerPost(m: unknown): void }).__considerPost(msg), m);

test.describe('protocol validation', () => {
  test('a malformed host message is logged and ignored, not acted on', async ({ page, host, seeded, origin, board, consoleLines }) => {
    await host.open(page, origin);
    await expect(board.rows).toHaveCount(6);
    await page.evaluate(() => {
      window.postMessage({ type: 'host/snapshot', folders: 'not a list', visibility: { showResolved: true, showStale: true } }, '*');
      window.postMessage({ type: 'host/snapshot', folders: [{ root: '/x', name: 'x', hasStore: true, threads: [{ id: 'evil', workflowState: 'hacked' }] }], visibility: { showResolved: true, showStale: true } }, '*');
      window.postMessage({ type: 'host/view', view: 'javascript:' }, '*');
      window.postMessage('just a string', '*');
    });
    await expect.poll(() => consoleLines.filter((l) => l.includes('ignored malformed host message')).length).toBe(4);
    await board.expectRows(Object.values(seeded.ids)); // the board still shows the last good snapshot
    await expect(page.getByTestId('thread-list')).toBeVisible();
  });

  test('a malformed webview message is logged by the host and not acted on', async ({ page, host, seeded, origin }) => {
    await host.open(page, origin);
    const sentBefore = host.sent.length;
    const bad = [
      { type: 'thread/setState', requestId: 'a', params: { refs: [{ root: seeded.root, id: seeded.ids.unseen }], state: 'deleted' } },
      { type: 'thread/delete', requestId: 'b', params: { refs: [{ root: seeded.root, id: 42 }] } },
      { type: 'thread/reply', requestId: 'c', params: { root: seeded.root, id: seeded.ids.unseen, body: '   ' } },
      { type: 'thread/delete', params: { refs: [{ root: seeded.root, id: seeded.ids.unseen }] } }, // no requestId
      { type: 'shell/exec', command: 'rm -rf /' },
      null,
    ];
    for (const m of bad) await post(page, m);
    await expect.poll(() => host.logs.filter((l) => l.startsWith('ignored malformed webview message')).length).toBe(bad.length);
    const t = readStore(seeded.root).store.comments.find((c) => c.id === seeded.ids.unseen)!;
    expect(t.workflowState).toBe('open');
    expect(t.thread).toHaveLength(0);
    expect(host.sent.slice(sentBefore).filter((m) => m.type === 'host/response')).toEqual([]);
  });

  test('a well-formed request for a folder outside the workspace is refused', async ({ page, host, seeded, origin }) => {
    await host.open(page, origin);
    await post(page, { type: 'thread/delete', requestId: 'z1', params: { refs: [{ root: '/etc', id: seeded.ids.unseen }] } });
    await expect.poll(() => host.sent.find((m) => m.type === 'host/response' && m.requestId === 'z1')).toMatchObject({
      ok: true, result: { done: 0, failed: [{ id: seeded.ids.unseen, message: 'that folder is not part of this workspace' }] },
    });
    await post(page, { type: 'setup/run', requestId: 'z2', params: { root: '/tmp', gitignore: true, integrations: [] } });
    await expect.poll(() => host.sent.find((m) => m.type === 'host/response' && m.requestId === 'z2')).toMatchObject({ ok: false });
    expect(readStore(seeded.root).store.comments).toHaveLength(6);
  });

  test('a webview speaking another protocol version is told to reload', async ({ page, host, origin }) => {
    await host.open(page, origin);
    await post(page, { type: 'webview/ready', protocolVersion: 999 });
    await expect(page.getByRole('alert').filter({ hasText: 'Close and reopen the board' })).toBeVisible();
    expect(host.sent.at(-1)).toEqual({ type: 'host/incompatible', hostVersion: PROTOCOL_VERSION });
    // Told to reload, it is not sent a snapshot again.
    expect(host.sent.filter((m) => m.type === 'host/snapshot')).toHaveLength(1);
  });
});
