/**
 * When the first activation opens the walkthrough by itself (extension/setup/walkthrough.ts):
 * never opened that way before (for this user, any workspace), VS Code's own "open walkthroughs
 * on install" not turned off, and a folder open in which Consider is not set up. A window on a
 * set-up project (the user is already going) or with no folder (nothing to set up) waits for the
 * next one. Pure, so the rule is tested as a rule.
 */
export function shouldOpenOnFirstRun(s: { alreadyOpened: boolean; openOnInstall: boolean; folders: readonly { setUp: boolean }[] }): boolean {
  return !s.alreadyOpened && s.openOnInstall && s.folders.length > 0 && s.folders.every((f) => !f.setUp);
}
