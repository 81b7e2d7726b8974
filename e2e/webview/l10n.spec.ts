/**
 * The pseudo-locale run (README, "Translating Consider"): the page carries the qps-ploc bundle
 * (scripts/l10n.mjs pseudo: every string of l10n/bundle.l10n.json accented, "Ŝḗḗŧŭŭƥ"), as
 * BoardPanel passes VS Code's bundle for the user's language, and every word the board, the
 * triage view and both wizards show must come out accented. A string written into the webview
 * without l10n.t stays plain ASCII and fails here, naming it.
 *
 * What is not the webview's own words is left out: whatever the host sent (thread titles and
 * bodies, file paths, code, the setup modules' descriptions; the host's words are the
 * extension's, checked by test/l10n.test.ts) and rendered Markdown and code.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { BoardPage } from './board.page';
import { FakeHost } from './fake-host';
import { seedReview, seedWorkspace } from './fixtures';
import { test, expect } from './test';
import { setL10nBundle, type L10nBundle } from '../../shared/board/l10n';
import * as store from '../../shared';

let pseudo: L10nBundle;
test.beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-qps-'));
  const r = spawnSync(process.execPath, [path.resolve(__dirname, '../../scripts/l10n.mjs'), 'pseudo', dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  pseudo = JSON.parse(fs.readFileSync(path.join(dir, 'bundle.l10n.qps-ploc.json'), 'utf8')) as L10nBundle;
  fs.rmSync(dir, { recursive: true, force: true });
});
// The fake host's own words (the first screen it writes into the page, its errors) in the pseudo-locale too, as the extension's are.
test.beforeEach(() => setL10nBundle(pseudo));
test.afterEach(() => setL10nBundle({}));

/** Every string the host sent the page (its messages and answers), except bare identifiers (states, ids), which are never shown as they are. */
function hostStrings(host: FakeHost): string[] {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') { if (!/^[a-z][A-Za-z_]*$/.test(v)) out.add(v); } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(host.sent);
  // A path shows in parts too (the list's groups: "src/", "app.ts").
  for (const s of [...out]) if (s.includes('/')) for (const part of s.split('/')) out.add(part);
  for (const root of host.roots) out.add(path.basename(root));
  return [...out].filter((s) => s.length > 1).sort((a, b) => b.length - a.length);
}

/** The visible texts of the page (text nodes, and title / placeholder / aria-label attributes), outside Markdown and code. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const skip = (el: Element | null) => !!el?.closest('.markdown, code, pre, .diff, [data-testid="triage-diff"], script, style');
    const shown = (el: Element) => el.checkVisibility?.({ checkOpacity: false, checkVisibilityCSS: true }) ?? true;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (el && !skip(el) && shown(el) && n.textContent!.trim()) out.push(n.textContent!.trim());
    }
    for (const el of document.body.querySelectorAll('[title], [placeholder], [aria-label]')) {
      if (skip(el) || !shown(el)) continue;
      for (const a of ['title', 'placeholder', 'aria-label']) { const v = el.getAttribute(a)?.trim(); if (v) out.push(v); }
    }
    return [...new Set(out)];
  });
}

/** The texts that are not pseudo-localised: an ASCII letter left once the host's strings are taken out. */
async function plainTexts(page: Page, host: FakeHost): Promise<string[]> {
  const data = hostStrings(host);
  return (await visibleTexts(page)).filter((text) => {
    let rest = text;
    for (const d of data) rest = rest.split(d).join(' ');
    // File names and paths written in the words (".consider/", "store.json") are names, not words.
    return /[A-Za-z]{2,}/.test(rest.replace(/[\w.~-]*[./][\w./~-]+/g, ' ').replace(/\b[A-Z]\b|\bL\d+/g, ' '));
  });
}

test.describe('pseudo-locale', () => {
  test('every word of the board, its detail pane, review bar and rounds is from the bundle', async ({ page, origin }) => {
    const host = new FakeHost({ l10n: pseudo });
    try {
      const seeded = await seedWorkspace(host.roots[0]!);
      await store.addThread(seeded.root, { file: 'src/app.ts', startLine: 2, endLine: 2, body: 'Sent in round one.', author: 'human', pending: true });
      await store.submitReview(seeded.root, { message: 'The first round.' });
      await seedReview(seeded);
      host.storesChanged();
      await host.open(page, origin);
      const board = new BoardPage(page);
      await board.row(seeded.ids.replied).click();
      await expect(page.getByTestId('message').first()).toBeVisible();
      await expect(page.getByTestId('review-bar')).toBeVisible();
      await page.getByTestId('rounds-toggle').click();
      expect(await plainTexts(page, host)).toEqual([]);
    } finally { host.cleanup(); }
  });

  test('every word of the triage view is from the bundle', async ({ page, origin }) => {
    const host = new FakeHost({ l10n: pseudo });
    try {
      const seeded = await seedWorkspace(host.roots[0]!);
      host.storesChanged();
      await host.open(page, origin, { view: 'triage' });
      await expect(new BoardPage(page).card(seeded.ids.stale).getByTestId('triage-diff')).toBeVisible();
      expect(await plainTexts(page, host)).toEqual([]);
    } finally { host.cleanup(); }
  });

  for (const view of ['setup', 'uninstall'] as const) {
    test(`every word of the ${view} wizard is from the bundle`, async ({ page, origin }) => {
      const host = new FakeHost({ l10n: pseudo });
      try {
        await host.open(page, origin, { view });
        await expect(page.getByTestId(`${view}-wizard`)).toBeVisible();
        expect(await plainTexts(page, host)).toEqual([]);
      } finally { host.cleanup(); }
    });
  }

  test('a page without a bundle is in English, and a bundle that is not an object of strings is ignored', async ({ page, origin }) => {
    const host = new FakeHost({ l10n: { Board: 42 } as unknown as L10nBundle });
    try {
      await host.open(page, origin, { view: 'setup' });
      await expect(page.locator('.tabs')).toContainText('Board');
    } finally { host.cleanup(); }
  });
});
