/**
 * *Consider: Publish Review Round to the Pull Request* (docs/pull-requests.md): a submitted review
 * round goes out as a GitHub review, with the verdict chosen here (Comment, Approve, Request
 * changes). The dry run comes first, in a modal: what is posted where, what goes into the
 * review's message, what cannot be posted and why; nothing is posted until Publish. Offered
 * right after Submit Review in a folder that already works with a pull request.
 */
import * as vscode from 'vscode';
import type { ReviewVerdict } from '../../shared/pr/provider';
import { planPush, planText, pushReview } from '../../shared/pr/push';
import type { PushPlan, PushReport } from '../../shared/pr/push';
import { readStore } from '../../shared';
import { CommandIds, registerCommand } from '../command-ids';
import * as notify from '../notify';
import type { FolderStores } from '../store/folder-stores';
import { vscodeConnection } from './auth';

export interface PublishArgs {
  root?: string;
  round?: number;
  verdict?: ReviewVerdict;
  /** Tests: answer the dry-run modal without showing it ('publish' posts, 'dry-run' returns the plan only). */
  answer?: 'publish' | 'dry-run';
  interactive?: boolean;
}

async function chooseVerdict(): Promise<ReviewVerdict | undefined> {
  const items: (vscode.QuickPickItem & { verdict: ReviewVerdict })[] = [
    { label: vscode.l10n.t('Comment'), description: vscode.l10n.t('Feedback without a verdict'), verdict: 'COMMENT' },
    { label: vscode.l10n.t('Approve'), description: vscode.l10n.t('The pull request may be merged'), verdict: 'APPROVE' },
    { label: vscode.l10n.t('Request changes'), description: vscode.l10n.t('These must be addressed before merging'), verdict: 'REQUEST_CHANGES' },
  ];
  return (await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Publish the review round as…') }))?.verdict;
}

export function registerPublishCommand(stores: FolderStores): vscode.Disposable {
  const run = async (args: PublishArgs = {}): Promise<PushReport | PushPlan | undefined> => {
    const root = args.root ?? stores.roots()[0];
    if (!root) return undefined;
    const verdict = args.verdict ?? await chooseVerdict();
    if (!verdict) return undefined;
    try {
      const conn = await vscodeConnection(root, { interactive: args.interactive !== false });
      const plan = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Consider: checking what can be posted') },
        () => planPush(root, conn, { verdict, ...(args.round !== undefined ? { round: args.round } : {}) }));
      const files = new Map(readStore(root).store.comments.map((c) => [c.id, c.file]));
      const publish = vscode.l10n.t('Publish');
      const answer = args.answer ?? ((await vscode.window.showInformationMessage(
        vscode.l10n.t('Publish review round {0} to PR #{1}?', plan.round, plan.pr.number),
        { modal: true, detail: planText(plan, (id) => files.get(id)) }, publish)) === publish ? 'publish' : undefined);
      if (answer !== 'publish') return answer === 'dry-run' ? plan : undefined;
      const report = await pushReview(root, conn, plan);
      void notify.info(vscode.l10n.t('Consider: review round {0} published to PR #{1} ({2} comments).', plan.round, plan.pr.number, report.posted));
      return report;
    } catch (e) {
      notify.reportFailure(vscode.l10n.t('publish the review'), e);
      return undefined;
    } finally {
      stores.reload(root);
    }
  };
  return registerCommand(CommandIds.publishReview, run);
}

/**
 * After Submit Review: in a folder that works with a pull request already (threads were pulled
 * from or pushed to one), offer to publish the round there too. Elsewhere, nothing is said.
 */
export function offerPublish(root: string, round: number): void {
  const prs = readStore(root).store.pullRequests ?? [];
  const last = prs.at(-1);
  if (!last) return;
  const action = vscode.l10n.t('Publish to PR #{0}…', last.number);
  void notify.info(vscode.l10n.t('Consider: review round {0} sent to the agent. Publish it to PR #{1} too?', round, last.number), action).then((choice) => {
    if (choice === action) void vscode.commands.executeCommand(CommandIds.publishReview, { root, round });
  });
}
