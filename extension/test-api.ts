/**
 * What activate() returns: the ConsiderHost plus read-only views of what the extension shows.
 * The Comments API cannot be read back, so the real-VS-Code tests (e2e/vscode/suite) inspect
 * the rendered threads through this. Nothing here changes state.
 */
import type * as vscode from 'vscode';
import type { ConsiderHost } from './api';

export interface RenderedComment {
  author: 'human' | 'agent';
  authorName: string;
  body: string;
  contextValue: string;
  /** The label beside the author (disposition, "edited"). */
  label?: string;
}

export interface RenderedThread {
  root: string;
  id: string;
  /** Workspace-relative path. */
  file: string;
  uri: string;
  /** 1-based, inclusive: the lines the widget is shown on right now. */
  startLine: number;
  endLine: number;
  label: string;
  contextValue: string;
  canReply: boolean;
  collapsed: boolean;
  comments: RenderedComment[];
}

export interface ShownNotification {
  severity: 'info' | 'warning' | 'error';
  message: string;
  actions: string[];
}

export interface ConsiderTestApi {
  host: ConsiderHost;
  threads(): RenderedThread[];
  /** The widget of a shown thread: the argument the thread menu commands receive. */
  widget(root: string, threadId: string): vscode.CommentThread | undefined;
  notifications(): ShownNotification[];
  /** Resolves when no store reload, re-render or position write is pending. */
  whenIdle(): Promise<void>;
  /** The Changes view as drawn, once each folder's list is computed (on its worker): the top rows' labels, a folder's files (path, kind, description, viewed). */
  changes(): { top(): Promise<string[]>; files(root: string): Promise<{ path: string; kind: string; description: string; viewed: boolean }[]> };
  /** Review per change: a file's changes (0-based lines today, whether reviewed), the folder's progress, the view's message and badge. */
  hunks(): {
    file(root: string, rel: string): { id: string; newStart: number; newCount: number; oldStart: number; oldCount: number; reviewed: boolean }[] | undefined;
    progress(root: string): { reviewed: number; total: number; filesViewed: number; files: number } | undefined;
    chrome(): { message: string | undefined; badge: number | undefined };
    /** Resolves when a folder's changes are counted for its current list. */
    ready(root: string): Promise<void>;
    /** Diffs a file again now (what a file event does after its debounce). */
    refresh(root: string, rel: string): Promise<void>;
    /** What the diff shows for the change under the cursor of the active editor. */
    atCursor(): { root: string; path: string; id: string } | undefined;
    /** The reverts and the rejected changes watched: look now rather than after a file event. */
    processQueue(root: string): Promise<void>;
    checkPresence(root: string): Promise<void>;
  };
  /** The plans agents submitted (extension/plans/), where each current version stands. */
  plans(): ShownPlan[];
  /** One turn of the pull request timer now (extension/pr/poller.ts), instead of waiting minutes for it. */
  pollPullRequests(): Promise<void>;
  /** What the last *Consider: Report Issue* handed to VS Code's issue reporter (which cannot be read back). */
  lastIssueReport(): { extensionId: string; issueBody: string; via: 'reporter' | 'browser' | 'clipboard' } | undefined;
}

export interface ShownPlan {
  root: string;
  id: string;
  title: string;
  version: number;
  /** Absolute path of the review document. */
  document: string;
  /** An agent waits for the verdict on this version. */
  waiting: boolean;
  verdict?: 'approved' | 'changes-requested';
}
