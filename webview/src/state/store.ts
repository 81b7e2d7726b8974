/**
 * The webview's zustand store. Data (`folders`, `rows`, `visibility`) is a projection of the
 * host's latest snapshot and is never edited here; the UI state is the only thing the webview
 * owns, and it is mirrored to vscode.setState (app.tsx subscribes to it; main.tsx saves the first one).
 */
import { create } from 'zustand';
import type { FolderDetails, FolderSnapshot, ViewName, Visibility } from '../../../shared/board/protocol';
import { NO_DETAILS, indexDetails, projectRows, summarize, type DetailsByKey, type FilterKey, type Filters, type Row, type SortOrder, type Summary } from '../../../shared/board/projection';
import { defaultUiState, type UiState } from '../../../shared/board/uiState';

export interface Notice {
  readonly id: number;
  readonly kind: 'info' | 'error';
  readonly text: string;
  readonly undoId?: string;
}

export interface Progress {
  readonly label: string;
  readonly done: number;
  readonly total: number;
}

export interface BoardState {
  /** False until the first snapshot arrives (the panel shows a loading state, never blank). */
  readonly loaded: boolean;
  readonly incompatibleHostVersion?: number;
  readonly folders: readonly FolderSnapshot[];
  readonly rows: readonly Row[];
  /**
   * Conversations (`thread/details`), asked for after each snapshot is painted. Kept across
   * snapshots, so a thread's conversation stays on screen (one update behind at most) while
   * the newer one is on its way.
   */
  readonly details: DetailsByKey;
  readonly summary: Summary;
  readonly visibility: Visibility;
  readonly ui: UiState;
  readonly progress?: Progress;
  readonly notices: readonly Notice[];
  /** Keys of threads checked in the triage view for bulk actions. */
  readonly triageChecked: ReadonlySet<string>;

  applySnapshot(folders: readonly FolderSnapshot[], visibility: Visibility): void;
  applyDetails(folders: readonly FolderDetails[]): void;
  setVisibility(v: Visibility): void;
  setIncompatible(hostVersion: number): void;
  setView(view: ViewName): void;
  setFilter<K extends FilterKey>(key: K, value: Filters[K]): void;
  clearFilters(): void;
  setSort(sort: SortOrder): void;
  select(key: string | undefined): void;
  setScrollTop(top: number): void;
  setHeaderHeight(px: number): void;
  setProgress(p: Progress | undefined): void;
  addNotice(n: Omit<Notice, 'id'>): number;
  dismissNotice(id: number): void;
  setTriageChecked(keys: ReadonlySet<string>): void;
}

let noticeId = 0;

export const createBoardStore = (initialUi: UiState = defaultUiState()) =>
  create<BoardState>()((set) => ({
    loaded: false,
    folders: [],
    rows: [],
    details: NO_DETAILS,
    summary: summarize([], []),
    visibility: { showResolved: true, showStale: true },
    ui: initialUi,
    notices: [],
    triageChecked: new Set(),

    applySnapshot: (folders, visibility) => set((s) => {
      const rows = projectRows(folders);
      const alive = new Set(rows.map((r) => r.key));
      const triageChecked = new Set([...s.triageChecked].filter((k) => alive.has(k)));
      return { loaded: true, folders, rows, summary: summarize(folders, rows), visibility, triageChecked };
    }),
    applyDetails: (folders) => set({ details: indexDetails(folders) }),
    setVisibility: (visibility) => set({ visibility }),
    setIncompatible: (hostVersion) => set({ incompatibleHostVersion: hostVersion }),
    setView: (view) => set((s) => ({ ui: { ...s.ui, view } })),
    setFilter: (key, value) => set((s) => {
      const filters: Record<string, unknown> = { ...s.ui.filters, [key]: value };
      if (value === undefined || value === '' || value === false) delete filters[key];
      return { ui: { ...s.ui, filters: filters as Filters, scrollTop: 0 } };
    }),
    clearFilters: () => set((s) => ({ ui: { ...s.ui, filters: {}, scrollTop: 0 } })),
    setSort: (sort) => set((s) => ({ ui: { ...s.ui, sort } })),
    select: (selectedKey) => set((s) => ({ ui: { ...s.ui, selectedKey } })),
    setScrollTop: (scrollTop) => set((s) => (s.ui.scrollTop === scrollTop ? s : { ui: { ...s.ui, scrollTop } })),
    setHeaderHeight: (headerHeight) => set((s) => (s.ui.headerHeight === headerHeight ? s : { ui: { ...s.ui, headerHeight } })),
    setProgress: (progress) => set({ progress }),
    addNotice: (n) => {
      const id = ++noticeId;
      set((s) => ({ notices: [...s.notices.filter((x) => x.kind === 'error' || !x.undoId || !n.undoId).slice(-3), { ...n, id }] }));
      return id;
    },
    dismissNotice: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
    setTriageChecked: (triageChecked) => set({ triageChecked }),
  }));

export type BoardStore = ReturnType<typeof createBoardStore>;
