/**
 * The Changes view's one entry point (plain Node): which baselines exist, what changed since
 * one, and what a file was in it. The extension, the CLI and the tests go through here.
 */
import { SESSION_PATTERN, type ReviewRound, type StoreFile } from '../model';
import { readStore } from '../store/store-io';
import { submitReview } from '../store/reviews';
import { capturedText, isBaselineId, listBaselines, pruneBaselines, readBaseline } from './baselines';
import { captureBaseline, type CaptureReport } from './capture';
import { changesSinceCapture } from './capture-changes';
import { changesSinceRev, resolveGitBaseline } from './git-changes';
import { fileAtCommit, fileAtCommitAsync } from '../workspace/repository';
import { baselineLabel, type BaselineName, type BaselineProblem, type BaselineRef, type ChangeList } from './model';
import { utf8Text } from '../utf8';

export * from './model';
export { captureBaseline, DEFAULT_MAX_FILE_BYTES } from './capture';
export type { CaptureReport } from './capture';
export { listBranches, listBranchesAsync } from '../workspace/repository';
export { forgetBaselines, isBaselineId, listBaselines, readBaseline, pruneBaselines } from './baselines';
export type { Baseline, BaselineInfo } from './baselines';
export { readViewed, setViewed, isViewed } from './viewed';
export type { ViewedState } from './viewed';
export { lineStats } from './line-stats';
export { addRemovedCodeThread } from './removed-threads';
export { changesBySession, changedSinceLastTurn, changedBetween, sessionChoices } from './turn-lanes';
export type { SessionChanges, ChangedByOthers, SessionChoice } from './turn-lanes';
export type { NewRemovedThread } from './removed-threads';

export interface ChangeOptions {
  maxFileBytes?: number;
}

/**
 * What changed since a baseline, with the words the view's title uses for it: a capture's time
 * (`capturedAt`, ISO), a git baseline's commit (`sha`). Plain values, so the Changes view's
 * worker hands it to the extension host as it is.
 */
export type ChangesSince =
  | { ok: true; list: ChangeList; name: BaselineName; label: string; capturedAt?: string; sha?: string }
  | { ok: false; problem: BaselineProblem; name: BaselineName; label: string };

/** What a capture baseline is: the round that names it, a mark, or a round the store no longer lists. */
export function captureName(id: string, store: StoreFile | undefined): BaselineName {
  const round = store?.reviews?.find((r) => r.baseline === id);
  if (round) return { kind: 'round', round: round.round };
  return id.startsWith('round-') ? { kind: 'round-gone' } : { kind: 'mark' };
}

/** The English words for a capture baseline: "review round 3" when a round names it, "marked reviewed" for a mark. */
export function captureLabel(id: string, store: StoreFile | undefined): string {
  return baselineLabel(captureName(id, store));
}

/** What the user asked for, before anything is resolved: the name a failure is told under. */
export function requestedName(ref: BaselineRef, store: StoreFile | undefined): BaselineName {
  if (ref.kind === 'capture') return captureName(ref.id, store);
  return ref.kind === 'head' ? { kind: 'last-commit' } : { kind: 'branch', ref: ref.ref };
}

export function changesSince(root: string, ref: BaselineRef, store: StoreFile | undefined, opts: ChangeOptions = {}): ChangesSince {
  if (ref.kind === 'capture') {
    const name = captureName(ref.id, store);
    const label = baselineLabel(name);
    const r = readBaseline(root, ref.id);
    if (!r.ok) return { ok: false, name, label, problem: { code: r.problem, message: r.message, detail: r.message, hint: 'pick another baseline' } };
    return { ok: true, name, label, capturedAt: r.baseline.createdAt, list: changesSinceCapture(root, r.baseline, opts) };
  }
  const resolved = resolveGitBaseline(root, ref);
  if (!resolved.ok) {
    const name = requestedName(ref, store);
    return { ok: false, name, label: baselineLabel(name), problem: resolved.problem };
  }
  const { name, label, sha } = resolved.rev;
  const r = changesSinceRev(root, sha, opts);
  if (!r.ok) return { ok: false, name, label, problem: r.problem };
  return { ok: true, name, label, sha, list: r.list };
}

/**
 * A file's text in a baseline (the diff's left side). `sha`: the commit a git baseline
 * resolved to when its list was made, so both agree even if HEAD moved since.
 * undefined when the file is not in the baseline, or its copy is gone.
 */
export function baselineText(root: string, ref: BaselineRef, rel: string, sha?: string): string | undefined {
  if (ref.kind === 'capture') {
    const r = readBaseline(root, ref.id);
    return r.ok ? capturedText(root, r.baseline.files.get(rel)) : undefined;
  }
  let rev = sha;
  if (rev === undefined) {
    const resolved = resolveGitBaseline(root, ref);
    if (!resolved.ok) return undefined;
    rev = resolved.rev.sha;
  }
  const bytes = fileAtCommit(root, rev, rel);
  return bytes === undefined ? undefined : utf8Text(bytes);
}

/**
 * baselineText without blocking the thread on git (the extension host's diff editor): a git
 * baseline's file comes through the async git queue, and stops with `signal`.
 */
export async function baselineTextAsync(root: string, ref: BaselineRef, rel: string, sha: string | undefined, signal?: AbortSignal): Promise<string | undefined> {
  if (ref.kind === 'capture' || sha === undefined) return baselineText(root, ref, rel, sha);
  const bytes = await fileAtCommitAsync(root, sha, rel, signal);
  return bytes === undefined ? undefined : utf8Text(bytes);
}

