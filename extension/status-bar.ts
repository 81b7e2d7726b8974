/**
 * The status bar entry: open and unseen counts over all folders; a warning look when threads
 * are stale or orphaned; a store problem shows as an error. Click opens the board.
 */
import * as vscode from 'vscode';
import { summarize } from '../shared/store';
import type { ConsiderHost } from './api';
import { CommandIds } from './commands/ids';

export const STATUS_COMMAND = CommandIds.showAllComments;

export function createStatusBar(host: ConsiderHost): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('consider.status', vscode.StatusBarAlignment.Left, 50);
  item.name = 'Consider';
  item.command = STATUS_COMMAND;
  const update = (): void => {
    let open = 0, unseen = 0, stale = 0, orphaned = 0, resolved = 0;
    const problems: string[] = [];
    for (const f of host.folders()) {
      if (f.error) problems.push(`${f.name}: ${f.error.message}`);
      if (!f.store) continue;
      const s = summarize(f.store);
      open += s.open; unseen += s.unseenOpen; stale += s.stale; orphaned += s.orphaned; resolved += s.resolved;
    }
    const attention = stale + orphaned;
    item.text = `$(comment-discussion) ${open}${unseen ? ` · ${unseen} unseen` : ''}${attention ? ` $(warning) ${attention}` : ''}`;
    item.backgroundColor = problems.length
      ? new vscode.ThemeColor('statusBarItem.errorBackground')
      : attention ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    const tip = new vscode.MarkdownString(undefined, true);
    tip.isTrusted = false;
    tip.appendText(`Consider: ${open} open (${unseen} not yet read by the agent), ${resolved} resolved`);
    if (attention) tip.appendText(`\n\n${stale} stale, ${orphaned} orphaned: their code changed or went away`);
    for (const p of problems) tip.appendText(`\n\nProblem: ${p}`);
    tip.appendText('\n\nClick to open the review board');
    item.tooltip = tip;
    item.accessibilityInformation = { label: `Consider: ${open} open threads, ${unseen} unseen, ${attention} need attention` };
    item.show();
  };
  update();
  const sub = host.onDidChangeStores(update);
  return { dispose: () => { sub.dispose(); item.dispose(); } };
}
