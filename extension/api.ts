/**
 * The seams between the extension's parts, so the inline threads (extension/comments),
 * the board host (extension/board) and setup (setup/, plain Node) can grow independently.
 * Implemented in extension/ by the activation code; consumed by the board and setup.
 */
import type * as vscode from 'vscode';
import type { StoreFile } from '../shared/model';

/** One workspace folder's store as last read (multi-root: one store per folder). */
export interface FolderStoreState {
  readonly root: string; // absolute path of the workspace folder
  readonly name: string; // the folder's display name
  /** The store as last read; undefined when the folder has no store yet. */
  readonly store?: StoreFile;
  /** Set when the store exists but cannot be used (corrupt, newer version, lock stuck). */
  readonly error?: { readonly code: string; readonly message: string; readonly hint?: string };
  /** Set when the store is readable but written by a newer version: shown, never written. */
  readonly readOnlyReason?: string;
}

/** What the user chose to see; shared by inline threads, the Comments panel and the board (one type: the protocol's). */
export type { Visibility } from '../shared/board/protocol';
import type { Visibility } from '../shared/board/protocol';

export interface ConsiderHost {
  /** Every workspace folder with its store state. */
  folders(): readonly FolderStoreState[];
  /** Fires after any folder's store changed on disk (our writes or the CLI's) and was re-read. */
  readonly onDidChangeStores: vscode.Event<readonly string[] /* roots that changed */>;
  visibility(): Visibility;
  setVisibility(v: Partial<Visibility>): Promise<void>;
  readonly onDidChangeVisibility: vscode.Event<Visibility>;
  /** Re-read one folder's store now (after a write the watcher has not reported yet). */
  refresh(root: string): Promise<void>;
  /** Opens the file of a thread and reveals its current range. */
  revealThread(root: string, threadId: string): Promise<void>;
  /** The active editor's selection as a workspace-relative range, if it is in `root`. */
  currentSelection(root: string): { file: string; startLine: number; endLine: number } | undefined;
}
