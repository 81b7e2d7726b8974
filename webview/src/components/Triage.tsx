import { useEffect, useMemo, useState } from 'react';
import type { AnchorSuggestion } from '../../../shared/board/protocol';
import { useApp, useBoard } from '../lib/context';
import { sideBySide } from '../lib/diff';
import { lineLabel } from '../../../shared/board/time';
import { compareText, isFlagged, type Row } from '../../../shared/board/projection';
import { Button, Checkbox, Codicon, Spinner } from '../ui/primitives';
import { countOf, l10n } from '../../../shared/board/l10n';
import { anchorBadge } from '../../../shared/board/rowBadges';
import { withNodes } from '../lib/l10n';
import { SuggestedMove } from './SuggestedMove';

const PAGE = 25;

/**
 * Stale and orphaned threads: what the thread was written about beside today's code at the
 * suggested place, and the actions to settle each one — alone or checked in bulk.
 */
export function Triage() {
  const { store, actions } = useApp();
  const rows = useBoard((s) => s.rows);
  const checked = useBoard((s) => s.triageChecked);
  const [limit, setLimit] = useState(PAGE);
  const flagged = useMemo(() => rows.filter((r) => isFlagged(r.thread))
    .sort((a, b) => compareText(a.root, b.root) || compareText(a.thread.file, b.thread.file) || a.thread.startLine - b.thread.startLine), [rows]);
  const selectedRows = flagged.filter((r) => checked.has(r.key));
  const setChecked = (keys: Iterable<string>) => store.getState().setTriageChecked(new Set(keys));
  const allChecked = flagged.length > 0 && selectedRows.length === flagged.length;

  if (flagged.length === 0) {
    return (
      <div className="empty" data-testid="triage-empty">
        <Codicon name="pass" />
        <p><b>{l10n.t('Nothing to triage.')}</b> {l10n.t('Every thread still points at the code it was written about.')}</p>
        <p className="muted">{withNodes(l10n.t('Threads land here when their code changes (stale) or their file disappears (orphaned). Run {0} on the board after big changes.'), <b>{l10n.t('Reconcile all')}</b>)}</p>
        <Button appearance="secondary" onClick={() => store.getState().setView('board')}>{l10n.t('Back to the board')}</Button>
      </div>
    );
  }
  const bulk = selectedRows.length > 0;
  const checkAllLabel = bulk ? l10n.t('{0} selected', selectedRows.length) : countOf(flagged.length, l10n.t('{0} flagged thread'), l10n.t('{0} flagged threads'));
  return (
    <div className="triage" data-testid="triage">
      <div className="triage-toolbar sticky-top">
        <Checkbox checked={allChecked} onChange={(v) => setChecked(v ? flagged.map((r) => r.key) : [])} testId="triage-check-all">
          {checkAllLabel}
        </Checkbox>
        <div className="triage-bulk">
          <Button appearance="secondary" icon="target" disabled={!bulk} onClick={() => void actions.reanchor(selectedRows, 'suggestion')} testId="bulk-reanchor">{l10n.t('Re-anchor to suggestions')}</Button>
          <Button appearance="secondary" icon="verified" disabled={!bulk} onClick={() => void actions.confirm(selectedRows)} testId="bulk-confirm">{l10n.t('Still valid')}</Button>
          <Button appearance="secondary" icon="check" disabled={!bulk} onClick={() => void actions.setState(selectedRows, 'resolved')} testId="bulk-resolve">{l10n.t('Resolve')}</Button>
          <Button appearance="secondary" icon="trash" disabled={!bulk} onClick={() => void actions.deleteThreads(selectedRows)} testId="bulk-delete">{l10n.t('Delete')}</Button>
        </div>
      </div>
      <div className="triage-cards">
        {flagged.slice(0, limit).map((r) => (
          <TriageCard key={r.key} row={r} checked={checked.has(r.key)}
            onCheck={(v) => setChecked(v ? [...checked, r.key] : [...checked].filter((k) => k !== r.key))} />
        ))}
      </div>
      {flagged.length > limit && <div className="more"><Button appearance="secondary" onClick={() => setLimit(limit + PAGE)}>{l10n.t('Show {0} more', Math.min(PAGE, flagged.length - limit))}</Button></div>}
    </div>
  );
}

