import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './test';

test.describe('setup wizard', () => {
  test('posts the chosen gitignore and integrations and shows what was done', async ({ page, host, origin, board }) => {
    const root = host.roots[0]!;
    await host.open(page, origin, { view: 'setup' });
    const wizard = page.getByTestId('setup-wizard');
    for (const t of ['claude', 'codex', 'opencode', 'roo']) await expect(wizard.getByTestId(`integration-${t}`)).toBeVisible();
    await expect(page.getByTestId('setup-none')).toBeVisible(); // nothing picked yet: "none" is a valid choice
    await board.toggleCheckbox('integration-claude-enable');
    await board.toggleCheckbox('integration-codex-enable');
    await page.getByTestId('integration-codex-scope').getByRole('radio', { name: /Home/ }).click();
    // From the run on, the wizard must never fall back to its loading state (the report would blink away).
    await board.watchFor('Checking what is set up');
    await board.press('setup-run');
    await expect(page.getByTestId('wizard-report')).toBeVisible();
    // The delivery hook is on by default with a chosen skill, at the skill's location.
    expect(host.messages('setup/run').at(-1)?.params).toEqual({
      root, gitignore: true, integrations: [{ target: 'claude', scope: 'project' }, { target: 'codex', scope: 'home' }],
      hooks: [{ target: 'claude', scope: 'project' }, { target: 'codex', scope: 'home' }],
    });
    expect(fs.readFileSync(path.join(root, '.claude/settings.json'), 'utf8')).toContain('hook stop --agent claude --if-set-up');
    expect(fs.existsSync(path.join(host.home, '.codex/hooks.json'))).toBe(true);
    expect(fs.readFileSync(path.join(root, '.gitignore'), 'utf8')).toMatch(/^\.consider\/$/m);
    expect(fs.existsSync(path.join(root, '.claude/skills/consider/SKILL.md'))).toBe(true);
    expect(fs.existsSync(path.join(host.home, '.agents/skills/consider/SKILL.md'))).toBe(true); // where Codex reads it (once)
    expect(fs.existsSync(path.join(root, '.consider/bin/consider-cli'))).toBe(true);
    await expect(page.getByTestId('wizard-report').locator('[data-kind="created"]').first()).toBeVisible();
    // What the agents still need from the user, once (setup/prerequisites.ts): said right there.
    const needs = page.getByTestId('wizard-needs');
    await expect(needs.locator('[data-state="todo"]').filter({ hasText: 'Codex' })).toContainText('/hooks');
    await expect(needs.locator('[data-state="info"]').filter({ hasText: 'Claude Code' })).toContainText(`start \`claude\` in ${root}`);
    // Re-describe after the run: the wizard now shows what is installed.
    await expect(page.getByTestId('integration-claude')).toContainText('installed');
    expect(host.messages('setup/describe').length).toBeGreaterThanOrEqual(2);
    expect(await board.blinked()).toBe(false);
  });

  test('a skill without its hook: unchecking the hook box sends no hook', async ({ page, host, origin, board }) => {
    const root = host.roots[0]!;
    await host.open(page, origin, { view: 'setup' });
    await expect(page.getByTestId('integration-roo-hook')).toHaveCount(0); // Roo Code has no hook
    await board.toggleCheckbox('integration-gemini-enable');
    await board.toggleCheckbox('integration-gemini-hook');
    await board.press('setup-run');
    await expect(page.getByTestId('wizard-report')).toBeVisible();
    expect(host.messages('setup/run').at(-1)?.params).toEqual({ root, gitignore: true, integrations: [{ target: 'gemini', scope: 'project' }] });
    expect(fs.existsSync(path.join(root, '.agents/skills/consider/SKILL.md'))).toBe(true); // where Gemini CLI reads it (once)
    expect(fs.existsSync(path.join(root, '.gemini/settings.json'))).toBe(false);
  });

  test('plan gate: off by default; checked, it installs the agent\'s plan hook at the skill\'s location, and uninstall takes it out', async ({ page, host, origin, board }) => {
    const root = host.roots[0]!;
    await host.open(page, origin, { view: 'setup' });
    await expect(page.getByTestId('integration-codex-plan-gate')).toHaveCount(0); // Codex has no plan hook: it uses plan submit
    await board.toggleCheckbox('integration-claude-enable');
    await expect(page.getByTestId('integration-claude-plan-gate')).toContainText('Review its plans in VS Code before it writes code');
    await board.toggleCheckbox('integration-claude-plan-gate');
    await board.toggleCheckbox('integration-gemini-enable');
    await page.getByTestId('integration-gemini-scope').getByRole('radio', { name: /Home/ }).click();
    await expect(page.getByTestId('integration-gemini-plan-gate')).toContainText('Gemini CLI\'s own confirmation');
    await board.toggleCheckbox('integration-gemini-plan-gate');
    await board.press('setup-run');
    await expect(page.getByTestId('wizard-report')).toBeVisible();
    expect(host.messages('setup/run').at(-1)?.params).toEqual({
      root, gitignore: true, integrations: [{ target: 'claude', scope: 'project' }, { target: 'gemini', scope: 'home' }],
      hooks: [{ target: 'claude', scope: 'project' }, { target: 'gemini', scope: 'home' }],
      planGates: [{ target: 'claude', scope: 'project' }, { target: 'gemini', scope: 'home' }],
    });
    expect(JSON.parse(fs.readFileSync(path.join(root, '.claude/settings.json'), 'utf8')).hooks.PreToolUse[0].matcher).toBe('ExitPlanMode');
    expect(fs.readFileSync(path.join(host.home, '.gemini/settings.json'), 'utf8')).toContain('hook plan --agent gemini --if-set-up');
    await expect(page.getByTestId('integration-claude-plan-gate')).toContainText('installed');
    await page.getByTestId('tab-uninstall').click();
    await expect(page.getByTestId('uninstall-wizard')).toContainText('Claude Code plan gate');
    await board.press('uninstall-run');
    await expect(page.getByTestId('wizard-report')).toBeVisible();
    expect(fs.existsSync(path.join(root, '.claude/settings.json'))).toBe(false);
    expect(fs.existsSync(path.join(host.home, '.gemini/settings.json'))).toBe(false);
  });

  test('MCP: off by default; checked, it registers the server in the agent\'s project file, and uninstall lists it', async ({ page, host, origin, board }) => {
    const root = host.roots[0]!;
    await host.open(page, origin, { view: 'setup' });
    await expect(page.getByTestId('integration-roo-mcp')).toHaveCount(0); // Roo Code takes no MCP registration
    await board.toggleCheckbox('integration-cursor-enable');
    await page.getByTestId('integration-cursor-scope').getByRole('radio', { name: /Home/ }).click();
    await expect(page.getByTestId('integration-cursor-mcp')).toContainText('.cursor/mcp.json'); // always the project's file
    await board.toggleCheckbox('integration-cursor-mcp');
    await board.press('setup-run');
    await expect(page.getByTestId('wizard-report')).toBeVisible();
    expect(host.messages('setup/run').at(-1)?.params).toEqual({
      root, gitignore: true, integrations: [{ target: 'cursor', scope: 'home' }],
      hooks: [{ target: 'cursor', scope: 'home' }], mcpServers: [{ target: 'cursor' }],
    });
    expect(JSON.parse(fs.readFileSync(path.join(root, '.cursor/mcp.json'), 'utf8')).mcpServers.consider.command).toBe('sh');
    await expect(page.getByTestId('integration-cursor-mcp')).toContainText('installed');
    await page.getByTestId('tab-uninstall').click();
    await expect(page.getByTestId('uninstall-wizard')).toContainText('Cursor MCP server');
    await board.press('uninstall-run');
    await expect(page.getByTestId('wizard-report')).toBeVisible();
    expect(fs.existsSync(path.join(root, '.cursor'))).toBe(false);
  });

  test('no integrations and no .gitignore edit is a valid setup', async ({ page, host, origin, board }) => {
    const root = host.roots[0]!;
    await host.open(page, origin, { view: 'setup' });
    await board.toggleCheckbox('setup-gitignore');
    // From the run on, the wizard must never fall back to its loading state (the report would blink away).
    await board.watchFor('Checking what is set up');
    await board.press('setup-run');
    await expect(page.getByTestId('wizard-report')).toBeVisible();
    expect(host.messages('setup/run').at(-1)?.params).toEqual({ root, gitignore: false, integrations: [] });
    expect(fs.existsSync(path.join(root, '.gitignore'))).toBe(false);
    expect(fs.existsSync(path.join(root, '.consider'))).toBe(true);
    expect(await board.blinked()).toBe(false);
  });
});

