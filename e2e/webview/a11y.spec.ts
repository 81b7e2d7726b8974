/**
 * Accessibility, checked by axe-core (@axe-core/playwright) in Debian's Chromium: every view of
 * the board webview — the board with a selected thread (its conversation, its code since
 * written), the review bar of a pending review and its discard confirm, the review rounds, the
 * filter chips, the keyboard help; the triage view; the setup and uninstall wizards before and
 * after a run — in the light, dark and high-contrast themes. A serious or critical violation
 * fails the test, as does one of the moderate ones once fixed (FIXED); the rest are printed.
 * Every run writes what it found to test-results/a11y/<theme>[-triage|-wizards].json
 * (docs/accessibility.md lists what was found and fixed).
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Result } from 'axe-core';
import { addThread, reconcileWorkspace, replyToThread } from '../../shared';
import { submitReviewWithBaseline } from '../../shared/changes';
import type { Theme } from './fake-host';
import { seedReview } from './fixtures';
import { test, expect } from './test';

const OUT = path.resolve(__dirname, '../../test-results/a11y');
/** WCAG 2.0–2.2 A and AA, and axe's best practices (landmarks, headings, region). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const FAILING = new Set(['serious', 'critical']);

interface Finding { state: string; rule: string; impact: string; nodes: number; help: string; targets: string[]; colours?: string[] }

/** Runs axe on the page as it is now; returns its violations, one line per rule. */
async function audit(page: Page, state: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.map((v: Result) => ({
    state, rule: v.id, impact: v.impact ?? 'unknown', nodes: v.nodes.length, help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    // For contrast: what was measured (axe's own data), so a fix can aim at the right variable.
    ...(v.id === 'color-contrast' ? { colours: v.nodes.map((n) => { const d = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined; return `${n.target.join(' ')}: ${d?.fgColor} on ${d?.bgColor} = ${d?.contrastRatio}`; }) } : {}),
  }));
}

function report(theme: Theme, findings: Finding[]): void {
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, `${theme}.json`), JSON.stringify(findings, null, 2));
  for (const f of findings) console.log(`[a11y ${theme}] ${f.impact} ${f.rule} ×${f.nodes} in ${f.state}: ${f.help} — ${f.targets.join(', ')}`);
}

/**
 * Moderate rules this suite found and that were fixed (docs/accessibility.md): they fail too, so
 * the page structure stays as fixed — one main landmark, everything inside a landmark, an h1.
 */
const FIXED = new Set(['landmark-one-main', 'region', 'page-has-heading-one']);

const serious = (findings: Finding[]): string[] => findings.filter((f) => FAILING.has(f.impact) || FIXED.has(f.rule)).map((f) => `${f.state}: ${f.rule} (${f.impact}) ×${f.nodes} — ${f.targets.join(', ')}`);

for (const theme of ['light', 'dark', 'high-contrast'] as const) {
  test.describe(`accessibility (${theme})`, () => {
    // Each test runs axe over the whole page several times (about 2–10 s a pass on a busy 2-core machine).
    test.slow();
    test(`board: selected thread, code since written, pending review, rounds, chips — ${theme}`, async ({ page, host, seeded, origin, board }) => {
      const root = seeded.root;
      // A submitted round with its baseline, an addressed thread whose code changed since, then a pending review.
      const changed = await addThread(root, { file: 'src/util.ts', startLine: 1, endLine: 3, body: 'Name the parameters after what they are.', author: 'human', pending: true });
      await submitReviewWithBaseline(root, { message: 'First pass.' });
      await replyToThread(root, changed.id, { body: 'Renamed.', author: 'agent', disposition: 'addressed' });
      const file = path.join(root, 'src/util.ts');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('add(a: number, b: number)', 'add(left: number, right: number)'));
      await reconcileWorkspace(root);
      const { review } = await seedReview(seeded);
      host.storesChanged();
      await page.setViewportSize({ width: 1100, height: 900 });
      await host.open(page, origin, { theme });
      const findings: Finding[] = [];

      findings.push(...await audit(page, 'board (nothing selected)'));
      await board.row(changed.id).click();
      await expect(board.detail.getByTestId('code-since-diff')).toBeVisible();
      await page.getByTestId('rounds-toggle').click();
      await expect(page.getByTestId('round')).toHaveCount(1);
      findings.push(...await audit(page, 'board (thread with changed code, rounds open, review bar)'));

      await board.row(review.question).click();
      await expect(board.detail.getByTestId('message-disposition')).toBeVisible();
      await board.choose('filter-author', 'Human');
      await expect(board.chip('author')).toBeVisible();
      findings.push(...await audit(page, 'board (dispositions, filter chips)'));

      await board.press('keyboard-help-open');
      await expect(page.getByTestId('keyboard-help')).toBeVisible();
      findings.push(...await audit(page, 'board (keyboard help)'));
      await page.screenshot({ path: path.resolve(__dirname, `../../test-results/screenshots/keyboard-help-${theme}.png`) });
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('keyboard-help')).toHaveCount(0);

      await board.press('review-discard');
      await expect(page.getByTestId('review-discard-confirm')).toBeVisible();
      findings.push(...await audit(page, 'board (review discard confirm)'));

      report(theme, findings);
      expect(serious(findings)).toEqual([]);
    });

    test(`triage — ${theme}`, async ({ page, host, seeded, origin }) => {
      await host.open(page, origin, { view: 'triage', theme });
      await expect(page.getByTestId('triage-diff')).toHaveCount(2);
      await page.getByTestId('triage-check').first().click();
      await expect(page.locator('[data-testid="triage-card"].checked')).toHaveAttribute('data-thread-id', seeded.ids.orphaned);
      const findings = await audit(page, 'triage');
      report(`${theme}-triage` as Theme, findings);
      expect(serious(findings)).toEqual([]);
    });

    test(`setup and uninstall wizards — ${theme}`, async ({ page, host, seeded, origin, board }) => {
      void seeded;
      await host.open(page, origin, { view: 'setup', theme });
      await board.toggleCheckbox('integration-claude-enable');
      await expect(page.getByTestId('integration-claude-scope').getByRole('radio').first()).toBeEnabled();
      const findings = await audit(page, 'setup');
      await board.press('setup-run');
      await expect(page.getByTestId('wizard-report')).toBeVisible();
      findings.push(...await audit(page, 'setup (report)'));

      await page.getByTestId('tab-uninstall').click();
      await expect(page.getByTestId('uninstall-mode')).toBeVisible();
      findings.push(...await audit(page, 'uninstall'));
      await page.getByTestId('uninstall-mode').getByRole('radio', { name: /Everything/ }).click();
      await board.press('uninstall-run');
      await expect(page.getByTestId('uninstall-confirm')).toBeVisible();
      findings.push(...await audit(page, 'uninstall (confirm)'));
      report(`${theme}-wizards` as Theme, findings);
      expect(serious(findings)).toEqual([]);
    });
  });
}
