/**
 * The pass's cheap test, as git refreshes its index: a thread whose file shows the very stat
 * of its last check needs no look at all; one whose bytes are the same under a new stat is
 * settled too, and its fresh stat recorded so the next read trusts it again.
 */
import type { Comment, StoreFile } from '../../model';
import type { SettleFacts } from '../list-index';
import { outsideRacyWindow, statMatches } from '../threads';
import { sameAsSeen } from './decide';
import { passContext, probe, statOf, type PassContext } from './pass-context';

export type { SettleFacts };

/**
 * The stat part of isSettled: true = the thread's file shows the very stat of its last check
 * (nothing to do); false = it needs a proper look; undefined = its stat moved, compare content.
 */
function settledByStatOf(ctx: PassContext, t: SettleFacts): boolean | undefined {
  if (t.fixed) return true; // about removed code: nothing on disk to follow
  if (!t.fingerprint || t.anchorState === 'orphaned') return false;
  if (t.anchorState === 'anchored' && !t.hasSnapshot) return false; // decide adopts a snapshot
  const stat = statOf(ctx, t.file);
  if (!stat) return false;
  return statMatches(t.fingerprint, stat, t.lastAnchorCheck) ? true : undefined;
}

const factsOf = (c: Comment): SettleFacts => ({
  file: c.file, anchorState: c.anchorState, fingerprint: c.anchor.file, lastAnchorCheck: c.anchor.lastAnchorCheck, hasSnapshot: !!c.anchor.snapshot,
  fixed: c.removed !== undefined,
});

/**
 * The common case, decided cheaply: the thread's file is byte for byte what it was at the
 * thread's last check, so there is nothing to do. Trusts `stat` when it shows the same file
 * untouched (no read, no hash); else compares content hashes. A false here is not a verdict:
 * `decide` looks properly. (The same path outside the workspace through a symlink shows
 * another inode, so the stat test never vouches for a file `probe` would refuse.)
 */
export function isSettled(ctx: PassContext, c: Comment): boolean {
  const byStat = settledByStatOf(ctx, factsOf(c));
  if (byStat !== undefined) return byStat;
  const fp = c.anchor.file!;
  const p = probe(ctx, c.file);
  if (p.kind !== 'text' || p.fingerprint.hash !== fp.hash) return false;
  // The same bytes under a new stat (a checkout, a copy, an edit undone), or last checked
  // too soon after a change to trust the stat (racily clean): settled, but every read would
  // hash the file again. As git refreshes its index, this pass records the fresh stat, once
  // the file is old enough for the next read to trust it.
  if (outsideRacyWindow(p.fingerprint, ctx.nowMs)) ctx.refresh.set(c.id, { seen: c, fingerprint: p.fingerprint });
  return true;
}

/**
 * Whether a read's pass would find nothing to do for any of these threads, told from `stat`
 * alone, without reading a file: each thread's file shows the stat of its last check, or the
 * thread is orphaned and its file is still missing (decideMissing leaves it be). False means
 * only "look properly": run reconcileWorkspace. For the list index's checks (list-index.ts).
 */
export function settledByStat(root: string, checks: readonly SettleFacts[]): boolean {
  const ctx = passContext(root);
  return checks.every((t) => (t.anchorState === 'orphaned' ? statOf(ctx, t.file) === null : settledByStatOf(ctx, t) === true));
}

/**
 * Records the fresh stats isSettled found, where nothing changed since it looked (else the
 * next pass looks again). `unchanged`: `latest` is the very file the pass read. True when one
 * was recorded.
 */
export function applyRefresh(refresh: PassContext['refresh'], latest: StoreFile, now: string, unchanged: boolean): boolean {
  let any = false;
  for (const c of latest.comments) {
    const r = refresh.get(c.id);
    if (!r || !(unchanged || sameAsSeen(c, r.seen)) || c.anchor.file?.hash !== r.fingerprint.hash) continue;
    c.anchor = { ...c.anchor, file: r.fingerprint, lastAnchorCheck: now };
    any = true;
  }
  return any;
}