function TriageCard({ row, checked, onCheck }: { row: Row; checked: boolean; onCheck: (v: boolean) => void }) {
  const { bridge, actions } = useApp();
  const t = row.thread;
  const [suggestion, setSuggestion] = useState<AnchorSuggestion | 'loading' | { error: string }>('loading');
  // Ask again when the thread changes (a snapshot after an edit or a re-anchor).
  useEffect(() => {
    let live = true;
    setSuggestion('loading');
    bridge.request('anchor/suggest', { root: row.root, id: t.id })
      .then((s) => { if (live) setSuggestion(s); })
      .catch((e: unknown) => { if (live) setSuggestion({ error: e instanceof Error ? e.message : String(e) }); });
    return () => { live = false; };
  }, [bridge, row.root, t.id, t.startLine, t.endLine, t.anchorState, t.targetContent]);

  const orphaned = t.anchorState === 'orphaned';
  const s = typeof suggestion === 'object' && 'fileExists' in suggestion ? suggestion : undefined;
  const hasSuggestion = !!s && s.startLine !== undefined;
  return (
    <section className={`triage-card${checked ? ' checked' : ''}`} data-testid="triage-card" data-thread-id={t.id} aria-label={`${t.file} ${lineLabel(t.startLine, t.endLine)}`}>
      <header className="triage-head">
        <Checkbox checked={checked} onChange={onCheck} label={l10n.t('Select {0} {1}', t.file, lineLabel(t.startLine, t.endLine))} testId="triage-check" />
        <button type="button" className="link-button file-link" onClick={() => actions.reveal(row)} disabled={orphaned}>
          <Codicon name="file" /> {t.file} <span className="muted">{lineLabel(t.startLine, t.endLine)}</span>
        </button>
        <span className={`tag ${anchorBadge(t).cls}`}>{anchorBadge(t).label}</span>
        {t.workflowState === 'resolved' && <span className="tag resolved">{l10n.t('resolved')}</span>}
      </header>
      <p className="triage-body">{t.title}</p>
      {t.reason && <p className="muted reason"><Codicon name="info" /> {t.reason}</p>}
      <SuggestedMove row={row} />
      {suggestion === 'loading' ? <div className="muted"><Spinner /> {l10n.t('Looking for the code…')}</div>
        : 'error' in suggestion ? <p className="error-text">{l10n.t('Could not read today\'s code: {0}', suggestion.error)}</p>
        : <DiffView row={row} s={suggestion} />}
      <div className="triage-actions">
        <Button icon="target" disabled={!hasSuggestion} onClick={() => void actions.reanchor([row], 'suggestion')} testId="reanchor-suggestion"
          title={hasSuggestion ? l10n.t('Move the thread to {0}', lineLabel(s!.startLine!, s!.endLine!)) : l10n.t('No suggested place')}>{l10n.t('Re-anchor to suggestion')}</Button>
        <Button appearance="secondary" icon="selection" onClick={() => void actions.reanchor([row], 'selection')} testId="reanchor-selection"
          title={l10n.t('Move the thread to the lines selected in an editor (in another file too, when its code moved there)')}>{l10n.t('To editor selection')}</Button>
        <Button appearance="secondary" icon="verified" disabled={orphaned} onClick={() => void actions.confirm([row])} testId="confirm-valid"
          title={l10n.t('Keep this place and remember today\'s code as the target')}>{l10n.t('Still valid here')}</Button>
        <Button appearance="secondary" icon="check" disabled={t.workflowState === 'resolved'} onClick={() => void actions.setState([row], 'resolved')} testId="triage-resolve">{l10n.t('Resolve')}</Button>
        <Button appearance="secondary" icon="trash" onClick={() => void actions.deleteThreads([row])} testId="triage-delete">{l10n.t('Delete')}</Button>
      </div>
    </section>
  );
}

function DiffView({ row, s }: { row: Row; s: AnchorSuggestion }) {
  const t = row.thread;
  const stored = (t.targetContent ?? '').split('\n');
  const { before, after } = sideBySide(stored, s.currentLines);
  const where = !s.fileExists ? l10n.t('The file no longer exists')
    : s.startLine !== undefined && s.kind === 'edited' ? l10n.t('Today in its place, edited: {0}', lineLabel(s.startLine, s.endLine ?? s.startLine))
    : s.startLine !== undefined ? (s.confidence !== undefined
      ? l10n.t('Today at the suggested place, {0} ({1}% match)', lineLabel(s.startLine, s.endLine ?? s.startLine), Math.round(s.confidence * 100))
      : l10n.t('Today at the suggested place, {0}', lineLabel(s.startLine, s.endLine ?? s.startLine)))
    : l10n.t('Today at {0} — no confident match', lineLabel(s.currentStartLine, s.currentStartLine + Math.max(0, s.currentLines.length - 1)));
  return (
    <div className="diff" data-testid="triage-diff">
      <div className="diff-side">
        <div className="diff-title muted">{l10n.t('When commented, {0}', lineLabel(t.startLine, t.endLine))}</div>
        <pre className="code">{before.map((l, i) => <div key={i} className={l.changed ? 'del' : ''}><span className="ln">{t.startLine + i}</span>{l.text || ' '}</div>)}</pre>
      </div>
      <div className="diff-side">
        <div className="diff-title muted">{where}</div>
        {s.fileExists ? (
          <pre className="code">{after.map((l, i) => <div key={i} className={l.changed ? 'ins' : ''}><span className="ln">{s.currentStartLine + i}</span>{l.text || ' '}</div>)}</pre>
        ) : <p className="muted diff-missing"><Codicon name="debug-disconnect" /> {withNodes(l10n.t('If its code lives on in another file, select it in an editor and use {0}; else resolve or delete the thread.'), <b>{l10n.t('To editor selection')}</b>)}</p>}
      </div>
    </div>
  );
}
