/**
 * The Changes view's tree as plain data (no `vscode` import, so vitest runs it): files grouped
 * by folder with compact folders as VS Code's source control tree shows them (`src/auth` as one
 * row while a folder holds nothing but one folder), folders before files, by name; each file's
 * description (`+12 −3 · 2 threads`, `+4`) and viewed state; a folder viewed when all its files are.
 */
import type { ChangeKind, FileChange } from '../../shared/changes/model';
import type { ChangesSince } from '../../shared/changes';
import { countsWords } from './baseline-words';
import { countOf, l10n } from '../../shared/board/l10n';

export interface FileNode {
  kind: 'file';
  change: FileChange;
  /** The row's label: the file name. */
  name: string;
  viewed: boolean;
  openThreads: number;
}

export interface DirNode {
  kind: 'dir';
  /** Workspace-relative path of the (last) folder of the row. */
  path: string;
  /** `src` or, compacted, `src/auth/login`. */
  name: string;
  children: TreeNode[];
  /** Every file below is viewed. */
  viewed: boolean;
  /** Files below, at any depth. */
  files: number;
}

export type TreeNode = FileNode | DirNode;

/**
 * What a file row says beside its name: its counts, and open threads on it. A side with nothing
 * is left out (`+3`, not `+3 −0`): the row has a sidebar's width, and "2 threads" was cut first
 * (issue 40); the tooltip keeps both.
 */
export function fileDescription(n: Pick<FileNode, 'change' | 'openThreads'>): string {
  const parts: string[] = [];
  const { added, removed } = n.change;
  const counts = added !== undefined && removed !== undefined && (added > 0) !== (removed > 0)
    ? (added > 0 ? `+${added}` : `−${removed}`)
    : countsWords(n.change);
  if (counts) parts.push(counts);
  if (n.openThreads) parts.push(countOf(n.openThreads, l10n.t('{0} thread'), l10n.t('{0} threads')));
  return parts.join(' · ');
}

/** The letter of a change, as git's decorations: A, D, M, R. */
export const KIND_LETTER: Readonly<Record<ChangeKind, string>> = { added: 'A', deleted: 'D', modified: 'M', renamed: 'R' };

/** A change's kind in words (a function: the words are in the current language). */
export const kindWord = (kind: ChangeKind): string =>
  ({ added: l10n.t('Added'), deleted: l10n.t('Deleted'), modified: l10n.t('Modified'), renamed: l10n.t('Renamed') })[kind];

interface Building {
  dirs: Map<string, Building>;
  files: FileNode[];
}

/**
 * The tree of `changes`. `viewed(change)` tells a file's viewed state, `threads(change)` its
 * open threads.
 */
export function buildTree(changes: readonly FileChange[], viewed: (c: FileChange) => boolean, threads: (c: FileChange) => number): TreeNode[] {
  const top: Building = { dirs: new Map(), files: [] };
  for (const change of changes) {
    const parts = change.path.split('/');
    let at = top;
    for (const dir of parts.slice(0, -1)) {
      let next = at.dirs.get(dir);
      if (!next) at.dirs.set(dir, (next = { dirs: new Map(), files: [] }));
      at = next;
    }
    at.files.push({ kind: 'file', change, name: parts[parts.length - 1]!, viewed: viewed(change), openThreads: threads(change) });
  }
  return finish(top, '');
}

function finish(b: Building, prefix: string): TreeNode[] {
  const dirs: DirNode[] = [];
  for (const [name, sub] of [...b.dirs].sort(([x], [y]) => compareNames(x, y))) {
    // Compact folders: a folder holding only one folder (and no file) joins it on one row.
    let label = name;
    let inner = sub;
    while (inner.files.length === 0 && inner.dirs.size === 1) {
      const [childName, child] = [...inner.dirs][0]!;
      label += `/${childName}`;
      inner = child;
    }
    const path = prefix + label;
    const children = finish(inner, `${path}/`);
    const files = children.reduce((n, c) => n + (c.kind === 'file' ? 1 : c.files), 0);
    dirs.push({ kind: 'dir', path, name: label, children, viewed: children.every((c) => c.viewed), files });
  }
  const files = [...b.files].sort((x, y) => compareNames(x.name, y.name));
  return [...dirs, ...files];
}

/** Names as the explorer sorts them: case-insensitive, numbers by value (`a2` before `a10`). */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Every file below a node (the node itself when it is a file). */
export function filesUnder(n: TreeNode): FileNode[] {
  if (n.kind === 'file') return [n];
  return n.children.flatMap(filesUnder);
}

/** Under this many seconds an age is "just now". */
const JUST_NOW_SECONDS = 60;
/** The units an age is said in after "just now": each from the end of the one before until `until` (seconds). */
const AGE_UNITS: readonly { seconds: number; until: number; say: (n: number) => string }[] = [
  { seconds: 60, until: 3600, say: (n) => l10n.t('{0} min ago', n) },
  { seconds: 3600, until: 86_400, say: (n) => l10n.t('{0} h ago', n) },
  { seconds: 86_400, until: Infinity, say: (n) => countOf(n, l10n.t('{0} day ago'), l10n.t('{0} days ago')) },
];
const ageUnitOf = (seconds: number) => AGE_UNITS.find((u) => seconds < u.until)!;

/** "just now", "5 min ago", "3 h ago", "2 days ago". */
export function ago(iso: string, nowMs = Date.now()): string {
  const s = Math.max(0, Math.round((nowMs - Date.parse(iso)) / 1000));
  if (s < JUST_NOW_SECONDS) return l10n.t('just now');
  const unit = ageUnitOf(s);
  return unit.say(Math.round(s / unit.seconds));
}

/**
 * How long until `ago(iso)` says something else ("just now" → "1 min ago" at 60 s, "1 min" →
 * "2 min" at 90 s, …): when a shown age is due to be said again. At least a second, at most an hour.
 */
export function msUntilAgoChanges(iso: string, nowMs = Date.now()): number {
  const elapsedMs = Math.max(0, nowMs - Date.parse(iso));
  const s = Math.round(elapsedMs / 1000);
  let next = JUST_NOW_SECONDS;
  if (s >= JUST_NOW_SECONDS) {
    const unit = ageUnitOf(s);
    next = Math.min(unit.until, (Math.round(s / unit.seconds) + 0.5) * unit.seconds);
  }
  // ago() rounds the elapsed seconds, so its words change half a second before `next`; 50 ms more
  // to be past it whatever the timer's rounding.
  const waitMs = (next - 0.5) * 1000 - elapsedMs + 50;
  return Math.min(3_600_000, Math.max(1000, Math.ceil(waitMs)));
}

/**
 * What of a folder's list its rows and notes show, as a string: equal strings draw the same rows.
 * The files are counted (their rows are compared one by one elsewhere), and how long the
 * computation took is left out: it differs on every computation, and a redraw for it re-rendered
 * every row while the user clicked a Viewed checkbox (the click was lost).
 */
export function shownOfResult(result: ChangesSince | undefined): string {
  return JSON.stringify(result ?? null, (key, value: unknown) => {
    if (key === 'ms') return undefined;
    return key === 'changes' && Array.isArray(value) ? value.length : value;
  });
}
