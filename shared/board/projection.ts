/**
 * The board's projection: pure functions from the host's snapshot (and the UI state) to what
 * the list shows. No React, no messaging — unit-tested in test/webview-projection.test.ts.
 */
import type { AnchorState, Author, WorkflowState } from '../model';
import type { FolderDetails, FolderSnapshot, ThreadDetails, ThreadView, Visibility, WorktreeView } from './protocol';
import { countThread, noThreads, type ThreadCounts } from './threadCounts';
import { l10n } from './l10n';

/** One thread with the folder it belongs to; `key` is unique across workspace folders. */
export interface Row {
  readonly key: string;
  readonly root: string;
  readonly folderName: string;
  readonly thread: ThreadView;
  /** Another git worktree's thread (FolderSnapshot.worktree, current false): read here, written in its own worktree. */
  readonly otherWorktree?: WorktreeView;
}

/** Conversations by row key (`thread/details`); empty until the host has sent them. */
export type DetailsByKey = ReadonlyMap<string, ThreadDetails>;
export const NO_DETAILS: DetailsByKey = new Map();

export interface Filters {
  readonly workflow?: WorkflowState;
  readonly anchor?: AnchorState;
  readonly unseen?: boolean;
  /** Addressed by the agent, waiting for the human to check it (ThreadView.awaitingCheck). */
  readonly awaitingCheck?: boolean;
  /** Part of the pending review, not sent to the agent yet. */
  readonly pending?: boolean;
  /** Addressed, but its code did not change (ThreadView.addressedUnchanged). */
  readonly addressedUnchanged?: boolean;
  readonly author?: Author;
  /** Where threads came from: a pull request (any author), a bot on one, or only here (ThreadView.pr). */
  readonly origin?: Origin;
  /** `${root}\u0000${file}` so equal paths in two folders stay apart. */
  readonly file?: string;
  readonly text?: string;
}
export type FilterKey = keyof Filters;
export type Origin = 'pr' | 'bot' | 'local';
export const ORIGINS: readonly Origin[] = ['pr', 'bot', 'local'];

/** Whether a thread is of that origin (Filters.origin). */
function hasOrigin(t: Pick<ThreadView, 'pr'>, origin: Origin): boolean {
  if (origin === 'local') return t.pr === undefined;
  if (origin === 'bot') return t.pr?.bot === true;
  return t.pr !== undefined;
}

export const originWord = (o: Origin): string => ({ pr: l10n.t('from a pull request'), bot: l10n.t('from a review bot'), local: l10n.t('only here') })[o];
export type SortOrder = 'file' | 'activity' | 'state';

export type ListItem =
  | { readonly kind: 'group'; readonly key: string; readonly label: string; readonly folderName: string; readonly count: number; readonly open: number }
  | { readonly kind: 'worktree'; readonly key: string; readonly section: WorktreeSection }
  | { readonly kind: 'thread'; readonly key: string; readonly row: Row };

/** The summary bar's figures: the counts every view shares (threadCounts.ts), the files, the unreadable stores. */
export interface Summary extends Readonly<ThreadCounts> {
  readonly files: number;
  readonly unreadable: number;
}

export const rowKey = (root: string, id: string): string => `${root}\u0000${id}`;
export const fileKey = (root: string, file: string): string => `${root}\u0000${file}`;

export function projectRows(folders: readonly FolderSnapshot[]): Row[] {
  const rows: Row[] = [];
  for (const f of folders) {
    const other = f.worktree && !f.worktree.current ? f.worktree : undefined;
    if (other) for (const thread of f.threads) rows.push({ key: rowKey(f.root, thread.id), root: f.root, folderName: f.name, thread, otherWorktree: other });
    else for (const thread of f.threads) rows.push({ key: rowKey(f.root, thread.id), root: f.root, folderName: f.name, thread });
  }
  return rows;
}

export function indexDetails(folders: readonly FolderDetails[]): DetailsByKey {
  const m = new Map<string, ThreadDetails>();
  for (const f of folders) for (const d of f.threads) m.set(rowKey(f.root, d.id), d);
  return m;
}

// Lower-cased search text, made the first time a search needs it (not for every snapshot).
const searchTextCache = new WeakMap<object, string>();
function searchText(row: Row, d: ThreadDetails | undefined): string {
  const owner = d ?? row.thread;
  let text = searchTextCache.get(owner);
  if (text === undefined) {
    // Until the conversations arrive, the title stands in for the body.
    const pr = row.thread.pr ? [`#${row.thread.pr.number}`, `@${row.thread.pr.author}`] : [];
    text = [row.thread.file, row.thread.id, ...pr, ...(d ? [d.body, ...d.replies.map((r) => r.body)] : [row.thread.title])].join('\n').toLowerCase();
    searchTextCache.set(owner, text);
  }
  return text;
}

