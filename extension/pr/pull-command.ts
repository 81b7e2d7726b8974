/**
 * *Consider: Pull Review Threads from the Pull Request* (docs/pull-requests.md): the review
 * threads of the current branch's pull request come into the folder's store, rebuilt from their
 * original commits and re-anchored by shared/pr/pull.ts (the CLI's `pr pull` runs the same
 * code). One line says what came in; a failure says why in one line and changes nothing.
 */
import path from 'node:path';
import * as vscode from 'vscode';
import { countOf } from '../../shared/board/l10n';
import { pullThreads } from '../../shared/pr/pull';
import type { PullReport } from '../../shared/pr/pull';
import { CommandIds, registerCommand } from '../command-ids';
import * as notify from '../notify';
import type { FolderStores } from '../store/folder-stores';
import { vscodeConnection } from './auth';

export interface PullCommandArgs {
  /** The workspace folder (default: the only one, or the active editor's, or asked). */
  root?: string;
  number?: number;
  /** Tests: never ask the user to sign in. */
  interactive?: boolean;
}

/** The summary line of a pull. */
function pullSummary(r: PullReport): string {
  const p = r.placed;
  const placed = r.added ? vscode.l10n.t(' New: {0} on their code, {1} stale, {2} orphaned, {3} about removed code.', p.anchored, p.stale, p.orphaned, p.removedCode) : '';
  const threads = countOf(r.remoteThreads, vscode.l10n.t('{0} review thread'), vscode.l10n.t('{0} review threads'));
  const replies = countOf(r.newReplies, vscode.l10n.t('{0} new reply'), vscode.l10n.t('{0} new replies'));
  return vscode.l10n.t('Consider: pulled PR #{0} ({1}: {2} new, {3} updated, {4}).', r.pr.number, threads, r.added, r.updated, replies) + placed;
}

async function chooseRoot(stores: FolderStores, given?: string): Promise<string | undefined> {
  if (given) return given;
  const roots = stores.roots();
  if (roots.length <= 1) return roots[0];
  const active = vscode.window.activeTextEditor?.document.uri;
  const fromEditor = active?.scheme === 'file' ? stores.rootOf(active.fsPath) : undefined;
  if (fromEditor) return fromEditor;
  const pick = await vscode.window.showQuickPick(roots.map((r) => ({ label: path.basename(r), description: r, root: r })), { title: vscode.l10n.t('Pull review threads into which folder?') });
  return pick?.root;
}

export function registerPullCommand(stores: FolderStores): vscode.Disposable {
  const run = async (args: PullCommandArgs = {}): Promise<PullReport | undefined> => {
    const root = await chooseRoot(stores, args.root);
    if (!root) return undefined;
    try {
      const report = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Consider: pulling review threads') }, async () => {
        const conn = await vscodeConnection(root, { interactive: args.interactive !== false });
        return pullThreads(root, conn, args.number !== undefined ? { number: args.number } : {});
      });
      void notify.info(pullSummary(report));
      return report;
    } catch (e) {
      notify.reportFailure(vscode.l10n.t('pull the review threads'), e);
      return undefined;
    } finally {
      stores.reload(root);
    }
  };
  return registerCommand(CommandIds.pullReviewThreads, run);
}
