/**
 * The board webview's host side. PLACEHOLDER with the seam's signature: filled in by issue 5.
 * registerBoard registers the commands that open the panel (consider.showAllComments,
 * consider.openTriage, consider.setup, consider.uninstall) and the panel serializer.
 */
import type * as vscode from 'vscode';
import type { ConsiderHost } from '../api';

export type BoardView = 'board' | 'triage' | 'setup' | 'uninstall';

export interface BoardController {
  open(view?: BoardView): void;
}

export function registerBoard(_context: vscode.ExtensionContext, _host: ConsiderHost): BoardController {
  return { open: () => undefined };
}
