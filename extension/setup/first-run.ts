import fs from 'node:fs';
import { considerPaths } from '../../shared/paths';

/**
 * When the first activation opens the walkthrough by itself (extension/setup/walkthrough.ts):
 * never opened that way before (for this user, any workspace), VS Code's own "open walkthroughs
 * on install" not turned off, and folders open in which Consider is new: no store and not set up.
 * A window on a project that already has threads (the user is already going, or a clone that
 * brought its `.consider/`) or with no folder (nothing to set up) waits for the next one. Pure, so
 * the rule is tested as a rule.
 */
export function shouldOpenOnFirstRun(s: { alreadyOpened: boolean; openOnInstall: boolean; folders: readonly { newToConsider: boolean }[] }): boolean {
  return !s.alreadyOpened && s.openOnInstall && s.folders.length > 0 && s.folders.every((f) => f.newToConsider);
}

/**
 * Where it opens: in the editor area when no editor is open, else in a group beside, without the
 * focus. Opened in the user's group it would take the place of the file they had just opened (a
 * preview tab is replaced by the next editor opened there).
 */
export function firstRunPlacement(s: { editorsOpen: number }): { toSide: boolean } {
  return { toSide: s.editorsOpen > 0 };
}

/** No store and not set up: Consider has never been used in this folder (the plan gate's heartbeat may have made `.consider/` itself). */
export function isNewToConsider(root: string): boolean {
  const paths = considerPaths(root);
  return !fs.existsSync(paths.store) && !fs.existsSync(paths.bin);
}
