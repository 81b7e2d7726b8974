import { useApp, useBoard } from '../lib/context';
import { Button, Codicon } from '../ui/primitives';

/**
 * A store that cannot be read is never overwritten; the banner says what happened and offers
 * the safe actions: retry, restore the last good copy (the damaged file is kept), open the file.
 */
/** Messages from the store read as sentences: capital first letter, final full stop. */
const sentence = (s: string): string => {
  const t = s.trim();
  if (!t) return t;
  const capital = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

export function RecoveryBanners() {
  const { actions } = useApp();
  const folders = useBoard((s) => s.folders);
  const bad = folders.filter((f) => f.error || f.readOnlyReason);
  if (!bad.length) return null;
  return (
    <>
      {bad.map((f) => f.error ? (
        <section key={f.root} className="banner error" role="alert" data-testid="recovery-banner">
          <div className="banner-title"><Codicon name="error" /><span>The review store of <b>{f.name}</b> can't be read</span></div>
          <p className="banner-text">{sentence(f.error.message)}</p>
          <p className="banner-text muted">
            Nothing was changed: Consider never writes over a store it cannot read.
            {f.error.hint ? ` ${sentence(f.error.hint)}` : ''}
            {folders.length > 1 ? ' Threads of the other folders are shown below.' : ''}
          </p>
          <div className="banner-actions">
            <Button icon="refresh" onClick={() => actions.recover(f.root, 'retry')} testId="recover-retry">Retry</Button>
            {f.hasBackup && <Button appearance="secondary" icon="history" onClick={() => actions.recover(f.root, 'restoreBackup')} testId="recover-restore">Restore last good copy</Button>}
            <Button appearance="secondary" icon="go-to-file" onClick={() => actions.openStoreFile(f.root)} testId="recover-open">Open store.json</Button>
          </div>
        </section>
      ) : (
        <section key={f.root} className="banner warning" role="status" data-testid="readonly-banner">
          <Codicon name="lock" /> <b>{f.name}</b>: read-only. {f.readOnlyReason}
        </section>
      ))}
    </>
  );
}
