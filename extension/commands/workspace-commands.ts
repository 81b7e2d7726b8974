/**
 * The palette commands of spec §5.2 that belong to the editor: Add Comment, Reconcile All,
 * Archive Resolved (with Undo), and the Show/Hide Resolved and Stale toggles. (Show All
 * Comments, Open Triage, Setup and Uninstall are registered by extension/board.)
 */
import path from 'node:path';
import * as vscode from 'vscode';
import { CommandIds, registerCommand } from '../command-ids';
import { addThread, archiveResolved, reconcileWorkspace, setAnchor, unarchive } from '../../shared';
import type { Comment } from '../../shared/model';
import { toStoredPath } from '../../shared/paths';
import type { Host } from '../host';
import type { FolderStores } from '../store/folder-stores';
import * as notify from '../notify';
import { parseBaselineUri } from '../changes/baseline-docs';

export interface WorkspaceCommandDeps {
  stores: FolderStores;
  host: Host;
}

/** Arguments for a programmatic Add Comment (tests, other features): saved at once, returns the thread id. */
export interface AddCommentArgs {
  uri?: vscode.Uri | string;
  /** 1-based, inclusive. Default: the active editor's selection. */
  startLine?: number;
  endLine?: number;
  body?: string;
  /** Keep it in the pending review (not sent to the agent until Submit Review). */
  pending?: boolean;
}

/**
 * The editor Add Comment works in: the active one, or — run from a page that is not a text editor,
 * such as the walkthrough with a file open beside it — a visible file, focused so the comment box
 * opens there (VS Code's comment box opens in the focused editor only).
 */
async function editorToCommentIn(): Promise<vscode.TextEditor | undefined> {
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  if (tab instanceof vscode.TabInputText || tab instanceof vscode.TabInputTextDiff) return vscode.window.activeTextEditor;
  const beside = vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === 'file');
  if (!beside) return vscode.window.activeTextEditor;
  const focus = (): Thenable<vscode.TextEditor> => vscode.window.showTextDocument(beside.document, { viewColumn: beside.viewColumn, selection: beside.selection, preserveFocus: false });
  const editor = await focus();
  // Run from a walkthrough step, the command marks the step done; the page then redraws and takes
  // the focus back a moment later, and the comment box would open nowhere (seen on every first
  // click). Watch the focus for a short while and take it again if it went.
  for (let check = 0; check < FOCUS_CHECKS; check++) {
    await new Promise((r) => setTimeout(r, FOCUS_CHECK_MS));
    const now = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    if (!(now instanceof vscode.TabInputText)) await focus();
  }
  return editor;
}

/** How long editorToCommentIn watches the focus it gave a file: FOCUS_CHECKS × FOCUS_CHECK_MS. */
const FOCUS_CHECKS = 3;
const FOCUS_CHECK_MS = 80;

