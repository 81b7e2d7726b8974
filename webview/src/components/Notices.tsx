import { useEffect } from 'react';
import { useApp, useBoard } from '../lib/context';
import { Codicon, IconButton } from '../ui/primitives';
import { l10n } from '../../../shared/board/l10n';

/** Result summaries, errors and undo offers. Info notices fade after a while; errors stay. */
export function Notices() {
  const { store, actions } = useApp();
  const notices = useBoard((s) => s.notices);
  useEffect(() => {
    const timers = notices.filter((n) => n.kind === 'info').map((n) => setTimeout(() => store.getState().dismissNotice(n.id), n.undoId ? 20_000 : 8_000));
    return () => timers.forEach(clearTimeout);
  }, [notices, store]);
  if (!notices.length) return null;
  return (
    <div className="notices" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`notice ${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'} data-testid="notice">
          <Codicon name={n.kind === 'error' ? 'error' : 'info'} />
          <span className="notice-text">{n.text}</span>
          {n.undoId && <button type="button" className="link-button" data-testid="undo" onClick={() => void actions.undo(n.undoId!, n.id)}>{l10n.t('Undo')}</button>}
          <IconButton icon="close" label={l10n.t('Dismiss')} onClick={() => store.getState().dismissNotice(n.id)} />
        </div>
      ))}
    </div>
  );
}
