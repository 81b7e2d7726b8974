/**
 * The onboarding walkthrough (issue 27; package.json `contributes.walkthroughs`): *Consider: Get
 * Started* opens it, and so does the first activation in a workspace where Consider is not set
 * up — once per user, remembered in globalState, as GitLens opens its walkthrough once on install.
 * It is never opened again by itself, and never when the user turned it off
 * (`consider.walkthrough.openOnFirstRun`, or VS Code's `workbench.welcomePage.walkthroughs.openOnInstall`). That first time
 * it replaces the setup notification (its first step is setup): one invitation, not two.
 */
import os from 'node:os';
import * as vscode from 'vscode';
import type { ConsiderHost } from '../api';
import { CommandIds, registerCommand } from '../command-ids';
import { isSetUpProject } from '../../shared/project-trust';
import { shouldOpenOnFirstRun } from './first-run';

/** The walkthrough's id in package.json. */
export const WALKTHROUGH_ID = 'consider.getStarted';
/** globalState: the walkthrough was opened by itself once (any workspace); never again. */
const OPENED_ON_FIRST_RUN = 'consider.walkthrough.openedOnFirstRun';
/** Context key: some folder of the window is set up (shared/project-trust.ts, the one definition); completes the walkthrough's first step. */
const SET_UP_CONTEXT = 'consider.workspaceSetUp';

export function isSetUp(root: string): boolean {
  return isSetUpProject(root, os.homedir());
}

function openWalkthrough(extensionId: string): Thenable<unknown> {
  // `false`: in the editor area itself, not to the side (the walkthrough is the thing to look at).
  return vscode.commands.executeCommand('workbench.action.openWalkthrough', `${extensionId}#${WALKTHROUGH_ID}`, false);
}

/** Opens the walkthrough when this is the first run (see above); true when it did. */
export async function openWalkthroughOnFirstRun(context: vscode.ExtensionContext, roots: readonly string[]): Promise<boolean> {
  const open = shouldOpenOnFirstRun({
    alreadyOpened: context.globalState.get<boolean>(OPENED_ON_FIRST_RUN) === true,
    // Consider's own setting, and VS Code's for every extension's walkthrough (which code-server's
    // extension host was seen not to receive: hence a setting of our own, which the tests turn off).
    openOnInstall: vscode.workspace.getConfiguration('consider.walkthrough').get<boolean>('openOnFirstRun', true)
      && vscode.workspace.getConfiguration('workbench.welcomePage.walkthroughs').get<boolean>('openOnInstall', true),
    folders: roots.map((root) => ({ setUp: isSetUp(root) })),
  });
  if (!open) return false;
  await context.globalState.update(OPENED_ON_FIRST_RUN, true);
  await openWalkthrough(context.extension.id);
  return true;
}

export function registerGetStarted(context: vscode.ExtensionContext, host: ConsiderHost): vscode.Disposable {
  const updateContext = (): void => {
    void vscode.commands.executeCommand('setContext', SET_UP_CONTEXT, host.folders().some((f) => isSetUp(f.root)));
  };
  updateContext();
  return vscode.Disposable.from(
    registerCommand(CommandIds.getStarted, () => openWalkthrough(context.extension.id)),
    // Setup writes the store last, after its record, so a store change is when the folder may have become set up.
    host.onDidChangeStores(updateContext),
    vscode.workspace.onDidChangeWorkspaceFolders(updateContext),
  );
}
