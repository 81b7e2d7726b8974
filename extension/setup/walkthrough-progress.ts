/**
 * Ticks the Get Started walkthrough's steps from what the user did (issue 40), as GitLens does:
 * the actions say "done" (`walkthroughStepDone`), which is remembered for the user (globalState),
 * and the steps complete on context keys (package.json `completionEvents`: `onContext:` one key
 * per step) as well as on their own commands.
 *
 * Why not VS Code's events alone: VS Code makes its walkthrough service only when a walkthrough
 * or the Welcome page is first shown. Until then nothing listens: a comment, a submit or the board
 * opened before the walkthrough never counted (in the set-up demo all five steps stayed unchecked).
 * And a completion key that is already true when the service loads the walkthrough is taken as
 * seen and never ticks the step, for the whole session (VS Code 1.139's gettingStartedService).
 *
 * So a step's key is true only for a moment at a time, a *pulse*: set for every step done, then
 * cleared PULSE_MS later. A pulse goes out when a tab VS Code does not describe to extensions
 * opens (the walkthrough's is one), after Consider opens the walkthrough itself, at start when such
 * a tab was restored, and, once one of these happened in the window, when a step is done (the
 * walkthrough may be open beside). Before that, no pulse: one still going when the service is
 * made would lose its steps. Consider also ends a pulse before it opens the walkthrough. The
 * service, made on its first showing, sees the keys false and ticks each step at the next pulse.
 * Which step each action completes is said where the action is (grep `walkthroughStepDone`).
 */
import * as vscode from 'vscode';
import { WALKTHROUGH_STEPS, receiveWalkthroughSteps, walkthroughStepDone, type WalkthroughStep } from '../util/walkthrough-steps';

export { WALKTHROUGH_STEPS, walkthroughStepDone, type WalkthroughStep };

/** The context key that completes a step (its `onContext:` completion event). */
const stepDoneContextKey = (step: WalkthroughStep): string => `consider.walkthrough.${step}Done`;

/** globalState: the steps the user did, in any workspace (VS Code keeps the ticks for the user too). */
const DONE_STATE = 'consider.walkthrough.stepsDone';
/** How long a pulse keeps the keys true: long enough for VS Code's renderer to see the change. */
export const PULSE_MS = 1_000;

class WalkthroughProgress implements vscode.Disposable {
  private clearTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  /**
   * Whether a walkthrough may have been shown in this window (a tab VS Code does not describe was
   * open), so VS Code's service may exist. Until then a step done is only remembered: a pulse
   * would reach nobody, and one still going when the user first opens the walkthrough (from
   * VS Code's Help menu, say) would have its steps taken as seen.
   */
  private mayBeShown = false;

  /** `isSetUp`: whether a folder of the window is set up now (the setup step is a state, not an act). */
  constructor(private readonly memento: vscode.Memento, private readonly isSetUp: () => boolean) {}

  /** The steps done: those the user did, and setup when a folder is set up. */
  steps(): Set<WalkthroughStep> {
    const done = new Set(this.memento.get<WalkthroughStep[]>(DONE_STATE, []).filter((s) => (WALKTHROUGH_STEPS as readonly string[]).includes(s)));
    if (this.isSetUp()) done.add('setup');
    return done;
  }

  /** The user did `step`: remembered, and a pulse so an open walkthrough ticks it now. */
  done(step: WalkthroughStep): void {
    const remembered = this.memento.get<WalkthroughStep[]>(DONE_STATE, []);
    if (step !== 'setup' && !remembered.includes(step)) void this.memento.update(DONE_STATE, [...remembered, step]);
    if (this.mayBeShown) this.pulse();
  }

  /** A walkthrough may be showing (or have been): pulse, now and for every step done from now on. */
  shown(): void {
    this.mayBeShown = true;
    this.pulse();
  }

  /** Sets every done step's key true, and all of them false PULSE_MS after the last pulse. */
  pulse(): void {
    if (this.disposed) return;
    const steps = this.steps();
    if (!steps.size) return;
    for (const step of steps) void vscode.commands.executeCommand('setContext', stepDoneContextKey(step), true);
    if (this.clearTimer) clearTimeout(this.clearTimer);
    this.clearTimer = setTimeout(() => void this.quiet(), PULSE_MS);
  }

  /** Ends a pulse now; resolves when VS Code has every key false. */
  async quiet(): Promise<void> {
    if (this.clearTimer) clearTimeout(this.clearTimer);
    this.clearTimer = undefined;
    await Promise.all(WALKTHROUGH_STEPS.map((step) => vscode.commands.executeCommand('setContext', stepDoneContextKey(step), false)));
  }

  dispose(): void {
    this.disposed = true;
    if (this.clearTimer) void this.quiet();
  }
}

/** A tab whose input VS Code does not describe to extensions: the walkthrough's (the Welcome page) is one. */
const isUndescribedTab = (tab: vscode.Tab): boolean => tab.input === undefined;

let current: WalkthroughProgress | undefined;

/** Consider opened the walkthrough: its steps tick now (a pulse), and as they are done from now on. */
export function walkthroughShown(): void {
  current?.shown();
}

/**
 * Ends a pulse still going (a step done a moment ago): before Consider opens the walkthrough, so
 * VS Code's service, if this opening makes it, loads the walkthrough with every key false. A key
 * true at that moment is taken as seen and its step never ticks: a CI run opened Get Started
 * within a second of opening the board, and none of the five steps ticked.
 */
export async function quietWalkthroughProgress(): Promise<void> {
  await current?.quiet();
}

/**
 * Makes the window's tracker. `onSetUpChange`: fires when a folder may have become set up (the
 * setup step); a pulse follows when it did.
 */
export function registerWalkthroughProgress(memento: vscode.Memento, isSetUp: () => boolean, onSetUpChange: vscode.Event<unknown>): vscode.Disposable {
  const progress = new WalkthroughProgress(memento, isSetUp);
  current = progress;
  let setUp = isSetUp();
  const restored = vscode.window.tabGroups.all.some((g) => g.tabs.some(isUndescribedTab));
  // A walkthrough restored with the window: its service loaded with the keys false; tick it now.
  if (restored) progress.shown();
  return vscode.Disposable.from(
    progress,
    vscode.window.tabGroups.onDidChangeTabs((e) => { if (e.opened.some(isUndescribedTab)) progress.shown(); }),
    onSetUpChange(() => {
      const now = isSetUp();
      if (now && !setUp) progress.done('setup');
      setUp = now;
    }),
    { dispose: receiveWalkthroughSteps((step) => progress.done(step)) },
    { dispose: () => { if (current === progress) current = undefined; } },
  );
}
