/**
 * The ConsiderHost seam (extension/api.ts) the board and setup consume: the folder stores,
 * the visibility toggles (remembered per workspace, defaults from settings), revealing a thread
 * and the editor selection.
 */
import path from 'node:path';
import * as vscode from 'vscode';
import type { ConsiderHost, FolderStoreState, Visibility } from './api';
import type { FolderStores } from './store/folder-stores';
import { readSettings } from './settings';
import { isWithin, toStoredPath } from '../shared/paths';
import { Disposable } from './util/dispose';

const VISIBILITY_KEY = 'consider.visibility';

/**
 * Where to open code from the board: never over the board (a webview tab) and never by squeezing
 * it — in another editor group when there is one (the one used last), else in a new group beside
 * it. From anywhere else, the active group.
 */
export function codeColumnBeside(): vscode.ViewColumn {
  const groups = vscode.window.tabGroups;
  if (!(groups.activeTabGroup.activeTab?.input instanceof vscode.TabInputWebview)) return groups.activeTabGroup.viewColumn;
  const other = groups.all.find((g) => g !== groups.activeTabGroup);
  return other ? other.viewColumn : vscode.ViewColumn.Beside;
}

/** Where a thread is shown right now (an open editor's live range may differ from the store). */
export type ThreadLocator = (root: string, threadId: string) => { file: string; startLine: number; endLine: number } | undefined;

export class Host extends Disposable implements ConsiderHost {
  private readonly visibilityEmitter = this.register(new vscode.EventEmitter<Visibility>());
  readonly onDidChangeVisibility = this.visibilityEmitter.event;
  readonly onDidChangeStores: vscode.Event<readonly string[]>;
  private current: Visibility;

  /** `locate`: where a thread shows now (the editor anchoring's live ranges), for revealing it. */
  constructor(private readonly stores: FolderStores, private readonly memento: vscode.Memento, private readonly locate: ThreadLocator) {
    super();
    this.onDidChangeStores = stores.onDidChange;
    const saved = memento.get<Partial<Visibility>>(VISIBILITY_KEY) ?? {};
    const s = readSettings();
    this.current = { showResolved: saved.showResolved ?? s.showResolvedByDefault, showStale: saved.showStale ?? s.showStaleByDefault };
    void this.publishContext();
  }

  folders(): readonly FolderStoreState[] {
    return this.stores.folders();
  }

  visibility(): Visibility {
    return this.current;
  }

  async setVisibility(v: Partial<Visibility>): Promise<void> {
    const next = { ...this.current, ...v };
    if (next.showResolved === this.current.showResolved && next.showStale === this.current.showStale) return;
    this.current = next;
    await this.memento.update(VISIBILITY_KEY, next);
    await this.publishContext();
    this.visibilityEmitter.fire(next);
  }

  /** Context keys so the palette offers only the toggle that changes something. */
  private async publishContext(): Promise<void> {
    await vscode.commands.executeCommand('setContext', 'consider.showResolved', this.current.showResolved);
    await vscode.commands.executeCommand('setContext', 'consider.showStale', this.current.showStale);
  }

  async refresh(root: string): Promise<void> {
    this.stores.reload(root);
  }

  async revealThread(root: string, threadId: string): Promise<void> {
    const comment = this.stores.get(root)?.store?.comments.find((c) => c.id === threadId);
    if (!comment) throw new Error(`thread ${threadId} is not in ${root}`);
    const where = this.locate(root, threadId) ?? { file: comment.file, startLine: comment.anchor.startLine, endLine: comment.anchor.endLine };
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(root, where.file)));
    const last = Math.max(0, doc.lineCount - 1);
    const range = new vscode.Range(Math.min(where.startLine - 1, last), 0, Math.min(where.endLine - 1, last), 0);
    await vscode.window.showTextDocument(doc, { selection: range, preview: false, viewColumn: codeColumnBeside() });
  }

  currentSelection(root: string): { file: string; startLine: number; endLine: number } | undefined {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.uri.scheme !== 'file') return undefined;
    const fsPath = editor.document.uri.fsPath;
    if (fsPath === root || !isWithin(root, fsPath)) return undefined;
    const sel = editor.selection;
    // A selection ending at column 0 of a line does not include that line (a whole-line drag).
    const endLine = sel.end.line > sel.start.line && sel.end.character === 0 ? sel.end.line - 1 : sel.end.line;
    return { file: toStoredPath(root, fsPath), startLine: sel.start.line + 1, endLine: endLine + 1 };
  }

}
