/**
 * The board's projection: pure functions from the host's snapshot (and the UI state) to what
 * the list shows. No React, no messaging — unit-tested in test/webview-projection.test.ts.
 */
import type { AnchorState, Author, WorkflowState } from '../../../shared/model';
import type { FolderSnapshot, ThreadView, Visibility } from '../../../shared/protocol';

/** One thread with the folder it belongs to; `key` is unique across workspace folders. */
export interface Row {
  readonly key: string;
  readonly root: string;
  readonly folderName: string;
  readonly t: ThreadView;
  /** Lower-cased text that free-text search looks in (body, replies, file, id). */
  readonly haystack: string;
}

export interface Filters {
  readonly workflow?: WorkflowState;
  readonly anchor?: AnchorState;
  readonly unseen?: boolean;
  readonly author?: Author;
  /** `${root}\u0000${file}` so equal paths in two folders stay apart. */
  readonly file?: string;
  readonly text?: string;
}
export type FilterKey = keyof Filters;
export type SortOrder = 'file' | 'activity' | 'state';

export type ListItem =
  | { readonly kind: 'group'; readonly key: string; readonly label: string; readonly folderName: string; readonly count: number; readonly open: number }
  | { readonly kind: 'thread'; readonly key: string; readonly row: Row };

export interface Summary {
  readonly total: number;
  readonly open: number;
  readonly resolved: number;
  readonly unseen: number;
  readonly stale: number;
  readonly orphaned: number;
  readonly files: number;
  readonly unreadable: number;
}

export const rowKey = (root: string, id: string): string => `${root}\u0000${id}`;
export const fileKey = (root: string, file: string): string => `${root}\u0000${file}`;

export function projectRows(folders: readonly FolderSnapshot[]): Row[] {
  const rows: Row[] = [];
  for (const f of folders) {
    for (const t of f.threads) {
      const haystack = [t.file, t.id, t.body, ...t.replies.map((r) => r.body)].join('\n').toLowerCase();
      rows.push({ key: rowKey(f.root, t.id), root: f.root, folderName: f.name, t, haystack });
    }
  }
  return rows;
}

export function summarize(folders: readonly FolderSnapshot[], rows: readonly Row[]): Summary {
  let open = 0, unseen = 0, stale = 0, orphaned = 0;
  const files = new Set<string>();
  for (const { root, t } of rows) {
    if (t.workflowState === 'open') open++;
    if (t.unseen) unseen++;
    if (t.anchorState === 'stale') stale++;
    if (t.anchorState === 'orphaned') orphaned++;
    files.add(fileKey(root, t.file));
  }
  return { total: rows.length, open, resolved: rows.length - open, unseen, stale, orphaned, files: files.size, unreadable: folders.filter((f) => f.error).length };
}

/** Flagged = needs triage: the anchor can no longer be trusted. */
export const isFlagged = (t: ThreadView): boolean => t.anchorState !== 'anchored';

export function matchesFilters(row: Row, filters: Filters, visibility: Visibility): boolean {
  const t = row.t;
  // The visibility toggles are shared with the inline threads; an explicit filter for the
  // hidden state wins, so "workflow: resolved" still shows resolved threads.
  if (!visibility.showResolved && t.workflowState === 'resolved' && filters.workflow !== 'resolved') return false;
  if (!visibility.showStale && isFlagged(t) && !filters.anchor) return false;
  if (filters.workflow && t.workflowState !== filters.workflow) return false;
  if (filters.anchor && t.anchorState !== filters.anchor) return false;
  if (filters.unseen && !t.unseen) return false;
  if (filters.author && t.author !== filters.author && !t.replies.some((r) => r.author === filters.author)) return false;
  if (filters.file && fileKey(row.root, t.file) !== filters.file) return false;
  if (filters.text) {
    for (const word of filters.text.toLowerCase().split(/\s+/)) if (word && !row.haystack.includes(word)) return false;
  }
  return true;
}

export function filterRows(rows: readonly Row[], filters: Filters, visibility: Visibility): Row[] {
  return rows.filter((r) => matchesFilters(r, filters, visibility));
}

