/**
 * The digest's list of changed files, as the page prints it: the shapes of the Changes view's
 * (shared/changes: BaselineRef, FileChange) without what only that view needs. Types only:
 * changed-files.ts answers with them, git-changed-files.ts and captured-changes.ts fill them.
 */

/** What the changes are counted from (shared/changes' BaselineRef). */
export type DigestBaseline =
  | { kind: 'head' }
  | { kind: 'branch'; ref: string }
  /** A capture of the workspace (a review round's, a Mark All Reviewed): the Changes view's. */
  | { kind: 'capture'; id: string };

export type ChangeKind = 'added' | 'deleted' | 'modified' | 'renamed';

/** One changed file (shared/changes' FileChange, without what only its view needs). */
export interface ChangedFile {
  /** Workspace-relative path now (a deleted file: where it was). */
  path: string;
  /** A renamed file's path in the baseline. */
  oldPath?: string;
  kind: ChangeKind;
  /** Lines added and removed, when both sides are text that could be read. */
  added?: number;
  removed?: number;
  /** Why there are no counts. */
  note?: 'binary' | 'too-large' | 'unreadable';
}

export type ChangedFiles =
  | { ok: true; files: ChangedFile[]; label: string; sha?: string }
  /** `bad-ref`: the ref asked for does not exist (or shares no history with HEAD); `unavailable`: git cannot say (no git, no repository, no commit). */
  | { ok: false; code: 'unavailable' | 'bad-ref'; reason: string; label: string; /** git's own message, as it said it. */ detail?: string };
