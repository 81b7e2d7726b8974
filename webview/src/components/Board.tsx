import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useApp, useBoard } from '../lib/context';
import { NO_DETAILS, buildList, filterRows, worktreeSections, type Row } from '../../../shared/board/projection';
import { Button, Codicon, type TextFieldHandle } from '../ui/primitives';
import { FilterBar } from './FilterBar';
import { ReviewBar } from './ReviewBar';
import { RoundsPanel } from './RoundsPanel';
import { SummaryBar } from './SummaryBar';
import { ThreadDetail, type ThreadDetailHandle } from './ThreadDetail';
import { ThreadList } from './ThreadList';
import { l10n } from '../../../shared/board/l10n';
import { withNodes } from '../lib/l10n';

export function Board() {
  const { store } = useApp();
  const rows = useBoard((s) => s.rows);
  const filters = useBoard((s) => s.ui.filters);
  const sort = useBoard((s) => s.ui.sort);
  const visibility = useBoard((s) => s.visibility);
  const folders = useBoard((s) => s.folders);
  const selectedKey = useBoard((s) => s.ui.selectedKey);
  // Only a text search looks into the conversations: their arrival re-filters nothing else.
  const searchDetails = useBoard((s) => (s.ui.filters.text ? s.details : NO_DETAILS));
  const searchRef = useRef<TextFieldHandle>(null);
  const headerRef = useRef<HTMLDivElement>(null);
  const detailRef = useRef<ThreadDetailHandle>(null);

  const filtered = useMemo(() => filterRows(rows, filters, visibility, searchDetails), [rows, filters, visibility, searchDetails]);
  const sections = useMemo(() => worktreeSections(folders), [folders]);
  // Other worktrees' folders have their own headers: file labels name a folder only when this checkout has several.
  const multiRoot = useMemo(() => folders.filter((f) => !f.worktree || f.worktree.current).length > 1, [folders]);
  const items = useMemo(() => buildList(filtered, sort, multiRoot, sections), [filtered, sort, multiRoot, sections]);
  const selected: Row | undefined = useMemo(() => rows.find((r) => r.key === selectedKey), [rows, selectedKey]);

  // "/" focuses search from anywhere on the board (not while typing in a field).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      const typing = t.closest('vscode-text-field, vscode-text-area, input, textarea');
      if (e.key === '/' && !typing) { e.preventDefault(); searchRef.current?.focus(); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // The header's height is remembered for the next page load's preview (shared/board/previewTree.ts).
  useEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    const observer = new ResizeObserver(() => { if (header.offsetHeight) store.getState().setHeaderHeight(header.offsetHeight); });
    observer.observe(header);
    return () => observer.disconnect();
  }, [store]);

  const focusReply = useCallback(() => detailRef.current?.focusReply(), []);
  const hasFilters = Object.keys(filters).length > 0;

  return (
    <div className="board">
      <div className="sticky-top" ref={headerRef}>
        <SummaryBar />
        <ReviewBar />
        <RoundsPanel />
        <FilterBar searchRef={searchRef} />
      </div>
      {rows.length === 0 ? (
        <EmptyBoard />
      ) : items.length === 0 ? (
        <div className="empty" data-testid="empty-filtered">
          <Codicon name="filter" />
          <p>{hasFilters ? l10n.t('No thread matches these filters.') : l10n.t('No thread matches the visibility toggles.')}</p>
          {hasFilters ? <Button appearance="secondary" onClick={() => store.getState().clearFilters()}>{l10n.t('Clear filters')}</Button>
            : <p className="muted">{l10n.t('Turn on “Show resolved” or “Show stale & orphaned” above.')}</p>}
        </div>
      ) : (
        <div className="split">
          <ThreadList items={items} onReplyShortcut={focusReply} />
          <ThreadDetail ref={detailRef} row={selected} />
        </div>
      )}
    </div>
  );
}

function EmptyBoard() {
  const folders = useBoard((s) => s.folders);
  const { store } = useApp();
  if (folders.length === 0) {
    return <div className="empty" data-testid="empty-board"><Codicon name="folder-opened" /><p>{l10n.t('Open a folder to review code with Consider.')}</p></div>;
  }
  const noStore = folders.every((f) => !f.hasStore && !f.error);
  return (
    <div className="empty" data-testid="empty-board">
      <Codicon name="comment-discussion" />
      <p><b>{l10n.t('No review threads yet.')}</b></p>
      <p className="muted">{withNodes(l10n.t('Select lines in an editor and run {0} (or click the + in the gutter). Your agent answers with {1}; replies show up here and inline.'),
        <b>{l10n.t('Consider: Add Comment')}</b>, <code>consider-cli</code>)}</p>
      {noStore && <Button icon="gear" onClick={() => store.getState().setView('setup')} testId="empty-setup">{l10n.t('Set up Consider for your agent')}</Button>}
    </div>
  );
}
