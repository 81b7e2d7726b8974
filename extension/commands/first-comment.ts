/**
 * The first comment in a folder without `.consider/` (never set up, or after *Uninstall
 * everything*): saving it would create `.consider/`, so the user is asked first, never
 * silently, and certainly not in a folder they just uninstalled Consider from.
 *  - **Set Up…** saves the comment and opens the setup wizard (the agent can read it once set up);
 *  - **Just Store Comments** saves it: `.consider/` holds the store only, set up later if wanted;
 *  - Cancel (Escape) saves nothing and says so, offering the typed text for the clipboard (VS Code
 *    empties the comment box once the button's command returns; the caller closes the empty widget).
 * Once `.consider/` exists nothing is asked. Programmatic calls (tests, other features) are not asked.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { CommandIds } from '../command-ids';
import { considerPaths } from '../../shared';
import * as notify from '../notify';

const setUpLabel = (): string => vscode.l10n.t('Set Up…');
const justStoreLabel = (): string => vscode.l10n.t('Just Store Comments');

/** What to do about a comment about to be saved in `root`: save it or not, and open the setup wizard after. */
export type FirstCommentChoice = { save: false } | { save: true; thenSetUp: boolean };

export async function confirmFirstComment(root: string, text: string): Promise<FirstCommentChoice> {
  if (fs.existsSync(considerPaths(root).dir)) return { save: true, thenSetUp: false };
  const name = path.basename(root);
  const [setUp, justStore, copyText] = [setUpLabel(), justStoreLabel(), vscode.l10n.t('Copy Its Text')];
  const choice = await vscode.window.showInformationMessage(
    vscode.l10n.t('Set up Consider in {0}?', name),
    {
      modal: true,
      detail: vscode.l10n.t('{0} has no .consider/ folder (never set up, or uninstalled). ', name)
        + vscode.l10n.t('Set Up… saves this comment and opens the setup wizard, so that your agent can read and answer your comments. ')
        + vscode.l10n.t('Just Store Comments saves it in .consider/ and sets nothing else up.'),
    },
    setUp, justStore,
  );
  if (choice === setUp) return { save: true, thenSetUp: true };
  if (choice === justStore) return { save: true, thenSetUp: false };
  void notify.info(vscode.l10n.t('Consider: the comment was not saved ({0} has no .consider/ folder).', name), copyText).then((c) => {
    if (c === copyText) void vscode.env.clipboard.writeText(text);
  });
  return { save: false };
}

/** Opens the setup wizard (after the comment that asked for it is saved). */
export function openSetupWizard(): void {
  void vscode.commands.executeCommand(CommandIds.setup);
}
