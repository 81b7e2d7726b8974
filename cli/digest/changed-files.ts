/**
 * The digest's "files changed since the baseline": since a commit (git-changed-files.ts) or
 * since a capture of the workspace (a review round's, a Mark All Reviewed), read with the
 * Changes view's own module (captured-changes.ts). Both are built into their own file,
 * `.consider/bin/consider-changes.cjs`, loaded here on the first digest: the CLI's other
 * commands never load it (the store module would otherwise grow by a third for every call).
 */
import path from 'node:path';
import { isConsiderStoredPath } from '../../shared/store';
import type { ChangedFile, ChangedFiles, DigestBaseline } from './change-list';

export type { ChangeKind, ChangedFile, ChangedFiles, DigestBaseline } from './change-list';

type ChangesModule = typeof import('./captured-changes');

/** consider-changes.cjs, beside this bundle (built from captured-changes.ts). */
function changesModule(): ChangesModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at run time, by design (see above)
  return require(path.join(__dirname, 'consider-changes.cjs')) as ChangesModule;
}

/** A captured baseline, through the Changes view's module. */
function filesSinceCapture(root: string, id: string): ChangedFiles {
  const read = changesModule().capturedChanges(root, id);
  const label = 'the captured baseline';
  if (!read.ok) return { ok: false, code: 'unavailable', label, reason: read.reason };
  const files = read.changes.filter((f) => !isConsiderStoredPath(f.path)).map(({ path: p, oldPath, kind, added, removed, note }): ChangedFile => ({
    path: p, kind, ...(oldPath !== undefined ? { oldPath } : {}), ...(added !== undefined ? { added } : {}), ...(removed !== undefined ? { removed } : {}),
    ...(note === 'binary' || note === 'too-large' || note === 'unreadable' ? { note } : {}),
  }));
  return { ok: true, files, label };
}

/** The files changed in the workspace at `root` since `baseline`, by path. */
export function changedFilesSince(root: string, baseline: DigestBaseline): ChangedFiles {
  return baseline.kind === 'capture' ? filesSinceCapture(root, baseline.id) : changesModule().gitChangedFiles(root, baseline);
}
