/**
 * Every notification the extension shows goes through here: one place for the "Consider:"
 * wording, and a record the real-VS-Code tests read (notifications cannot be read back from VS Code).
 */
import * as vscode from 'vscode';
import type { ShownNotification } from './test-api';
import { errorText } from './error-words';

const shown: ShownNotification[] = [];

export function shownNotifications(): ShownNotification[] {
  return [...shown];
}

function record(severity: ShownNotification['severity'], message: string, actions: string[]): void {
  shown.push({ severity, message, actions });
  if (shown.length > 200) shown.shift();
}

export function info<T extends string>(message: string, ...actions: T[]): Thenable<T | undefined> {
  record('info', message, actions);
  return vscode.window.showInformationMessage(message, ...actions);
}

export function warn<T extends string>(message: string, ...actions: T[]): Thenable<T | undefined> {
  record('warning', message, actions);
  return vscode.window.showWarningMessage(message, ...actions);
}

export function error<T extends string>(message: string, ...actions: T[]): Thenable<T | undefined> {
  record('error', message, actions);
  return vscode.window.showErrorMessage(message, ...actions);
}

/**
 * `what` is a localised verb phrase (vscode.l10n.t('reply')): the message reads "could not reply: …".
 * A store operation failed: one clear line (ConsiderError messages already name the file and the fix).
 * `retry` runs the operation again; it is offered when the store was busy (see reportBusy).
 */
export function reportFailure(what: string, e: unknown, retry?: () => unknown): void {
  const said = errorText(e);
  if ((e as { code?: string } | null)?.code === 'busy') { reportBusy(what, said.message, retry); return; }
  const hint = said.hint ? ` ${said.hint}.` : '';
  void error(`${vscode.l10n.t('Consider: could not {0}: {1}.', what, said.message)}${hint}`.replace(/\.\./g, '.'));
}

/**
 * Another process held the store lock longer than a write waits (ConsiderError 'busy'). Nothing
 * was written, so the safe way out is to try again once the other writer is done: say so, and
 * offer Retry (which runs the same operation again and reports again if it is still busy).
 */
export function reportBusy(what: string, lockMessage: string, retry?: () => unknown): void {
  const message = vscode.l10n.t('Consider: could not {0}: the comment store is busy ({1}). Nothing was written and the store file was not touched.', what, lockMessage)
    + ' ' + (retry ? vscode.l10n.t('Retry when the other write has finished.') : vscode.l10n.t('Try again in a moment.'));
  const retryLabel = vscode.l10n.t('Retry');
  void warn(message, ...(retry ? [retryLabel] : [])).then((choice) => {
    if (choice === retryLabel) void retry?.();
  });
}
