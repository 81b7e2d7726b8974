/**
 * Taking an offered move (Anchor.suggestedMove, issue 35): "may have moved to src/b.ts:40 —
 * Re-anchor there?". The human said yes, so the thread is put there through the manual
 * re-anchor (setAnchor), as a move from its file (movedFrom) — but only if that place still
 * holds the thread's code: the offer was made at some read, and the file may have changed since.
 */
import type { Author, Comment, MovedFrom } from '../model';
import { offeredMove, placeText } from '../model';
import { ConsiderError } from '../errors';
import { holdsCopyAt } from '../anchoring/moved-code';
import { splitLines } from '../text';
import { readStore } from './store-io';
import { findThread } from './threads';
import { setAnchor } from './reconcile/manual';
import { probeFile } from './reconcile/pass-context';
import { l10n } from '../words';

/** Re-anchors a thread at the place it was offered, after checking that the place still holds its code. */
const REANCHOR_BY_HAND = l10n.t('select the code in an editor and re-anchor the thread to the selection');

export async function takeSuggestedMove(root: string, id: string, actor: Author): Promise<Comment> {
  const c = findThread(readStore(root).store, id);
  const offer = offeredMove(c);
  if (!offer) throw new ConsiderError('usage', `${c.id} has no suggested place in another file`, 'only a stale or orphaned thread whose code was found elsewhere has one');
  const where = placeText(offer.file, offer.startLine, offer.endLine);
  // Read as the pass reads a file to anchor in (inside the workspace, a regular UTF-8 text file), as setAnchor will read it again.
  const p = probeFile(root, offer.file);
  if (p.kind !== 'text') throw new ConsiderError('not_found', l10n.t('{0} can no longer be read', offer.file), REANCHOR_BY_HAND);
  const text = p.text;
  if (!holdsCopyAt(c.anchor, splitLines(text), offer.startLine - 1)) {
    throw new ConsiderError('not_found', l10n.t('the thread\'s code is no longer at {0}', where), REANCHOR_BY_HAND);
  }
  const was = c.anchor.snapshotLine ?? c.anchor.startLine;
  const movedFrom: MovedFrom = { file: c.file, startLine: was, endLine: was + (offer.endLine - offer.startLine), at: new Date().toISOString() };
  return setAnchor(root, c.id, { startLine: offer.startLine, endLine: offer.endLine, file: offer.file, text, ...(offer.file !== c.file ? { movedFrom } : {}) }, actor);
}
