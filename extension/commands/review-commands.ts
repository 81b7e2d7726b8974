/**
 * The pending review (docs/agent-loop.md): Submit Review sends every pending thread to the
 * agent as one numbered round, with an optional overall message; Discard Review deletes them
 * (with Undo). Also keeps the `consider.reviewPending` context key that shows the Submit
 * buttons, and the status bar entry that counts pending comments.
 */
import * as vscode from 'vscode';
import { CommandIds, registerCommand } from '../command-ids';
import { discardReview, pendingThreads, restoreThreads } from '../../shared';
import { walkthroughStepDone } from '../util/walkthrough-steps';
import { submitReviewWithBaseline } from '../../shared/changes';
import { askSession } from '../review/session-question';
import { baselineCaptureOptions } from '../changes/settings';
import type { Comment, ReviewRound } from '../../shared/model';
import type { ConsiderHost } from '../api';
import type { FolderStores } from '../store/folder-stores';
import * as notify from '../notify';
import { countOf } from '../../shared/board/l10n';
import { offerPublish } from '../pr/publish-command';

export interface ReviewCommandDeps {
  stores: FolderStores;
  host: ConsiderHost;
}

/** Arguments for a programmatic Submit Review (tests, other features): no input box is shown. */
export interface SubmitReviewArgs {
  message?: string;
  /** The agent session the round is for (`<agent>:<id>`); absent: any session. */
  forSession?: string;
}

/**
 * The arguments of a programmatic call, or undefined for a user's click: a menu passes its own
 * context (the editor title passes the file's Uri), and a click must ask for the overall
 * message wherever it comes from (palette, editor title, status bar; the board has its own box).
 */
export function programmaticSubmit(arg: unknown): SubmitReviewArgs | undefined {
  if (typeof arg !== 'object' || arg === null || Object.getPrototypeOf(arg) !== Object.prototype) return undefined;
  const { message, forSession } = arg as { message?: unknown; forSession?: unknown };
  if (forSession !== undefined && typeof forSession !== 'string') return undefined;
  return message === undefined || typeof message === 'string'
    ? { ...(message !== undefined ? { message } : {}), ...(forSession !== undefined ? { forSession } : {}) }
    : undefined;
}

/** Folders with a pending review, and how many threads each holds. */
function pendingByFolder(host: ConsiderHost): { root: string; count: number }[] {
  return host.folders()
    .map((f) => ({ root: f.root, count: f.store ? pendingThreads(f.store).length : 0 }))
    .filter((f) => f.count > 0);
}

