/**
 * Choose Baseline: a quick pick of what the Changes view compares with — the newest capture
 * (the default, following each new round), each kept review round and Mark All Reviewed with
 * its time, the last commit, or a branch (a second pick, or any ref typed in).
 */
import * as vscode from 'vscode';
import { baselineKey, captureChoices, listBranchesAsync } from '../../shared/changes';
import type { StoreFile } from '../../shared/model';
import { countOf } from '../../shared/board/l10n';
import type { BaselineChoice } from './changes-model';
import { ago } from './tree-model';
import { baselineWords } from './baseline-words';

interface Item extends vscode.QuickPickItem {
  choice?: BaselineChoice;
  branch?: true;
}

const sameChoice = (a: BaselineChoice, b: BaselineChoice): boolean =>
  a.kind === b.kind && (a.kind === 'latest' || baselineKey(a) === baselineKey(b as Exclude<BaselineChoice, { kind: 'latest' }>));

/** Asks for a baseline; undefined when the user cancelled. */
export async function pickBaseline(root: string, folderName: string, store: StoreFile | undefined, current: BaselineChoice): Promise<BaselineChoice | undefined> {
  const captures = captureChoices(root, store);
  const items: Item[] = [
    {
      label: `$(sync) ${vscode.l10n.t('Newest review round or mark')}`,
      description: captures[0] ? vscode.l10n.t('now: {0}, {1}', baselineWords(captures[0].name), ago(captures[0].at!)) : vscode.l10n.t('none yet: the last commit'),
      detail: vscode.l10n.t('Follows each new Submit Review and Mark All Reviewed'), choice: { kind: 'latest' },
    },
  ];
  if (captures.length) items.push({ label: vscode.l10n.t('Review rounds and marks'), kind: vscode.QuickPickItemKind.Separator });
  for (const c of captures) {
    const r = c.round;
    items.push({
      label: `${r ? '$(comment-discussion)' : '$(check-all)'} ${vscode.l10n.t('Since {0}', baselineWords(c.name))}`,
      description: [ago(c.at!), r ? countOf(r.threadIds.length, vscode.l10n.t('{0} comment'), vscode.l10n.t('{0} comments')) : undefined].filter(Boolean).join(' · '),
      ...(r?.message ? { detail: r.message.split('\n')[0] } : {}),
      choice: c.ref,
    });
  }
  items.push({ label: vscode.l10n.t('Git'), kind: vscode.QuickPickItemKind.Separator });
  items.push({ label: `$(git-commit) ${vscode.l10n.t('Since the last commit')}`, description: vscode.l10n.t('HEAD, with untracked files'), choice: { kind: 'head' } });
  items.push({ label: `$(git-branch) ${vscode.l10n.t('Since a branch…')}`, description: vscode.l10n.t('the merge-base with main, origin/main…'), branch: true });
  for (const it of items) if (it.choice && sameChoice(it.choice, current)) it.description = `${it.description ? `${it.description} · ` : ''}${vscode.l10n.t('current')}`;
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Consider: Compare {0} with…', folderName), placeHolder: vscode.l10n.t('What the Changes view counts changes from'), matchOnDescription: true });
  if (!picked) return undefined;
  if (picked.branch) return pickBranch(root);
  return picked.choice;
}

/** The branch pick opens at once; git's list of branches fills it when it comes (busy meanwhile). */
function pickBranch(root: string): Promise<BaselineChoice | undefined> {
  const qp = vscode.window.createQuickPick<vscode.QuickPickItem>();
  qp.title = vscode.l10n.t('Consider: Compare with a branch (its merge-base with HEAD)');
  qp.placeholder = vscode.l10n.t('Pick a branch, or type any ref');
  qp.busy = true;
  const abort = new AbortController();
  void listBranchesAsync(root, abort.signal).then((branches) => {
    qp.items = branches.map((b) => ({ label: b }));
    if (!branches.length) qp.placeholder = vscode.l10n.t('Type a ref (no branches found)');
    qp.busy = false;
  }, () => { /* closed before git answered */ });
  return new Promise((resolve) => {
    let done = false;
    qp.onDidAccept(() => {
      const ref = qp.selectedItems[0]?.label ?? qp.value.trim();
      done = true;
      qp.hide();
      resolve(ref ? { kind: 'branch', ref } : undefined);
    });
    qp.onDidHide(() => {
      abort.abort();
      if (!done) resolve(undefined);
      qp.dispose();
    });
    qp.show();
  });
}
