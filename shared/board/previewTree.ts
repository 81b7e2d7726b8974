/**
 * The board's first screen as a small element tree, drawn before the app (React, the UI
 * toolkit: ~440 kB to parse and run) has started. Pure (no DOM): two ends draw the same tree.
 *  - The host writes it into the panel's HTML (previewHtml.ts): the rows are on screen as soon
 *    as the page is parsed, before any script or stylesheet of ours has loaded.
 *  - The boot script builds it as DOM from the first snapshot when the page has none
 *    (webview/src/preview/paintPreview.ts: a panel shown again, see usablePagePreview in webview/src/main.tsx).
 * What is in it:
 *  - the rows of the app's projection under the UI state the page starts from, at the saved
 *    scroll position and selection, with the same markup and classes as components/ThreadList.tsx,
 *    so the app's first render replaces it in place;
 *  - `inert` and aria-busy: nothing in it can be clicked or focused; the app takes over input;
 *  - text only as text nodes: titles come from agents and stay inert (no HTML is parsed from them).
 * The header's height (summary and filter bars, drawn by the app with the toolkit) is the one the
 * app last measured (UiState.headerHeight), so the rows do not jump when it takes over. React
 * clears #root on its first commit; nothing here outlives it.
 */
import { rowBadges, stateIcon } from './rowBadges';
import { SUMMARY_STATS, threadsInFiles } from './summaryStats';
import { TABS } from './tabs';
import { lineLabel, relativeTime } from './time';
import { GROUP_HEIGHT, ROW_HEIGHT } from './listLayout';
import type { FirstScreen, PreviewThread } from './firstScreen';
import { l10n } from './l10n';

export interface PreviewNode {
  readonly tag: 'div' | 'span' | 'nav' | 'aside' | 'p' | 'b' | 'i' | 'br';
  readonly className?: string;
  /** data-*, title, aria-* and `inert` (value ''): plain attributes, in this order. */
  readonly attrs?: Readonly<Record<string, string>>;
  /** Geometry, px: the one thing a sink must set as style (a height, and a vertical offset). */
  readonly box?: { readonly height: number; readonly y?: number };
  /** The list's saved scroll position: how far its content is scrolled up. */
  readonly scrollTop?: number;
  readonly children?: readonly (PreviewNode | string)[];
}

/** The whole first screen: what goes into #root. */
export function previewTree(screen: FirstScreen): PreviewNode {
  const { summary } = screen;
  const stats: (PreviewNode | string)[] = SUMMARY_STATS.map(({ key, label, icon, cls }) => {
    const n = summary[key];
    return node('span', `stat ${cls}${n ? '' : ' zero'}`, [codicon(icon), ' ', node('b', '', [String(n)]), ` ${label}`]);
  });
  stats.push(node('span', 'muted stat-files', [threadsInFiles(summary)]));
  const sticky: PreviewNode = { ...node('div', 'sticky-top', [node('div', 'summary-bar', [node('div', 'stats', stats)])]), box: { height: screen.headerHeight } };

  const items = screen.items.map((it) => (it.group
    ? positioned(groupHeader(it.group), it.y, GROUP_HEIGHT)
    : positioned(threadRow(it.thread!, it.selected === true), it.y, ROW_HEIGHT)));
  const list: PreviewNode = { ...node('div', 'thread-list', [{ ...node('div', 'virtual-space', items), box: { height: screen.height } }]), scrollTop: screen.scrollTop };
  const board = node('div', 'board', [sticky, node('div', 'split', [list, detailPane(screen.hasSelection)])]);
  return {
    ...node('div', 'app preview', [tabBar(summary.stale + summary.orphaned), board]),
    attrs: {
      'data-testid': 'board-preview',
      // Drawn from the host's page (with the token that names that HTML), or from the first snapshot.
      'data-source': screen.token ? 'page' : 'snapshot',
      'data-token': screen.token,
      'data-basis': screen.basis,
      inert: '',
      'aria-busy': 'true',
    },
  };
}

/** The detail pane as components/ThreadDetail.tsx draws it with nothing selected; empty when a thread is (its conversation comes with the app). */
function detailPane(hasSelection: boolean): PreviewNode {
  if (hasSelection) return node('aside', 'detail empty-detail');
  return node('aside', 'detail empty-detail', [
    codicon('list-selection'),
    node('p', 'muted', [l10n.t('Select a thread to read it and reply.'), node('br', ''), l10n.t('↑↓ move · Enter opens the code · r reply · x resolve · / search')]),
  ]);
}

