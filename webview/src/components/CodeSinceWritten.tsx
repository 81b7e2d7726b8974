import { useMemo } from 'react';
import { mapLines } from '../../../shared/anchoring/diff';
import type { ThreadDetails } from '../../../shared/board/protocol';
import { Button } from '../ui/primitives';
import { l10n } from '../../../shared/board/l10n';

/** At most this many changed lines are drawn in the pane; Show Changes has the rest. */
const MAX_LINES = 12;

interface DiffLine { readonly kind: 'removed' | 'added' | 'same'; readonly text: string }

/** The lines of `then` and `now` as a unified diff (removed, then added, per change). */
function diffLines(then: string, now: string): DiffLine[] {
  const a = then.split('\n');
  const b = now.split('\n');
  const m = mapLines(a, b);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && m.oldToNew[i]! < 0) { out.push({ kind: 'removed', text: a[i++]! }); continue; }
    if (j < b.length && m.newToOld[j]! < 0) { out.push({ kind: 'added', text: b[j++]! }); continue; }
    out.push({ kind: 'same', text: b[j]! });
    i++;
    j++;
  }
  return out;
}

/**
 * Proof of fix in the detail pane: the thread's code changed since it was written — the few
 * changed lines, and Show Changes for the whole diff in the editor.
 */
export function CodeSinceWritten({ code, onShowChanges }: { code: NonNullable<ThreadDetails['code']>; onShowChanges: () => void }) {
  const lines = useMemo(() => (code.now !== undefined ? diffLines(code.then, code.now) : []), [code]);
  const shown = lines.slice(0, MAX_LINES);
  return (
    <section className="code-since" aria-label={l10n.t('Changes since the thread was written')} data-testid="code-since">
      <div className="code-since-head">
        <span><b>{l10n.t('Changed since written')}</b>{code.now === undefined && <span className="muted"> · {l10n.t('today\'s lines could not be read')}</span>}</span>
        <Button appearance="secondary" icon="diff" onClick={onShowChanges} testId="show-changes" title={l10n.t('Open the code the thread was written on beside today\'s, in the diff editor')}>{l10n.t('Show Changes')}</Button>
      </div>
      {shown.length > 0 && (
        <pre className="code-since-diff" data-testid="code-since-diff">
          {shown.map((l, k) => <div key={k} className={`diff-line ${l.kind}`}><span className="diff-mark" aria-hidden="true">{l.kind === 'removed' ? '−' : l.kind === 'added' ? '+' : ' '}</span>{l.text}</div>)}
          {lines.length > shown.length && <div className="muted">… {l10n.t('{0} more lines (Show Changes)', lines.length - shown.length)}</div>}
        </pre>
      )}
    </section>
  );
}