/** The summary bar's counts: the ones the status bar shows too (threadCounts.ts), and the files. */
export function summarize(folders: readonly FolderSnapshot[], rows: readonly Row[]): Summary {
  const counts = noThreads();
  // Files per folder, without building a `root + file` key per thread (thousands of them).
  const filesByRoot = new Map<string, Set<string>>();
  for (const { root, thread } of rows) {
    countThread(counts, thread);
    let files = filesByRoot.get(root);
    if (!files) filesByRoot.set(root, (files = new Set()));
    files.add(thread.file);
  }
  let files = 0;
  for (const f of filesByRoot.values()) files += f.size;
  return { ...counts, files, unreadable: folders.filter((f) => f.error).length };
}

/** Flagged = needs triage: the anchor can no longer be trusted. */
export const isFlagged = (t: ThreadView): boolean => t.anchorState !== 'anchored';

/** Builds the search text of every row ahead of the first search (call when the page is idle). */
export function prepareSearch(rows: readonly Row[], details: DetailsByKey): void {
  for (const r of rows) searchText(r, details.get(r.key));
}

/** Free text looks in the file, the id, the body and the replies (`details`; the title until they arrive). */
export function matchesFilters(row: Row, filters: Filters, visibility: Visibility, details: DetailsByKey = NO_DETAILS): boolean {
  const t = row.thread;
  // The visibility toggles are shared with the inline threads; an explicit filter for the
  // hidden state wins, so "workflow: resolved" still shows resolved threads.
  if (!visibility.showResolved && t.workflowState === 'resolved' && filters.workflow !== 'resolved') return false;
  if (!visibility.showStale && isFlagged(t) && !filters.anchor) return false;
  if (filters.workflow && t.workflowState !== filters.workflow) return false;
  if (filters.anchor && t.anchorState !== filters.anchor) return false;
  if (filters.unseen && !t.unseen) return false;
  if (filters.awaitingCheck && !t.awaitingCheck) return false;
  if (filters.pending && !t.pending) return false;
  if (filters.addressedUnchanged && !t.addressedUnchanged) return false;
  if (filters.author && t.author !== filters.author && !t.replyAuthors?.includes(filters.author)) return false;
  if (filters.origin && !hasOrigin(t, filters.origin)) return false;
  if (filters.file && fileKey(row.root, t.file) !== filters.file) return false;
  if (filters.text) {
    const text = searchText(row, details.get(row.key));
    for (const word of filters.text.toLowerCase().split(/\s+/)) if (word && !text.includes(word)) return false;
  }
  return true;
}

export function filterRows(rows: readonly Row[], filters: Filters, visibility: Visibility, details: DetailsByKey = NO_DETAILS): Row[] {
  return rows.filter((r) => matchesFilters(r, filters, visibility, details));
}

/** Open+unseen first, then flagged, then other open, then resolved. */
function stateRank(t: ThreadView): number {
  if (t.workflowState === 'resolved') return 4;
  if (t.unseen) return 0;
  if (t.anchorState === 'orphaned') return 1;
  if (t.anchorState === 'stale') return 2;
  return 3;
}

/**
 * Text order for paths and ids: by UTF-16 code unit, the order `consider-cli list` and git use,
 * so the board and the agent's terminal list files alike. Not localeCompare: its first call in a
 * page loads ICU's collation data (~20 ms of the board's first paint, measured), and it is
 * several times slower per comparison on thousands of rows.
 */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byLine = (a: Row, b: Row): number => a.thread.startLine - b.thread.startLine || compareText(a.thread.id, b.thread.id);
const byActivity = (a: Row, b: Row): number => (a.thread.lastActivityAt < b.thread.lastActivityAt ? 1 : a.thread.lastActivityAt > b.thread.lastActivityAt ? -1 : byLine(a, b));
const byState = (a: Row, b: Row): number => stateRank(a.thread) - stateRank(b.thread) || byLine(a, b);

/** The order of threads within a file's group, for a sort. */
export const rowOrder = (sort: SortOrder): ((a: Row, b: Row) => number) => (sort === 'activity' ? byActivity : sort === 'state' ? byState : byLine);

/** One file's rows in the list: its place among the groups is known, its rows are sorted on demand (sortedRows). */
export interface FileGroup {
  readonly key: string;
  readonly label: string;
  readonly folderName: string;
  /** The file's rows, in store order until sortedRows sorts them in place. */
  readonly rows: Row[];
  /** The row the group shows first (its group's place in the list depends on it for two sorts). */
  readonly first: Row;
  /** Open threads among them. */
  readonly open: number;
  /** The order of rows within the group. */
  readonly within: (a: Row, b: Row) => number;
}

