/**
 * One review across a repository's worktrees (issue 39, docs/worktrees.md), in real Chromium
 * over a real git repository with real worktrees (`git worktree add`), the REAL BoardSession
 * reading them with the extension's own reader (extension/board/worktrees.ts):
 *  - the board groups threads by worktree: this checkout first, then git's order, each header
 *    with the branch, the folder, the open threads and when an agent last acted there;
 *  - another worktree's thread reads as any other, but its reply box is replaced by a hint
 *    (written in its own worktree), and opening it opens the file in that worktree's folder.
 * Screenshot: test-results/webview/…/worktrees-board.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import * as store from '../../shared';
import { FakeHost } from './fake-host';
import { test, expect } from './test';

function git(cwd: string, ...args: string[]): void {
  const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

const CART = ['export function cartTotal(items: { price: number; qty: number }[]): number {', '  return items.reduce((s, i) => s + i.price * i.qty, 0);', '}', ''].join('\n');

/** main (2 threads), feature-login in shop-login (2, one with an agent turn), feature-cart in shop-cart (1), and one worktree without a store. */
async function shop(): Promise<{ dir: string; main: string; login: string; cart: string; ids: { login: string } }> {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-wt-board-')));
  const main = path.join(dir, 'shop');
  fs.mkdirSync(path.join(main, 'src'), { recursive: true });
  fs.writeFileSync(path.join(main, 'src/cart.ts'), CART);
  git(main, 'init', '-q', '-b', 'main');
  git(main, 'add', '.');
  git(main, 'commit', '-q', '-m', 'cart');
  const login = path.join(dir, 'shop-login');
  const cart = path.join(dir, 'shop-cart');
  git(main, 'worktree', 'add', '-q', '-b', 'feature-login', login);
  git(main, 'worktree', 'add', '-q', '-b', 'feature-cart', cart);
  git(main, 'worktree', 'add', '-q', '-b', 'docs', path.join(dir, 'shop-docs'));
  fs.writeFileSync(path.join(login, 'src/login.ts'), ['export function login(user: string, password: string) {', '  return fetch("/api/login", { method: "POST", body: JSON.stringify({ user, password }) });', '}', ''].join('\n'));
  const add = (root: string, file: string, line: number, body: string, author: 'human' | 'agent' = 'human') => store.addThread(root, { file, startLine: line, endLine: line, body, author });
  await add(main, 'src/cart.ts', 1, 'Name the item type: it is used in three places.');
  await add(main, 'src/cart.ts', 2, 'Money in floats: use cents.');
  const onLogin = await add(login, 'src/login.ts', 2, 'Send the password over a form post, not JSON in a body we log.');
  await store.replyToThread(login, onLogin.id, { body: 'Switched to a form post; the logger skips it now.', author: 'agent' });
  await add(login, 'src/login.ts', 1, 'Should login also take a remember-me flag?', 'agent');
  await add(cart, 'src/cart.ts', 2, 'Discounts are applied after tax here: check with finance.');
  store.recordTurn(login, 'claude:7f3a', 'running', Date.now() - 2 * 60_000);
  return { dir, main, login, cart, ids: { login: onLogin.id } };
}

test('the board groups threads by worktree; another worktree\'s thread is read here and opened in its folder', async ({ page, origin, board }) => {
  const s = await shop();
  const host = new FakeHost({ roots: [s.main], worktrees: true });
  try {
    await host.open(page, origin);
    const headers = page.getByTestId('worktree-header');
    await expect(headers).toHaveCount(3);
    await expect(page.getByTestId('worktree-branch')).toHaveText(['main', 'feature-cart', 'feature-login']); // git's order: its worktrees by their names under .git/worktrees
    await expect(headers.nth(0)).toContainText('this checkout');
    await expect(headers.nth(0)).toContainText(s.main);
    await expect(headers.nth(2)).toContainText(s.login);
    await expect(page.getByTestId('worktree-open')).toHaveText(['2 open', '1 open', '2 open']);
    await expect(headers.nth(2).getByTestId('worktree-agent')).toHaveText('claude 7f3a working now');
    await expect(headers.nth(2).getByTestId('worktree-agent')).toHaveAttribute('title', /^claude:7f3a · /);
    await expect(headers.nth(0).getByTestId('worktree-agent')).toHaveCount(0);

    // Another worktree's thread: its conversation shows, its reply box is a hint.
    await board.row(s.ids.login).click();
    await expect(board.detail.getByTestId('message')).toHaveCount(2);
    await expect(board.detail.getByTestId('detail-other-worktree')).toContainText('In worktree feature-login');
    await expect(board.detail.getByTestId('reply-input')).toHaveCount(0);
    await expect(board.detail.getByTestId('detail-toggle-state')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('worktrees-board.png') });
    // A narrow panel: a long folder loses its start, never its own name.
    await page.setViewportSize({ width: 700, height: 720 });
    await page.screenshot({ path: test.info().outputPath('worktrees-board-narrow.png') });
    await page.setViewportSize({ width: 1100, height: 720 });

    await board.detail.getByTestId('detail-open').click();
    await expect.poll(() => host.openedAt).toEqual([{ abs: path.join(s.login, 'src/login.ts'), line: 2 }]);
    // x (resolve) does nothing on it: nothing was sent to write.
    await board.list.focus();
    await page.keyboard.press('x');
    expect(host.messages('thread/setState')).toEqual([]);
  } finally {
    host.cleanup();
    fs.rmSync(s.dir, { recursive: true, force: true });
  }
});
