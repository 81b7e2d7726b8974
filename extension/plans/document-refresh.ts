/**
 * Brings an open plan document up to date with its file after the agent wrote a new version.
 *
 * VS Code reloads an open, unmodified document when its file watcher reports the write. The
 * watcher can miss it: a plan's folder is created at submit time, and a write into a folder
 * created moments before is sometimes never reported (seen in code-server: version 2 did not
 * show within 60 s), and a symlinked or watcher-excluded folder is never reported at all. So a
 * document still behind its file after a short grace is reloaded from disk:
 * - when it is the active editor of the active group (the developer is looking at the plan),
 *   with VS Code's own Revert File, which works on that editor only and moves no focus;
 * - else by closing its tabs and opening them again in the same columns, without taking the
 *   focus: an editor that opens a file makes VS Code check it on disk (FileEditorInput resolves
 *   with `reload: { async: true }`). Closing the active group's only tab would hand the focus to
 *   another group, which is why the active editor is reverted instead.
 * A document the developer has edited is left alone: their edits are not ours to drop.
 */
import { readDataText } from '../../shared/data-file';
import { MAX_PLAN_BYTES } from '../../shared/plans';
import * as vscode from 'vscode';

/** How long VS Code's own watcher gets before the tabs are reopened (it takes 0.2–2 s when it works). */
export const WATCHER_GRACE_MS = 2_000;
const POLL_MS = 100;

export type RefreshOutcome = 'current' | 'reverted' | 'reopened' | 'not-shown' | 'edited' | 'unreadable';

/** The text as the editor holds it: no byte order mark, `\n` line ends. */
export function comparableText(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** Whether `check` comes true within `ms`, looking every 100 ms. */
async function within(ms: number, check: () => boolean): Promise<boolean> {
  for (const end = Date.now() + ms; !check(); await new Promise((r) => setTimeout(r, POLL_MS))) if (Date.now() >= end) return false;
  return true;
}

export async function refreshFromDisk(uri: vscode.Uri, graceMs = WATCHER_GRACE_MS): Promise<RefreshOutcome> {
  let onDisk: string;
  try {
    const text = readDataText(uri.fsPath, { maxBytes: MAX_PLAN_BYTES }); // a file under .consider/: data (shared/data-file.ts)
    if (text === undefined) return 'unreadable';
    onDisk = comparableText(text);
  } catch {
    return 'unreadable';
  }
  const openDocument = (): vscode.TextDocument | undefined => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  const current = (): boolean => {
    const doc = openDocument();
    return !doc || comparableText(doc.getText()) === onDisk;
  };
  if (await within(graceMs, current)) return 'current';
  if (openDocument()?.isDirty) return 'edited';

  const sameUri = (t: vscode.Tab | undefined): boolean => t?.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString();
  if (sameUri(vscode.window.tabGroups.activeTabGroup.activeTab)) {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    if (await within(graceMs, current)) return 'reverted';
  }
  const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter(sameUri);
  if (tabs.length === 0) return 'not-shown'; // the next editor to show it checks the file itself
  const columns = [...new Set(tabs.map((t) => t.group.viewColumn))];
  await vscode.window.tabGroups.close(tabs, true);
  for (const viewColumn of columns) await vscode.window.showTextDocument(uri, { viewColumn, preserveFocus: true, preview: false });
  return 'reopened';
}
