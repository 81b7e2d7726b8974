/**
 * The actions inside a thread widget (menus of package.json `comments/*`, hidden from the
 * palette): add, reply, resolve/reopen, edit/delete your own comment, delete a thread, copy its
 * id. Every action writes through the shared store module (lock, mutate-on-latest), then
 * re-reads the store so the widget shows the stored truth at once.
 */
import * as vscode from 'vscode';
import { CommandIds, registerCommand } from '../command-ids';
import { toStoredPath } from '../../shared/paths';
import { addThread, deleteReply, deleteThread, editComment, replyToThread, restoreThreads, setAnchor, setWorkflowState } from '../../shared';
import type { FolderStores } from '../store/folder-stores';
import { ConsiderComment, type ThreadRenderer } from '../comments/thread-renderer';
import * as notify from '../notify';
import { confirmFirstComment, openSetupWizard } from './first-comment';
import { BASELINE_SCHEME, parseBaselineUri } from '../changes/baseline-docs';
import { addRemovedCodeThread, parseBaselineKey, type BaselineRef } from '../../shared/changes';
import { walkthroughStepDone } from '../util/walkthrough-steps';

export interface ThreadCommandDeps {
  stores: FolderStores;
  renderer: ThreadRenderer;
  /** The Changes view: how it names a baseline ("review round 1"), for threads about removed code; a thread's Show Changes. */
  changes: { labelOf(root: string, ref: BaselineRef): string; showThreadChanges(root: string, threadId: string): Promise<void> };
}

type ThreadArg = vscode.CommentThread | vscode.CommentReply;
const threadOf = (arg: ThreadArg): vscode.CommentThread => ('thread' in arg ? arg.thread : arg);

