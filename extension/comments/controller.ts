/**
 * The one CommentController ("consider"): every line of a file inside a workspace folder can
 * take a comment (in `.consider/`, only a plan's review document); the comment box's prompt mentions the Add Comment keybinding (a setting).
 */
import path from 'node:path';
import * as vscode from 'vscode';
import { isPlanDocument } from '../../shared/plans/document';
import { toStoredPath } from '../../shared/paths';
import type { FolderStores } from '../store/folder-stores';
import { readSettings } from '../settings';

export const CONTROLLER_ID = 'consider';

export function createController(stores: FolderStores): vscode.CommentController {
  const controller = vscode.comments.createCommentController(CONTROLLER_ID, 'Consider');
  controller.commentingRangeProvider = {
    provideCommentingRanges(doc) {
      const root = doc.uri.scheme === 'file' ? stores.rootOf(doc.uri.fsPath) : undefined;
      if (!root) return [];
      // Consider's own data takes no comments, but for a plan's review document (docs/plan-gate.md).
      if (doc.uri.fsPath.includes(`${path.sep}.consider${path.sep}`) && !isPlanDocument(toStoredPath(root, doc.uri.fsPath))) return [];
      return [new vscode.Range(0, 0, Math.max(0, doc.lineCount - 1), 0)];
    },
  };
  applyOptions(controller);
  return controller;
}

export function applyOptions(controller: vscode.CommentController): void {
  const hint = readSettings().showKeybindingHint;
  controller.options = {
    prompt: hint ? 'Comment for the agent (Ctrl+Alt+M on a selection)' : 'Comment for the agent',
    placeHolder: hint ? 'Markdown · saved at once, the agent reads it with consider-cli · Ctrl+Alt+M comments on a selection' : 'Markdown · saved at once, the agent reads it with consider-cli',
  };
}