export function registerReviewCommands(deps: ReviewCommandDeps): vscode.Disposable {
  const { stores, host } = deps;

  /**
   * Submits the pending review of every folder that has one. In a multi-root workspace each
   * folder's store gets its own round; the overall message goes with the first of them (the
   * agent reads one store per project). With nothing pending, a message alone is sent to the
   * first folder: a review can be just a note.
   */
  const submit = async (arg?: unknown): Promise<ReviewRound[]> => {
    const args = programmaticSubmit(arg);
    const folders = pendingByFolder(host);
    const total = folders.reduce((n, f) => n + f.count, 0);
    let message = args?.message;
    if (args === undefined) {
      message = await vscode.window.showInputBox({
        title: vscode.l10n.t('Consider: Submit Review'),
        prompt: total
          ? vscode.l10n.t('Send {0} to the agent. An overall message is optional.', countOf(total, vscode.l10n.t('{0} pending comment'), vscode.l10n.t('{0} pending comments')))
          : vscode.l10n.t('No comments are pending. Send an overall message to the agent on its own?'),
        placeHolder: vscode.l10n.t('Overall message for the agent (optional)'),
        ignoreFocusOut: true,
      });
      if (message === undefined) return []; // Escape: nothing sent
    }
    const targets = folders.length ? folders.map((f) => f.root) : stores.roots().slice(0, 1);
    if (!targets.length || (!total && !message?.trim())) {
      void notify.info(vscode.l10n.t('Consider: there is no pending review to submit.'));
      return [];
    }
    // Addressed to one agent session (docs/worktrees.md): asked in a single folder only, where the sessions are known.
    let forSession = args?.forSession;
    if (args === undefined && targets.length === 1) {
      const asked = await askSession(targets[0]!, host.folders().find((f) => f.root === targets[0])?.store);
      if (asked === null) return []; // Escape: nothing sent
      forSession = asked;
    }
    const rounds: ReviewRound[] = [];
    for (const [i, root] of targets.entries()) {
      try {
        // Each round records a capture of the workspace: the Changes view's "since this round".
        rounds.push(await submitReviewWithBaseline(root, { ...(i === 0 && message ? { message } : {}), ...(forSession ? { forSession } : {}), ...baselineCaptureOptions() }));
      } catch (e) {
        notify.reportFailure(vscode.l10n.t('submit the review'), e);
      } finally {
        stores.reload(root);
      }
    }
    if (rounds.length) {
      walkthroughStepDone('review');
      const sent = rounds.reduce((n, r) => n + r.threadIds.length, 0);
      const comments = countOf(sent, vscode.l10n.t('{0} comment'), vscode.l10n.t('{0} comments'));
      const what = rounds[0]!.message ? vscode.l10n.t('Review round {0} sent: {1} and a message', rounds[0]!.round, comments) : vscode.l10n.t('Review round {0} sent: {1}', rounds[0]!.round, comments);
      vscode.window.setStatusBarMessage(`$(send) ${what}`, 5000);
      // A folder that works with a pull request: offer the round there too (docs/pull-requests.md).
      if (args === undefined) offerPublish(targets[0]!, rounds[0]!.round);
    }
    return rounds;
  };

  const discard = async (): Promise<void> => {
    const folders = pendingByFolder(host);
    const total = folders.reduce((n, f) => n + f.count, 0);
    if (!total) {
      void notify.info(vscode.l10n.t('Consider: there is no pending review to discard.'));
      return;
    }
    const discardLabel = vscode.l10n.t('Discard');
    const ok = await vscode.window.showWarningMessage(vscode.l10n.t('Discard {0}?', countOf(total, vscode.l10n.t('{0} pending comment'), vscode.l10n.t('{0} pending comments'))),
      { modal: true, detail: vscode.l10n.t('They were never sent to the agent. You can undo right after.') }, discardLabel);
    if (ok !== discardLabel) return;
    const removed: { root: string; threads: Comment[] }[] = [];
    for (const { root } of folders) {
      try {
        removed.push({ root, threads: await discardReview(root) });
      } catch (e) {
        notify.reportFailure(vscode.l10n.t('discard the review'), e);
      } finally {
        stores.reload(root);
      }
    }
    const undo = vscode.l10n.t('Undo');
    if ((await notify.info(vscode.l10n.t('Consider: {0} discarded.', countOf(total, vscode.l10n.t('{0} pending comment'), vscode.l10n.t('{0} pending comments'))), undo)) !== undo) return;
    for (const { root, threads } of removed) {
      try {
        await restoreThreads(root, threads, 'human');
      } catch (e) {
        notify.reportFailure(vscode.l10n.t('restore the review'), e);
      } finally {
        stores.reload(root);
      }
    }
  };

  return vscode.Disposable.from(
    registerCommand(CommandIds.submitReview, submit),
    registerCommand(CommandIds.discardReview, discard),
    trackPendingReview(host),
  );
}

/** The `consider.reviewPending` context key and the status bar entry "Submit review (N)". */
function trackPendingReview(host: ConsiderHost): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('consider.review', vscode.StatusBarAlignment.Left, 49);
  item.name = vscode.l10n.t('Consider: Pending Review');
  item.command = { command: CommandIds.submitReview, title: vscode.l10n.t('Submit Review') };
  let last = -1;
  const update = (): void => {
    const total = pendingByFolder(host).reduce((n, f) => n + f.count, 0);
    if (total === last) return;
    last = total;
    void vscode.commands.executeCommand('setContext', 'consider.reviewPending', total > 0);
    if (!total) {
      item.hide();
      return;
    }
    item.text = `$(send) ${vscode.l10n.t('Submit review ({0})', total)}`;
    item.tooltip = vscode.l10n.t('Consider: {0} in your pending review, not sent to the agent yet. Click to submit.', countOf(total, vscode.l10n.t('{0} comment'), vscode.l10n.t('{0} comments')));
    item.accessibilityInformation = { label: vscode.l10n.t('Consider: submit review, {0}', countOf(total, vscode.l10n.t('{0} pending comment'), vscode.l10n.t('{0} pending comments'))) };
    item.show();
  };
  update();
  const sub = host.onDidChangeStores(update);
  return { dispose: () => { sub.dispose(); item.dispose(); } };
}
