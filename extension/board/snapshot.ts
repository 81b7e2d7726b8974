/**
 * Builds what the webview is sent from the host's folder states: the snapshot (thread
 * summaries, small enough to paint thousands of rows at once) and, on request, the details
 * (every thread's conversation).
 */
import fs from 'node:fs';
import { considerPaths, isUnseen, lastActivityAt, type Comment } from '../../shared/store';
import { titleOf, type FolderDetails, type FolderSnapshot, type ThreadDetails, type ThreadView } from '../../shared/protocol';
import type { Author } from '../../shared/model';
import type { FolderStoreState } from '../api';

export function toThreadView(c: Comment): ThreadView {
  const replies = c.thread;
  const replyAuthors: Author[] = [];
  for (const r of replies) if (!replyAuthors.includes(r.author)) replyAuthors.push(r.author);
  return {
    id: c.id,
    file: c.file,
    startLine: c.anchor.startLine,
    endLine: c.anchor.endLine,
    workflowState: c.workflowState,
    anchorState: c.anchorState,
    author: c.author,
    title: titleOf(c.body),
    lastActivityAt: lastActivityAt(c),
    // Fields in their common case are left out (see ThreadView): thousands of threads per snapshot.
    ...(isUnseen(c) ? { unseen: true as const } : {}),
    ...(c.anchor.reason ? { reason: String(c.anchor.reason) } : {}),
    // Only the triage view shows the stored code: anchored threads do not carry it.
    ...(c.anchorState === 'anchored' ? {} : { targetContent: c.anchor.targetContent }),
    ...(replies.length ? { replyCount: replies.length, lastReplyAuthor: replies[replies.length - 1]!.author, replyAuthors } : {}),
  };
}

export function toFolderSnapshot(f: FolderStoreState): FolderSnapshot {
  return {
    root: f.root,
    name: f.name,
    hasStore: !!f.store,
    threads: f.error ? [] : (f.store?.comments ?? []).map(toThreadView),
    ...(f.error ? { error: { code: f.error.code, message: f.error.message, ...(f.error.hint ? { hint: f.error.hint } : {}) }, hasBackup: fs.existsSync(considerPaths(f.root).backup) } : {}),
    ...(f.readOnlyReason ? { readOnlyReason: f.readOnlyReason } : {}),
  };
}

export function toThreadDetails(c: Comment): ThreadDetails {
  return { id: c.id, body: c.body, createdAt: c.createdAt, replies: c.thread.map((r) => ({ id: r.id, author: r.author, body: r.body, createdAt: r.createdAt })) };
}

export function toFolderDetails(f: FolderStoreState): FolderDetails {
  return { root: f.root, threads: f.error ? [] : (f.store?.comments ?? []).map(toThreadDetails) };
}
