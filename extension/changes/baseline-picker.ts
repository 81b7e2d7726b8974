/**
 * Choose Baseline: a quick pick of what the Changes view compares with — the newest capture
 * (the default, following each new round), each kept review round and Mark All Reviewed with
 * its time, the last commit, or a branch (a second pick, or any ref typed in).
 */
import * as vscode from 'vscode';
import { baselineKey, captureChoices, listBranches } from '../../shared/changes';
import type { StoreFile } from '../../shared/model';
import { plural } from '../../shared/text';
import type { BaselineChoice } from './changes-model';
import { ago } from './tree-model';

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
    { label: '$(sync) Newest review round or mark', description: captures[0] ? `now: ${captures[0].label}, ${ago(captures[0].at!)}` : 'none yet: the last commit', detail: 'Follows each new Submit Review and Mark All Reviewed', choice: { kind: 'latest' } },
  ];
  if (captures.length) items.push({ label: 'Review rounds and marks', kind: vscode.QuickPickItemKind.Separator });
  for (const c of captures) {
    const r = c.round;
    items.push({
      label: `${r ? '$(comment-discussion)' : '$(check-all)'} Since ${c.label}`,
      description: [ago(c.at!), r ? plural(r.threadIds.length, 'comment') : undefined].filter(Boolean).join(' · '),
      ...(r?.message ? { detail: r.message.split('\n')[0] } : {}),
      choice: c.ref,
    });
  }
  items.push({ label: 'Git', kind: vscode.QuickPickItemKind.Separator });
  items.push({ label: '$(git-commit) Since the last commit', description: 'HEAD, with untracked files', choice: { kind: 'head' } });
  items.push({ label: '$(git-branch) Since a branch…', description: 'the merge-base with main, origin/main…', branch: true });
  for (const it of items) if (it.choice && sameChoice(it.choice, current)) it.description = `${it.description ? `${it.description} · ` : ''}current`;
  const picked = await vscode.window.showQuickPick(items, { title: `Consider: Compare ${folderName} with…`, placeHolder: 'What the Changes view counts changes from', matchOnDescription: true });
  if (!picked) return undefined;
  if (picked.branch) return pickBranch(root);
  return picked.choice;
}

async function pickBranch(root: string): Promise<BaselineChoice | undefined> {
  const branches = listBranches(root);
  const qp = vscode.window.createQuickPick<vscode.QuickPickItem>();
  qp.title = 'Consider: Compare with a branch (its merge-base with HEAD)';
  qp.placeholder = branches.length ? 'Pick a branch, or type any ref' : 'Type a ref (no branches found)';
  qp.items = branches.map((b) => ({ label: b }));
  return new Promise((resolve) => {
    let done = false;
    qp.onDidAccept(() => {
      const ref = qp.selectedItems[0]?.label ?? qp.value.trim();
      done = true;
      qp.hide();
      resolve(ref ? { kind: 'branch', ref } : undefined);
    });
    qp.onDidHide(() => { if (!done) resolve(undefined); qp.dispose(); });
    qp.show();
  });
}
