/**
 * Cross-file following in the pass: threads about to be lost are looked for in other files
 * (anchoring/cross-file.ts), and a thread whose code is found there follows it.
 */
import type { Comment, MovedFrom } from '../../model';
import { linesOf } from '../../anchoring/reconcile';
import { findMovedCode } from '../../anchoring/cross-file';
import { holdsCopyAt } from '../../anchoring/moved-code';
import type { CrossFileStats, LostThread } from '../../anchoring/cross-file';
import { confirmedAnchor, type Outcome } from './decide';
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
    if (!losing && !stillLost) continue;
    const ownFiles = o && o.file !== c.file ? [c.file, o.file] : [c.file];
    const today = probe(ctx, o?.file ?? c.file);
    lost.push({ id: c.id, anchor: c.anchor, ownFiles, ...(today.kind === 'text' ? { linesToday: today.lines ??= linesOf(today.text) } : {}) });
  }
  if (lost.length === 0) return;
  const byId = new Map(threads.map((c) => [c.id, c]));
  for (const [id, found] of findMovedCode(ctx.root, lost, { stats })) {
    const c = byId.get(id)!;
    const p = probe(ctx, found.file);
    // Read again for the anchor: it must still hold the copy (the file may have changed since the search read it).
    if (p.kind !== 'text' || !holdsCopyAt(c.anchor, p.lines ??= linesOf(p.text), found.startLine - 1)) continue;
    const anchor = confirmedAnchor(ctx.root, c.anchor, p, found.startLine, found.endLine, ctx.now);
    const n = found.endLine - found.startLine;
    const was = c.anchor.snapshotLine ?? c.anchor.startLine; // where the code was, for a stale thread
    const movedFrom: MovedFrom = { file: c.file, startLine: was, endLine: was + n, at: ctx.now };
    outcomes.set(id, { seen: c, outcome: { file: found.file, anchor, anchorState: 'anchored', kind: c.anchorState === 'anchored' ? 'moved' : 'restored', movedFrom } });
  }
}
