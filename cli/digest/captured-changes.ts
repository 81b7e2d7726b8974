/**
 * The files changed since a captured baseline (a review round's, a Mark All Reviewed), read with
 * the Changes view's own module (shared/changes), so the digest counts exactly what the reviewer
 * sees there. Built into its own file, `.consider/bin/consider-changes.cjs`, with the digest's
 * list since a commit (git-changed-files.ts), and loaded by changed-files.ts for a digest only:
 * the CLI's other commands never load it (the store module would otherwise grow by a third).
 */
import { readBaseline } from '../../shared/changes/baselines';
import { changesSinceCapture } from '../../shared/changes/capture-changes';
import type { FileChange } from '../../shared/changes/model';

export { gitChangedFiles } from './git-changed-files';

// The capture a Submit Review takes, for tools that script a review without the editor (npm start's demo).
export { captureForRound } from '../../shared/changes/index';

export type CapturedChanges = { ok: true; changes: FileChange[] } | { ok: false; reason: string };

export function capturedChanges(root: string, id: string): CapturedChanges {
  const read = readBaseline(root, id);
  if (!read.ok) return { ok: false, reason: read.message };
  return { ok: true, changes: changesSinceCapture(root, read.baseline).changes };
}
