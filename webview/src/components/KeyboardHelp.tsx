import { useEffect, useRef } from 'react';
import { l10n } from '../../../shared/board/l10n';
import { IconButton } from '../ui/primitives';

/** Every key the board answers to, as the help lists them (ThreadList.tsx, Board.tsx, App.tsx, the text fields). */
const keyList = (): readonly { readonly keys: readonly string[]; readonly what: string }[] => [
  { keys: ['↑', '↓'], what: l10n.t('Move between threads (in the list)') },
  { keys: ['Home', 'End'], what: l10n.t('First or last thread') },
  { keys: ['Page Up', 'Page Down'], what: l10n.t('A page of threads up or down') },
  { keys: ['Enter'], what: l10n.t('Open the selected thread’s code in the editor') },
  { keys: ['r'], what: l10n.t('Reply to the selected thread') },
  { keys: ['x'], what: l10n.t('Resolve or reopen the selected thread') },
  { keys: ['/'], what: l10n.t('Search comments, replies and files') },
  { keys: ['Esc'], what: l10n.t('From the search or a reply: back to the list') },
  { keys: ['Ctrl+Enter'], what: l10n.t('Send the reply, or submit the review') },
  { keys: ['←', '→'], what: l10n.t('On the view tabs: Board, Triage, Setup, Uninstall') },
  { keys: ['Tab', 'Shift+Tab'], what: l10n.t('Every button, filter and field in turn') },
  { keys: ['?'], what: l10n.t('This help') },
];

/**
 * Tab and Shift+Tab cycle through the dialog's own controls. A modal <dialog> makes the page
 * behind it inert, but Tab past its last control still leaves the document (to the browser, or
 * to VS Code around the webview): the focus would be lost from the help.
 */
function keepFocusInside(e: React.KeyboardEvent<HTMLDialogElement>): void {
  if (e.key !== 'Tab') return;
  const controls = [...e.currentTarget.querySelectorAll<HTMLElement>('button, [href], [tabindex]:not([tabindex="-1"])')];
  if (!controls.length) return;
  const at = controls.indexOf(document.activeElement as HTMLElement);
  e.preventDefault();
  controls[(at + (e.shiftKey ? controls.length - 1 : 1)) % controls.length]!.focus();
}

/**
 * The board's keyboard help: a modal dialog (the browser's own <dialog>: it keeps focus inside,
 * Escape closes it, the page behind is inert), opened with "?" or the tab bar's keyboard
 * button. Focus goes back where it was when it closes.
 */
export function KeyboardHelp({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => { if (dialog.open) dialog.close(); before?.focus(); };
  }, []);
  return (
    <dialog ref={ref} className="keyboard-help" aria-labelledby="keyboard-help-title" data-testid="keyboard-help"
      onClose={onClose} onKeyDown={keepFocusInside}>
      <div className="keyboard-help-head">
        <h2 id="keyboard-help-title">{l10n.t('Keyboard shortcuts')}</h2>
        <IconButton icon="close" label={l10n.t('Close (Esc)')} onClick={onClose} testId="keyboard-help-close" />
      </div>
      <table className="keyboard-help-keys">
        <tbody>
          {keyList().map((k) => (
            <tr key={k.what}>
              <th scope="row">{k.keys.map((key, i) => <span key={key}>{i > 0 && ' '}<kbd>{key}</kbd></span>)}</th>
              <td>{k.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </dialog>
  );
}
