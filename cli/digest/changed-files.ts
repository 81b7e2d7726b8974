/**
 * The digest's "files changed since the baseline": the Changes view's own list (changes-bundle.ts),
 * built into its own file, `.consider/bin/consider-changes.cjs`, loaded here on the first digest:
 * the CLI's other commands never load it (the store module would otherwise grow by a third for
 * every call).
 */
import path from 'node:path';
import type { StoreFile } from '../../shared';
import type { ChangedFiles, DigestBaseline } from './change-list';

export type { ChangeKind, ChangedFile, ChangedFiles, DigestBaseline } from './change-list';

type ChangesModule = typeof import('./changes-bundle');

/** consider-changes.cjs, beside this bundle (built from changes-bundle.ts). */
function changesModule(): ChangesModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at run time, by design (see above)
  return require(path.join(__dirname, 'consider-changes.cjs')) as ChangesModule;
}

/** The files changed in the workspace at `root` since `baseline`, as the Changes view lists them. */
export function changedFilesSince(root: string, baseline: DigestBaseline, store: StoreFile): ChangedFiles {
  return changesModule().changedFiles(root, baseline, store);
}

/** What the Changes view counts from when nobody picked a baseline; undefined: nothing to count from (no capture, no commit). */
export function latestBaseline(root: string, store: StoreFile): DigestBaseline | undefined {
  return changesModule().latestBaseline(root, store);
}

/** The newest Mark All Reviewed that is still kept; undefined when there is none. */
export function newestMark(root: string, store: StoreFile): DigestBaseline | undefined {
  return changesModule().newestMark(root, store);
}
