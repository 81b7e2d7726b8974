import { useEffect, useMemo, useState } from 'react';
import type { AnchorSuggestion } from '../../../shared/board/protocol';
import { useApp, useBoard } from '../lib/context';
import { sideBySide } from '../lib/diff';
import { lineLabel } from '../../../shared/board/time';
import { compareText, isFlagged, type Row } from '../../../shared/board/projection';
import { Button, Checkbox, Codicon, Spinner } from '../ui/primitives';
import { plural } from '../../../shared/text';

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
        <p><b>Nothing to triage.</b> Every thread still points at the code it was written about.</p>
        <p className="muted">Threads land here when their code changes (stale) or their file disappears (orphaned). Run <b>Reconcile all</b> on the board after big changes.</p>
        <Button appearance="secondary" onClick={() => store.getState().setView('board')}>Back to the board</Button>
      </div>
    );
  }
  const bulk = selectedRows.length > 0;
  return (
    <div className="triage" data-testid="triage">
      <div className="triage-toolbar sticky-top">
        <Checkbox checked={allChecked} onChange={(v) => setChecked(v ? flagged.map((r) => r.key) : [])} testId="triage-check-all">
          {bulk ? `${selectedRows.length} selected` : plural(flagged.length, 'flagged thread')}
        </Checkbox>
        <div className="triage-bulk">
          <Button appearance="secondary" icon="target" disabled={!bulk} onClick={() => void actions.reanchor(selectedRows, 'suggestion')} testId="bulk-reanchor">Re-anchor to suggestions</Button>
          <Button appearance="secondary" icon="verified" disabled={!bulk} onClick={() => void actions.confirm(selectedRows)} testId="bulk-confirm">Still valid</Button>
          <Button appearance="secondary" icon="check" disabled={!bulk} onClick={() => void actions.setState(selectedRows, 'resolved')} testId="bulk-resolve">Resolve</Button>
          <Button appearance="secondary" icon="trash" disabled={!bulk} onClick={() => void actions.deleteThreads(selectedRows)} testId="bulk-delete">Delete</Button>
        </div>
      </div>
      <div className="triage-cards">
        {flagged.slice(0, limit).map((r) => (
          <TriageCard key={r.key} row={r} checked={checked.has(r.key)}
            onCheck={(v) => setChecked(v ? [...checked, r.key] : [...checked].filter((k) => k !== r.key))} />
        ))}
      </div>
      {flagged.length > limit && <div className="more"><Button appearance="secondary" onClick={() => setLimit(limit + PAGE)}>Show {Math.min(PAGE, flagged.length - limit)} more</Button></div>}
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
        <Checkbox checked={checked} onChange={onCheck} label={`Select ${t.file} ${lineLabel(t.startLine, t.endLine)}`} testId="triage-check" />
        <button type="button" className="link-button file-link" onClick={() => actions.reveal(row)} disabled={orphaned}>
          <Codicon name="file" /> {t.file} <span className="muted">{lineLabel(t.startLine, t.endLine)}</span>
        </button>
        <span className={`tag ${t.anchorState}`}>{t.anchorState}</span>
        {t.workflowState === 'resolved' && <span className="tag resolved">resolved</span>}
      </header>
      <p className="triage-body">{t.title}</p>
      {t.reason && <p className="muted reason"><Codicon name="info" /> {t.reason}</p>}
      {suggestion === 'loading' ? <div className="muted"><Spinner /> Looking for the code…</div>
        : 'error' in suggestion ? <p className="error-text">Could not read today's code: {suggestion.error}</p>
        : <DiffView row={row} s={suggestion} />}
      <div className="triage-actions">
        <Button icon="target" disabled={!hasSuggestion} onClick={() => void actions.reanchor([row], 'suggestion')} testId="reanchor-suggestion"
          title={hasSuggestion ? `Move the thread to ${lineLabel(s!.startLine!, s!.endLine!)}` : 'No suggested place'}>Re-anchor to suggestion</Button>
        <Button appearance="secondary" icon="selection" onClick={() => void actions.reanchor([row], 'selection')} testId="reanchor-selection"
          title="Move the thread to the lines selected in an editor (in another file too, when its code moved there)">To editor selection</Button>
        <Button appearance="secondary" icon="verified" disabled={orphaned} onClick={() => void actions.confirm([row])} testId="confirm-valid"
          title="Keep this place and remember today's code as the target">Still valid here</Button>
        <Button appearance="secondary" icon="check" disabled={t.workflowState === 'resolved'} onClick={() => void actions.setState([row], 'resolved')} testId="triage-resolve">Resolve</Button>
        <Button appearance="secondary" icon="trash" onClick={() => void actions.deleteThreads([row])} testId="triage-delete">Delete</Button>
      </div>
    </section>
  );
}

function DiffView({ row, s }: { row: Row; s: AnchorSuggestion }) {
  const t = row.thread;
  const stored = (t.targetContent ?? '').split('\n');
  const { before, after } = sideBySide(stored, s.currentLines);
  const where = !s.fileExists ? 'The file no longer exists'
    : s.startLine !== undefined && s.kind === 'edited' ? `Today in its place, edited: ${lineLabel(s.startLine, s.endLine ?? s.startLine)}`
    : s.startLine !== undefined ? `Today at the suggested place, ${lineLabel(s.startLine, s.endLine ?? s.startLine)}${s.confidence !== undefined ? ` (${Math.round(s.confidence * 100)}% match)` : ''}`
    : `Today at ${lineLabel(s.currentStartLine, s.currentStartLine + Math.max(0, s.currentLines.length - 1))} — no confident match`;
  return (
    <div className="diff" data-testid="triage-diff">
      <div className="diff-side">
        <div className="diff-title muted">When commented, {lineLabel(t.startLine, t.endLine)}</div>
        <pre className="code">{before.map((l, i) => <div key={i} className={l.changed ? 'del' : ''}><span className="ln">{t.startLine + i}</span>{l.text || ' '}</div>)}</pre>
      </div>
      <div className="diff-side">
        <div className="diff-title muted">{where}</div>
        {s.fileExists ? (
          <pre className="code">{after.map((l, i) => <div key={i} className={l.changed ? 'ins' : ''}><span className="ln">{s.currentStartLine + i}</span>{l.text || ' '}</div>)}</pre>
        ) : <p className="muted diff-missing"><Codicon name="debug-disconnect" /> If its code lives on in another file, select it in an editor and use <b>To editor selection</b>; else resolve or delete the thread.</p>}
      </div>
    </div>
  );
}
