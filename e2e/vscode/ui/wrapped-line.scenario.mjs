// A comment on a line that wraps (issue 40), as a plan's step does in a Markdown editor (word wrap
// on): the thread's widget sits under the whole line, after its last visual row, not after its
// first one (the thread's range ended at column 0, and VS Code opens a one-line thread's widget at
// the middle of its range). Both ways a thread appears: made by the agent (`consider-cli add`) and
// from the gutter "+".
import fs from 'node:fs';
import path from 'node:path';
import { runCli } from './vscode-page.mjs';

export const title = 'wrapped line: a comment on a line that wraps sits under the whole line';
export const fixture = 'alpha';

const SHORT = 20_000;
const words = (n) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const PLAN = [
  '# Plan: retries',
  '',
  `1. STEP-ONE-START move the retry loop out of the client into its own module, ${words(40)} STEP-ONE-END`,
  `2. STEP-TWO-START add a backoff with jitter, ${words(40)} STEP-TWO-END`,
  '3. Tests for both.',
  '',
].join('\n');

export async function prepare({ workspace }) {
  fs.writeFileSync(path.join(workspace, 'PLAN.md'), PLAN);
}

/** How far the thread's widget starts below the last visual row of the wrapped line ending in `endMark` (>= 0: under the whole line). */
async function widgetBelowLine(page, vscode, widgetText, endMark) {
  const widget = vscode.thread(widgetText);
  await widget.waitFor({ timeout: SHORT });
  const row = vscode.editor().locator('.view-lines .view-line', { hasText: endMark }).first();
  await row.waitFor({ timeout: SHORT });
  const rowBox = await row.boundingBox();
  const widgetBox = await widget.boundingBox();
  return widgetBox.y - (rowBox.y + rowBox.height);
}

export default async function ({ page, vscode, workspace, cli, node, lap }) {
  await vscode.statusBar().waitFor({ timeout: 60_000 });
  // The agent comments on step 1 (a new .consider/ for this folder: the store module makes it).
  await runCli({ node, cli, cwd: workspace, args: ['add', 'PLAN.md', '--line', '3', '--message', 'AGENT-NOTE: which module name?', '--author', 'agent'] });
  await vscode.openFile('PLAN.md');
  await vscode.editor().locator('.view-lines .view-line', { hasText: 'STEP-ONE-END' }).first().waitFor({ timeout: SHORT });
  const wrapped = await vscode.editor().locator('.view-lines .view-line').count();
  if (wrapped < 8) throw new Error(`PLAN.md should wrap (word wrap on for Markdown): ${wrapped} rows for 6 lines`);
  const agentGap = await widgetBelowLine(page, vscode, 'AGENT-NOTE', 'STEP-ONE-END');
  lap(`  the agent's thread on step 1 starts ${agentGap.toFixed(0)} px below the line's last row`);

  // The developer comments on step 2 from the gutter.
  await vscode.commentOnLine(4, 'HUMAN-NOTE: cap the backoff at 30 s.');
  await page.waitForTimeout(1000); // the store's thread takes over VS Code's new one (renderer.adopt)
  const humanGap = await widgetBelowLine(page, vscode, 'HUMAN-NOTE', 'STEP-TWO-END');
  lap(`  the developer's thread on step 2 starts ${humanGap.toFixed(0)} px below the line's last row`);
  await vscode.shot('wrapped-line-threads');
  if (agentGap < -1 || humanGap < -1) throw new Error(`a thread's widget sits inside its wrapped line (gaps ${agentGap}, ${humanGap} px): it should follow the line's last row`);
}
