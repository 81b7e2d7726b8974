/**
 * The board's first screen, drawn by the boot script from the first snapshot while the app
 * (React, the UI toolkit: ~440 kB to parse and run) is still loading. On a slow machine that
 * load takes longer than everything else between opening the board and seeing threads, so the
 * rows the app is about to show are drawn first, as plain DOM:
 *  - the same projection as the app (state/projection.ts: saved filters, sort, visibility),
 *    the same saved scroll position and selection, the same markup and classes as
 *    components/ThreadList.tsx, so the app's first render replaces it in place;
 *  - `inert` and aria-busy: nothing in it can be clicked or focused; the app takes over input;
 *  - text only through textContent: titles come from agents and stay inert (no HTML parsed).
 * The header's height (summary and filter bars, drawn by the app with the toolkit) is the one
 * the app last measured (UiState.headerHeight), so the rows do not jump when it takes over.
 * React clears #root on its first commit; nothing here outlives it.
 */
import type { HostMessage } from '../../../shared/protocol';
import { SUMMARY_STATS, threadsInFiles } from '../lib/summaryStats';
import { TABS } from '../lib/tabs';
import { lineLabel, relativeTime } from '../lib/time';
import { buildList, filterRows, projectRows, summarize, type ListItem, type Row } from '../state/projection';
import { GROUP_HEIGHT, ROW_HEIGHT } from '../state/listLayout';
import type { UiState } from '../state/uiState';

type Snapshot = Extract<HostMessage, { type: 'host/snapshot' }>;

/** The header height measured on the board at 1100 × 720 in VS Code's default font: used before the app has saved one. */
const DEFAULT_HEADER_HEIGHT = 110;

/**
 * Draws the preview into `root` (replacing what is there). Returns false, drawing nothing, when
 * the app would not show a plain list: another view, an unreadable store (its banner), no rows.
 */
export function paintPreview(root: HTMLElement, snapshot: Snapshot, ui: UiState): boolean {
  if (ui.view !== 'board' || snapshot.folders.some((f) => f.error)) return false;
  const all = projectRows(snapshot.folders);
  const items = buildList(filterRows(all, ui.filters, snapshot.visibility), ui.sort, snapshot.folders.length > 1);
  if (items.length === 0) return false;
  const summary = summarize(snapshot.folders, all);

  const app = el('div', 'app preview');
  app.dataset.testid = 'board-preview';
  app.inert = true;
  app.setAttribute('aria-busy', 'true');
  app.append(tabBar(summary.stale + summary.orphaned));

  const sticky = el('div', 'sticky-top');
  sticky.style.height = `${ui.headerHeight ?? DEFAULT_HEADER_HEIGHT}px`;
  const stats = el('div', 'stats');
  for (const { key, icon, cls } of SUMMARY_STATS) {
    const n = summary[key];
    const s = el('span', `stat ${cls}${n ? '' : ' zero'}`);
    s.append(codicon(icon), ' ', el('b', '', String(n)), ` ${key}`);
    stats.append(s);
  }
  stats.append(el('span', 'muted stat-files', threadsInFiles(summary)));
  const bar = el('div', 'summary-bar');
  bar.append(stats);
  sticky.append(bar);

  const list = el('div', 'thread-list');
  const space = el('div', 'virtual-space');
  list.append(space);
  const split = el('div', 'split');
  split.append(list, el('aside', 'detail empty-detail'));
  const board = el('div', 'board');
  board.append(sticky, split);
  app.append(board);
  root.replaceChildren(app);

  // Only what is in view, at the saved scroll position (the app's virtual list does the same).
  // The window's height bounds the list's: asking the list would force a layout before the paint.
  const top = ui.scrollTop;
  const bottom = top + window.innerHeight;
  let y = 0;
  for (const it of items) {
    const h = it.kind === 'group' ? GROUP_HEIGHT : ROW_HEIGHT;
    if (y + h > top && y < bottom) space.append(positioned(it.kind === 'group' ? groupHeader(it) : threadRow(it.row, it.key === ui.selectedKey), y, h));
    y += h;
  }
  space.style.height = `${y}px`;
  if (top) list.scrollTop = top; // (forces a layout: only when there is somewhere to scroll to)
  return true;
}

function tabBar(flagged: number): HTMLElement {
  const nav = el('nav', 'tabs');
  for (const t of TABS) {
    const tab = el('span', `tab${t.view === 'board' ? ' active' : ''}${t.view === 'setup' ? ' push-right' : ''}`);
    tab.append(codicon(t.icon), ` ${t.label}`);
    if (t.view === 'triage' && flagged > 0) tab.append(el('span', 'count-pill', String(flagged)));
    nav.append(tab);
  }
  return nav;
}

function positioned(child: HTMLElement, y: number, h: number): HTMLElement {
  const item = el('div', 'virtual-item');
  item.style.transform = `translateY(${y}px)`;
  item.style.height = `${h}px`;
  item.append(child);
  return item;
}

function groupHeader(item: Extract<ListItem, { kind: 'group' }>): HTMLElement {
  const slash = item.label.lastIndexOf('/');
  const g = el('div', 'group-header');
  g.append(codicon('file'), el('span', 'group-name', item.label.slice(slash + 1)), el('span', 'group-dir muted', slash > 0 ? item.label.slice(0, slash) : ''), el('span', 'group-count', String(item.count)));
  return g;
}

function threadRow(row: Row, selected: boolean): HTMLElement {
  const t = row.t;
  const resolved = t.workflowState === 'resolved';
  const r = el('div', `thread-row${selected ? ' selected' : ''}${resolved ? ' resolved' : ''}`);
  r.dataset.testid = 'preview-row';
  r.dataset.threadId = t.id;
  const title = el('div', 'row-title');
  if (t.title) title.textContent = t.title;
  else title.append(el('i', 'muted', '(empty)'));
  const meta = el('div', 'row-meta muted');
  const when = el('span', '', relativeTime(t.lastActivityAt));
  when.title = t.lastActivityAt;
  meta.append(el('span', '', lineLabel(t.startLine, t.endLine)), el('span', '', t.author), when);
  if (t.replyCount) {
    const replies = el('span');
    replies.append(codicon('comment-discussion'), ` ${t.replyCount}${t.lastReplyAuthor === 'agent' && !resolved ? ' · agent replied' : ''}`);
    meta.append(replies);
  }
  const main = el('div', 'row-main');
  main.append(title, meta);
  const badges = el('div', 'row-badges');
  if (t.unseen) badges.append(el('span', 'tag unseen', 'unseen'));
  if (t.anchorState !== 'anchored') badges.append(el('span', `tag ${t.anchorState}`, t.anchorState));
  if (resolved) badges.append(el('span', 'tag resolved', 'resolved'));
  // The row's two action buttons, drawn but inert: they hold the same room as the app's.
  const actions = el('div', 'row-actions');
  for (const icon of [resolved ? 'issue-reopened' : 'check', 'go-to-file']) {
    const b = el('span', 'icon-button');
    b.append(codicon(icon));
    actions.append(b);
  }
  r.append(codicon(resolved ? 'pass-filled' : t.author === 'agent' ? 'hubot' : 'comment', `state-icon ${t.workflowState}`), main, badges, actions);
  return r;
}

function codicon(name: string, extra = ''): HTMLElement {
  const i = el('span', `codicon codicon-${name}${extra ? ` ${extra}` : ''}`);
  i.setAttribute('aria-hidden', 'true');
  return i;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}
