/** The words for a copied review digest: the same in VS Code's notification and the board's notice. */
import { plural } from '../text';

export function copiedDigestMessage(chars: number, pendingLeftOut: number): string {
  const pending = pendingLeftOut
    ? ` The ${plural(pendingLeftOut, 'comment')} of your pending review ${pendingLeftOut === 1 ? 'is' : 'are'} not in it until you submit the review.`
    : '';
  return `Copied the review digest (${plural(chars, 'character')}): paste it into a new agent session or hand it to a teammate.${pending}`;
}
