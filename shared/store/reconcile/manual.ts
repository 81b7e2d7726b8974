/**
 * Manual re-anchoring: the triage view's actions (re-anchor here, still valid, undo) and the
 * editor's re-anchoring of a buffer that is not saved yet.
 */
import { anchorSizeProblem, validateRange } from '../../anchoring/anchor';
import { ConsiderError } from '../../errors';
import type { Author, Comment, MovedFrom } from '../../model';
import { resolveInWorkspace } from '../../paths';
import { reanchor } from '../../anchoring/reconcile';
import type { ReanchorResult } from '../../anchoring/reconcile';
import { readSnapshot } from '../../anchoring/snapshots';
import { mutateStore, readStore } from '../store-io';
import { findThread } from '../threads';
import { splitLines } from '../../text';
import { confirmedAnchor } from './decide';
import { probeFile, type TextProbe } from './pass-context';
import { l10n } from '../../words';

/**
 * Re-anchors a thread against text that may not be on disk (an open editor's buffer).
 * With `root`, the thread's snapshot is used, exactly as the CLI's pass does.
 */
export function reanchorInText(comment: Comment, text: string, opts: { root?: string } = {}): ReanchorResult {
  const root = opts.root;
  return reanchor(comment.anchor, text, root === undefined ? {} : { snapshotText: () => readSnapshot(root, comment.anchor.snapshot) });
}

function readForAnchor(root: string, rel: string): TextProbe {
  const p = probeFile(root, rel);
  if (p.kind === 'missing') throw new ConsiderError('not_found', l10n.t('the file {0} no longer exists', rel), l10n.t('the thread can only be re-anchored in an existing file'));
  if (p.kind === 'unusable') throw new ConsiderError('usage', `cannot anchor in ${rel}: ${p.reason}`);
  return p;
}

/**
 * Manual re-anchor (triage, or an editor persisting a range it shifted while typing):
 * anchors the thread at [startLine, endLine] of `text` (the editor's text) or of the file
 * on disk. The thread becomes anchored; its workflow state is untouched. With `file`, the
 * thread moves to that workspace file (spec §4.3: an orphaned thread whose code now lives
 * elsewhere, a renamed or split file, is moved there by hand).
 */
export async function setAnchor(
  root: string, id: string, range: { startLine: number; endLine: number; text?: string; file?: string; movedFrom?: MovedFrom }, actor: Author,
): Promise<Comment> {
  const thread = findThread(readStore(root).store, id);
  const file = range.file === undefined ? thread.file : resolveInWorkspace(root, range.file).rel;
  const disk = readForAnchor(root, file);
  const text = range.text ?? disk.text;
  const lines = splitLines(text);
  const problem = validateRange(range.startLine, range.endLine, lines.length) ?? anchorSizeProblem(lines, range.startLine, range.endLine);
  if (problem) throw new ConsiderError('usage', `cannot anchor ${thread.id} at ${range.startLine}-${range.endLine}: ${problem}`);
  // The disk fingerprint only vouches for the anchor when the anchor was taken from the disk text.
  const fromDisk = text === disk.text;
  return mutateStore(root, actor, (store, tx) => {
    const c = findThread(store, thread.id);
    const from = { file: c.file, startLine: c.anchor.startLine, endLine: c.anchor.endLine, anchorState: c.anchorState };
    c.anchor = confirmedAnchor(root, c.anchor, fromDisk ? disk : text, range.startLine, range.endLine, tx.now);
    c.anchorState = 'anchored';
    // Put in another file by hand: where the code once moved from is no longer this thread's
    // story, unless the caller says where it moved from (an offered move taken, suggested-move.ts).
    if (c.file !== file && range.movedFrom) c.movedFrom = range.movedFrom;
    else if (c.file !== file) delete c.movedFrom;
    c.file = file;
    tx.log({ action: 'reanchor', threadId: c.id, detail: { manual: true, from, to: { file, startLine: range.startLine, endLine: range.endLine, anchorState: 'anchored' } } });
    return c;
  });
}

/**
 * Where a thread pointed: what restoreAnchor puts back (the undo of setAnchor and confirmAnchor).
 * `movedFrom` as it was (absent: the thread had none).
 */
export type AnchorPlace = Pick<Comment, 'file' | 'anchor' | 'anchorState' | 'movedFrom'>;

/**
 * Puts a thread back where it pointed before a manual re-anchor: its file, anchor and anchor
 * state exactly as they were (its conversation and workflow state are left as they are now).
 */
export async function restoreAnchor(root: string, id: string, place: AnchorPlace, actor: Author): Promise<Comment> {
  const anchor = structuredClone(place.anchor);
  // Its snapshot may have been collected since (unreferenced after the re-anchor): an anchor
  // never names a missing snapshot; without one, re-anchoring matches by content and context.
  if (anchor.snapshot !== undefined && readSnapshot(root, anchor.snapshot) === undefined) {
    delete anchor.snapshot;
    delete anchor.snapshotLine;
    delete anchor.uniqueWindow;
  }
  return mutateStore(root, actor, (store, tx) => {
    const c = findThread(store, id);
    const from = { file: c.file, startLine: c.anchor.startLine, endLine: c.anchor.endLine, anchorState: c.anchorState };
    c.file = place.file;
    c.anchor = anchor;
    c.anchorState = place.anchorState;
    if (place.movedFrom) c.movedFrom = structuredClone(place.movedFrom);
    else delete c.movedFrom;
    tx.log({ action: 'reanchor', threadId: c.id, detail: { undo: true, from, to: { file: place.file, startLine: place.anchor.startLine, endLine: place.anchor.endLine, anchorState: place.anchorState } } });
    return c;
  });
}

/** "Still valid here": recaptures the thread's anchor at its current range of the file on disk. */
export async function confirmAnchor(root: string, id: string, actor: Author): Promise<Comment> {
  const thread = findThread(readStore(root).store, id);
  const { text } = readForAnchor(root, thread.file);
  const lineCount = splitLines(text).length;
  const startLine = Math.min(thread.anchor.startLine, Math.max(1, lineCount));
  const endLine = Math.min(Math.max(thread.anchor.endLine, startLine), lineCount);
  return setAnchor(root, thread.id, { startLine, endLine, text }, actor);
}
