/**
 * Cross-file following in the pass: threads about to be lost are looked for in other files
 * (anchoring/cross-file.ts), and a thread whose code is found there follows it — or, when
 * history cannot tell that copy from a twin that was there all along, is offered it
 * (Anchor.suggestedMove, issue 35).
 */
import type { Anchor, Comment, MovedFrom, SuggestedMove } from '../../model';
import { linesOf } from '../../anchoring/reconcile';
import { findMovedCode } from '../../anchoring/cross-file';
import { holdsCopyAt } from '../../anchoring/moved-code';
import type { CrossFileStats, LostThread } from '../../anchoring/cross-file';
import { confirmedAnchor, decide, withoutKeys, type Outcome } from './decide';
import { probe, type PassContext } from './pass-context';

/**
 * Before threads are given up as stale or orphaned, their code is looked for in the rest of the
 * workspace (cross-file.ts): a unique, distinctive copy in a file written since is where the
 * code went, and the thread follows it there, noting where it came from. Only threads this pass
 * is about to lose are searched for, and those `searchAgain` names that are still lost (a forced
 * pass: all; ReconcileOptions.searchMovedCodeOf). Replaces their outcomes in `outcomes`.
 */
export function followMovedCode(
  ctx: PassContext, threads: readonly Comment[], outcomes: Map<string, { seen: Comment; outcome: Outcome }>,
  searchAgain: (c: Comment) => boolean, stats?: CrossFileStats,
): void {
  const lost: LostThread[] = [];
  for (const c of threads) {
    const o = outcomes.get(c.id)?.outcome;
    const losing = o !== undefined && (o.kind === 'stale' || o.kind === 'orphaned');
    const stillLost = searchAgain(c) && (o ? o.anchorState !== 'anchored' : c.anchorState !== 'anchored');
    // A place offered before is checked again whenever its thread is (issue 35).
    const offered = o !== undefined && o.anchorState !== 'anchored' && o.anchor.suggestedMove !== undefined;
    if (!losing && !stillLost && !offered) continue;
    const ownFiles = o && o.file !== c.file ? [c.file, o.file] : [c.file];
    const today = probe(ctx, o?.file ?? c.file);
    lost.push({ id: c.id, anchor: c.anchor, ownFiles, ...(today.kind === 'text' ? { linesToday: today.lines ??= linesOf(today.text) } : {}) });
  }
  if (lost.length === 0) return;
  const byId = new Map(threads.map((c) => [c.id, c]));
  const moves = findMovedCode(ctx.root, lost, { stats });
  for (const { id } of lost) {
    if (moves.has(id)) continue;
    // Not found again: an earlier offer stands while its place still holds the code. The search
    // only looks at files written since the thread's last check, and the pass that made the offer
    // moved that check past the file it found (a later edit elsewhere would withdraw it).
    const c = byId.get(id)!;
    const had = (outcomes.get(id)?.outcome ?? c).anchor.suggestedMove;
    if (had && stillHolds(ctx, c, had)) continue;
    offerMove(c, outcomes, undefined);
  }
  for (const [id, found] of moves) {
    const c = byId.get(id)!;
    const p = probe(ctx, found.file);
    // Read again for the anchor: it must still hold the copy (the file may have changed since the search read it).
    if (p.kind !== 'text' || !holdsCopyAt(c.anchor, p.lines ??= linesOf(p.text), found.startLine - 1)) {
      offerMove(c, outcomes, undefined);
      continue;
    }
    // History cannot tell this copy from a twin that was there all along: offered, not followed.
    if (found.offerOnly !== undefined) {
      offerMove(c, outcomes, { file: found.file, startLine: found.startLine, endLine: found.endLine, at: ctx.now, reason: found.offerOnly });
      continue;
    }
    const anchor = confirmedAnchor(ctx.root, c.anchor, p, found.startLine, found.endLine, ctx.now);
    const n = found.endLine - found.startLine;
    const was = c.anchor.snapshotLine ?? c.anchor.startLine; // where the code was, for a stale thread
    const movedFrom: MovedFrom = { file: c.file, startLine: was, endLine: was + n, at: ctx.now };
    outcomes.set(id, { seen: c, outcome: { file: found.file, anchor, anchorState: 'anchored', kind: c.anchorState === 'anchored' ? 'moved' : 'restored', movedFrom } });
  }
}

/** Whether an offered place still shows the thread's code, where the offer says. */
function stillHolds(ctx: PassContext, c: Comment, offer: SuggestedMove): boolean {
  const p = probe(ctx, offer.file);
  return p.kind === 'text' && holdsCopyAt(c.anchor, p.lines ??= linesOf(p.text), offer.startLine - 1);
}

/**
 * Threads from outside this store (pulled from a pull request, brought home from a worktree),
 * placed on this checkout's files by the pass's own rules: each decided afresh (forced: its
 * fingerprint is of other files), then those about to be lost followed into other files.
 * Answers their outcomes; the caller applies them.
 */
export function decideAfresh(ctx: PassContext, threads: readonly Comment[], searchAgain: (c: Comment) => boolean): Map<string, { seen: Comment; outcome: Outcome }> {
  const outcomes = new Map<string, { seen: Comment; outcome: Outcome }>();
  for (const c of threads) {
    const outcome = decide(ctx, c, true);
    if (outcome) outcomes.set(c.id, { seen: c, outcome });
  }
  followMovedCode(ctx, threads, outcomes, searchAgain);
  return outcomes;
}

/**
 * Puts a lost thread's offered place (Anchor.suggestedMove) in its outcome, or with `offer`
 * undefined takes an offer that no longer holds away; an offer of the same place is left as it
 * was (so a read that finds it again writes nothing).
 */
function offerMove(c: Comment, outcomes: Map<string, { seen: Comment; outcome: Outcome }>, offer: SuggestedMove | undefined): void {
  const o = outcomes.get(c.id)?.outcome ?? { file: c.file, anchor: c.anchor, anchorState: c.anchorState, kind: 'same' };
  if (o.anchorState === 'anchored') return;
  const had = o.anchor.suggestedMove;
  if (offer === undefined ? had === undefined : had !== undefined && samePlace(had, offer)) return;
  const anchor = withoutKeys(o.anchor, 'suggestedMove') as Anchor;
  if (offer) anchor.suggestedMove = offer;
  outcomes.set(c.id, { seen: c, outcome: { ...o, anchor } });
}

const samePlace = (a: SuggestedMove, b: SuggestedMove): boolean => a.file === b.file && a.startLine === b.startLine && a.endLine === b.endLine && a.reason === b.reason;