/**
 * Groups rows by file and orders the groups for the chosen sort, without sorting the rows
 * inside them: the board's first screen (firstScreen.ts) sorts only the groups it
 * shows, out of thousands of rows. Each group's first row is found by a scan: the orders are
 * total (ties end on the id), so it is the row a sort would put first.
 */
export function orderedFileGroups(rows: readonly Row[], sort: SortOrder, multiRoot: boolean): FileGroup[] {
  // Grouped by folder, then file: no `root + file` key string per thread (thousands of them).
  const byRoot = new Map<string, Map<string, Row[]>>();
  for (const r of rows) {
    let byFile = byRoot.get(r.root);
    if (!byFile) byRoot.set(r.root, (byFile = new Map()));
    const g = byFile.get(r.thread.file);
    if (g) g.push(r);
    else byFile.set(r.thread.file, [r]);
  }
  const within = rowOrder(sort);
  // Each group's key and label once, not per comparison (thousands of files sort in one go).
  const groups: FileGroup[] = [];
  for (const [root, byFile] of byRoot) {
    for (const [file, g] of byFile) {
      let first = g[0]!;
      let open = 0;
      for (const r of g) {
        if (within(r, first) < 0) first = r;
        if (r.thread.workflowState === 'open') open++;
      }
      groups.push({ key: fileKey(root, file), label: multiRoot ? `${first.folderName}/${file}` : file, folderName: first.folderName, rows: g, first, open, within });
    }
  }
  return groups.sort((a, b) => {
    if (sort === 'activity') return byActivity(a.first, b.first);
    if (sort === 'state') return byState(a.first, b.first) || compareText(a.label, b.label);
    return compareText(a.label, b.label);
  });
}

/** The group's rows in list order (sorted in place, once). */
export function sortedRows(group: FileGroup): readonly Row[] {
  return group.rows.sort(group.within);
}

/**
 * One worktree's part of the board (issue 39): its header's figures and the folders (roots)
 * whose threads it holds. Counts are of all its threads, whatever the filters hide.
 */
export interface WorktreeSection {
  readonly worktree: WorktreeView;
  readonly roots: readonly string[];
  readonly open: number;
  readonly total: number;
}

/**
 * The worktree sections of a snapshot, this checkout first, then the others in git's order;
 * none (an empty list) unless some folder is another worktree's: one checkout needs no headers.
 */
export function worktreeSections(folders: readonly FolderSnapshot[]): WorktreeSection[] {
  if (!folders.some((f) => f.worktree && !f.worktree.current)) return [];
  const byFolder = new Map<string, { worktree: WorktreeView; roots: string[]; open: number; total: number }>();
  for (const f of folders) {
    if (!f.worktree) continue;
    let s = byFolder.get(f.worktree.folder);
    if (!s) byFolder.set(f.worktree.folder, (s = { worktree: f.worktree, roots: [], open: 0, total: 0 }));
    s.roots.push(f.root);
    s.total += f.threads.length;
    for (const t of f.threads) if (t.workflowState === 'open') s.open++;
  }
  return [...byFolder.values()].sort((a, b) => Number(b.worktree.current) - Number(a.worktree.current) || a.worktree.order - b.worktree.order);
}

/**
 * Groups rows by file (with counts) and orders groups and threads for the chosen sort:
 * file → groups by path, threads by line; activity → newest first; state → most urgent first.
 * With worktree sections (worktreeSections), each worktree's rows come under its header, in
 * the sections' order, grouped and sorted the same way within it; a worktree none of whose
 * threads pass the filters shows no header.
 */
export function buildList(rows: readonly Row[], sort: SortOrder, multiRoot: boolean, sections: readonly WorktreeSection[] = []): ListItem[] {
  const items: ListItem[] = [];
  const pushGroups = (part: readonly Row[]): void => {
    for (const group of orderedFileGroups(part, sort, multiRoot)) {
      items.push({ kind: 'group', key: `g:${group.key}`, label: group.label, folderName: group.folderName, count: group.rows.length, open: group.open });
      for (const row of sortedRows(group)) items.push({ kind: 'thread', key: row.key, row });
    }
  };
  if (sections.length === 0) {
    pushGroups(rows);
    return items;
  }
  const sectionOfRoot = new Map<string, number>();
  sections.forEach((s, i) => { for (const r of s.roots) sectionOfRoot.set(r, i); });
  // A folder no section names (a workspace folder in another repository) comes last, unheaded.
  const parts: Row[][] = sections.map(() => []);
  const rest: Row[] = [];
  for (const r of rows) {
    const i = sectionOfRoot.get(r.root);
    (i === undefined ? rest : parts[i]!).push(r);
  }
  sections.forEach((section, i) => {
    if (parts[i]!.length === 0) return;
    items.push({ kind: 'worktree', key: `w:${section.worktree.folder}`, section });
    pushGroups(parts[i]!);
  });
  pushGroups(rest);
  return items;
}