export function registerWorkspaceCommands(deps: WorkspaceCommandDeps): vscode.Disposable {
  const { stores, host } = deps;

  const addComment = async (args?: AddCommentArgs): Promise<string | undefined> => {
    const editor = args?.uri ? vscode.window.activeTextEditor : await editorToCommentIn();
    const uri = args?.uri ? (typeof args.uri === 'string' ? vscode.Uri.parse(args.uri) : args.uri) : editor?.document.uri;
    const root = uri?.scheme === 'file' ? stores.rootOf(uri.fsPath) : undefined;
    // The baseline side of a Changes diff: VS Code's comment box, whose button saves a thread about removed code.
    if (uri && !root && parseBaselineUri(uri) && args?.body === undefined) {
      await vscode.commands.executeCommand('workbench.action.addComment');
      return undefined;
    }
    if (!uri || !root) {
      void notify.warn(vscode.l10n.t('Consider: open a file inside a workspace folder to comment on it.'));
      return undefined;
    }
    if (args?.body === undefined) {
      // Interactive: open VS Code's comment box on the selection; its Add Comment button saves it.
      await vscode.commands.executeCommand('workbench.action.addComment');
      return undefined;
    }
    const sel = host.currentSelection(root);
    const file = toStoredPath(root, uri.fsPath);
    const startLine = args.startLine ?? (sel?.file === file ? sel.startLine : 1);
    const endLine = args.endLine ?? (sel?.file === file ? sel.endLine : startLine);
    try {
      const created = await addThread(root, { file, startLine, endLine, body: args.body, author: 'human', pending: args.pending === true });
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (doc?.isDirty) await setAnchor(root, created.id, { startLine, endLine, text: doc.getText() }, 'human');
      return created.id;
    } catch (e) {
      notify.reportFailure(vscode.l10n.t('save the comment'), e, () => addComment(args));
      return undefined;
    } finally {
      stores.reload(root);
    }
  };

  const reconcileAll = (): Thenable<void> => vscode.window.withProgress({
    location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Consider: re-anchoring all threads'), cancellable: true,
  }, async (progress, token) => {
    const abort = new AbortController();
    token.onCancellationRequested(() => abort.abort());
    const totals = { checked: 0, moved: 0, stale: 0, orphaned: 0, restored: 0 };
    const roots = stores.roots();
    for (const [i, root] of roots.entries()) {
      if (abort.signal.aborted) break;
      let last = 0;
      try {
        const r = await reconcileWorkspace(root, {
          force: true, signal: abort.signal,
          onProgress: (done, total) => {
            const pct = total ? done / total : 1;
            progress.report({ increment: ((pct - last) * 100) / roots.length, message: `${path.basename(root)}: ${done}/${total}` });
            last = pct;
          },
        });
        for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += r[k];
      } catch (e) {
        notify.reportFailure(vscode.l10n.t('re-anchor the threads of {0}', path.basename(root)), e, () => reconcileAll());
      } finally {
        stores.reload(root);
      }
      if (i === roots.length - 1 && !abort.signal.aborted) progress.report({ increment: 100 });
    }
    const summary = vscode.l10n.t('{0} checked: {1} moved, {2} stale, {3} orphaned, {4} found again', totals.checked, totals.moved, totals.stale, totals.orphaned, totals.restored);
    void notify.info(abort.signal.aborted ? vscode.l10n.t('Consider: re-anchoring cancelled ({0}).', summary) : vscode.l10n.t('Consider: re-anchored all threads ({0}).', summary));
  });

  const archive = async (): Promise<number> => {
    const moved: { root: string; threads: Comment[] }[] = [];
    for (const root of stores.roots()) {
      const store = stores.get(root)?.store;
      if (!store?.comments.some((c) => c.workflowState === 'resolved')) continue;
      try {
        moved.push({ root, threads: await archiveResolved(root, 'human') });
      } catch (e) {
        notify.reportFailure(vscode.l10n.t('archive the resolved threads of {0}', path.basename(root)), e, () => archive());
      } finally {
        stores.reload(root);
      }
    }
    const n = moved.reduce((a, m) => a + m.threads.length, 0);
    if (n === 0) {
      void notify.info(vscode.l10n.t('Consider: there are no resolved threads to archive.'));
      return 0;
    }
    const undo = vscode.l10n.t('Undo');
    void notify.info(n === 1 ? vscode.l10n.t('Consider: archived 1 resolved thread to .consider/archive.json.') : vscode.l10n.t('Consider: archived {0} resolved threads to .consider/archive.json.', n), undo).then(async (choice) => {
      if (choice !== undo) return;
      for (const m of moved) {
        try {
          await unarchive(m.root, m.threads.map((t) => t.id), 'human');
        } catch (e) {
          notify.reportFailure(vscode.l10n.t('undo the archive'), e);
        } finally {
          stores.reload(m.root);
        }
      }
    });
    return n;
  };

  return vscode.Disposable.from(
    registerCommand(CommandIds.addComment, addComment),
    registerCommand(CommandIds.reconcileAll, reconcileAll),
    registerCommand(CommandIds.archiveResolved, archive),
    registerCommand(CommandIds.showResolved, () => host.setVisibility({ showResolved: true })),
    registerCommand(CommandIds.hideResolved, () => host.setVisibility({ showResolved: false })),
    registerCommand(CommandIds.showStale, () => host.setVisibility({ showStale: true })),
    registerCommand(CommandIds.hideStale, () => host.setVisibility({ showStale: false })),
  );
}
