// The walkthrough opening by itself on a first run (issue 40): in a folder new to Consider where
// the user already has a file open, it opens in a group beside that file, never over it (it used to
// take the place of the file's preview tab). The file is open before Consider starts: opened, then
// the window reloaded with the first-run opening allowed, so VS Code restores the file first.
import fs from 'node:fs';
import path from 'node:path';

export const title = 'walkthrough first run: opens by itself beside the file the user has open, not over it';
export const fixture = 'alpha';

const SHORT = 20_000;

export default async function ({ page, vscode, workspace, lap }) {
  await vscode.statusBar().waitFor({ timeout: 60_000 });
  await vscode.openFile('src/greeting.ts'); // a preview tab, as a single click in the explorer opens it
  if (await vscode.walkthrough().count()) throw new Error('the walkthrough opened although the test settings turn that off');

  // The test settings keep the walkthrough from opening by itself; this workspace allows it again, and the window reloads.
  fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
  fs.writeFileSync(path.join(workspace, '.vscode/settings.json'), JSON.stringify({ 'consider.walkthrough.openOnFirstRun': true, 'workbench.welcomePage.walkthroughs.openOnInstall': true }));
  await page.waitForTimeout(1000); // let VS Code read the settings file before the reload
  await vscode.runCommand('Developer: Reload Window');
  await vscode.waitReady();
  await vscode.walkthrough().waitFor({ timeout: 60_000 });
  await vscode.walkthroughStep('Set up this workspace').waitFor({ timeout: SHORT });
  lap('  the walkthrough opened by itself on the first run');

  // Beside the file: two groups, the file's tab still open in one, the walkthrough in the other.
  const groups = page.locator('.editor-group-container');
  const fileGroup = groups.filter({ has: page.locator('.tabs-container .tab[aria-label*="greeting.ts"]') });
  const welcomeGroup = groups.filter({ has: page.locator('.tabs-container .tab', { hasText: 'Welcome' }) });
  await fileGroup.first().waitFor({ timeout: 5_000 }).catch(() => { throw new Error('the walkthrough took the place of the file the user had open (its tab is gone)'); });
  if (await groups.count() !== 2) throw new Error(`expected the walkthrough in a group beside the file, found ${await groups.count()} editor group(s)`);
  if (await fileGroup.count() !== 1 || await welcomeGroup.count() !== 1) throw new Error('the file and the walkthrough should be in one group each');
  if (await fileGroup.locator('.tabs-container .tab', { hasText: 'Welcome' }).count()) throw new Error('the walkthrough opened in the file\'s group, over it');
  if (!await fileGroup.locator('.monaco-editor .view-lines').first().isVisible()) throw new Error('the file is no longer shown');
  await vscode.shot('walkthrough-first-run-beside');
  lap('  it opened beside the file, which stays open and shown');
}
