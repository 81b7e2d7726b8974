import { useApp, useBoard } from '../lib/context';
import { Button, Codicon } from '../ui/primitives';
import { l10n } from '../../../shared/board/l10n';
import { withNodes } from '../lib/l10n';

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
          <div className="banner-title"><Codicon name="error" /><span>{withNodes(l10n.t('The review store of {0} can\'t be read'), <b>{f.name}</b>)}</span></div>
          <p className="banner-text">{sentence(f.error.message)}</p>
          <p className="banner-text muted">
            {l10n.t('Nothing was changed: Consider never writes over a store it cannot read.')}
            {f.error.hint ? ` ${sentence(f.error.hint)}` : ''}
            {folders.length > 1 ? ` ${l10n.t('Threads of the other folders are shown below.')}` : ''}
          </p>
          <div className="banner-actions">
            <Button icon="refresh" onClick={() => void actions.recover(f.root, 'retry')} testId="recover-retry">{l10n.t('Retry')}</Button>
            {f.hasBackup && <Button appearance="secondary" icon="history" onClick={() => void actions.recover(f.root, 'restoreBackup')} testId="recover-restore">{l10n.t('Restore last good copy')}</Button>}
            <Button appearance="secondary" icon="go-to-file" onClick={() => actions.openStoreFile(f.root)} testId="recover-open">{l10n.t('Open store.json')}</Button>
          </div>
        </section>
      ) : (
        <section key={f.root} className="banner warning" role="status" data-testid="readonly-banner">
          <Codicon name="lock" /> {withNodes(l10n.t('{0}: read-only.'), <b>{f.name}</b>)} {f.readOnlyReason}
        </section>
      ))}
    </>
  );
}
