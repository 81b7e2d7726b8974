/**
 * The digest's list of changed files, as the page prints it: the Changes view's own list
 * (shared/changes: BaselineRef, FileChange) without what only that view needs. Types only:
 * changed-files.ts answers with them, changes-bundle.ts fills them from the view's module.
 */
import type { BaselineRef, ChangeKind, FileChange } from '../../shared/changes/model';

/** What the changes are counted from: the Changes view's baselines (the last commit, a branch's merge-base, a capture). */
export type DigestBaseline = BaselineRef;

export type { ChangeKind };

/** One changed file: shared/changes' FileChange without what only its view needs (what the file is now). */
export type ChangedFile = Pick<FileChange, 'path' | 'oldPath' | 'kind' | 'added' | 'removed' | 'note'>;

export type ChangedFiles =
  /** `label`: the baseline's name, as the Changes view titles it ("review round 2", "the last commit (main, 1a2b3c4)"). */
  | { ok: true; files: ChangedFile[]; label: string; sha?: string }
  /** `bad-ref`: the ref asked for does not exist (or shares no history with HEAD); `unavailable`: it cannot be compared with (no git, no repository, no commit, a capture gone). */
  | { ok: false; code: 'unavailable' | 'bad-ref'; reason: string; label: string };
