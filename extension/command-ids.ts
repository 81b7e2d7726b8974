/**
 * Every command Consider contributes, by id: THE list. Code registers and runs commands only
 * through these names (`registerCommand` below), and scripts/check-commands.mjs checks the
 * list against package.json both ways, so a typo or a forgotten contribution fails the tests.
 */
import * as vscode from 'vscode';

export const CommandIds = {
  // Palette and editor
  addComment: 'consider.addComment',
  reconcileAll: 'consider.reconcileAll',
  archiveResolved: 'consider.archiveResolved',
  showResolved: 'consider.showResolved',
  hideResolved: 'consider.hideResolved',
  showStale: 'consider.showStale',
  hideStale: 'consider.hideStale',
  showAllComments: 'consider.showAllComments',
  openTriage: 'consider.openTriage',
  submitReview: 'consider.submitReview',
  discardReview: 'consider.discardReview',
  copyReviewDigest: 'consider.copyReviewDigest',
  setup: 'consider.setup',
  uninstall: 'consider.uninstall',
  reportIssue: 'consider.reportIssue',
  getStarted: 'consider.getStarted',
  // Pull requests (extension/pr/)
  pullReviewThreads: 'consider.pullRequest.pull',
  publishReview: 'consider.pullRequest.publishReview',
  // Worktrees (extension/worktrees/)
  bringWorktreeHome: 'consider.bringWorktreeHome',
  // The Changes view (extension/changes/)
  markAllReviewed: 'consider.markAllReviewed',
  changesChooseBaseline: 'consider.changes.chooseBaseline',
  changesOpenAll: 'consider.changes.openAll',
  changesRefresh: 'consider.changes.refresh',
  changesOpenChange: 'consider.changes.openChange',
  changesOpenFile: 'consider.changes.openFile',
  changesShowSince: 'consider.changes.showSince',
  // Review per change (extension/changes/hunk-*.ts)
  markChangeReviewed: 'consider.changes.markChangeReviewed',
  markChangeNotReviewed: 'consider.changes.markChangeNotReviewed',
  rejectChange: 'consider.changes.rejectChange',
  nextUnreviewedChange: 'consider.changes.nextUnreviewedChange',
  // The plan gate (extension/plans/): the plan's CodeLens, editor title and status bar
  approvePlan: 'consider.plan.approve',
  approvePlanWithComments: 'consider.plan.approveWithComments',
  requestPlanChanges: 'consider.plan.requestChanges',
  showPlanChanges: 'consider.plan.showChanges',
  openPlan: 'consider.plan.open',
  // The comment widget's buttons and menus (hidden from the palette)
  createThread: 'consider.createThread',
  createThreadNow: 'consider.createThreadNow',
  startReview: 'consider.startReview',
  addToReview: 'consider.addToReview',
  cancelNewThread: 'consider.cancelNewThread',
  reply: 'consider.reply',
  replyAndResolve: 'consider.replyAndResolve',
  resolveThread: 'consider.resolveThread',
  reopenThread: 'consider.reopenThread',
  copyThreadId: 'consider.copyThreadId',
  showThreadChanges: 'consider.showThreadChanges',
  deleteThread: 'consider.deleteThread',
  editComment: 'consider.editComment',
  saveComment: 'consider.saveComment',
  cancelEdit: 'consider.cancelEdit',
  deleteComment: 'consider.deleteComment',
} as const;

export type CommandId = (typeof CommandIds)[keyof typeof CommandIds];

/** vscode.commands.registerCommand for one of Consider's own commands. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a command's arguments are whatever VS Code passes
export function registerCommand(id: CommandId, run: (...args: any[]) => unknown): vscode.Disposable {
  return vscode.commands.registerCommand(id, run);
}
