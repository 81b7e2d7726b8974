// The workbench opens a fixture workspace with our extension loaded and shows a file.
export const title = 'workbench opens a file';
export const fixture = 'alpha';

export default async function ({ vscode }) {
  await vscode.openFile('src/greeting.ts');
  await vscode.editorLines().filter({ hasText: 'export function greet' }).first().waitFor();
  await vscode.shot('file-open');
}
