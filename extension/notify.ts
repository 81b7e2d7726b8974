/**
 * Every notification the extension shows goes through here: one place for the "Consider:"
 * wording, and a record the real-VS-Code tests read (notifications cannot be read back from VS Code).
 */
import * as vscode from 'vscode';
import type { ShownNotification } from './test-api';

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

/** A store operation failed: one clear line (ConsiderError messages already name the file and the fix). */
export function reportFailure(what: string, e: unknown): void {
  const err = e as { message?: string; hint?: string };
  const hint = err?.hint ? ` ${err.hint}.` : '';
  void error(`Consider: could not ${what}: ${err?.message ?? String(e)}.${hint}`.replace(/\.\./g, '.'));
}