function tabBar(flagged: number): PreviewNode {
  return node('nav', 'tabs', TABS.map((t) => node('span', `tab${t.view === 'board' ? ' active' : ''}${t.view === 'setup' ? ' push-right' : ''}`, [
    codicon(t.icon), ` ${t.label}`, ...(t.view === 'triage' && flagged > 0 ? [node('span', 'count-pill', [String(flagged)])] : []),
  ])));
}

function positioned(child: PreviewNode, y: number, height: number): PreviewNode {
  return { ...node('div', 'virtual-item', [child]), box: { height, y } };
}

/**
 * The inside of a file group's header: THE description of it, drawn by the app's list
 * (webview/src/components/ThreadList.tsx, through TreeNodes) and by this first screen alike.
 */
export function groupHeaderContent(group: { readonly label: string; readonly count: number; readonly open: number }): PreviewNode[] {
  const slash = group.label.lastIndexOf('/');
  return [
    codicon('file'), node('span', 'group-name', [group.label.slice(slash + 1)]), node('span', 'group-dir muted', [slash > 0 ? group.label.slice(0, slash) : '']),
    { ...node('span', 'group-count', [String(group.count)]), attrs: { title: l10n.t('{0} open of {1}', group.open, group.count), 'data-testid': 'group-count' } },
  ];
}

/**
 * The inside of a thread row but its action buttons (the app's are live, the first screen's
 * inert): THE description of a row, drawn by the app's list and by this first screen alike.
 */
export function threadRowContent(t: PreviewThread): PreviewNode[] {
  const resolved = t.workflowState === 'resolved';
  const meta: PreviewNode[] = [node('span', '', [lineLabel(t.startLine, t.endLine)]), node('span', '', [t.pr?.via === 'pulled' ? `@${t.pr.author}` : t.author === 'human' ? l10n.t('human') : l10n.t('agent')]), { ...node('span', '', [relativeTime(t.lastActivityAt)]), attrs: { title: t.lastActivityAt } }];
  if (t.replyCount) meta.push(node('span', '', [codicon('comment-discussion'), ` ${t.replyCount}${t.lastReplyAuthor === 'agent' && !resolved ? ` · ${l10n.t('agent replied')}` : ''}`]));
  if (t.movedFrom) {
    const { file, startLine, endLine } = t.movedFrom;
    // The file's name is enough in a row; the title says where exactly.
    const name = file.slice(file.lastIndexOf('/') + 1);
    meta.push({ ...node('span', 'moved-from', [codicon('move'), ` from ${name} ${lineLabel(startLine, endLine)}`]), attrs: { title: `Its code moved here from ${file}, ${lineLabel(startLine, endLine)}`, 'data-testid': 'row-moved-from' } });
  }
  const badges = rowBadges(t).map((b): PreviewNode => ({ ...node('span', `tag ${b.cls}`, [b.label]), attrs: { title: b.title, 'data-testid': `badge-${b.cls}` } }));
  return [
    codicon(stateIcon(t), `state-icon ${t.workflowState}`),
    node('div', 'row-main', [node('div', 'row-title', [t.title ? t.title : node('i', 'muted', ['(empty)'])]), node('div', 'row-meta muted', meta)]),
    node('div', 'row-badges', badges),
  ];
}

/** The icons of a row's two action buttons (resolve or reopen, open in the editor). */
export function rowActionIcons(t: Pick<PreviewThread, 'workflowState'>): readonly [string, string] {
  return [t.workflowState === 'resolved' ? 'issue-reopened' : 'check', 'go-to-file'];
}

function groupHeader(group: { readonly label: string; readonly count: number; readonly open: number }): PreviewNode {
  return node('div', 'group-header', groupHeaderContent(group));
}

function threadRow(t: PreviewThread, selected: boolean): PreviewNode {
  const resolved = t.workflowState === 'resolved';
  return {
    ...node('div', `thread-row${selected ? ' selected' : ''}${resolved ? ' resolved' : ''}`, [
      ...threadRowContent(t),
      // The row's two action buttons, drawn but inert: they hold the same room as the app's.
      node('div', 'row-actions', rowActionIcons(t).map((icon) => node('span', 'icon-button', [codicon(icon)]))),
    ]),
    attrs: { 'data-testid': 'preview-row', 'data-thread-id': t.id },
  };
}

function codicon(name: string, extra = ''): PreviewNode {
  return { tag: 'span', className: `codicon codicon-${name}${extra ? ` ${extra}` : ''}`, attrs: { 'aria-hidden': 'true' } };
}

function node(tag: PreviewNode['tag'], className: string, children?: readonly (PreviewNode | string)[]): PreviewNode {
  return { tag, ...(className ? { className } : {}), ...(children ? { children } : {}) };
}
