/**
 * The board's first screen and first snapshot, made once from the same thread summaries
 * (issue 29: kept out of BoardSession, which routes messages). While the webview loads, the
 * panel asks for the rows to write into its HTML (`screen`), then for the first snapshot to be
 * serialised ahead (`prepare`); when the webview says ready, the session takes that snapshot
 * (`take`) — each only while no folder's store has changed since the summaries were made.
 * The walk goes one way: this module asks shared/board/firstScreen for the rows, handing it the
 * titles as a function, and shared/board never reaches back into the extension.
 */
import { HOST_SCREEN_HEIGHT, firstScreen, type FirstScreen } from '../../shared/board/firstScreen';
import { prepareFolders, type FolderSnapshot, type ViewName, type Visibility } from '../../shared/board/protocol';
import { initialUiState } from '../../shared/board/uiState';
import type { FolderStoreState } from '../api';
import { makeNonce } from './html';
import { SnapshotDraft } from './snapshot';

export class FirstScreenCache {
  /** The summaries of the folders as they were when made; used once, if still current. */
  private prepared: { folders: readonly FolderStoreState[]; draft: SnapshotDraft } | undefined;
  /** The HTML carries the first screen: the page draws without the first snapshot. */
  private pageDrawsFirstScreen = false;

  /**
   * The rows the webview will show first under the UI state it will start from —
   * `savedUiState` is what VS Code restores a panel with (undefined for a new panel). Undefined
   * on other views, or when the board shows no plain list.
   */
  screen(folders: readonly FolderStoreState[], visibility: Visibility, savedUiState: unknown, view: ViewName): FirstScreen | undefined {
    const ui = initialUiState(savedUiState, view);
    if (ui.view !== 'board') return undefined;
    const draft = this.summaries(folders);
    if (ui.filters.text) draft.complete(); // the text filter looks at every title
    // A fresh token for every HTML: the webview tells a reload of this same HTML by it. Only
    // the rows in view need their titles now.
    const screen = firstScreen(draft.snapshots, visibility, ui, HOST_SCREEN_HEIGHT, makeNonce(), (t) => draft.title(t));
    this.pageDrawsFirstScreen = screen !== undefined;
    return screen;
  }

  /**
   * Serialises the first snapshot now, while the webview is still loading its page, so `ready`
   * finds it made (thousands of threads take tens of ms). Not when the page draws the first
   * screen from its HTML: nothing on screen waits for the snapshot then, and that work would
   * only compete with the page's loading (measured: ~90 ms later first paint at 5,000 threads
   * on 2 cores).
   */
  prepare(folders: readonly FolderStoreState[]): void {
    if (this.pageDrawsFirstScreen) return;
    prepareFolders(this.summaries(folders).complete());
  }

  /** The prepared snapshot of `folders` when it is still theirs; undefined otherwise. Used once. */
  take(folders: readonly FolderStoreState[]): FolderSnapshot[] | undefined {
    const prepared = this.prepared && sameFolderStates(this.prepared.folders, folders) ? this.prepared.draft.complete() : undefined;
    this.prepared = undefined;
    return prepared;
  }

  /** The thread summaries of the folders as they are now: the prepared ones while still current. */
  private summaries(folders: readonly FolderStoreState[]): SnapshotDraft {
    if (!this.prepared || !sameFolderStates(this.prepared.folders, folders)) this.prepared = { folders, draft: new SnapshotDraft(folders) };
    return this.prepared.draft;
  }
}

/** Same folders with the same store contents: a store is replaced, never edited in place, when it is read again. */
function sameFolderStates(a: readonly FolderStoreState[], b: readonly FolderStoreState[]): boolean {
  return a.length === b.length && a.every((f, i) => {
    const g = b[i]!;
    return f.root === g.root && f.name === g.name && f.store === g.store && f.error === g.error && f.readOnlyReason === g.readOnlyReason;
  });
}
