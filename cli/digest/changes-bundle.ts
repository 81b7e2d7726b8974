/**
 * The digest's files changed since a baseline, read with the Changes view's own module
 * (shared/changes), so the page lists exactly the files the view lists, under the same name,
 * for every baseline (test/changes-agree.test.ts). Built into its own file,
 * `.consider/bin/consider-changes.cjs`, which changed-files.ts loads for a digest only: the
 * CLI's other commands never load it (the store module would otherwise grow by a third).
 */
import { captureChoices, changesSince, defaultBaseline } from '../../shared/changes/index';
import type { BaselineRef } from '../../shared/changes/model';
import type { StoreFile } from '../../shared/model';
import type { ChangedFile, ChangedFiles } from './change-list';

// The capture a Submit Review takes, for tools that script a review without the editor (npm start's demo).
export { captureForRound } from '../../shared/changes/index';
// The turn captures the hooks take and the session's lane `review`/`list --session` print (cli/turn-lane.ts).
export { captureTurn, changedSinceLastTurn } from '../../shared/changes/index';

/** The files changed in the workspace at `root` since `ref`, as the Changes view lists them. */
export function changedFiles(root: string, ref: BaselineRef, store: StoreFile): ChangedFiles {
  const r = changesSince(root, ref, store);
  if (!r.ok) return { ok: false, code: r.problem.code === 'bad-ref' || r.problem.code === 'unrelated' ? 'bad-ref' : 'unavailable', reason: r.problem.message, label: r.label };
  const files = r.list.changes.map(({ path, oldPath, kind, added, removed, note }): ChangedFile => ({
    path, kind, ...(oldPath !== undefined ? { oldPath } : {}), ...(added !== undefined ? { added } : {}), ...(removed !== undefined ? { removed } : {}), ...(note ? { note } : {}),
  }));
  return { ok: true, files, label: r.label, ...(r.sha !== undefined ? { sha: r.sha } : {}) };
}

/** The baseline the Changes view opens on: the newest capture (a review round's or a Mark All Reviewed), else the last commit. */
export function latestBaseline(root: string, store: StoreFile): BaselineRef | undefined {
  return defaultBaseline(root, store);
}

/** The newest Mark All Reviewed that is still kept, as the Changes view's baseline picker lists it. */
export function newestMark(root: string, store: StoreFile): BaselineRef | undefined {
  return captureChoices(root, store).find((c) => c.round === undefined)?.ref;
}
