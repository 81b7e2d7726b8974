// The onboarding walkthrough and Report Issue in the real VS Code (issue 27): Consider: Get
// Started opens the walkthrough with its five steps, each with its picture (an SVG in the theme's
// colours: looked at in light and dark); a step's action runs its command and completes the step
// (Set Up Consider → the setup wizard and Open the Board → the board, each beside the
// walkthrough; Add Comment → the comment box in the file beside it). Consider: Report Issue opens GitHub's new-issue page
// with the facts filled in (VS Code for the web drops the reporter's body, so Consider opens it).
export const title = 'walkthrough: Get Started opens it, step actions work; Report Issue opens the new-issue page';
export const fixture = 'alpha';

const SHORT = 20_000;
const STEPS = ['Set up this workspace', 'Comment on a line', 'Start and submit a review', "See the agent's answer inline", 'Open the review board'];

export default async function ({ page, vscode, lap }) {
  // Back on the Welcome tab, VS Code may show its overview instead of the walkthrough (after a
  // layout change): Get Started, run with that tab active, shows the walkthrough in it again.
  const backToWalkthrough = async () => {
    await vscode.tab('Welcome').click();
    await vscode.runCommand('Consider: Get Started');
    await vscode.walkthroughStep(STEPS[0]).waitFor({ timeout: SHORT });
  };
  await vscode.waitReady();
  await vscode.statusBar().waitFor({ timeout: 60_000 });

  // 1. Get Started: the walkthrough, its steps, and each step's picture (full width: a narrow
  //    editor hides the pictures).
  await vscode.runCommand('Consider: Get Started');
  await vscode.walkthrough().getByRole('heading', { name: 'Get Started with Consider', level: 2 }).waitFor({ timeout: SHORT });
  for (const step of STEPS) await vscode.walkthroughStep(step).waitFor({ timeout: SHORT });
  const pictureOf = async (step, name) => {
    await vscode.openWalkthroughStep(step);
    await vscode.walkthroughMedia().locator(`svg`).first().waitFor({ timeout: SHORT });
    await vscode.shot(name);
  };
  await pictureOf(STEPS[0], 'walkthrough-setup-step');
  await pictureOf(STEPS[1], 'walkthrough-comment-step');
  await pictureOf(STEPS[2], 'walkthrough-review-step');
  await pictureOf(STEPS[3], 'walkthrough-answer-step');
  await pictureOf(STEPS[4], 'walkthrough-board-step');
  lap('  Get Started: the walkthrough with its 5 steps, each with its picture');

  // 2. The setup step's action opens the setup wizard beside the walkthrough (its link asks "beside"),
  //    which stays on screen with the step checked.
  const setupStep = await vscode.openWalkthroughStep(STEPS[0]);
  await vscode.walkthroughAction(setupStep, 'Set Up Consider').click();
  await vscode.panelWebview().getByTestId('setup-wizard').waitFor({ timeout: SHORT });
  const besideTheWalkthrough = async (what) => {
    const groups = await page.locator('.editor-group-container').count();
    if (groups < 2 || !await vscode.walkthroughStep(STEPS[0]).isVisible()) throw new Error(`${what} should open beside the walkthrough, which stays on screen (${groups} editor groups)`);
  };
  await besideTheWalkthrough('the setup wizard');
  await vscode.walkthroughStep(STEPS[0]).and(page.locator('[aria-checked="true"]')).waitFor({ timeout: SHORT });
  await vscode.shot('walkthrough-setup-beside');
  lap('  "Set Up Consider" opened the setup wizard beside the walkthrough and checked the step');

  // 3. The board step: its action opens the board, beside too, and completes the step; a step nobody did stays open.
  const boardStep = await vscode.openWalkthroughStep(STEPS[4]);
  await vscode.walkthroughAction(boardStep, 'Open the Board').click();
  await vscode.panelWebview().getByTestId('stat-open').waitFor({ timeout: SHORT });
  await besideTheWalkthrough('the board');
  await vscode.walkthroughStep(STEPS[4]).and(page.locator('[aria-checked="true"]')).waitFor({ timeout: SHORT });
  if (await vscode.walkthroughStep(STEPS[3]).getAttribute('aria-checked') === 'true') throw new Error('a step nobody did is checked');
  await vscode.shot('walkthrough-two-steps-done');
  lap('  "Open the Board" opened the board and checked the step');

  // 4. The comment step, with a file open beside the walkthrough: Add Comment opens the comment box there.
  await vscode.tab('Consider: Review Board').click(); // the group beside the walkthrough…
  await vscode.openFile('src/greeting.ts'); // …is where the file opens
  await backToWalkthrough();
  const commentStep = await vscode.openWalkthroughStep(STEPS[1]);
  // Marking the step done redraws the walkthrough, which takes the focus back from the file:
  // Add Comment now watches for that (4 of 5 first clicks opened nothing before, 4 of 4 worked
  // after), but a fresh-clone CI run still saw one miss: a second click is given, and said.
  await vscode.walkthroughAction(commentStep, 'Add Comment').click();
  if (!await vscode.newThreadEditor().waitFor({ timeout: 8_000 }).then(() => true, () => false)) {
    lap('  (the first Add Comment click opened no comment box; clicking again)');
    await vscode.walkthroughAction(commentStep, 'Add Comment').click();
  }
  await vscode.newThreadEditor().waitFor({ timeout: SHORT });
  await vscode.shot('walkthrough-add-comment-beside');
  await page.keyboard.press('Escape');
  lap('  "Add Comment" opened the comment box in the file beside the walkthrough');

  // 5. Report Issue: GitHub's new-issue page with the facts (VS Code asks before opening a website).
  // No network here: the page's request is answered locally, and its URL is what Consider asked for.
  let asked;
  await page.context().route('https://github.com/**', (route) => { asked = route.request().url(); return route.fulfill({ contentType: 'text/plain', body: 'new issue' }); });
  await vscode.runCommand('Consider: Report Issue');
  const ask = vscode.dialog('open the external website');
  await ask.waitFor({ timeout: SHORT });
  await page.screenshot({ path: `${vscode.shotPrefix}-99-report-issue-asks-light.png` });
  await vscode.clickDialogButton(ask, 'Open');
  for (const until = Date.now() + SHORT; !asked && Date.now() < until;) await page.waitForTimeout(200);
  if (!asked) throw new Error('Report Issue opened no page');
  const url = new URL(asked);
  if (`${url.origin}${url.pathname}` !== 'https://github.com/consider-dev/consider/issues/new') throw new Error(`Report Issue opened ${url.href.slice(0, 200)}`);
  const body = url.searchParams.get('body') ?? '';
  for (const fact of ['- Consider: consider-dev.consider ', '- Workspace folders: 1', '### Folder 1', '### The Consider log']) {
    if (!body.includes(fact)) throw new Error(`the issue body lacks "${fact}"; it begins: ${JSON.stringify(body.slice(0, 400))}`);
  }
  lap(`  Report Issue opened the new-issue page with a ${body.length}-character body`);
}
