// A comment on a line that wraps (issue 40), as a plan's step does in a Markdown editor (word wrap
// on): the thread's widget sits under the whole line, after its last visual row, not after its
// first one (the thread's range ended at column 0, and VS Code opens a one-line thread's widget at
// the middle of its range). Both ways a thread appears: made by the agent (`consider-cli add`) and
// from the gutter "+". And an existing thread's folded reply box reads "Reply…".
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

/**
 * How far the thread's widget starts below the last visual row of the wrapped line ending in
 * `endMark` (>= 0: under the whole line). Read until two reads 250 ms apart agree: the editor lays
 * the line and the widget out again as the thread arrives (a read in between found no box).
 */
async function widgetBelowLine(page, vscode, widgetText, endMark) {
  const widget = vscode.thread(widgetText);
  const row = vscode.editor().locator('.view-lines .view-line', { hasText: endMark }).first();
  await widget.waitFor({ timeout: SHORT });
  await row.waitFor({ timeout: SHORT });
  let last;
  for (const until = Date.now() + SHORT; Date.now() < until; await page.waitForTimeout(250)) {
    const [w, r] = [await widget.boundingBox(), await row.boundingBox()];
    const gap = w && r ? Math.round(w.y - (r.y + r.height)) : undefined;
    if (gap !== undefined && gap === last) return gap;
    last = gap;
  }
  throw new Error(`the widget of "${widgetText}" and the row ending in ${endMark} did not hold still for 250 ms`);
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
  lap(`  the agent's thread on step 1 starts ${agentGap} px below the line's last row`);
  // Its folded reply box is a reply's (issue 40: it read "Comment for the agent (Ctrl+Alt+M on a selection)").
  const fold = vscode.thread('AGENT-NOTE').locator('button.review-thread-reply-button');
  await fold.waitFor({ timeout: SHORT });
  if ((await fold.textContent()).trim() !== 'Reply…') throw new Error(`an existing thread's folded reply box reads "${(await fold.textContent()).trim()}", not "Reply…"`);

  // The developer comments on step 2 from the gutter.
  await vscode.commentOnLine(4, 'HUMAN-NOTE: cap the backoff at 30 s.');
  await page.waitForTimeout(1000); // the store's thread takes over VS Code's new one (renderer.adopt)
  const humanGap = await widgetBelowLine(page, vscode, 'HUMAN-NOTE', 'STEP-TWO-END');
  lap(`  the developer's thread on step 2 starts ${humanGap} px below the line's last row`);
  await vscode.shot('wrapped-line-threads');
  if (agentGap < -1 || humanGap < -1) throw new Error(`a thread's widget sits inside its wrapped line (gaps ${agentGap}, ${humanGap} px): it should follow the line's last row`);
}
