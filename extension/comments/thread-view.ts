/**
 * How a stored thread looks in the Comments API, as plain data (no `vscode` import, so it is
 * unit-tested in vitest): the label telling both state axes, the contextValue flags the menus'
 * `when` clauses test, who may edit or delete what, and the author shown on each comment.
 */
import type { AnchorState, Author, Comment, WorkflowState } from '../../shared/model';
import { isUnseen } from '../../shared/model';

export const WORKFLOW_LABEL: Readonly<Record<WorkflowState, string>> = { open: 'Open', resolved: 'Resolved' };
export const ANCHOR_LABEL: Readonly<Record<AnchorState, string>> = { anchored: 'Anchored', stale: 'Stale', orphaned: 'Orphaned' };

/**
 * The thread widget's title: the workflow state, then the anchor state when it is not the
 * normal one ("Open", "Resolved · Stale", "Open · Orphaned"). The renderer passes the anchor
 * state of what the open editor shows, which may be ahead of the store (unsaved edits).
 */
export function threadLabel(c: Pick<Comment, 'workflowState' | 'anchorState'>): string {
  const parts = [WORKFLOW_LABEL[c.workflowState]];
  if (c.anchorState !== 'anchored') parts.push(ANCHOR_LABEL[c.anchorState]);
  return parts.join(' · ');
}

/**
 * Flags for `commentThread` when clauses, e.g. `commentThread =~ /state:open/`. Tokens are
 * prefixed so that no flag is a substring of another.
 */
export function threadContextValue(c: Pick<Comment, 'workflowState' | 'anchorState'>): string {
  return [`state:${c.workflowState}`, `anchor:${c.anchorState}`, c.workflowState === 'open' ? 'canReply' : 'mustReopen'].join(',');
}

/** The developer in VS Code is the human author: they may edit and delete what they wrote, not the agent's words. */
export function commentContextValue(author: Author): string {
  return author === 'human' ? 'author:human,canEdit,canDelete' : 'author:agent';
}

export const AUTHOR_NAME: Readonly<Record<Author, string>> = { human: 'You', agent: 'Agent' };

/** One entry of the thread as shown: the first comment (id = thread id) then the replies. */
export interface CommentView {
  /** The thread id for the first comment, else the reply id. */
  id: string;
  author: Author;
  authorName: string;
  body: string;
  createdAt: string;
  edited: boolean;
  contextValue: string;
}

export function commentViews(c: Comment): CommentView[] {
  const first: CommentView = {
    id: c.id, author: c.author, authorName: AUTHOR_NAME[c.author], body: c.body, createdAt: c.createdAt,
    edited: !!c.editedAt, contextValue: commentContextValue(c.author),
  };
  return [first, ...c.thread.map((r) => ({
    id: r.id, author: r.author, authorName: AUTHOR_NAME[r.author], body: r.body, createdAt: r.createdAt,
    edited: !!r.editedAt, contextValue: commentContextValue(r.author),
  }))];
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
  return JSON.stringify([c.workflowState, c.anchorState, c.body, c.editedAt, c.thread.map((r) => [r.id, r.body, r.editedAt]), isUnseen(c)]);
}
