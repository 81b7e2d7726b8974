/**
 * Lazy reconciliation of a workspace's threads against the files on disk (spec §4.3).
 * PLACEHOLDER with the contract's signatures: filled in by the re-anchoring work (issue 3).
 */
import type { Author, Comment } from './model';
import type { ReanchorResult } from './reconcile';

export interface ReconcileOptions {
  force?: boolean;
  files?: string[];
  onProgress?(done: number, total: number): void;
  signal?: AbortSignal;
}

export interface ReconcileReport {
  checked: number;
  moved: number;
  stale: number;
  orphaned: number;
  restored: number;
  changed: boolean;
}

export async function reconcileWorkspace(_root: string, _opts: ReconcileOptions = {}): Promise<ReconcileReport> {
  return { checked: 0, moved: 0, stale: 0, orphaned: 0, restored: 0, changed: false };
}

export function reanchorInText(comment: Comment, _text: string): ReanchorResult {
  const { startLine, endLine } = comment.anchor;
  return { anchorState: 'anchored', startLine, endLine, method: 'placeholder', confidence: 0 };
}

export async function setAnchor(_root: string, _id: string, _range: { startLine: number; endLine: number; text?: string }, _actor: Author): Promise<Comment> {
  throw new Error('setAnchor: not implemented yet');
}

export async function confirmAnchor(_root: string, _id: string, _actor: Author): Promise<Comment> {
  throw new Error('confirmAnchor: not implemented yet');
}
