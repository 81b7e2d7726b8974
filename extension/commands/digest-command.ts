/**
 * Consider: Copy Review Digest (issue 30): the review on one Markdown page put on the
 * clipboard, to start a new agent session with or to hand to a teammate. The page is
 * `consider-cli digest`'s, from the CLI this extension carries (bundled-cli.ts): exactly what an
 * agent gets from the CLI or the MCP tool. Like everything the agent sees, it leaves out the
 * comments of the developer's pending review; the notification says how many.
 */
import * as vscode from 'vscode';
import { CommandIds, registerCommand } from '../command-ids';
import type { ConsiderHost, FolderStoreState } from '../api';
import type { BundledCli } from '../bundled-cli';
import { pendingThreads } from '../../shared';
import { deepestRootOf } from '../../shared/paths';
import { copiedDigestMessage } from '../../shared/board/copied-digest';
import * as notify from '../notify';
import { cliErrorText } from '../error-words';

/** Arguments for a programmatic call (the board, tests): which folder, and whether to notify. */
export interface CopyDigestArgs {
  root?: string;
  /** No notification: the caller says it (the board shows its own notice). */
  quiet?: boolean;
}

export interface CopiedDigest {
  root: string;
  /** The page's length in characters. */
  chars: number;
  /** Comments of the pending review, not in the page. */
  pendingLeftOut: number;
}

/** Folders with a store to digest; the active editor's first. */
function foldersWithReview(host: ConsiderHost): FolderStoreState[] {
  const folders = host.folders().filter((f) => f.store && !f.error);
  const active = vscode.window.activeTextEditor?.document.uri;
  const activeRoot = active?.scheme === 'file' ? deepestRootOf(folders.map((f) => f.root), active.fsPath) : undefined;
  return [...folders.filter((f) => f.root === activeRoot), ...folders.filter((f) => f.root !== activeRoot)];
}

async function pickFolder(host: ConsiderHost): Promise<FolderStoreState | undefined> {
  const folders = foldersWithReview(host);
  if (folders.length <= 1) return folders[0];
  const picked = await vscode.window.showQuickPick(
    folders.map((f) => ({ label: f.name, description: f.root, folder: f })),
    { title: vscode.l10n.t('Consider: Copy Review Digest'), placeHolder: vscode.l10n.t('Which folder\'s review?') },
  );
  return picked?.folder;
}

export function registerDigestCommand(host: ConsiderHost, cli: BundledCli): vscode.Disposable {
  const copy = async (args?: CopyDigestArgs): Promise<CopiedDigest | undefined> => {
    const folder = args?.root !== undefined ? host.folders().find((f) => f.root === args.root) : await pickFolder(host);
    if (!folder) {
      if (args?.root === undefined && !foldersWithReview(host).length) void notify.info(vscode.l10n.t('Consider: there is no review in this workspace yet (no .consider/store.json).'));
      return undefined;
    }
    const call = cli.prepare('digest', {});
    const answer = 'error' in call ? undefined : await cli.run(folder.root, call, undefined, { errorWords: true });
    if (!answer || answer.code !== 0) {
      // The agent view's error is JSON with its words: said here in VS Code's language.
      notify.reportFailure(vscode.l10n.t('make the review digest'), answer
        ? cliErrorText(answer.stdout, answer.stderr) ?? { message: vscode.l10n.t('consider-cli gave no answer') }
        : { message: vscode.l10n.t('consider-cli could not be started') });
      return undefined;
    }
    const page = answer.stdout;
    await vscode.env.clipboard.writeText(page);
    const pendingLeftOut = folder.store ? pendingThreads(folder.store).length : 0;
    if (!args?.quiet) void notify.info(vscode.l10n.t('Consider: {0}', copiedDigestMessage(page.length, pendingLeftOut)));
    return { root: folder.root, chars: page.length, pendingLeftOut };
  };
  return registerCommand(CommandIds.copyReviewDigest, copy);
}
