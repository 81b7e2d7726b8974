/**
 * The status bar entry: open and unseen counts over all folders, as the board counts them
 * (shared/board/threadCounts.ts); a warning look when threads are stale or orphaned; a store
 * problem shows as an error. Click opens the board.
 */
import * as vscode from 'vscode';
import { countStoredThreads, noThreads } from '../shared/board/threadCounts';
import type { ConsiderHost } from './api';
import { CommandIds } from './command-ids';

export const STATUS_COMMAND = CommandIds.showAllComments;

export function createStatusBar(host: ConsiderHost): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('consider.status', vscode.StatusBarAlignment.Left, 50);
  item.name = 'Consider';
  item.command = STATUS_COMMAND;
  const update = (): void => {
    // The board's summary bar counts with the same function: the two never disagree.
    const counts = noThreads();
    const problems: string[] = [];
    for (const f of host.folders()) {
      if (f.error) problems.push(`${f.name}: ${f.error.message}`);
      if (f.store) countStoredThreads(f.store.comments, counts);
    }
    const { open, unseen, stale, orphaned, resolved, pending } = counts;
    const attention = stale + orphaned;
    item.text = `$(comment-discussion) ${open}${unseen ? ` · ${vscode.l10n.t('{0} unseen', unseen)}` : ''}${attention ? ` $(warning) ${attention}` : ''}`;
    item.backgroundColor = problems.length
      ? new vscode.ThemeColor('statusBarItem.errorBackground')
      : attention ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    const tip = new vscode.MarkdownString(undefined, true);
    tip.isTrusted = false;
    tip.appendText(pending
      ? vscode.l10n.t('Consider: {0} open ({1} not yet read by the agent, {2} in your pending review, not sent yet), {3} resolved', open, unseen, pending, resolved)
      : vscode.l10n.t('Consider: {0} open ({1} not yet read by the agent), {2} resolved', open, unseen, resolved));
    if (attention) tip.appendText('\n\n' + vscode.l10n.t('{0} stale, {1} orphaned: their code changed or went away', stale, orphaned));
    for (const p of problems) tip.appendText('\n\n' + vscode.l10n.t('Problem: {0}', p));
    tip.appendText('\n\n' + vscode.l10n.t('Click to open the review board'));
    item.tooltip = tip;
    item.accessibilityInformation = { label: vscode.l10n.t('Consider: {0} open threads, {1} unseen, {2} need attention', open, unseen, attention) };
    item.show();
  };
  update();
  const sub = host.onDidChangeStores(update);
  return { dispose: () => { sub.dispose(); item.dispose(); } };
}