test.describe('uninstall wizard', () => {
  async function setUp(page: import('@playwright/test').Page, host: import('./fake-host').FakeHost, origin: string, board: import('./board.page').BoardPage) {
    await host.open(page, origin, { view: 'setup' });
    await board.toggleCheckbox('integration-roo-enable');
    await board.press('setup-run');
    await expect(page.getByTestId('wizard-report')).toBeVisible();
    await page.getByTestId('tab-uninstall').click();
    await expect(page.getByTestId('uninstall-wizard')).toBeVisible();
  }

  test('skills only: removes the skills, keeps .consider/', async ({ page, host, seeded, origin, board }) => {
    await setUp(page, host, origin, board);
    await expect(page.getByTestId('uninstall-wizard')).toContainText('.roo/skills/consider');
    await board.press('uninstall-run');
    await expect(page.getByTestId('wizard-report')).toBeVisible();
    expect(host.messages('uninstall/run').at(-1)?.params).toEqual({ root: seeded.root, mode: 'skills-only', removeGitignoreEntry: false, removeEdited: false });
    expect(fs.existsSync(path.join(seeded.root, '.roo/skills/consider'))).toBe(false);
    expect(fs.existsSync(path.join(seeded.root, '.consider/store.json'))).toBe(true);
    await expect(page.getByTestId('wizard-report').locator('[data-kind="removed"]').first()).toBeVisible();
  });

  test('full: asks for confirmation, then removes .consider/ and the .gitignore line', async ({ page, host, seeded, origin, board }) => {
    fs.writeFileSync(path.join(seeded.root, '.gitignore'), 'node_modules/\n');
    await setUp(page, host, origin, board);
    expect(fs.readFileSync(path.join(seeded.root, '.gitignore'), 'utf8')).toBe('node_modules/\n.consider/\n');
    await page.getByTestId('uninstall-mode').getByRole('radio', { name: /Everything/ }).click();
    await expect(page.getByTestId('uninstall-gitignore')).toBeVisible();
    await board.press('uninstall-run');
    await expect(page.getByTestId('uninstall-confirm')).toContainText('6 threads');
    expect(host.messages('uninstall/run')).toHaveLength(0); // nothing happens before the confirmation
    await board.press('uninstall-confirm-yes');
    await expect(page.getByTestId('wizard-report')).toBeVisible();
    expect(host.messages('uninstall/run').at(-1)?.params).toEqual({ root: seeded.root, mode: 'full', removeGitignoreEntry: true, removeEdited: false });
    expect(fs.existsSync(path.join(seeded.root, '.consider'))).toBe(false);
    expect(fs.readFileSync(path.join(seeded.root, '.gitignore'), 'utf8')).toBe('node_modules/\n');
    // The wizard after it: nothing left, so no form to press (was: "all 0 threads" and an enabled button).
    const wizard = page.getByTestId('uninstall-wizard');
    await expect(page.getByTestId('uninstall-nothing')).toContainText('Nothing to uninstall');
    await expect(page.getByTestId('uninstall-run')).toHaveCount(0);
    await expect(wizard).not.toContainText('0 threads');
    await expect(page.getByTestId('wizard-report')).toBeVisible(); // what it did stays in view
    await page.screenshot({ path: test.info().outputPath('uninstall-after-full.png') });
  });

  test('a store without threads is offered for removal without counting "0 threads"; skills only, with none installed, has nothing to press', async ({ page, host, origin, board }) => {
    await host.open(page, origin, { view: 'setup' });
    await board.press('setup-run');
    await expect(page.getByTestId('wizard-report')).toBeVisible();
    await page.getByTestId('tab-uninstall').click();
    const wizard = page.getByTestId('uninstall-wizard');
    await expect(wizard).toContainText('and .consider/, the archive and the CLI');
    await expect(wizard).not.toContainText('0 threads');
    await expect(page.getByTestId('uninstall-run')).toHaveAttribute('disabled', /.*/); // skills only: setup installed none
    await page.getByTestId('uninstall-mode').getByRole('radio', { name: /Everything/ }).click();
    await expect(page.getByTestId('uninstall-run')).not.toHaveAttribute('disabled', /.*/);
  });
});
