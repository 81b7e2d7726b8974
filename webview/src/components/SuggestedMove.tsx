import type { Row } from '../../../shared/board/projection';
import { placeText } from '../../../shared/model';
import { l10n } from '../../../shared/board/l10n';
import { useApp } from '../lib/context';
import { withNodes } from '../lib/l10n';
import { Button, Codicon } from '../ui/primitives';

/**
 * "May have moved to src/b.ts:40 — Re-anchor there?" on a stale or orphaned thread whose code
 * was found once in another file but not followed, because history could not tell a move from a
 * twin that was there all along (ThreadView.suggestedMove, issue 35). The button re-anchors it
 * there; the host checks the place still holds its code first.
 */
export function SuggestedMove({ row }: { row: Row }) {
  const { actions } = useApp();
  const t = row.thread;
  const s = t.suggestedMove;
  if (!s || t.anchorState === 'anchored') return null;
  const place = placeText(s.file, s.startLine, s.endLine);
  return (
    <div className="suggested-move" data-testid="suggested-move">
      <p>
        <Codicon name="move" /> {withNodes(l10n.t('May have moved to {0} — Re-anchor there?'), <code key="place">{place}</code>)}
        {' '}<Button appearance="secondary" icon="target" onClick={() => void actions.reanchor([row], 'suggestedMove')} testId="take-suggested-move"
          title={l10n.t('Move the thread to {0}, where its code was found', place)}>{l10n.t('Re-anchor there')}</Button>
      </p>
      <p className="muted" data-testid="suggested-move-reason">{l10n.t('Not followed by itself: {0}.', s.reason)}</p>
    </div>
  );
}
