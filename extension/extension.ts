// Extension entry point. PLACEHOLDER: filled in by issue 4.
import type * as vscode from 'vscode';
export function activate(_context: vscode.ExtensionContext): void {}
export function deactivate(): void {}