export function registerThreadCommands(deps: ThreadCommandDeps): vscode.Disposable {
  const { stores, renderer, changes } = deps;

  /** The stored thread a widget shows, or a clear message when it has none. */
  const target = (arg: ThreadArg): { root: string; id: string } | undefined => {
    const who = renderer.identify(threadOf(arg));
    if (!who) void notify.warn(vscode.l10n.t('Consider: this thread is not saved in any store.'));
    return who;
  };

  const run = async (what: string, root: string, fn: () => Promise<unknown>): Promise<boolean> => {
    try {
      await fn();
      return true;
    } catch (e) {
      notify.reportFailure(what, e, () => run(what, root, fn));
      return false;
    } finally {
      stores.reload(root);
    }
  };

  /**
   * Saves the new thread typed into a widget: sent to the agent at once, or (`pending`) kept in
   * the pending review until Submit Review. Four buttons lead here (package.json): which of them
   * is primary follows the `consider.review.pendingByDefault` setting.
   */
  const createThread = async (reply: vscode.CommentReply, pending: boolean): Promise<void> => {
    const thread = reply.thread;
    const text = reply.text.trim();
    if (!text) return;
    if (thread.uri.scheme === BASELINE_SCHEME) return createRemovedCodeThread(thread, text, pending);
    const root = stores.rootOf(thread.uri.fsPath);
    if (!root || !thread.range) {
      void notify.warn(vscode.l10n.t('Consider: comments can be added only to files inside a workspace folder.'));
      return;
    }
    const file = toStoredPath(root, thread.uri.fsPath);
    const startLine = thread.range.start.line + 1;
    const endLine = thread.range.end.line + 1;
    // Saving creates .consider/: in a folder without one, the user says whether (first-comment.ts).
    const choice = await confirmFirstComment(root, text);
    if (!choice.save) {
      thread.dispose(); // VS Code has emptied its box: an empty new-thread widget would only linger
      return;
    }
    const stored = await run(vscode.l10n.t('save the comment'), root, async () => {
      const created = await addThread(root, { file, startLine, endLine, body: text, author: 'human', pending });
      // addThread anchors on the file as saved; an editor with unsaved changes shows other lines.
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === thread.uri.toString());
      const saved = doc?.isDirty ? await setAnchor(root, created.id, { startLine, endLine, text: doc.getText() }, 'human') : created;
      renderer.adopt(thread, root, saved);
    });
    if (stored) walkthroughStepDone('comment');
    if (stored && choice.thenSetUp) openSetupWizard();
  };

  /** A comment on the baseline side of a Changes diff: about code that was removed or replaced. */
  const createRemovedCodeThread = async (thread: vscode.CommentThread, text: string, pending: boolean): Promise<void> => {
    const base = parseBaselineUri(thread.uri);
    const ref = base && parseBaselineKey(base.key);
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === thread.uri.toString());
    if (!base || !ref || !thread.range || !doc) {
      void notify.warn(vscode.l10n.t('Consider: this side of the diff is not a baseline Consider can comment on.'));
      return;
    }
    const label = changes.labelOf(base.root, ref);
    const stored = await run(vscode.l10n.t('save the comment'), base.root, async () => {
      const created = await addRemovedCodeThread(base.root, {
        file: base.rel, baseline: { key: base.key, label, ...(base.sha ? { sha: base.sha } : {}) }, baselineText: doc.getText(),
        startLine: thread.range!.start.line + 1, endLine: thread.range!.end.line + 1, body: text, author: 'human', pending,
      });
      renderer.adopt(thread, base.root, created);
    });
    if (stored) walkthroughStepDone('comment');
  };

  /** Reply, resolve or reopen: the user answered what the agent said (the walkthrough's "answer" step). */
  const answered = (ok: boolean): void => { if (ok) walkthroughStepDone('answer'); };

  return vscode.Disposable.from(
    registerCommand(CommandIds.createThread, (reply: vscode.CommentReply) => createThread(reply, false)),
    registerCommand(CommandIds.createThreadNow, (reply: vscode.CommentReply) => createThread(reply, false)),
    registerCommand(CommandIds.startReview, (reply: vscode.CommentReply) => createThread(reply, true)),
    registerCommand(CommandIds.addToReview, (reply: vscode.CommentReply) => createThread(reply, true)),

    registerCommand(CommandIds.cancelNewThread, (reply: vscode.CommentReply) => {
      if (!renderer.identify(reply.thread)) reply.thread.dispose();
    }),

    registerCommand(CommandIds.reply, async (reply: vscode.CommentReply) => {
      const who = target(reply);
      const text = reply.text.trim();
      if (!who || !text) return;
      answered(await run(vscode.l10n.t('save the reply'), who.root, () => replyToThread(who.root, who.id, { body: text, author: 'human' })));
    }),

    registerCommand(CommandIds.replyAndResolve, async (reply: vscode.CommentReply) => {
      const who = target(reply);
      if (!who) return;
      const text = reply.text.trim();
      answered(await run(vscode.l10n.t('reply and resolve'), who.root, async () => {
        if (text) await replyToThread(who.root, who.id, { body: text, author: 'human' });
        await setWorkflowState(who.root, who.id, 'resolved', 'human');
      }));
    }),

    registerCommand(CommandIds.resolveThread, async (arg: ThreadArg) => {
      const who = target(arg);
      if (who) answered(await run(vscode.l10n.t('resolve the thread'), who.root, () => setWorkflowState(who.root, who.id, 'resolved', 'human')));
    }),

    registerCommand(CommandIds.reopenThread, async (arg: ThreadArg) => {
      const who = target(arg);
      if (who) answered(await run(vscode.l10n.t('reopen the thread'), who.root, () => setWorkflowState(who.root, who.id, 'open', 'human')));
    }),

    // Proof of fix: the code the thread was written on beside today's (from the widget's title, or the board with { root, id }).
    registerCommand(CommandIds.showThreadChanges, async (arg: ThreadArg | { root: string; id: string }) => {
      const who = 'root' in arg && typeof arg.root === 'string' ? arg as { root: string; id: string } : target(arg as ThreadArg);
      if (who) await changes.showThreadChanges(who.root, who.id);
    }),

    registerCommand(CommandIds.copyThreadId, async (arg: ThreadArg) => {
      const who = target(arg);
      if (!who) return;
      await vscode.env.clipboard.writeText(`threadID: ${who.id}`);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied "threadID: {0}" — paste it into the agent\'s chat', who.id), 4000);
    }),

    registerCommand(CommandIds.deleteThread, async (arg: ThreadArg) => {
      const who = target(arg);
      if (!who) return;
      const n = threadOf(arg).comments.length;
      const deleteLabel = vscode.l10n.t('Delete');
      const ok = await vscode.window.showWarningMessage(
        n <= 1 ? vscode.l10n.t('Delete this thread?') : n === 2 ? vscode.l10n.t('Delete this thread and its 1 reply?') : vscode.l10n.t('Delete this thread and its {0} replies?', n - 1),
        { modal: true, detail: vscode.l10n.t('The agent will no longer see it. You can undo right after.') }, deleteLabel);
      if (ok !== deleteLabel) return;
      let removed: Awaited<ReturnType<typeof deleteThread>> | undefined;
      await run(vscode.l10n.t('delete the thread'), who.root, async () => { removed = await deleteThread(who.root, who.id, 'human'); });
      const undo = vscode.l10n.t('Undo');
      if (removed && (await notify.info(vscode.l10n.t('Consider: thread deleted.'), undo)) === undo) {
        const back = removed;
        await run(vscode.l10n.t('restore the thread'), who.root, () => restoreThreads(who.root, [back], 'human'));
      }
    }),

    registerCommand(CommandIds.editComment, (comment: ConsiderComment) => {
      if (comment instanceof ConsiderComment) renderer.setEditing(comment, true);
    }),

    registerCommand(CommandIds.cancelEdit, (comment: ConsiderComment) => {
      if (comment instanceof ConsiderComment) renderer.setEditing(comment, false);
    }),

    registerCommand(CommandIds.saveComment, async (comment: ConsiderComment) => {
      if (!(comment instanceof ConsiderComment)) return;
      const text = (typeof comment.body === 'string' ? comment.body : comment.body.value).trim();
      if (!text) return;
      await run(vscode.l10n.t('save the edit'), comment.root, () => editComment(comment.root, comment.threadId, comment.commentId, text, 'human'));
      renderer.setEditing(comment, false);
    }),

    registerCommand(CommandIds.deleteComment, async (comment: ConsiderComment) => {
      if (!(comment instanceof ConsiderComment)) return;
      if (comment.commentId === comment.threadId) {
        // The first comment is the thread: deleting it deletes the thread (with confirmation).
        const thread = renderer.threadOf(comment.root, comment.threadId);
        if (thread) await vscode.commands.executeCommand(CommandIds.deleteThread, thread);
        return;
      }
      await run(vscode.l10n.t('delete the reply'), comment.root, () => deleteReply(comment.root, comment.threadId, comment.commentId, 'human'));
    }),
  );
}
