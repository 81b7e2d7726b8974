/** Page object for the board webview (style.md item 17): tests speak in user terms. */
import { expect, type Locator, type Page } from '@playwright/test';

export class BoardPage {
  constructor(readonly page: Page) {}

  get list(): Locator { return this.page.getByTestId('thread-list'); }
  get rows(): Locator { return this.page.getByTestId('thread-row'); }
  get detail(): Locator { return this.page.getByTestId('detail'); }
  row(id: string): Locator { return this.page.locator(`[data-testid="thread-row"][data-thread-id="${id}"]`); }
  card(id: string): Locator { return this.page.locator(`[data-testid="triage-card"][data-thread-id="${id}"]`); }
  chip(key: string): Locator { return this.page.getByTestId(`chip-${key}`); }

  async rowIds(): Promise<string[]> {
    return this.rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-thread-id') ?? ''));
  }

  async search(text: string): Promise<void> {
    const input = this.page.getByTestId('search').locator('input');
    await input.fill(text);
  }

  /** Picks an option of one of the board's filter selects by its visible label. */
  async choose(testId: string, label: string): Promise<void> {
    const select = this.page.getByTestId(testId);
    await select.focus(); // as a user opening it does: the file filter lists its files only then
    await select.selectOption({ label });
  }

  /** Clicks a toolkit button (the custom element itself receives the click). */
  async press(testId: string, within?: Locator): Promise<void> {
    await (within ?? this.page).getByTestId(testId).click();
  }

  async toggleCheckbox(testId: string, within?: Locator): Promise<void> {
    await (within ?? this.page).getByTestId(testId).click();
  }

  /**
   * From now on, notes whether the page ever shows `text` (a wizard falling back to its loading
   * state after a run would make its report blink away); `blinked()` tells.
   */
  async watchFor(text: string): Promise<void> {
    await this.page.evaluate((t) => {
      const w = window as unknown as { __blinked: boolean };
      w.__blinked = false;
      new MutationObserver(() => { if (document.body.textContent?.includes(t)) w.__blinked = true; })
        .observe(document.body, { childList: true, subtree: true, characterData: true });
    }, text);
  }

  blinked(): Promise<boolean> {
    return this.page.evaluate(() => (window as unknown as { __blinked: boolean }).__blinked);
  }

  async expectRows(ids: string[]): Promise<void> {
    await expect.poll(async () => (await this.rowIds()).sort()).toEqual([...ids].sort());
  }
}

/** Holds back every file of the built webview (scripts, font): the page has only its own HTML until released. */
export async function holdAssets(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/assets/**', async (route) => { await gate; await route.continue(); });
  return release;
}

/**
 * Holds every request for the app chunk (assets/app.js) until the returned function is
 * called: what shows meanwhile is the boot script's preview of the first screen alone.
 */
export async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/assets/app.js', async (route) => { await gate; await route.continue(); });
  return release;
}

/**
 * Reloads the page (VS Code showing a hidden panel again) and waits for the boot script's verdict
 * on the first screen the HTML brought (kept, refused or none, on <html data-page-preview>).
 * `page.reload()` can resolve before it: until then the old HTML's rows are on screen, painted as
 * the page was parsed, and a test would read rows the boot script is about to replace.
 */
export async function reloadBoard(page: Page): Promise<void> {
  await page.reload();
  await expect(page.locator('html[data-page-preview]')).toHaveCount(1);
}
