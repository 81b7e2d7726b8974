import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useApp, useBoard } from '../lib/context';
import { groupHeaderContent, rowActionIcons, threadRowContent } from '../../../shared/board/previewTree';
import { GROUP_HEIGHT, ROW_HEIGHT, WORKTREE_HEIGHT } from '../../../shared/board/listLayout';
import { relativeTime } from '../../../shared/board/time';
import type { ListItem, Row } from '../../../shared/board/projection';
import { TreeNodes } from '../ui/TreeNodes';
import { l10n } from '../../../shared/board/l10n';
import { sessionLabel } from '../../../shared/board/session-label';
import type { WorktreeView } from '../../../shared/board/protocol';

/**
 * The virtualized, keyboard-driven list (a listbox with aria-activedescendant): only the rows
 * in view are in the DOM, so thousands of threads stay smooth.
 * Keys: ↑/↓ move, Home/End, PageUp/PageDown, Enter opens in the editor, r reply, x resolve/reopen.
 */
export function ThreadList({ items, onReplyShortcut }: { items: readonly ListItem[]; onReplyShortcut: () => void }) {
  const { store, actions } = useApp();
  const selectedKey = useBoard((s) => s.ui.selectedKey);
  const scrollRef = useRef<HTMLDivElement>(null);
  const initialScroll = useRef(store.getState().ui.scrollTop);
  // Plain loops, no per-item arrays or key maps: this runs for every snapshot of thousands of threads.
  const threadIndexes = useMemo(() => {
    const out: number[] = [];
    for (let i = 0; i < items.length; i++) if (items[i]!.kind === 'thread') out.push(i);
    return out;
  }, [items]);
  const selIndex = useMemo(() => {
    if (selectedKey === undefined) return undefined;
    const i = items.findIndex((it) => it.key === selectedKey);
    return i < 0 ? undefined : i;
  }, [items, selectedKey]);

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (items[i]?.kind === 'group' ? GROUP_HEIGHT : items[i]?.kind === 'worktree' ? WORKTREE_HEIGHT : ROW_HEIGHT),
    overscan: 8,
    initialOffset: initialScroll.current,
    getItemKey: (i) => items[i]!.key,
  });

  const selectedRow = selIndex !== undefined ? (items[selIndex] as Extract<ListItem, { kind: 'thread' }>).row : undefined;

  const selectAt = (threadPos: number) => {
    const idx = threadIndexes[Math.max(0, Math.min(threadIndexes.length - 1, threadPos))];
    if (idx === undefined) return;
    store.getState().select(items[idx]!.key);
    virtualizer.scrollToIndex(idx, { align: 'auto' });
  };

  // Keep the selection visible when the list changes under it (filters, new snapshot).
  useEffect(() => { if (selIndex !== undefined) virtualizer.scrollToIndex(selIndex, { align: 'auto' }); }, [selIndex, items]); // eslint-disable-line react-hooks/exhaustive-deps

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const pos = selIndex !== undefined ? threadIndexes.indexOf(selIndex) : -1;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 500) / ROW_HEIGHT) - 1);
    const handled = () => { e.preventDefault(); e.stopPropagation(); };
    switch (e.key) {
      case 'ArrowDown': handled(); selectAt(pos + 1); break;
      case 'ArrowUp': handled(); selectAt(pos < 0 ? 0 : pos - 1); break;
      case 'PageDown': handled(); selectAt(pos + page); break;
      case 'PageUp': handled(); selectAt(pos - page); break;
      case 'Home': handled(); selectAt(0); break;
      case 'End': handled(); selectAt(threadIndexes.length - 1); break;
      case 'Enter': if (selectedRow) { handled(); actions.reveal(selectedRow); } break;
      case 'r': if (selectedRow) { handled(); onReplyShortcut(); } break;
      case 'x': if (selectedRow && !selectedRow.otherWorktree) { handled(); void actions.setState([selectedRow], selectedRow.thread.workflowState === 'open' ? 'resolved' : 'open'); } break;
      default: break;
    }
  };

  // Scroll position is saved (UI state), at most once per frame.
  const scrollFrame = useRef(0);
  const onScroll = () => {
    cancelAnimationFrame(scrollFrame.current);
    scrollFrame.current = requestAnimationFrame(() => store.getState().setScrollTop(Math.round(scrollRef.current?.scrollTop ?? 0)));
  };

  return (
    <div ref={scrollRef} className="thread-list" tabIndex={0} role="listbox" aria-label={l10n.t('Review threads')}
      aria-activedescendant={selectedKey !== undefined && selIndex !== undefined ? domId(selectedKey) : undefined}
      onKeyDown={onKeyDown} onScroll={onScroll} data-testid="thread-list"
      onFocus={() => { if (selIndex === undefined && threadIndexes.length) selectAt(0); }}>
      <div className="virtual-space" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((v) => {
          const it = items[v.index]!;
          return (
            <div key={v.key} className="virtual-item" style={{ transform: `translateY(${v.start}px)`, height: v.size }}>
              {it.kind === 'group' ? <GroupHeader item={it} /> : it.kind === 'worktree' ? <WorktreeHeader item={it} /> : <ThreadRow row={it.row} selected={it.key === selectedKey} />}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** DOM ids must not contain the NUL that separates root and id in keys. */
const domId = (key: string): string => `t-${key.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.charCodeAt(0).toString(16)}`)}`;

function GroupHeader({ item }: { item: Extract<ListItem, { kind: 'group' }> }) {
  return (
    <div className="group-header" role="presentation" data-testid="group-header">
      <TreeNodes nodes={groupHeaderContent(item)} />
    </div>
  );
}

/** What the worktree's agent last did: "claude 7f3a working now", "claude 7f3a acted 2 min ago". */
function agentWords(w: WorktreeView): string {
  const who = w.lastAgentSession ? sessionLabel(w.lastAgentSession) : undefined;
  if (w.agentWorking) return who ? l10n.t('{0} working now', who) : l10n.t('agent working now');
  const when = relativeTime(w.lastAgentAt!);
  return who ? l10n.t('{0} acted {1}', who, when) : l10n.t('agent acted {0}', when);
}

/** A worktree's part of the list (issue 39): its branch, its folder, its open threads, when an agent last acted there. */
function WorktreeHeader({ item }: { item: Extract<ListItem, { kind: 'worktree' }> }) {
  const { worktree, open, total } = item.section;
  return (
    <div className={`worktree-header${worktree.current ? ' current' : ''}`} role="presentation" data-testid="worktree-header" data-folder={worktree.folder}>
      <span className="codicon codicon-git-branch" />
      <span className="worktree-branch" data-testid="worktree-branch">{worktree.branch ?? l10n.t('(detached)')}</span>
      {worktree.current && <span className="tag worktree-here">{l10n.t('this checkout')}</span>}
      {/* Long folders lose their start, not their name (rtl ellipsis; bdi keeps the path itself left to right). */}
      <span className="worktree-folder muted" title={worktree.folder}><bdi>{worktree.folder}</bdi></span>
      {worktree.lastAgentAt && <span className="muted worktree-agent" title={worktree.lastAgentSession ? `${worktree.lastAgentSession} · ${worktree.lastAgentAt}` : worktree.lastAgentAt} data-testid="worktree-agent">{agentWords(worktree)}</span>}
      <span className="group-count" title={l10n.t('{0} open of {1}', open, total)} data-testid="worktree-open">{l10n.t('{0} open', open)}</span>
    </div>
  );
}

const ThreadRow = memo(function ThreadRow({ row, selected }: { row: Row; selected: boolean }) {
  const { store, actions } = useApp();
  const t = row.thread;
  const resolved = t.workflowState === 'resolved';
  const [toggleIcon, openIcon] = rowActionIcons(t);
  return (
    <div id={domId(row.key)} role="option" aria-selected={selected} data-testid="thread-row" data-thread-id={t.id}
      className={`thread-row${selected ? ' selected' : ''}${resolved ? ' resolved' : ''}`}
      // One click picks the thread (its conversation shows beside the list); a double click, or Enter, opens its code.
      onClick={() => store.getState().select(row.key)} onDoubleClick={() => actions.reveal(row)}>
      <TreeNodes nodes={threadRowContent(t)} />
      <div className="row-actions" aria-hidden="true">
        {!row.otherWorktree && <RowAction icon={toggleIcon} label={resolved ? l10n.t('Reopen (x)') : l10n.t('Resolve (x)')} testId="row-toggle-state"
          onClick={() => void actions.setState([row], resolved ? 'open' : 'resolved')} />}
        <RowAction icon={openIcon} label={t.anchorState === 'orphaned' ? l10n.t('Its file is gone: open Triage (Enter)') : l10n.t('Open in editor (Enter)')}
          onClick={() => actions.reveal(row)} testId="row-open" />
      </div>
    </div>
  );
});

/**
 * A row's action for the mouse. Not a button: a listbox option may hold no control (a screen
 * reader reads the option as one item, and a focusable inside it is a second, unreachable tab
 * stop: axe-core's nested-interactive). The keyboard has the same actions as keys (Enter, x, r,
 * shown in the keyboard help) and as the detail pane's buttons.
 */
function RowAction(props: { icon: string; label: string; onClick: () => void; testId: string }) {
  return (
    <span className="icon-button" title={props.label} data-testid={props.testId}
      onClick={(e) => { e.stopPropagation(); props.onClick(); }}>
      <span className={`codicon codicon-${props.icon}`} />
    </span>
  );
}
