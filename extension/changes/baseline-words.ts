/**
 * The Changes view's words for what shared/changes hands it as data: a baseline's name, why a
 * baseline cannot be used, why a file has no counts. shared/ keeps English for the CLI and the
 * agents (`baselineLabel`, `problem.message`); a translated VS Code says these in its own
 * language (issue 36), so every string here goes through l10n.t. No `vscode` import (the
 * shared board l10n reads the same bundle the host loaded), so vitest runs it as it is.
 */
import type { BaselineName, BaselineProblem, ChangeNote } from '../../shared/changes/model';
import { l10n } from '../../shared/board/l10n';

const short = (sha: string): string => sha.slice(0, 7);

/** "the last commit (main, 1a2b3c4)", "review round 3", "marked reviewed"… in VS Code's language. */
export function baselineWords(name: BaselineName): string {
  switch (name.kind) {
    case 'head': return name.branch === undefined
      ? l10n.t('the last commit (detached at {0})', short(name.sha))
      : l10n.t('the last commit ({0}, {1})', name.branch, short(name.sha));
    case 'merge-base': return l10n.t('merge-base with {0} ({1})', name.ref, short(name.sha));
    case 'round': return l10n.t('review round {0}', name.round);
    case 'mark': return l10n.t('marked reviewed');
    case 'round-gone': return l10n.t('a review round no longer in the store');
    case 'last-commit': return l10n.t('the last commit');
    case 'branch': return l10n.t('branch {0}', name.ref);
  }
}

const OTHER_BASELINE = (): string => l10n.t('compare with a review round or Mark All Reviewed instead');

/** Why a baseline cannot be used, and what to do, in VS Code's language. */
export function problemWords(problem: BaselineProblem): { message: string; hint?: string } {
  const ref = JSON.stringify(problem.ref ?? '');
  switch (problem.code) {
    case 'no-git': return { message: l10n.t('git is not installed (or not on PATH)'), hint: OTHER_BASELINE() };
    case 'not-repo': return { message: l10n.t('this folder is not in a git repository'), hint: OTHER_BASELINE() };
    case 'no-commits': return { message: l10n.t('the repository has no commit yet'), hint: l10n.t('commit once, or compare with a review round or Mark All Reviewed') };
    case 'bad-ref': return { message: l10n.t('there is no branch or commit named {0}', ref), hint: l10n.t('pick another branch') };
    case 'unrelated': return { message: l10n.t('HEAD and {0} have no common ancestor', ref), hint: l10n.t('pick another branch') };
    // git's and the file system's own words stay as they are: only the frame is ours.
    case 'git-failed': return { message: l10n.t('git failed: {0}', problem.detail ?? problem.message) };
    case 'missing': return { message: l10n.t('this baseline is no longer kept'), hint: l10n.t('pick another baseline') };
    case 'damaged': return { message: l10n.t('this baseline cannot be read: {0}', problem.detail ?? problem.message), hint: l10n.t('pick another baseline') };
  }
}

/** Why a file has no `+12 −3`, as its row says it (short: a sidebar row is narrow). */
export function noteWords(note: ChangeNote | undefined): string {
  switch (note) {
    case 'binary': return l10n.t('binary');
    case 'too-large': return l10n.t('too large to compare');
    case 'unreadable': return l10n.t('unreadable');
    case 'symlink-outside': return l10n.t('link outside the workspace');
    case 'missing-content': return l10n.t('baseline copy missing');
    default: return '';
  }
}

/** `+12 −3`, or why there are no counts, in VS Code's language. */
export function countsWords(c: { added?: number; removed?: number; note?: ChangeNote }): string {
  return c.added !== undefined && c.removed !== undefined ? `+${c.added} −${c.removed}` : noteWords(c.note);
}
