/**
 * The only state the webview persists (vscode.setState): filters, sort, selection, scroll and
 * the open view. Versioned (`__v`) and migrated on read, so a panel restored by an older or
 * newer build never crashes on a saved shape it does not know (style.md item 5).
 */
import { VIEW_NAMES, type ViewName } from './protocol';
import { ORIGINS, type Filters, type SortOrder } from './projection';

export const UI_STATE_VERSION = 1;

export interface UiState {
  readonly __v: number;
  readonly view: ViewName;
  readonly filters: Filters;
  readonly sort: SortOrder;
  readonly selectedKey?: string;
  readonly scrollTop: number;
  /**
   * Layout hint, not a choice of the user: the board header's height (summary and filter bars)
   * as last drawn, so the boot preview (previewTree.ts) puts its rows where the app will.
   */
  readonly headerHeight?: number;
  /**
   * The token of the last first screen the host put in the page and the boot script drew
   * (firstScreen.ts): the same HTML reloaded later must not draw it again.
   */
  readonly shownFirstScreen?: string;
}

export const defaultUiState = (view: ViewName = 'board'): UiState => ({ __v: UI_STATE_VERSION, view, filters: {}, sort: 'file', scrollTop: 0 });

const pick = <T extends string>(v: unknown, allowed: readonly T[]): T | undefined => (typeof v === 'string' && (allowed as readonly string[]).includes(v) ? (v as T) : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.length <= 4096 ? v : undefined);

/** Reads whatever was saved; anything unknown or malformed falls back to the default. */
export function migrateUiState(saved: unknown, fallbackView: ViewName = 'board'): UiState {
  const base = defaultUiState(fallbackView);
  if (typeof saved !== 'object' || saved === null) return base;
  const s = saved as Record<string, unknown>;
  if (s.__v !== UI_STATE_VERSION) return base; // only one version so far: nothing to migrate from
  const f = (typeof s.filters === 'object' && s.filters !== null ? s.filters : {}) as Record<string, unknown>;
  const filters: Filters = {
    workflow: pick(f.workflow, ['open', 'resolved'] as const),
    anchor: pick(f.anchor, ['anchored', 'stale', 'orphaned'] as const),
    unseen: f.unseen === true ? true : undefined,
    awaitingCheck: f.awaitingCheck === true ? true : undefined,
    pending: f.pending === true ? true : undefined,
    addressedUnchanged: f.addressedUnchanged === true ? true : undefined,
    author: pick(f.author, ['human', 'agent'] as const),
    origin: pick(f.origin, ORIGINS),
    file: text(f.file),
    text: text(f.text),
  };
  return {
    __v: UI_STATE_VERSION,
    view: pick(s.view, VIEW_NAMES) ?? base.view,
    filters: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as Filters,
    sort: pick(s.sort, ['file', 'activity', 'state'] as const) ?? 'file',
    selectedKey: text(s.selectedKey),
    scrollTop: typeof s.scrollTop === 'number' && s.scrollTop >= 0 ? s.scrollTop : 0,
    ...(typeof s.headerHeight === 'number' && s.headerHeight > 0 && s.headerHeight < 2000 ? { headerHeight: s.headerHeight } : {}),
    ...(text(s.shownFirstScreen) ? { shownFirstScreen: text(s.shownFirstScreen) } : {}),
  };
}

/** The UI state a page load starts from: what was saved, in the view the opening command asked for (#root's data-view). */
export function initialUiState(saved: unknown, requestedView: string | undefined): UiState {
  const ui = migrateUiState(saved);
  const view = pick(requestedView, VIEW_NAMES);
  return view ? { ...ui, view } : ui;
}
