// The Changes view's welcome texts (package.json viewsWelcome) in the real VS Code: a folder that
// is not a git repository and was never reviewed has nothing to compare with, and says so with
// a Mark All Reviewed button; after it, the view's message says no file changed since; a file
// changed from outside is listed.
import fs from 'node:fs';
import path from 'node:path';

export const title = 'changes view welcome: no baseline yet, Mark All Reviewed, nothing changed, then a change';
export const fixture = 'alpha';

const SHORT = 20_000;

export default async function ({ vscode, workspace, lap }) {
  await vscode.waitReady();
  await vscode.openChangesView();
  const welcome = vscode.changesPane().locator('.welcome-view-content');
  await welcome.filter({ hasText: 'Nothing to compare with yet' }).waitFor({ timeout: SHORT });
  await vscode.shot('no-baseline');
  await welcome.getByRole('button', { name: 'Mark All Reviewed' }).click();
  await vscode.changesPane().getByText(/^No file changed since marked reviewed \(just now\)\.$/).waitFor({ timeout: SHORT });
  await vscode.shot('nothing-changed');
  fs.appendFileSync(path.join(workspace, 'src/math.ts'), '\nexport const later = 1;\n');
  await vscode.changesRow('math.ts').waitFor({ timeout: SHORT });
  const rows = await vscode.changesRows();
  if (JSON.stringify(rows.map((r) => `${r.label} ${r.description}`.trim())) !== JSON.stringify(['src', 'math.ts +2'])) throw new Error(`rows: ${JSON.stringify(rows)}`);
  lap('  no baseline → Mark All Reviewed → nothing changed → the changed file listed');
}
