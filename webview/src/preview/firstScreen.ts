/**
 * The board's first screen as data: which group headers and thread rows are in view, where, and
 * the summary counts above them. Pure (no DOM): both ends run it.
 *  - The host runs it while it builds the panel's HTML (extension/board/session.ts firstScreen)
 *    and puts the result in the page (#root's data-first-screen, html.ts). The boot script
 *    draws it at once (paintPreview.ts): no waiting for the `ready` round trip and for a
 *    snapshot of thousands of threads to be serialised, carried and parsed.
 *  - The boot script runs it on the first snapshot when the page has no usable first screen
 *    (a panel shown again reloads its old HTML: see usableFirstScreen).
 * Either way it is the app's own projection (state/projection.ts) and list layout
 * (state/listLayout.ts) under the UI state the page starts from, so the app's first render
 * replaces it in place.
 */
import { checkThreadView, type FolderSnapshot, type ThreadView, type Visibility } from '../../../shared/protocol';
import { buildList, filterRows, projectRows, summarize, type Summary } from '../state/projection';
import { GROUP_HEIGHT, ROW_HEIGHT } from '../state/listLayout';
import type { UiState } from '../state/uiState';

/** What a row of the first screen shows of its thread: the ThreadView without the triage-only fields. */
export type PreviewThread = Omit<ThreadView, 'reason' | 'targetContent' | 'replyAuthors'>;

export interface FirstScreenItem {
  /** Top of the item in the list, px. */
  readonly y: number;
  readonly group?: { readonly label: string; readonly count: number };
  readonly thread?: PreviewThread;
  readonly selected?: true;
}

export interface FirstScreen {
  /**
   * Names the HTML this screen was built into (the host makes a fresh one each time it sets the
   * panel's HTML); empty when the page built it itself. See usableFirstScreen.
   */
  readonly token: string;
  /** The UI state it was drawn for (uiBasis): a page starting from another one must not use it. */
  readonly basis: string;
  readonly summary: Summary;
  /** Height of the whole list, px (the scroll range). */
  readonly height: number;
  readonly items: readonly FirstScreenItem[];
}

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
  const list = buildList(filterRows(all, ui.filters, visibility), ui.sort, folders.length > 1);
  if (list.length === 0) return undefined;
  const top = ui.scrollTop;
  const bottom = top + viewportHeight;
  const items: FirstScreenItem[] = [];
  let y = 0;
  for (const it of list) {
    const h = it.kind === 'group' ? GROUP_HEIGHT : ROW_HEIGHT;
    if (y + h > top && y < bottom) {
      if (it.kind === 'thread') beforeShowing?.(it.row.t);
      items.push(it.kind === 'group' ? { y, group: { label: it.label, count: it.count } }
        : { y, thread: previewThread(it.row.t), ...(it.key === ui.selectedKey ? { selected: true as const } : {}) });
    }
    y += h;
  }
  return { token, basis: uiBasis(ui), summary: summarize(folders, all), height: y, items };
}

function previewThread(t: ThreadView): PreviewThread {
  const { reason: _reason, targetContent: _target, replyAuthors: _authors, ...shown } = t;
  return shown;
}

/**
 * The first screen the host put in the page (`data-first-screen`), if this page load may draw
 * it: it must be well-formed, built for the UI state the page starts from, and not already shown
 * once. VS Code reloads a hidden panel's old HTML when it is shown again; by then the threads
 * may have changed, and the token the app saved (UiState.shownFirstScreen) tells the old HTML apart.
 */
export function usableFirstScreen(raw: string | undefined, ui: UiState): FirstScreen | undefined {
  if (!raw) return undefined;
  let screen: unknown;
  try { screen = JSON.parse(raw); } catch { return undefined; }
  if (!isFirstScreen(screen) || screen.token === '' || screen.token === ui.shownFirstScreen || screen.basis !== uiBasis(ui)) return undefined;
  return screen;
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const SUMMARY_KEYS: readonly (keyof Summary)[] = ['total', 'open', 'resolved', 'unseen', 'stale', 'orphaned', 'files', 'unreadable'];

/** Data from the host is checked before use, as every message is (shared/protocol.ts). */
function isFirstScreen(v: unknown): v is FirstScreen {
  if (!isObject(v) || typeof v.token !== 'string' || typeof v.basis !== 'string' || !isCount(v.height) || !Array.isArray(v.items)) return false;
  const summary = v.summary;
  if (!isObject(summary) || !SUMMARY_KEYS.every((k) => isCount(summary[k]))) return false;
  return v.items.every((it) => isObject(it) && isCount(it.y) && (it.selected === undefined || it.selected === true)
    && (it.group !== undefined
      ? isObject(it.group) && typeof it.group.label === 'string' && isCount(it.group.count) && it.thread === undefined
      : checkThreadView(it.thread) === undefined));
}
