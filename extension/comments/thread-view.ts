/**
 * How a stored thread looks in the Comments API, as plain data (no `vscode` import, so it is
 * unit-tested in vitest): the label telling both state axes, the contextValue flags the menus'
 * `when` clauses test, who may edit or delete what, and the author shown on each comment.
 */
import type { AnchorState, Author, Comment, Disposition, WorkflowState } from '../../shared/model';
import { dispositionOf, isUnseen, offeredMove, placeText, rejectedChangeLeft } from '../../shared/model';
import { addressedButUnchanged, codeSinceWritten } from '../../shared/changes/proof';
import { l10n } from '../../shared/board/l10n';

// The words are functions of the state, not tables: they are looked up in the current language (shared/board/l10n.ts).
export const workflowLabel = (s: WorkflowState): string => (s === 'open' ? l10n.t('Open') : l10n.t('Resolved'));
export const anchorLabel = (s: AnchorState): string => ({ anchored: l10n.t('Anchored'), stale: l10n.t('Stale'), orphaned: l10n.t('Orphaned') })[s];

/** A rejected change that left its file, as the thread title says it (not "Stale": the code did not change under the thread). */
export const rejectedLeftLabel = (left: 'reverted' | 'gone'): string => (left === 'reverted' ? l10n.t('Change reverted') : l10n.t('Rejected change gone from the file'));

/** Why a thread of a rejected change is not on its code, for the board's detail and triage. */
export const rejectedLeftReason = (left: 'reverted' | 'gone'): string => (left === 'reverted'
  ? l10n.t('The change was reverted: its lines are the baseline\'s again. Not stale: the code did not change under the thread.')
  : l10n.t('The rejected change is no longer in the file: it was taken out or rewritten since.'));

/** What the agent said it did, as the thread title and the reply's label show it. */
export const dispositionLabel = (d: Disposition): string => ({
  addressed: l10n.t('Agent: addressed — check it'),
  declined: l10n.t('Agent: declined'),
  question: l10n.t('Agent: has a question'),
})[d];

/** The parts of a thread its title and menus depend on. */
export type ThreadLook = Pick<Comment, 'workflowState' | 'anchorState' | 'pending'> & {
  disposition?: Disposition;
  /** "src/a.ts:40-42": where its code was before it moved into this file (Comment.movedFrom). */
  movedFrom?: string;
  /** "src/b.ts:40": a stale or orphaned thread's code was found there but not followed (Anchor.suggestedMove). */
  suggestedMove?: string;
  removed?: true;
  /** A rejected change that left its file (shared/model.ts rejectedChangeLeft): said instead of "Stale", which would read as the code changing under the thread. */
  rejectedLeft?: 'reverted' | 'gone';
  /** Its code differs from what it was written on (shared/changes/proof.ts): Show Changes is offered. */
  codeChanged?: true;
  /** Addressed, but its code is exactly what it was written on. */
  addressedUnchanged?: true;
  /** Where it came from on a pull request: "from PR #42 by @alice" (shared/model.ts pullRequestOrigin). */
  pr?: { number: number; via: 'pulled' | 'pushed'; author: string; bot?: true; outdated?: true; fileLevel?: true };
};

function prLook(p: NonNullable<Comment['pr']>): NonNullable<ThreadLook['pr']> {
  return {
    number: p.number, via: p.via, author: p.author.login, ...(p.author.bot ? { bot: true as const } : {}), ...(p.outdated ? { outdated: true as const } : {}),
    ...(p.fileLevel ? { fileLevel: true as const } : {}),
  };
}

/** The look of a stored thread, with the anchor state the open editor shows (it may be ahead of the store). */
export function threadLook(c: Comment, anchorState: AnchorState = c.anchorState): ThreadLook {
  const disposition = dispositionOf(c);
  const m = c.movedFrom;
  const offered = anchorState === 'anchored' ? undefined : offeredMove(c);
  return {
    workflowState: c.workflowState, anchorState, ...(c.pending ? { pending: true } : {}), ...(disposition ? { disposition } : {}), ...(c.removed ? { removed: true } : {}),
    ...(rejectedChangeLeft(c) ? { rejectedLeft: rejectedChangeLeft(c) } : {}),
    ...(m ? { movedFrom: placeText(m.file, m.startLine, m.endLine) } : {}),
    ...(offered ? { suggestedMove: placeText(offered.file, offered.startLine, offered.endLine) } : {}),
    ...(c.pr ? { pr: prLook(c.pr) } : {}),
    // Judged with the anchor state the editor shows (it may be ahead of the store).
    ...(codeSinceWritten({ ...c, anchorState }) === 'changed' ? { codeChanged: true } : {}), ...(addressedButUnchanged({ ...c, anchorState }) ? { addressedUnchanged: true } : {}),
  };
}

/**
 * The thread widget's title: "Pending review" for a thread not yet sent to the agent, else the
 * workflow state; then the anchor state when it is not the normal one; where its code moved
 * from, when it followed its code into this file; then, on an open thread, what the agent said
 * it did ("Open · Agent: addressed — check it", "Resolved · Stale", "Open · Moved from src/a.ts:40").
 */
export function threadLabel(c: ThreadLook): string {
  const parts = [c.pending ? l10n.t('Pending review (not sent to the agent yet)') : workflowLabel(c.workflowState)];
  if (c.rejectedLeft) parts.push(rejectedLeftLabel(c.rejectedLeft));
  else if (c.anchorState !== 'anchored') parts.push(anchorLabel(c.anchorState));
  if (c.suggestedMove) parts.push(l10n.t('May have moved to {0}', c.suggestedMove));
  if (c.movedFrom) parts.push(l10n.t('Moved from {0}', c.movedFrom));
  if (c.removed) parts.push(l10n.t('About removed code'));
  if (c.pr) parts.push(pullRequestLabel(c.pr));
  if (c.disposition && c.workflowState === 'open') parts.push(c.addressedUnchanged ? l10n.t('Agent: addressed, but its code did not change') : dispositionLabel(c.disposition));
  return parts.join(' · ');
}