/** Open+unseen first, then flagged, then other open, then resolved. */
function stateRank(t: ThreadView): number {
  if (t.workflowState === 'resolved') return 4;
  if (t.unseen) return 0;
  if (t.anchorState === 'orphaned') return 1;
  if (t.anchorState === 'stale') return 2;
  return 3;
}

const byLine = (a: Row, b: Row): number => a.t.startLine - b.t.startLine || a.t.id.localeCompare(b.t.id);
const byActivity = (a: Row, b: Row): number => (a.t.lastActivityAt < b.t.lastActivityAt ? 1 : a.t.lastActivityAt > b.t.lastActivityAt ? -1 : byLine(a, b));
const byState = (a: Row, b: Row): number => stateRank(a.t) - stateRank(b.t) || byLine(a, b);

/**
 * Groups rows by file (with counts) and orders groups and threads for the chosen sort:
 * file → groups by path, threads by line; activity → newest first; state → most urgent first.
 */
export function buildList(rows: readonly Row[], sort: SortOrder, multiRoot: boolean): ListItem[] {
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const k = fileKey(r.root, r.t.file);
    const g = groups.get(k);
    if (g) g.push(r);
    else groups.set(k, [r]);
  }
  const within = sort === 'activity' ? byActivity : sort === 'state' ? byState : byLine;
  const entries = [...groups.entries()].map(([key, g]) => ({ key, g: g.sort(within) }));
  const label = (r: Row): string => (multiRoot ? `${r.folderName}/${r.t.file}` : r.t.file);
  entries.sort((a, b) => {
    const ra = a.g[0]!, rb = b.g[0]!;
    if (sort === 'activity') return byActivity(ra, rb);
    if (sort === 'state') return byState(ra, rb) || label(ra).localeCompare(label(rb));
    return label(ra).localeCompare(label(rb));
  });
  const items: ListItem[] = [];
  for (const { key, g } of entries) {
    const first = g[0]!;
    items.push({ kind: 'group', key: `g:${key}`, label: label(first), folderName: first.folderName, count: g.length, open: g.filter((r) => r.t.workflowState === 'open').length });
    for (const row of g) items.push({ kind: 'thread', key: row.key, row });
  }
  return items;
}

/** The active filters as removable chips, in a stable order. */
export function filterChips(filters: Filters): { key: FilterKey; label: string }[] {
  const chips: { key: FilterKey; label: string }[] = [];
  if (filters.text) chips.push({ key: 'text', label: `“${filters.text}”` });
  if (filters.workflow) chips.push({ key: 'workflow', label: `state: ${filters.workflow}` });
  if (filters.anchor) chips.push({ key: 'anchor', label: `anchor: ${filters.anchor}` });
  if (filters.unseen) chips.push({ key: 'unseen', label: 'unseen by agent' });
  if (filters.author) chips.push({ key: 'author', label: `author: ${filters.author}` });
  if (filters.file) chips.push({ key: 'file', label: `file: ${filters.file.split('\u0000')[1] ?? filters.file}` });
  return chips;
}

export type NextAction =
  | { readonly kind: 'recover'; readonly label: string }
  | { readonly kind: 'triage'; readonly label: string }
  | { readonly kind: 'unseen'; readonly label: string }
  | { readonly kind: 'archive'; readonly label: string }
  | { readonly kind: 'none'; readonly label: string };

/** The one thing most worth doing next, for the summary bar. */
export function nextAction(s: Summary): NextAction {
  const n = (k: number, one: string, many: string): string => `${k} ${k === 1 ? one : many}`;
  if (s.unreadable) return { kind: 'recover', label: `Recover ${n(s.unreadable, 'unreadable store', 'unreadable stores')}` };
  if (s.stale + s.orphaned) return { kind: 'triage', label: `Triage ${n(s.stale + s.orphaned, 'flagged thread', 'flagged threads')}` };
  if (s.unseen) return { kind: 'unseen', label: `${n(s.unseen, 'thread', 'threads')} not yet read by your agent` };
  if (s.resolved) return { kind: 'archive', label: `Archive ${n(s.resolved, 'resolved thread', 'resolved threads')}` };
  return { kind: 'none', label: s.total ? 'All caught up' : 'No threads yet' };
}
