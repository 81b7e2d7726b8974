/**
 * The one CommentController ("consider"): every line of a file inside a workspace folder can
 * take a comment, and every line of a baseline shown in a Changes diff (a comment about removed
 * code); in `.consider/`, only a plan's review document does. The comment box's prompt mentions
 * the Add Comment keybinding (a setting).
 */
import * as vscode from 'vscode';
import { isPlanDocument } from '../../shared/plan-document';
import type { FolderStores } from '../store/folder-stores';
import { readSettings } from '../settings';
import { parseBaselineUri } from '../changes/baseline-docs';
import { isInConsiderDir, toStoredPath } from '../../shared/paths';

export const CONTROLLER_ID = 'consider';

export function createController(stores: FolderStores): vscode.CommentController {
  const controller = vscode.comments.createCommentController(CONTROLLER_ID, 'Consider');
  controller.commentingRangeProvider = {
    provideCommentingRanges(doc) {
      // The baseline side of a Changes diff takes comments too: they are about removed code.
      const base = parseBaselineUri(doc.uri);
      if (base) return base.key && !base.snapshot && doc.lineCount > 0 && stores.get(base.root) ? [new vscode.Range(0, 0, doc.lineCount - 1, 0)] : [];
      const root = doc.uri.scheme === 'file' ? stores.rootOf(doc.uri.fsPath) : undefined;
      if (!root) return [];
      // Consider's own data takes no comments, but for a plan's review document (docs/plan-gate.md).
      if (isInConsiderDir(root, doc.uri.fsPath) && !isPlanDocument(toStoredPath(root, doc.uri.fsPath))) return [];
      return [new vscode.Range(0, 0, Math.max(0, doc.lineCount - 1), 0)];
    },
  };
  applyOptions(controller);
  return controller;
}

/**
 * VS Code has one comment box text per controller, for new threads and replies alike, so it must
 * be true for all of them: saved at once always, but seen by the agent only once sent — a
 * comment or reply of the pending review reaches it on Submit Review, not before.
 */
const commentBoxText = (): string => vscode.l10n.t('Markdown · saved at once · the agent sees it now, or on Submit Review when it is in your pending review');

export function applyOptions(controller: vscode.CommentController): void {
  const hint = readSettings().showKeybindingHint;
  controller.options = {
    prompt: hint ? vscode.l10n.t('Comment for the agent (Ctrl+Alt+M on a selection)') : vscode.l10n.t('Comment for the agent'),
    placeHolder: hint ? `${commentBoxText()} · ${vscode.l10n.t('Ctrl+Alt+M comments on a selection')}` : commentBoxText(),
  };
}
