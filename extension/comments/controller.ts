/**
 * The one CommentController ("consider"): every line of a file inside a workspace folder can
 * take a comment, and every line of a baseline shown in a Changes diff (a comment about removed
 * code); in `.consider/`, only a plan's review document does. The comment box's placeholder mentions
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
 * VS Code has one comment box placeholder per controller, for new threads and replies alike, so it
 * claims nothing that is true of only some: when the agent sees a comment is said by the new
 * thread's buttons (Add Comment, Start Review) and by a pending thread's title ("Pending review (not
 * sent to the agent yet)"). Short, so it is not cut in a narrow editor (issue 40: the old one, "…
 * the agent sees it now, or on Submit Review when it is in your pending review", was cut at every
 * width). `prompt` labels an existing thread's folded reply box: a reply.
 */
export function applyOptions(controller: vscode.CommentController): void {
  const hint = readSettings().showKeybindingHint;
  controller.options = {
    prompt: vscode.l10n.t('Reply…'),
    placeHolder: hint ? vscode.l10n.t('Markdown · Ctrl+Alt+M comments on a selection') : vscode.l10n.t('Markdown'),
  };
}
