import { useMemo, useRef, useState } from 'react';
import { useApp, useBoard } from '../lib/context';
import { fileOptions, filterChips, originWord, ORIGINS, type Origin, type SortOrder } from '../../../shared/board/projection';
import { Checkbox, Codicon, IconButton, Select, TextField, type TextFieldHandle } from '../ui/primitives';
import { l10n } from '../../../shared/board/l10n';

const ANY = '';

/** Search, the combinable filters, sort, the shared visibility toggles, and the chips. */
export function FilterBar({ searchRef }: { searchRef: React.RefObject<TextFieldHandle | null> }) {
  const { store, actions } = useApp();
  const filters = useBoard((s) => s.ui.filters);
  const sort = useBoard((s) => s.ui.sort);
  const visibility = useBoard((s) => s.visibility);
  const rows = useBoard((s) => s.rows);
  const multiRoot = useBoard((s) => s.folders.length > 1);
  const st = store.getState();
  // The file list is built when the file filter is first used (or one is chosen already).
  const [fileListWanted, setFileListWanted] = useState(false);
  const files = useMemo(() => (fileListWanted || filters.file ? fileOptions(rows, multiRoot) : []), [fileListWanted, filters.file, rows, multiRoot]);
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  const chips = filterChips(filters);
  // In a narrow panel the filters fold behind a toggle, so the list keeps its room.
  const [open, setOpen] = useState(false);

  return (
    <div className={`filter-bar${open ? ' open' : ''}`}>
      <div className="filter-row">
        <TextField ref={searchRef} value={filters.text ?? ''} placeholder={l10n.t('Search comments, replies, files (/)')} label={l10n.t('Search')} icon="search" testId="search"
          onInput={(v) => { clearTimeout(debounce.current); debounce.current = setTimeout(() => st.setFilter('text', v.trim() || undefined), 120); }}
          onKeyDown={(e) => { if (e.key === 'Escape' || e.key === 'ArrowDown') { e.preventDefault(); document.querySelector<HTMLElement>('[data-testid="thread-list"]')?.focus(); } }} />
        <button type="button" className="filters-toggle" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="filters-toggle">
          <Codicon name="filter" /> {chips.length ? l10n.t('Filters ({0})', chips.length) : l10n.t('Filters')}
        </button>
        <span className="filter-controls">
          <Select label={l10n.t('State')} testId="filter-workflow" value={filters.workflow ?? ANY}
            options={[{ value: ANY, label: l10n.t('Any state') }, { value: 'open', label: l10n.t('Open') }, { value: 'resolved', label: l10n.t('Resolved') }]}
            onChange={(v) => st.setFilter('workflow', v || undefined)} />
          <Select label={l10n.t('Anchor')} testId="filter-anchor" value={filters.anchor ?? ANY}
            options={[{ value: ANY, label: l10n.t('Any anchor') }, { value: 'anchored', label: l10n.t('Anchored') }, { value: 'stale', label: l10n.t('Stale') }, { value: 'orphaned', label: l10n.t('Orphaned') }]}
            onChange={(v) => st.setFilter('anchor', v || undefined)} />
          <Select label={l10n.t('Author')} testId="filter-author" value={filters.author ?? ANY}
            options={[{ value: ANY, label: l10n.t('Any author') }, { value: 'human', label: l10n.t('Human') }, { value: 'agent', label: l10n.t('Agent') }]}
            onChange={(v) => st.setFilter('author', v || undefined)} />
          <Select<Origin | ''> label={l10n.t('Origin')} testId="filter-origin" value={filters.origin ?? ANY}
            options={[{ value: ANY, label: l10n.t('Any origin') }, ...ORIGINS.map((o) => ({ value: o, label: originWord(o) }))]}
            onChange={(v) => st.setFilter('origin', v || undefined)} />
          <Select label={l10n.t('File')} testId="filter-file" value={filters.file ?? ANY} onFirstUse={() => setFileListWanted(true)}
            options={[{ value: ANY, label: l10n.t('All files') }, ...(fileListWanted ? files : files.filter((f) => f.value === filters.file))]}
            onChange={(v) => st.setFilter('file', v || undefined)} />
          <Select<SortOrder> label={l10n.t('Sort')} testId="sort" value={sort}
            options={[{ value: 'file', label: l10n.t('Sort by file') }, { value: 'activity', label: l10n.t('Sort by newest activity') }, { value: 'state', label: l10n.t('Sort by state') }]}
            onChange={(v) => st.setSort(v)} />
        </span>
      </div>
      <div className="filter-row secondary filter-controls">
        <Checkbox checked={!!filters.unseen} onChange={(v) => st.setFilter('unseen', v || undefined)} testId="filter-unseen">{l10n.t('Unseen by agent')}</Checkbox>
        <Checkbox checked={!!filters.awaitingCheck} onChange={(v) => st.setFilter('awaitingCheck', v || undefined)} testId="filter-awaiting-check">{l10n.t('Addressed, awaiting your check')}</Checkbox>
        <Checkbox checked={!!filters.pending} onChange={(v) => st.setFilter('pending', v || undefined)} testId="filter-pending">{l10n.t('Pending review')}</Checkbox>
        <Checkbox checked={!!filters.addressedUnchanged} onChange={(v) => st.setFilter('addressedUnchanged', v || undefined)} testId="filter-addressed-unchanged">{l10n.t('Addressed, code unchanged')}</Checkbox>
        <span className="divider" />
        <Checkbox checked={visibility.showResolved} onChange={(v) => actions.setVisibility({ showResolved: v })} testId="toggle-resolved">{l10n.t('Show resolved')}</Checkbox>
        <Checkbox checked={visibility.showStale} onChange={(v) => actions.setVisibility({ showStale: v })} testId="toggle-stale">{l10n.t('Show stale & orphaned')}</Checkbox>
      </div>
      {chips.length > 0 && (
        <div className="chips" data-testid="chips">
          {chips.map((c) => (
            <span key={c.key} className="chip" data-testid={`chip-${c.key}`}>
              {c.label}
              <IconButton icon="close" label={l10n.t('Remove filter {0}', c.label)} onClick={() => st.setFilter(c.key, undefined)} testId={`chip-remove-${c.key}`} />
            </span>
          ))}
          <button type="button" className="link-button" onClick={() => st.clearFilters()} data-testid="clear-filters">{l10n.t('Clear all')}</button>
        </div>
      )}
    </div>
  );
}
