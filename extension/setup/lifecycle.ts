/**
 * Setup lifecycle inside the editor: the first-run prompt and refreshing installed skills and
 * the deployed CLI after an extension update (spec §5.2, §9.8).
 * PLACEHOLDER with the seam's signature: filled in by issue 6.
 */
import type * as vscode from 'vscode';
import type { ConsiderHost } from '../api';
import type { BoardController } from '../board';

export function registerSetupLifecycle(_context: vscode.ExtensionContext, _host: ConsiderHost, _board: BoardController): void {}