/** An account on the pull request, localized: "@alice", "@coderabbitai (bot)" (shared/model.ts pullRequestAccount says it in English). */
const accountName = (login: string, bot: boolean | undefined): string => (bot ? l10n.t('@{0} (bot)', login) : `@${login}`);

/** "From PR #42 by @alice", "From PR #42 by @coderabbitai (bot), outdated there", "Posted to PR #42". */
function pullRequestLabel(pr: NonNullable<ThreadLook['pr']>): string {
  const file = pr.fileLevel ? ` · ${l10n.t('on the whole file')}` : '';
  if (pr.via === 'pushed') return l10n.t('Posted to PR #{0}', pr.number) + file;
  const who = accountName(pr.author, pr.bot);
  return (pr.outdated ? l10n.t('From PR #{0} by {1}, outdated there', pr.number, who) : l10n.t('From PR #{0} by {1}', pr.number, who)) + file;
}

/**
 * Flags for `commentThread` when clauses, e.g. `commentThread =~ /state:open/`. Tokens are
 * prefixed so that no flag is a substring of another.
 */
export function threadContextValue(c: ThreadLook): string {
  const flags = [`state:${c.workflowState}`, `anchor:${c.anchorState}`, c.workflowState === 'open' ? 'canReply' : 'mustReopen'];
  if (c.pending) flags.push('review:pending');
  if (c.disposition) flags.push(`disposition:${c.disposition}`);
  if (c.removed) flags.push('removedCode');
  if (c.codeChanged) flags.push('codeChanged');
  if (c.addressedUnchanged) flags.push('addressedUnchanged');
  if (c.pr) flags.push('pullRequest');
  return flags.join(',');
}

/** The developer in VS Code is the human author: they may edit and delete what they wrote, not the agent's words. */
export function commentContextValue(author: Author): string {
  return author === 'human' ? 'author:human,canEdit,canDelete' : 'author:agent';
}

export const authorName = (a: Author): string => (a === 'human' ? l10n.t('You') : l10n.t('Agent'));

/** One entry of the thread as shown: the first comment (id = thread id) then the replies. */
export interface CommentView {
  /** The thread id for the first comment, else the reply id. */
  id: string;
  author: Author;
  authorName: string;
  body: string;
  createdAt: string;
  edited: boolean;
  /** What the agent said it did with this reply. */
  disposition?: Disposition;
  contextValue: string;
}

/** A comment written on the pull request by someone there: their login; the developer may not edit their words. */
const pulledName = (p: { author: { login: string; bot?: true } }): string => accountName(p.author.login, p.author.bot);

export function commentViews(c: Comment): CommentView[] {
  const pulled = c.pr?.via === 'pulled' ? c.pr : undefined;
  const first: CommentView = {
    id: c.id, author: c.author, authorName: pulled ? pulledName(pulled) : authorName(c.author), body: c.body, createdAt: c.createdAt,
    edited: !!c.editedAt, contextValue: pulled ? 'author:pullRequest' : commentContextValue(c.author),
  };
  return [first, ...c.thread.map((r) => {
    const fromPr = r.pr && r.author === 'human' ? r.pr : undefined;
    return {
      id: r.id, author: r.author, authorName: fromPr ? pulledName(fromPr) : authorName(r.author), body: r.body, createdAt: r.createdAt,
      edited: !!r.editedAt, ...(r.disposition ? { disposition: r.disposition } : {}), contextValue: fromPr ? 'author:pullRequest' : commentContextValue(r.author),
    };
  })];
}

/** The small label beside a comment's author: its disposition and whether it was edited ("addressed · edited"). */
export function commentLabel(v: CommentView): string | undefined {
  const disposition = v.disposition && ({ addressed: l10n.t('addressed'), declined: l10n.t('declined'), question: l10n.t('question') })[v.disposition];
  const parts = [disposition, v.edited ? l10n.t('edited') : undefined].filter((p): p is string => p !== undefined);
  return parts.length ? parts.join(' · ') : undefined;
}

/** Whether a thread is shown inline under the current visibility toggles. */
export function isVisible(c: Pick<Comment, 'workflowState' | 'anchorState'>, v: { showResolved: boolean; showStale: boolean }): boolean {
  if (c.workflowState === 'resolved' && !v.showResolved) return false;
  if (c.anchorState !== 'anchored' && !v.showStale) return false;
  return true;
}

/**
 * A key that changes exactly when what the widget shows changes: re-rendering is skipped for
 * threads whose key is the same, so a store write by the CLI touches only the threads it changed.
 */
export function renderKey(c: Comment): string {
  const replies = c.thread.map((r) => [r.id, r.body, r.editedAt, r.disposition]);
  // The pull request link shows in the title (pulled, posted, outdated there): a push that links a thread re-renders it.
  const pr = c.pr ? [c.pr.via, c.pr.number, c.pr.outdated === true, c.pr.author.login] : undefined;
  return JSON.stringify([c.workflowState, c.anchorState, c.body, c.editedAt, replies, isUnseen(c), c.pending, c.movedFrom, c.anchor.suggestedMove, codeSinceWritten(c), pr, rejectedChangeLeft(c)]);
}
