/**
 * The Get Started walkthrough's steps, and the one call an action makes when the user did one.
 * On the ground floor so the commands and the board can say it without importing setup/ (a
 * floor above them): the tracker there (setup/walkthrough-progress.ts) takes the calls while it
 * is registered; before activation made it, or after it went, a call does nothing.
 */

/** The walkthrough's steps (package.json `contributes.walkthroughs[0].steps[].id`). */
export const WALKTHROUGH_STEPS = ['setup', 'comment', 'review', 'answer', 'board'] as const;
export type WalkthroughStep = typeof WALKTHROUGH_STEPS[number];

let sink: ((step: WalkthroughStep) => void) | undefined;

/** The user did `step` (called where the action happens). */
export function walkthroughStepDone(step: WalkthroughStep): void {
  sink?.(step);
}

/** Makes `take` the receiver of walkthroughStepDone; the returned function undoes it (when still the receiver). */
export function receiveWalkthroughSteps(take: (step: WalkthroughStep) => void): () => void {
  sink = take;
  return () => { if (sink === take) sink = undefined; };
}
