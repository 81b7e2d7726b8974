// Page objects for the real VS Code workbench (code-server) driven by Playwright.
// Every selector that knows about VS Code's DOM lives here, so when a VS Code update moves
// something, one file changes. Selectors verified against VS Code 1.139 (code-server 4.139.1).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SHORT = 20_000; // a UI reaction (widget opens, text appears); generous: 2 shared cores
const LONG = 60_000; // cold workbench start, extension activation

/**
 * Waits until the store of the workspace at `root` satisfies `predicate` (the extension writes it
 * after the click that asked for it; the UI may not show it, e.g. behind another editor).
 */
export async function waitForStore(root, predicate, what, timeout = SHORT) {
  const until = Date.now() + timeout;
  for (;;) {
    try {
      if (predicate(JSON.parse(fs.readFileSync(path.join(root, '.consider/store.json'), 'utf8')))) return;
    } catch { /* not written yet: try again */ }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export class VsCodePage {
  /** @param {import('playwright-core').Page} page */
  constructor(page, { shotPrefix, log = () => undefined, logsDir }) {
    this.page = page;
    this.logsDir = logsDir;
    this.theme = 'light';
    this.shotPrefix = shotPrefix;
    this.log = log;
    this.step = 0;
  }

  /**
   * Waits for the workbench, its explorer, and Consider's contributions: the palette lists
   * Consider's commands only once the extension host has scanned the installed extensions (its
   * view container shows up in the activity bar at the same time), and a palette already open
   * does not add them. On a loaded machine that is seconds after the explorer (seen: "No
   * matching commands" for Submit Review, with two windows starting side by side).
   */
  async waitReady() {
    await this.page.locator('.monaco-workbench').waitFor({ timeout: LONG });
    await this.page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: LONG });
    await this.considerIcon().waitFor({ timeout: LONG });
  }

  /** Consider's view container in the activity bar. */
  considerIcon() {
    return this.page.locator('.activitybar .action-item a.action-label[aria-label^="Consider"]').first();
  }

  /**
   * Waits until a line holding `text` is in one of Consider's output logs (the server writes each
   * window's extension-host logs under the user-data folder's `logs/`): for a check whose
   * outcome shows nothing on screen, so a test can wait for it to have happened, not for a while.
   */
  async waitForLogLine(text, timeout = SHORT) {
    const until = Date.now() + timeout;
    for (;;) {
      if (logFiles(this.logsDir).some((f) => fs.readFileSync(f, 'utf8').includes(text))) return;
      if (Date.now() > until) throw new Error(`no log line with ${JSON.stringify(text)} under ${this.logsDir} in ${timeout / 1000} s`);
      await this.page.waitForTimeout(200);
    }
  }

  /** Consider's log lines holding `text`, from every window's log (for what a failure message should say). */
  logLines(text) {
    return logFiles(this.logsDir).flatMap((f) => fs.readFileSync(f, 'utf8').split('\n').filter((l) => l.includes(text)));
  }

  /** Waits for the Consider status bar entry (the extension has activated and read the store). */
  statusBar() {
    return this.page.locator('.statusbar-item[id$="consider.status"]');
  }

  /**
   * Opens a workspace-relative file by clicking through the explorer (Quick Open's file search
   * spawns ripgrep and can take over 20 s on a loaded machine).
   */
  async openFile(relPath) {
    // Another view may fill the side bar (the Changes view): bring the explorer back first.
    if (!(await this.page.locator('.explorer-folders-view').isVisible())) {
      await this.page.locator('.activitybar .action-item a.action-label[aria-label^="Explorer"]').first().click();
      await this.page.locator('.explorer-folders-view').waitFor({ timeout: SHORT });
    }
    const parts = relPath.split('/');
    const base = parts[parts.length - 1];
    for (const dir of parts.slice(0, -1)) {
      const row = this.page.getByRole('treeitem', { name: dir, exact: true }).first();
      await row.waitFor({ timeout: LONG });
      if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
    }
    const file = this.page.getByRole('treeitem', { name: base, exact: true }).first();
    await file.waitFor({ timeout: LONG });
    // The tree can move under the pointer between aiming and clicking (a folder the scenario just
    // made, `.consider/`, appears above): the click then opens the next file. Checked, and clicked again.
    for (let attempt = 1; ; attempt++) {
      await file.click();
      const tab = this.page.locator(`.tabs-container .tab[aria-label*="${base}"]`).first();
      if (await tab.waitFor({ timeout: attempt < 3 ? 5_000 : LONG }).then(() => true, () => false)) break;
      if (attempt >= 3) throw new Error(`clicking ${relPath} in the explorer opened no tab for it`);
      this.log?.(`  the explorer click on ${base} opened no tab for it (the tree moved?): clicking again`);
    }
    await this.editorLines().first().waitFor({ timeout: LONG });
  }

  /** The active editor (or, after useDiffSide, one side of the active diff editor). */
  editor() {
    const group = this.page.locator('.editor-group-container.active');
    if (this.diffSide) return group.locator(`.monaco-diff-editor .editor.${this.diffSide} .monaco-editor`).first();
    return group.locator('.monaco-editor').first();
  }

  /**
   * Makes editor() — and with it the gutter helpers (clickGutterPlus, lineNumber…) — act on one
   * side of the active diff editor: 'original' (the left, baseline side), 'modified', or null
   * for a plain editor again.
   */
  useDiffSide(side) {
    this.diffSide = side;
  }

  editorLines() {
    return this.editor().locator('.view-lines .view-line');
  }

  /** Runs a command by its palette title ("Consider: Reconcile All"). */
  async runCommand(title) {
    await this.page.keyboard.press('F1');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: SHORT });
    await input.fill('>' + title);
    await this.page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: SHORT });
    await this.page.keyboard.press('Enter');
  }

  /**
   * The notification whose text contains `text`: its toast or, since headless VS Code may file
   * a notification in the notification center without a toast, its entry there.
   */
  async notification(text, timeout = LONG) {
    const toast = this.page.locator('.notification-toast', { hasText: text }).first();
    const listed = this.page.locator('.notifications-center .notification-list-item', { hasText: text }).first();
    const until = Date.now() + timeout;
    for (;;) {
      if (await toast.isVisible()) return toast;
      if (await listed.isVisible()) return listed;
      if (Date.now() > until) throw new Error(`no notification containing "${text}" within ${timeout / 1000} s`);
      await this.runCommand('Notifications: Show Notifications');
      await this.page.waitForTimeout(1000);
    }
  }

  /** Moves the cursor to a 1-based line with Quick Open's ":N", which scrolls it into view. */
  async revealLine(line) {
    await this.page.keyboard.press('F1');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: SHORT });
    await input.fill(`:${line}`);
    await this.page.locator('.quick-input-list .monaco-list-row', { hasText: String(line) }).first().waitFor({ timeout: SHORT });
    await this.page.keyboard.press('Enter');
    await input.waitFor({ state: 'hidden', timeout: SHORT });
  }

  /** Moves the cursor to a 1-based line (scrolled into view) and selects that line's text. */
  async selectLine(line) {
    await this.revealLine(line);
    await this.page.keyboard.press('Home');
    await this.page.keyboard.press('Shift+End');
  }

  /** The line-number element of a 1-based line in the active editor (it must be scrolled into view). */
  lineNumber(line) {
    return this.editor().locator('.margin-view-overlays .line-numbers').filter({ hasText: new RegExp(`^\\s*${line}\\s*$`) }).first();
  }

  /** Centre of the comment glyph lane of a 1-based line (the "+" / thread icon left of the text). */
  async glyphPoint(line) {
    // The editor re-renders its margin as decorations arrive, which can detach the element
    // between finding it and measuring it: measure again until it holds still.
    if (!(await this.lineNumber(line).isVisible())) await this.revealLine(line); // e.g. pushed down by thread widgets
    let box = null;
    for (let attempt = 0; attempt < 20 && !box; attempt++) {
      const num = this.lineNumber(line);
      await num.waitFor({ timeout: SHORT });
      box = await num.boundingBox();
      if (!box) await this.page.waitForTimeout(250);
    }
    if (!box) throw new Error(`line ${line} is not visible`);
    const y = box.y + box.height / 2;
    // The lane is a margin decoration (.comment-range-glyph) on the line's row; its x is found on
    // any row, because folding arrows and other decorations share the margin next to it.
    const glyph = await this.editor().locator('.margin-view-overlays .comment-range-glyph').first().boundingBox();
    const x = glyph ? glyph.x + glyph.width / 2 : box.x + box.width + 8;
    return { x, y };
  }

  /**
   * Clicks the gutter "+" of a line, the way a user starts a comment: hover the line's
   * comment glyph lane and click it.
   */
  async clickGutterPlus(line) {
    const { x, y } = await this.glyphPoint(line);
    await this.page.mouse.move(x, y);
    await this.page.waitForTimeout(150);
    await this.page.mouse.click(x, y);
    await this.newThreadEditor().waitFor({ state: 'visible', timeout: SHORT }).catch((e) => {
      throw new Error(`no new-comment box after clicking the gutter of line ${line} at (${x}, ${y}): ${e.message}`);
    });
  }

  /** Clicks the gutter comment glyph of a line (expands or collapses the thread shown there). */
  async clickGutter(line) {
    const { x, y } = await this.glyphPoint(line);
    await this.page.mouse.click(x, y);
  }

  /** The editor tab whose label contains `name` (e.g. a plan's review document). */
  tab(name) {
    return this.page.locator('.tabs-container .tab', { hasText: name }).first();
  }

  /** Makes the editor of the tab named `name` the active one (its group too). */
  async activateTab(name) {
    await this.tab(name).waitFor({ timeout: LONG });
    await this.tab(name).click();
    await this.page.locator('.editor-group-container.active .tabs-container .tab.active', { hasText: name }).waitFor({ timeout: SHORT });
    await this.editorLines().first().waitFor({ timeout: SHORT });
  }

  /** The Welcome page showing a walkthrough (VS Code's Getting Started editor). */
  walkthrough() {
    return this.page.locator('.gettingStartedContainer');
  }

  /** A step of the open walkthrough, by its title. `aria-checked` says whether it is done; `aria-expanded` whether it is open. */
  walkthroughStep(title) {
    return this.walkthrough().locator('.getting-started-step', { has: this.page.locator('.step-title', { hasText: title }) });
  }

  /** Opens a walkthrough step (its description, action buttons and media). */
  async openWalkthroughStep(title) {
    const step = this.walkthroughStep(title);
    await step.click();
    await this.page.locator('.getting-started-step[aria-expanded="true"]', { has: this.page.locator('.step-title', { hasText: title }) }).waitFor({ timeout: SHORT });
    return step;
  }

  /** An action button in a walkthrough step's description (a command link on a line of its own). */
  walkthroughAction(step, label) {
    return step.locator('.button-container .monaco-button', { hasText: label }).first();
  }

  /** Inside the step's media (an SVG is shown in a webview of its own). */
  walkthroughMedia() {
    return this.page.frameLocator('.getting-started-media iframe.webview.ready').frameLocator('#active-frame');
  }

  /** Inside an editor webview panel (the board, the wizards), never the walkthrough's media webview. */
  panelWebview() {
    return this.page.frameLocator('iframe.webview.ready:not(.getting-started-media iframe)').frameLocator('#active-frame');
  }

  /** A CodeLens of the active editor by its text ("Approve", "Request Changes"): a link, or a span when it runs no command. */
  codeLens(text) {
    return this.editor().locator('.codelens-decoration').locator('a, span', { hasText: text }).first();
  }

  /**
   * A CodeLens that runs a command when clicked. After a window reload VS Code draws the lenses
   * it cached, as inert text (a span, no command), until the extension provides them again; a
   * click on one of those does nothing. A live lens is a link.
   */
  liveCodeLens(text) {
    return this.editor().locator('.codelens-decoration').locator('a[role="button"]', { hasText: text }).first();
  }

  /**
   * Clicks a CodeLens of the active editor's first line, scrolled into view first (comment
   * widgets push it up). A thread widget that has just opened can still scroll the editor to
   * reveal itself after the wheel: then the lens slides away before the click, and the scroll
   * and the click are tried again.
   */
  async clickTopCodeLens(text) {
    const lens = this.liveCodeLens(text);
    for (let attempt = 1; ; attempt++) {
      await this.scrollToTop();
      try {
        await lens.waitFor({ timeout: attempt < 4 ? 2_000 : SHORT });
        const clicked = Date.now();
        await lens.click({ timeout: attempt < 4 ? 3_000 : SHORT });
        return clicked;
      } catch (e) {
        if (attempt >= 4) throw e;
        this.log?.(`  the "${text}" lens moved out of view before the click (try ${attempt}): scrolling up again`);
      }
    }
  }

  /**
   * Scrolls the active editor to its very top, above line 1's lens zone (Ctrl+Home reveals line 1
   * but not the zone). The wheel goes over a line of text (over a thread widget it would scroll
   * the widget), and again until the scrollbar is at its top: one wheel turn can move it only ~50 px.
   */
  async scrollToTop() {
    for (let turn = 0; turn < 40; turn++) {
      const at = await this.editor().evaluate((editor) => {
        const view = editor.querySelector('.overflow-guard')?.getBoundingClientRect();
        const slider = editor.querySelector('.scrollbar.vertical .slider')?.getBoundingClientRect();
        if (!view) return undefined;
        if (!slider || slider.height === 0 || slider.top <= view.top + 0.5) return 'top';
        // A line well inside the viewport: not one half hidden at its top edge or under the
        // sticky heading there, and not a line of a reply box (small editors inside the widgets).
        const r = [...editor.querySelectorAll('.view-lines .view-line')].filter((e) => !e.closest('.review-widget'))
          .map((e) => e.getBoundingClientRect())
          .find((b) => b.height > 0 && b.top >= view.top + 2 * b.height && b.bottom <= view.bottom);
        return r && { x: r.left + Math.min(r.width, 200) / 2, y: r.top + r.height / 2 };
      });
      if (at === 'top') break;
      if (!at) throw new Error('the active editor shows no line of text to scroll it by');
      await this.page.mouse.move(at.x, at.y);
      await this.page.mouse.wheel(0, -5000);
      await this.page.waitForTimeout(50);
    }
    await this.page.waitForTimeout(300); // let it settle: click where the lens comes to rest
  }

  /**
   * Comments on a line of the ACTIVE editor (no explorer click: the file is open already, e.g. a
   * plan beside the code) and returns the thread's widget.
   */
  async commentOnLine(line, text, button = 'Add Comment') {
    const widget = await this.writeNewComment(line, text, button);
    await widget.locator('.comment-body').filter({ hasText: text }).first().waitFor({ timeout: SHORT });
    return widget;
  }

  /** Clicks the gutter "+" on `line` of the active editor, types `text`, presses `button`; the thread's widget. */
  async writeNewComment(line, text, button) {
    await this.clickGutterPlus(line);
    await this.typeNewComment(text);
    await this.clickFormAction(this.newThreadWidget(), button);
    return this.thread(text);
  }

  /** The diff editor, when one is showing. */
  diffEditor() {
    return this.page.locator('.editor-group-container .monaco-diff-editor').first();
  }

  /** All inline thread widgets in the active editor. */
  threadWidgets() {
    return this.page.locator('.review-widget');
  }

  /** The widget of the thread being created (no comment in it yet), among other threads. */
  newThreadWidget() {
    return this.threadWidgets().filter({ hasNot: this.page.locator('.comment-body') }).first();
  }

  /** The thread widget whose text contains `text`. */
  thread(text) {
    return this.threadWidgets().filter({ hasText: text }).first();
  }

  /** The Monaco editor of the comment box that is open for typing (new thread or reply). */
  newThreadEditor() {
    return this.page.locator('.review-widget .comment-form-container.expand .comment-form .monaco-editor, .review-widget .comment-form .monaco-editor.focused').first();
  }

  /** Types into the comment box of the thread being created (not another thread's reply box). */
  async typeNewComment(text) {
    const box = this.newThreadWidget().locator('.comment-form .monaco-editor');
    await box.waitFor({ state: 'visible', timeout: SHORT });
    await box.click();
    await this.page.keyboard.type(text);
  }

  /** Types into the comment box that has focus. */
  async typeComment(text) {
    await this.newThreadEditor().click();
    await this.page.keyboard.type(text);
  }

  /**
   * Adds a comment the way a developer does: opens the file, clicks the gutter "+" on `line`,
   * types `text` and presses the comment box's `button` ("Add Comment", "Start Review", …).
   * Returns the thread's widget.
   */
  async commentInGutter(file, line, text, button = 'Add Comment', { firstComment = 'Just Store Comments' } = {}) {
    await this.openFile(file);
    const widget = await this.writeNewComment(line, text, button);
    const saved = widget.locator('.comment-body').filter({ hasText: text }).first();
    // The first comment in a folder without .consider/ asks whether to set Consider up (`firstComment`
    // answers it; null: it must not ask).
    const asked = this.dialog('Set up Consider in');
    const outcome = await Promise.race([saved, asked].map((l, i) => l.waitFor({ timeout: SHORT }).then(() => ['saved', 'asked'][i], () => 'timeout')));
    if (outcome === 'timeout') throw new Error(`the comment "${text}" was neither saved nor asked about within ${SHORT / 1000} s`);
    if (outcome === 'asked') {
      if (!firstComment) throw new Error(`commenting "${text}" asked to set up Consider, which it must not here`);
      await this.clickDialogButton(asked, firstComment);
      await saved.waitFor({ timeout: SHORT });
    }
    return widget;
  }

  /** The modal dialog whose text contains `text`. */
  dialog(text) {
    return this.page.locator('.monaco-dialog-box', { hasText: text }).first();
  }

  /** Presses a button of a modal dialog, by its label. */
  async clickDialogButton(dialog, label) {
    const button = dialog.locator('.dialog-buttons .monaco-button', { hasText: label }).first();
    await button.waitFor({ state: 'visible', timeout: SHORT });
    await button.click();
    await dialog.waitFor({ state: 'hidden', timeout: SHORT });
  }

  /** Clicks an enabled action button of a thread's comment form ("Add Comment", "Reply", "Resolve"). */
  async clickFormAction(widget, label) {
    const button = widget.locator('.form-actions .monaco-button:not(.disabled)', { hasText: new RegExp(`^${label}$`) }).first();
    await button.waitFor({ state: 'visible', timeout: SHORT });
    await button.click();
  }

  /** Clicks an action in a thread widget's title bar, by its accessible label ("Resolve Thread"). */
  async clickThreadTitleAction(widget, label) {
    const action = widget.locator(`.action-label[aria-label="${label}"]`).first();
    await widget.hover();
    await action.waitFor({ state: 'visible', timeout: SHORT });
    await action.click();
  }

  /** Clicks an action of the active editor's title bar, by the start of its accessible label ("Submit Review"). */
  async clickEditorTitleAction(label) {
    const action = this.page.locator(`.editor-group-container.active .editor-actions .action-label[aria-label^="${label}"]`).first();
    await action.waitFor({ state: 'visible', timeout: SHORT });
    await action.click();
  }

  /** Focuses the reply box of an existing thread (expanding it first when it is collapsed behind its button). */
  async openReply(widget) {
    const box = widget.locator('.comment-form-container.expand .comment-form .monaco-editor').first();
    if (!(await box.isVisible())) await widget.locator('button.review-thread-reply-button').click();
    await box.waitFor({ state: 'visible', timeout: SHORT });
    await box.click();
  }

  // ---- The Changes view (extension/changes) --------------------------------------------------

  /**
   * The texts decorations add after (or, given '::before', before) lines of the active editor
   * (or diff side), top to bottom: VS Code draws them as CSS content, which no text locator sees.
   */
  async afterTexts(pseudo = '::after') {
    return this.editor().locator('.view-lines .view-line').evaluateAll((lines, pseudo) => lines
      .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
      .flatMap((line) => [...line.querySelectorAll('span')].map((s) => getComputedStyle(s, pseudo).content))
      .filter((c) => c && c !== 'none' && c !== 'normal')
      .map((c) => c.replace(/^"|"$/g, '')), pseudo);
  }

  /** Puts the cursor on the line of the active editor (or diff side) that holds `text` (it must be in view). */
  async clickLineWith(text) {
    const line = this.editorLines().filter({ hasText: text }).first();
    await line.waitFor({ timeout: SHORT });
    // The editor redraws its lines (a decoration changed): the one found may be replaced before
    // it is measured, and then has no box; measure the new one.
    let box = await line.boundingBox();
    for (const end = Date.now() + SHORT; !box && Date.now() < end;) {
      await this.page.waitForTimeout(100);
      box = await line.boundingBox().catch(() => null);
    }
    if (!box) throw new Error(`the line with "${text}" has no place on screen`);
    await this.page.mouse.click(box.x + 4, box.y + box.height / 2);
  }

  /** The hover widget shown in the workbench (a decoration's, a hover provider's). */
  hoverWidget() {
    return this.page.locator('.monaco-hover:not(.hidden)').first();
  }

  /** Opens Consider's view container from the activity bar and waits for its Changes view. */
  async openChangesView() {
    if (await this.changesPane().isVisible()) return;
    const icon = this.considerIcon();
    await icon.waitFor({ timeout: LONG });
    await icon.click({ force: true }); // its count badge lies over it and takes the click for it
    await this.changesPane().waitFor({ timeout: SHORT });
  }

  /** The Changes view in the side bar (its container's only view: no pane header of its own). */
  changesPane() {
    return this.page.locator('.sidebar [id="workbench.view.extension.consider"]').first();
  }

  /** The Changes view's rows as shown: label, description, whether the checkbox is ticked. */
  async changesRows() {
    return this.changesPane().locator('.monaco-list-row').evaluateAll((rows) => rows.map((r) => ({
      label: r.querySelector('.label-name, .monaco-highlighted-label')?.textContent?.trim() ?? '',
      description: r.querySelector('.label-description')?.textContent?.trim() ?? '',
      checked: r.querySelector('.custom-view-tree-node-item-checkbox')?.classList.contains('checked') ?? null,
      decoration: r.querySelector('.monaco-decoration-itemLabel, .monaco-icon-label')?.getAttribute('data-decoration')
        ?? getComputedStyle(r.querySelector('.monaco-icon-label-container') ?? r, '::after').content ?? '',
    })));
  }

  /** The Viewed checkbox of a Changes row. */
  changesCheckbox(label) {
    return this.changesRow(label).locator('.custom-view-tree-node-item-checkbox');
  }

  /** Choose Baseline from the Changes view's title bar, then the quick pick item starting with `label`. */
  async chooseBaseline(label) {
    await this.openChangesView();
    await this.changesPane().hover();
    await this.page.locator('.sidebar .title-actions .action-label[aria-label="Choose Baseline…"]').click();
    const item = this.page.locator('.quick-input-list .monaco-list-row', { hasText: label }).first();
    await item.waitFor({ timeout: SHORT });
    await item.click();
  }

  /** The Changes view's row whose label is `label`. */
  changesRow(label) {
    return this.changesPane().locator('.monaco-list-row', { has: this.page.locator('.label-name', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) }).first();
  }

  /**
   * One screenshot per theme; to switch once per call, the shots alternate: light then dark,
   * next call dark then light. Returns the paths.
   * The theme switch runs a command from the palette, which closes whatever transient widget is
   * open (a hover, a quick input): `reopen` (async) brings it back after the switch; a quick input
   * cannot be brought back without redoing its steps, so `oneTheme` shoots only the current theme.
   */
  async shot(name, { reopen, oneTheme = false } = {}) {
    this.step += 1;
    const paths = {};
    const themes = this.theme === 'light' ? ['light', 'dark'] : ['dark', 'light'];
    for (const theme of oneTheme ? themes.slice(0, 1) : themes) {
      const switched = this.theme !== theme;
      await this.setTheme(theme);
      if (switched && reopen) await reopen();
      await this.page.waitForTimeout(200); // let widgets repaint after the theme change
      const p = `${this.shotPrefix}-${String(this.step).padStart(2, '0')}-${name}-${theme}.png`;
      await this.page.screenshot({ path: p });
      paths[theme] = p;
    }
    return paths;
  }

  /**
   * Switches the color theme with the palette's "Toggle between Light/Dark Themes" (the test
   * settings name the two themes). VS Code web ignores an emulated prefers-color-scheme, and
   * rewriting settings.json was picked up only for the first two changes of a session.
   */
  async setTheme(theme) {
    if (this.theme === theme) return;
    const focused = await this.page.evaluate(() => document.activeElement?.closest('.review-widget') !== null);
    await this.runCommand('Preferences: Toggle between Light/Dark Themes');
    await this.page.locator(theme === 'dark' ? '.monaco-workbench.vs-dark' : '.monaco-workbench.vs').waitFor({ timeout: SHORT });
    this.theme = theme;
    if (focused) this.log('note: the theme switch took focus from a comment box');
  }
}

/** Consider's output logs (`…/Consider.log`) under a logs folder, however deep. */
function logFiles(dir) {
  if (!dir || !fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => path.basename(f) === 'Consider.log').map((f) => path.join(dir, f));
}

/**
 * Runs consider-cli as the agent would (system Node, workspace root as cwd). Resolves with the
 * exit time; `input` is written to its stdin (a hook's JSON), else stdin is closed.
 */
export function runCli({ node, cli, cwd, args, input }) {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [cli, ...args], { cwd, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      const exitedAt = Date.now();
      if (code !== 0) reject(new Error(`consider-cli ${args.join(' ')} exited ${code}: ${stderr.trim()}`));
      else resolve({ stdout, stderr, exitedAt });
    });
    if (input !== undefined) child.stdin.end(input);
  });
}
