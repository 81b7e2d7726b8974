/** Builds the slim snapshot the webview projects from the host's folder states. */
import fs from 'node:fs';
import { considerPaths, isUnseen, lastActivityAt, type Comment } from '../../shared/store';
import type { FolderSnapshot, ThreadView } from '../../shared/protocol';
import type { FolderStoreState } from '../api';

export function toThreadView(c: Comment): ThreadView {
  return {
    id: c.id,
    file: c.file,
    startLine: c.anchor.startLine,
    endLine: c.anchor.endLine,
    workflowState: c.workflowState,
    anchorState: c.anchorState,
    author: c.author,
    body: c.body,
    createdAt: c.createdAt,
    lastActivityAt: lastActivityAt(c),
    unseen: isUnseen(c),
    ...(c.anchor.reason ? { reason: String(c.anchor.reason) } : {}),
    // Only the triage view shows the stored code: keep the snapshot small for anchored threads.
    targetContent: c.anchorState === 'anchored' ? '' : c.anchor.targetContent,
    replies: c.thread.map((r) => ({ id: r.id, author: r.author, body: r.body, createdAt: r.createdAt })),
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