/** The file filter's choices: every file with threads, by path (`folder/path` with several folders). */
export function fileOptions(rows: readonly Row[], multiRoot: boolean): { value: string; label: string }[] {
  const byRoot = new Map<string, Map<string, string>>();
  for (const r of rows) {
    let files = byRoot.get(r.root);
    if (!files) byRoot.set(r.root, (files = new Map()));
    if (!files.has(r.thread.file)) files.set(r.thread.file, multiRoot ? `${r.folderName}/${r.thread.file}` : r.thread.file);
  }
  const out: { value: string; label: string }[] = [];
  for (const [root, files] of byRoot) for (const [file, label] of files) out.push({ value: fileKey(root, file), label });
  return out.sort((a, b) => compareText(a.label, b.label));
}

/** The active filters as removable chips, in a stable order. */
export function filterChips(filters: Filters): { key: FilterKey; label: string }[] {
  const chips: { key: FilterKey; label: string }[] = [];
  if (filters.text) chips.push({ key: 'text', label: `“${filters.text}”` });
  if (filters.workflow) chips.push({ key: 'workflow', label: l10n.t('state: {0}', filters.workflow === 'open' ? l10n.t('open') : l10n.t('resolved')) });
  if (filters.anchor) chips.push({ key: 'anchor', label: l10n.t('anchor: {0}', ({ anchored: l10n.t('anchored'), stale: l10n.t('stale'), orphaned: l10n.t('orphaned') })[filters.anchor]) });
  if (filters.unseen) chips.push({ key: 'unseen', label: l10n.t('unseen by agent') });
  if (filters.awaitingCheck) chips.push({ key: 'awaitingCheck', label: l10n.t('addressed, awaiting your check') });
  if (filters.pending) chips.push({ key: 'pending', label: l10n.t('pending review') });
  if (filters.addressedUnchanged) chips.push({ key: 'addressedUnchanged', label: l10n.t('addressed, code unchanged') });
  if (filters.author) chips.push({ key: 'author', label: l10n.t('author: {0}', filters.author === 'human' ? l10n.t('human') : l10n.t('agent')) });
  if (filters.origin) chips.push({ key: 'origin', label: l10n.t('origin: {0}', originWord(filters.origin)) });
  if (filters.file) chips.push({ key: 'file', label: l10n.t('file: {0}', filters.file.split('\u0000')[1] ?? filters.file) });
  return chips;
}

export type NextAction =
  | { readonly kind: 'recover'; readonly label: string }
  | { readonly kind: 'triage'; readonly label: string }
  | { readonly kind: 'check'; readonly label: string }
  | { readonly kind: 'unseen'; readonly label: string }
  | { readonly kind: 'archive'; readonly label: string }
  | { readonly kind: 'none'; readonly label: string };

/** The one thing most worth doing next, for the summary bar. */
export function nextAction(s: Summary): NextAction {
  const n = (k: number, one: string, many: string): string => (k === 1 ? one : many).replace('{0}', String(k));
  if (s.unreadable) return { kind: 'recover', label: n(s.unreadable, l10n.t('Recover {0} unreadable store'), l10n.t('Recover {0} unreadable stores')) };
  if (s.stale + s.orphaned) return { kind: 'triage', label: n(s.stale + s.orphaned, l10n.t('Triage {0} flagged thread'), l10n.t('Triage {0} flagged threads')) };
  if (s.awaitingCheck) return { kind: 'check', label: n(s.awaitingCheck, l10n.t('Check {0} addressed thread'), l10n.t('Check {0} addressed threads')) };
  if (s.unseen) return { kind: 'unseen', label: n(s.unseen, l10n.t('{0} thread not yet read by your agent'), l10n.t('{0} threads not yet read by your agent')) };
  if (s.resolved) return { kind: 'archive', label: n(s.resolved, l10n.t('Archive {0} resolved thread'), l10n.t('Archive {0} resolved threads')) };
  return { kind: 'none', label: s.total ? l10n.t('All caught up') : l10n.t('No threads yet') };
}
