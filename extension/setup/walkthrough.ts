/**
 * The onboarding walkthrough (issue 27; package.json `contributes.walkthroughs`): *Consider: Get
 * Started* opens it, and so does the first activation in a workspace where Consider is new (no
 * store, not set up: first-run.ts) — once per user, remembered in globalState, as GitLens opens its
 * walkthrough once on install, and beside the user's editor when one is open, never over it.
 * It is never opened again by itself, and never when the user turned it off
 * (`consider.walkthrough.openOnFirstRun`, or VS Code's `workbench.welcomePage.walkthroughs.openOnInstall`). That first time
 * it replaces the setup notification (its first step is setup): one invitation, not two.
 * Its steps tick from what the user did: walkthrough-progress.ts.
 */
import os from 'node:os';
import * as vscode from 'vscode';
import type { ConsiderHost } from '../api';
import { CommandIds, registerCommand } from '../command-ids';
import { isSetUpProject } from '../../shared/project-trust';
import { firstRunPlacement, isNewToConsider, shouldOpenOnFirstRun } from './first-run';
import { walkthroughShown, quietWalkthroughProgress, registerWalkthroughProgress } from './walkthrough-progress';

/** The walkthrough's id in package.json. */
export const WALKTHROUGH_ID = 'consider.getStarted';
/** globalState: the walkthrough was opened by itself once (any workspace); never again. */
const OPENED_ON_FIRST_RUN = 'consider.walkthrough.openedOnFirstRun';

function isSetUp(root: string): boolean {
  return isSetUpProject(root, os.homedir());
}

/** Opens the walkthrough (`toSide`: in a group beside, keeping the focus where it is), then lets its steps tick. */
async function openWalkthrough(extensionId: string, toSide = false): Promise<void> {
  await quietWalkthroughProgress();
  await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${extensionId}#${WALKTHROUGH_ID}`, toSide);
  walkthroughShown();
}

/** Opens the walkthrough when this is the first run (see above); true when it did. */
export async function openWalkthroughOnFirstRun(context: vscode.ExtensionContext, roots: readonly string[]): Promise<boolean> {
  const open = shouldOpenOnFirstRun({
    alreadyOpened: context.globalState.get<boolean>(OPENED_ON_FIRST_RUN) === true,
    // Consider's own setting, and VS Code's for every extension's walkthrough (which code-server's
    // extension host was seen not to receive: hence a setting of our own, which the tests turn off).
    openOnInstall: vscode.workspace.getConfiguration('consider.walkthrough').get<boolean>('openOnFirstRun', true)
      && vscode.workspace.getConfiguration('workbench.welcomePage.walkthroughs').get<boolean>('openOnInstall', true),
    folders: roots.map((root) => ({ newToConsider: isNewToConsider(root) })),
  });
  if (!open) return false;
  await context.globalState.update(OPENED_ON_FIRST_RUN, true);
  // Decided at the last moment: the user may have opened a file since the window came up.
  const { toSide } = firstRunPlacement({ editorsOpen: vscode.window.tabGroups.all.reduce((n, g) => n + g.tabs.length, 0) });
  await openWalkthrough(context.extension.id, toSide);
  return true;
}

export function registerGetStarted(context: vscode.ExtensionContext, host: ConsiderHost): vscode.Disposable {
  // Setup writes the store last, after its record (shared/project-trust.ts), so a store change is when a folder may have become set up.
  const setUpMayHaveChanged = (listener: (e: unknown) => unknown): vscode.Disposable =>
    vscode.Disposable.from(host.onDidChangeStores(listener), vscode.workspace.onDidChangeWorkspaceFolders(listener));
  return vscode.Disposable.from(
    registerWalkthroughProgress(context.globalState, () => host.folders().some((f) => isSetUp(f.root)), setUpMayHaveChanged),
    registerCommand(CommandIds.getStarted, () => openWalkthrough(context.extension.id)),
  );
}
