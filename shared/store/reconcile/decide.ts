/**
 * One thread against what is on disk now: its new place (moved, stale, orphaned, restored, or
 * the same), with a fresh anchor where it is anchored. A missing file is looked for under the
 * name git renamed it to.
 */
import type { Anchor, AnchorState, Comment, MovedFrom } from '../../model';
import { captureAnchorFromLines } from '../../anchoring/anchor';
import { linesOf, noteUniqueWindow, reanchor } from '../../anchoring/reconcile';
import type { ReanchorResult } from '../../anchoring/reconcile';
import { findRename, gitRenames } from '../../anchoring/renames';
import { isRepositoryTop } from '../../workspace/repository';
import { probe, snapshotText, type PassContext, type TextProbe } from './pass-context';
import { recordSnapshot } from './snapshot-upkeep';

/** A thread's new location facts, computed from one look at its file. */
export interface Outcome {
  file: string;
  anchor: Anchor;
  anchorState: AnchorState;
  kind: 'moved' | 'stale' | 'orphaned' | 'restored' | 'same';
  /** Set when the thread followed its code into another file (cross-file.ts). */
  movedFrom?: MovedFrom;
}

/**
 * Whether `latest` (the thread as the locked write finds it) has the location facts of `seen`
 * (the same thread as the pass read it, never changed since): else another writer moved it
 * meanwhile and the pass's result for it no longer applies.
 */
export function sameAsSeen(latest: Comment, seen: Comment): boolean {
  const locationOf = (c: Comment): string => JSON.stringify([c.file, c.anchorState, c.anchor]);
  return locationOf(latest) === locationOf(seen);
}

/** A copy without `keys`. Built key by key rather than with `delete`, which turns the object into a slow dictionary. */
export function withoutKeys(anchor: Anchor, ...keys: string[]): Partial<Anchor> {
  const copy: Record<string, unknown> = {};
  for (const k of Object.keys(anchor)) if (!keys.includes(k)) copy[k] = anchor[k];
  return copy as Partial<Anchor>;
}

/**
 * A fresh anchor at [startLine, endLine] of `text`, with a snapshot of `text` and the file's
 * fingerprint. Unknown fields of the old anchor survive (forward compatibility).
 * `placedByWindow`: the place is a 'window' result (see noteUniqueWindow).
 */
export function confirmedAnchor(root: string, old: Anchor | undefined, file: TextProbe | string, startLine: number, endLine: number, now: string, placedByWindow = false): Anchor {
  const base = old ? withoutKeys(old, 'snapshotLine', 'reason', 'file', 'uniqueWindow') : {};
  const text = typeof file === 'string';
  // A probe's split is usually the one the re-anchoring just made; its snapshot is shared by every thread on the file.
  const lines = text ? linesOf(file) : (file.lines ??= linesOf(file.text));
  const snapshot = text ? recordSnapshot(root, file) : (file.snapshotId ??= recordSnapshot(root, file.bytes, file.fingerprint.hash));
  const anchor: Anchor = { ...base, ...captureAnchorFromLines(lines, startLine, endLine, now, old), snapshot };
  if (!text) anchor.file = file.fingerprint;
  noteUniqueWindow(anchor, lines, placedByWindow);
  return anchor;
}

/** Applies a re-anchoring result: anchored → a fresh anchor there; stale → shown there, evidence kept. */
export function outcomeOf(ctx: PassContext, c: Comment, file: string, probe: TextProbe, r: ReanchorResult): Outcome {
  const old = c.anchor;
  const { now } = ctx;
  const fingerprint = probe.fingerprint;
  if (r.anchorState === 'anchored') {
    const same = c.anchorState === 'anchored' && file === c.file && r.startLine === old.startLine && r.endLine === old.endLine;
    const anchor = same && old.snapshot && snapshotText(ctx, old.snapshot) === probe.text
      ? { ...old, file: fingerprint, lastAnchorCheck: now }
      : confirmedAnchor(ctx.root, old, probe, r.startLine, r.endLine, now, r.method === 'window');
    const kind = c.anchorState !== 'anchored' ? 'restored' : same ? 'same' : 'moved';
    return { file, anchor, anchorState: 'anchored', kind };
  }
  // Stale: keep the remembered code, context and snapshot, so the thread can come back when
  // the code does (an undo, a revert); only the place it is shown moves.
  const anchor: Anchor = { ...old, startLine: r.startLine, endLine: r.endLine, file: fingerprint, lastAnchorCheck: now };
  if (old.snapshot && old.snapshotLine === undefined && r.startLine !== old.startLine) anchor.snapshotLine = old.startLine;
  if (r.reason) anchor.reason = r.reason;
  return { file, anchor, anchorState: 'stale', kind: c.anchorState === 'stale' ? 'same' : 'stale' };
}

/** Decides one thread against what is on disk now. undefined = nothing to do. */
export function decide(ctx: PassContext, c: Comment, force: boolean): Outcome | undefined {
  const p = probe(ctx, c.file);
  if (p.kind === 'missing') return decideMissing(ctx, c, force);
  if (p.kind === 'unusable') {
    if (c.anchorState === 'stale' && c.anchor.reason === p.reason && !force) return undefined;
    const anchor: Anchor = { ...c.anchor, reason: p.reason, lastAnchorCheck: ctx.now };
    if (p.fingerprint) anchor.file = p.fingerprint;
    return { file: c.file, anchor, anchorState: 'stale', kind: c.anchorState === 'stale' ? 'same' : 'stale' };
  }
  const unchangedSinceCheck = c.anchor.file?.hash === p.fingerprint.hash && c.anchorState !== 'orphaned';
  if (unchangedSinceCheck && !force) {
    // An anchor captured without a snapshot, on exactly this content: adopt it now.
    if (!c.anchor.snapshot && c.anchorState === 'anchored') {
      p.snapshotId ??= recordSnapshot(ctx.root, p.bytes, p.fingerprint.hash);
      return { file: c.file, anchor: { ...c.anchor, snapshot: p.snapshotId }, anchorState: 'anchored', kind: 'same' };
    }
    return undefined;
  }
  const r = reanchor(c.anchor, p.text, { snapshotText: () => snapshotText(ctx, c.anchor.snapshot) });
  return outcomeOf(ctx, c, c.file, p, r);
}

export function decideMissing(ctx: PassContext, c: Comment, force: boolean): Outcome | undefined {
  // git is asked once, when the file goes missing (or on a forced pass): an orphaned thread
  // must not cost every later read a `git log`.
  if ((c.anchorState !== 'orphaned' || force) && isRepositoryTop(ctx.root)) {
    ctx.renames ??= gitRenames(ctx.root);
    const snapshot = snapshotText(ctx, c.anchor.snapshot);
    const to = findRename(ctx.root, c.file, snapshot, ctx.renames);
    if (to !== undefined) {
      const p = probe(ctx, to);
      if (p.kind === 'text') {
        const r = reanchor(c.anchor, p.text, snapshot === undefined ? {} : { snapshotText: snapshot });
        const outcome = outcomeOf(ctx, c, to, p, r);
        if (outcome.kind === 'same') outcome.kind = 'moved';
        return outcome;
      }
    }
  }
  if (c.anchorState === 'orphaned') return undefined;
  return {
    file: c.file,
    anchor: { ...c.anchor, reason: 'the file no longer exists', lastAnchorCheck: ctx.now },
    anchorState: 'orphaned',
    kind: 'orphaned',
  };
}
