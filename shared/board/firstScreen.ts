/**
 * The board's first screen as data: which group headers and thread rows are in view, where, and
 * the summary counts above them. Pure (no DOM): both ends run it.
 *  - The host runs it while it builds the panel's HTML (extension/board/session.ts firstScreen)
 *    and writes it into the page as markup (previewHtml.ts, html.ts): the rows are painted as
 *    the page is parsed, with no waiting for our scripts and stylesheet to load, for the
 *    `ready` round trip, or for a snapshot of thousands of threads to be serialised, carried
 *    and parsed.
 *  - The boot script runs it on the first snapshot when the page has no usable first screen
 *    (a panel shown again reloads its old HTML: see usablePagePreview) and draws it as DOM
 *    (paintPreview.ts).
 * Either way it is the app's own projection (projection.ts) and list layout
 * (listLayout.ts) under the UI state the page starts from, so the app's first render
 * replaces it in place.
 */
import { type FolderSnapshot, type ThreadView, type Visibility } from './protocol';
import { filterRows, orderedFileGroups, projectRows, sortedRows, summarize, type Summary } from './projection';
import { GROUP_HEIGHT, ROW_HEIGHT } from './listLayout';
import type { UiState } from './uiState';

/** What a row of the first screen shows of its thread: the ThreadView without the triage-only fields. */
export type PreviewThread = Omit<ThreadView, 'reason' | 'targetContent' | 'replyAuthors'>;

export interface FirstScreenItem {
  /** Top of the item in the list, px. */
  readonly y: number;
  readonly group?: { readonly label: string; readonly count: number; readonly open: number };
  readonly thread?: PreviewThread;
  readonly selected?: true;
}

export interface FirstScreen {
  /**
   * Names the HTML this screen was built into (the host makes a fresh one each time it sets the
   * panel's HTML); empty when the page built it itself. See usablePagePreview in main.tsx.
   */
  readonly token: string;
  /** The UI state it was drawn for (uiBasis): a page starting from another one must not use it. */
  readonly basis: string;
  readonly summary: Summary;
  /** Height of the sticky header above the list, px (UiState.headerHeight, else DEFAULT_HEADER_HEIGHT and REVIEW_BAR_HEIGHT). */
  readonly headerHeight: number;
  /** The list's scroll position, px (UiState.scrollTop). */
  readonly scrollTop: number;
  /** A thread is selected (UiState.selectedKey): the detail pane will show it, not the hint. */
  readonly hasSelection: boolean;
  /** Height of the whole list, px (the scroll range). */
  readonly height: number;
  readonly items: readonly FirstScreenItem[];
}

/** The header height measured on the board at 1100 × 720 in VS Code's default font: used before the app has saved one. */
export const DEFAULT_HEADER_HEIGHT = 110;
/**
 * What the review bar (components/ReviewBar.tsx) adds to it while a review is pending, measured
 * likewise. The preview leaves the bar's room empty, as it does the filter bar's.
 */
export const REVIEW_BAR_HEIGHT = 39;

/**
 * How much of the list the host puts in the page: it cannot know the panel's height, so enough
 * for a tall one (a row is 50 px: ~32 rows, ~10 kB). A taller panel shows the rest when the app
 * arrives.
 */
export const HOST_SCREEN_HEIGHT = 1600;

/** The parts of the UI state that decide which rows show where. */
export const uiBasis = (ui: UiState): string => JSON.stringify([ui.view, ui.filters, ui.sort, ui.selectedKey ?? null, ui.scrollTop]);

/**
 * The board's first `viewportHeight` px of list from `ui.scrollTop`, or undefined when the app
 * would not show a plain list: another view, an unreadable store (its banner), no rows.
 * `beforeShowing` is called on each thread in view before its row is made (the host fills in
 * its title there: extension/board/snapshot.ts SnapshotDraft).
 */
export function firstScreen(
  folders: readonly FolderSnapshot[], visibility: Visibility, ui: UiState, viewportHeight: number, token = '', beforeShowing?: (t: ThreadView) => void,
): FirstScreen | undefined {
  if (ui.view !== 'board' || folders.some((f) => f.error)) return undefined;
  const all = projectRows(folders);
  const groups = orderedFileGroups(filterRows(all, ui.filters, visibility), ui.sort, folders.length > 1);
  if (groups.length === 0) return undefined;
  const top = ui.scrollTop;
  const bottom = top + viewportHeight;
  const inView = (y: number, h: number): boolean => y + h > top && y < bottom;
  const items: FirstScreenItem[] = [];
  let y = 0;
  // The list is a group header then its rows, group after group (buildList): only the groups in
  // view have their rows sorted and looked at.
  for (const group of groups) {
    const h = GROUP_HEIGHT + group.rows.length * ROW_HEIGHT;
    if (inView(y, h)) {
      if (inView(y, GROUP_HEIGHT)) items.push({ y, group: { label: group.label, count: group.rows.length, open: group.open } });
      let rowY = y + GROUP_HEIGHT;
      for (const row of sortedRows(group)) {
        if (rowY >= bottom) break;
        if (inView(rowY, ROW_HEIGHT)) {
          beforeShowing?.(row.thread);
          items.push({ y: rowY, thread: previewThread(row.thread), ...(row.key === ui.selectedKey ? { selected: true as const } : {}) });
        }
        rowY += ROW_HEIGHT;
      }
    }
    y += h;
  }
  const summary = summarize(folders, all);
  const headerHeight = ui.headerHeight ?? DEFAULT_HEADER_HEIGHT + (summary.pending ? REVIEW_BAR_HEIGHT : 0);
  return { token, basis: uiBasis(ui), summary, headerHeight, scrollTop: top, hasSelection: ui.selectedKey !== undefined, height: y, items };
}

function previewThread(t: ThreadView): PreviewThread {
  const { reason: _reason, targetContent: _target, replyAuthors: _authors, ...shown } = t;
  return shown;
}

/**
 * Whether this page load may keep the first screen the host wrote into the page
 * (previewHtml.ts; the preview element's data-token and data-basis): it must have been built
 * for the UI state the page starts from, and not been shown once already. VS Code reloads a
 * hidden panel's old HTML when it is shown again; by then the threads may have changed, and the
 * token the app saved (UiState.shownFirstScreen) tells the old HTML apart. (The host gives a
 * panel it hides a page without a first screen, so this is the second line of defence.)
 */
export function usablePagePreview(page: { readonly token?: string; readonly basis?: string } | undefined, ui: UiState): boolean {
  return !!page?.token && page.token !== ui.shownFirstScreen && page.basis === uiBasis(ui);
}
