/**
 * The board's first screen, drawn by the boot script while the app (React, the UI toolkit:
 * ~440 kB to parse and run) is still loading: from the data the host put in the page, or else
 * from the first snapshot (firstScreen.ts). On a slow machine that load takes longer than
 * everything else between opening the board and seeing threads, so the rows the app is about
 * to show are drawn first, as plain DOM:
 *  - the rows of the app's projection under the saved UI state, at the saved scroll position
 *    and selection, with the same markup and classes as components/ThreadList.tsx, so the
 *    app's first render replaces it in place;
 *  - `inert` and aria-busy: nothing in it can be clicked or focused; the app takes over input;
 *  - text only through textContent: titles come from agents and stay inert (no HTML parsed).
 * The header's height (summary and filter bars, drawn by the app with the toolkit) is the one
 * the app last measured (UiState.headerHeight), so the rows do not jump when it takes over.
 * React clears #root on its first commit; nothing here outlives it.
 */
import { SUMMARY_STATS, threadsInFiles } from '../lib/summaryStats';
import { TABS } from '../lib/tabs';
import { lineLabel, relativeTime } from '../lib/time';
import { GROUP_HEIGHT, ROW_HEIGHT } from '../state/listLayout';
import type { UiState } from '../state/uiState';
import type { FirstScreen, PreviewThread } from './firstScreen';

/** The header height measured on the board at 1100 × 720 in VS Code's default font: used before the app has saved one. */
const DEFAULT_HEADER_HEIGHT = 110;

/** Draws the first screen into `root`, replacing what is there (firstScreen.ts says what is in it). */
export function paintPreview(root: HTMLElement, screen: FirstScreen, ui: UiState): void {
  const { summary } = screen;
  const app = el('div', 'app preview');
  app.dataset.testid = 'board-preview';
  app.dataset.source = screen.token ? 'page' : 'snapshot'; // drawn from the host's page, or from the first snapshot
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
  space.style.height = `${screen.height}px`;
  for (const it of screen.items) {
    if (it.group) space.append(positioned(groupHeader(it.group), it.y, GROUP_HEIGHT));
    else if (it.thread) space.append(positioned(threadRow(it.thread, it.selected === true), it.y, ROW_HEIGHT));
  }
  list.append(space);
  const split = el('div', 'split');
  split.append(list, el('aside', 'detail empty-detail'));
  const board = el('div', 'board');
  board.append(sticky, split);
  app.append(board);
  root.replaceChildren(app);
  // At the saved scroll position, as the app's virtual list (forces a layout: only when there is somewhere to scroll to).
  if (ui.scrollTop) list.scrollTop = ui.scrollTop;
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

function groupHeader(item: { readonly label: string; readonly count: number }): HTMLElement {
  const slash = item.label.lastIndexOf('/');
  const g = el('div', 'group-header');
  g.append(codicon('file'), el('span', 'group-name', item.label.slice(slash + 1)), el('span', 'group-dir muted', slash > 0 ? item.label.slice(0, slash) : ''), el('span', 'group-count', String(item.count)));
  return g;
}

function threadRow(t: PreviewThread, selected: boolean): HTMLElement {
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
