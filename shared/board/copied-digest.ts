/** The words for a copied review digest: the same in VS Code's notification and the board's notice. */
import { countOf, l10n } from './l10n';

export function copiedDigestMessage(chars: number, pendingLeftOut: number): string {
  const pending = pendingLeftOut === 0 ? ''
    : ' ' + (pendingLeftOut === 1 ? l10n.t('The 1 comment of your pending review is not in it until you submit the review.')
      : l10n.t('The {0} comments of your pending review are not in it until you submit the review.', pendingLeftOut));
  return l10n.t('Copied the review digest ({0}): paste it into a new agent session or hand it to a teammate.', countOf(chars, l10n.t('{0} character'), l10n.t('{0} characters'))) + pending;
}