/** A choice of the baseline picker. */
export interface BaselineChoice {
  ref: BaselineRef;
  name: BaselineName;
  /** Its English words (baselineLabel). */
  label: string;
  /** When it was taken (captures) — for "3 min ago". */
  at?: string;
  round?: ReviewRound;
}

/**
 * The capture baselines that exist, newest first: each round's (by the store) and each mark.
 * A round whose baseline is no longer kept is left out.
 */
export function captureChoices(root: string, store: StoreFile | undefined): BaselineChoice[] {
  const onDisk = new Map(listBaselines(root).map((b) => [b.id, b]));
  const byRound = new Map<string, ReviewRound>();
  for (const r of store?.reviews ?? []) if (isBaselineId(r.baseline) && onDisk.has(r.baseline)) byRound.set(r.baseline, r);
  const out: BaselineChoice[] = [];
  for (const b of [...onDisk.values()].reverse()) {
    if (b.kind === 'turn') continue; // an agent's turn: read by turn-lanes.ts, not a baseline the view offers
    const round = byRound.get(b.id);
    if (b.kind === 'round' && !round) continue; // a capture whose submit failed, or a round pruned from the store
    const name: BaselineName = round ? { kind: 'round', round: round.round } : { kind: 'mark' };
    out.push({ ref: { kind: 'capture', id: b.id }, name, label: baselineLabel(name), at: new Date(b.createdAtMs).toISOString(), ...(round ? { round } : {}) });
  }
  return out;
}

/** The baseline the view opens on: the newest capture, else the last commit when there is one, else none. */
export function defaultBaseline(root: string, store: StoreFile | undefined): BaselineRef | undefined {
  const newest = captureChoices(root, store)[0];
  if (newest) return newest.ref;
  return resolveGitBaseline(root, { kind: 'head' }).ok ? { kind: 'head' } : undefined;
}

/**
 * Captures the workspace for a review round about to be submitted (its id goes into the
 * round) and prunes old baselines. A failure is returned, not thrown: a submit must not fail
 * because its baseline could not be taken.
 */
export function captureForRound(root: string, store: StoreFile | undefined, opts: ChangeOptions = {}): { ok: true; report: CaptureReport } | { ok: false; error: string } {
  return capture(root, 'round', store, opts);
}

/** Mark All Reviewed: a capture the view compares with from now on. */
export function captureMark(root: string, store: StoreFile | undefined, opts: ChangeOptions = {}): { ok: true; report: CaptureReport } | { ok: false; error: string } {
  return capture(root, 'mark', store, opts);
}

function capture(root: string, kind: 'round' | 'mark', store: StoreFile | undefined, opts: ChangeOptions): { ok: true; report: CaptureReport } | { ok: false; error: string } {
  try {
    const report = captureBaseline(root, { kind, ...(opts.maxFileBytes !== undefined ? { maxFileBytes: opts.maxFileBytes } : {}) });
    pruneBaselines(root, store);
    return { ok: true, report };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

/**
 * An agent's turn starts or ends (the hooks, cli/hook/run.ts): the workspace is captured with
 * the session, so turn-lanes.ts can tell who changed what. Incremental (only files whose stat
 * changed are read), old turn captures pruned. A failure is returned: a hook never fails over it.
 */
export function captureTurn(root: string, session: string, turn: 'start' | 'end', opts: ChangeOptions = {}): { ok: true; report: CaptureReport } | { ok: false; error: string } {
  // Recorded only as a session the manifest's reader accepts (baselines.ts): else the capture would be unreadable.
  if (!SESSION_PATTERN.test(session)) return { ok: false, error: `not a session id: ${JSON.stringify(session.slice(0, 60))}` };
  try {
    const report = captureBaseline(root, { kind: 'turn', session, turn, ...(opts.maxFileBytes !== undefined ? { maxFileBytes: opts.maxFileBytes } : {}) });
    // Pruned only with the store read: without its rounds, every round's baseline would look unkept.
    const store = turn === 'end' ? readStoreQuietly(root) : undefined;
    if (store) pruneBaselines(root, store);
    return { ok: true, report };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

function readStoreQuietly(root: string): StoreFile | undefined {
  try {
    return readStore(root).store;
  } catch {
    return undefined;
  }
}

/**
 * Submit Review with its baseline: the workspace is captured first (so "changes since this
 * round" starts from what the reviewer saw), then the round is written naming the capture.
 * A capture that fails is logged through `onCaptureFailed` and the round is submitted without
 * one: a review must never be lost to a baseline.
 */
export async function submitReviewWithBaseline(
  root: string,
  opts: { message?: string; forSession?: string; maxFileBytes?: number; onCaptureFailed?(error: string): void } = {},
): Promise<ReviewRound> {
  let store: StoreFile | undefined;
  try {
    store = readStore(root).store;
  } catch {
    store = undefined; // submitReview reports the store's problem
  }
  const captured = captureForRound(root, store, opts.maxFileBytes !== undefined ? { maxFileBytes: opts.maxFileBytes } : {});
  if (!captured.ok) opts.onCaptureFailed?.(captured.error);
  return submitReview(root, {
    ...(opts.message !== undefined ? { message: opts.message } : {}),
    ...(opts.forSession !== undefined ? { forSession: opts.forSession } : {}),
    ...(captured.ok ? { baseline: captured.report.baseline.id } : {}),
  });
}
