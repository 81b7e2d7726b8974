/**
 * Draws the stores' threads with the Comments API and keeps them in step: each render compares
 * a thread's render key and placement with what is on screen and touches only what changed, so
 * a CLI write re-renders only the threads it changed (no flicker, a reply being typed survives).
 * The visibility toggles dispose and recreate threads, which also filters the Comments panel.
 */
import path from 'node:path';
import * as vscode from 'vscode';
import type { Comment, WorkflowState } from '../../shared/model';
import { toStoredPath } from '../../shared/paths';
import type { ConsiderHost } from '../api';
import type { FolderStores } from '../store/folder-stores';
import type { RenderedThread } from '../test-api';
import type { EditorAnchoring } from './editor-anchoring';
import { type CommentView, commentLabel, commentViews, isVisible, renderKey, threadContextValue, threadLabel, threadLook } from './thread-view';
import { authorIcon } from './icons';
import { Disposable, toDisposable } from '../util/dispose';

/** A comment as shown; carries its ids so the menu commands know what they act on. */
export class ConsiderComment implements vscode.Comment {
  mode = vscode.CommentMode.Preview;
  body: string | vscode.MarkdownString;
  author: vscode.CommentAuthorInformation;
  contextValue: string;
  timestamp: Date;
  label?: string;

  constructor(readonly root: string, readonly threadId: string, readonly view: CommentView) {
    this.body = untrustedMarkdown(view.body);
    this.author = { name: view.authorName, iconPath: authorIcon(view.author) };
    this.contextValue = view.contextValue;
    this.timestamp = new Date(view.createdAt);
    this.label = commentLabel(view);
  }

  /** The id the store knows this comment by: the thread id for the first comment, else the reply id. */
  get commentId(): string {
    return this.view.id;
  }
}

/** Comment bodies are untrusted (an agent wrote them): no command links, no raw HTML, no theme icons. */
export function untrustedMarkdown(text: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(text, false);
  md.isTrusted = false;
  md.supportHtml = false;
  md.supportThemeIcons = false;
  return md;
}

interface Shown {
  thread: vscode.CommentThread;
  root: string;
  id: string;
  /**
   * Where the widget is: `file:<workspace-relative path>`, or for a thread about removed code the
   * baseline document's URI. A thread that moves elsewhere is recreated there.
   */
  place: string;
  key: string;
  rangeKey: string;
  workflow: WorkflowState;
  /** A comment of this thread is being edited: leave its comments alone until the edit ends. */
  editing: boolean;
}

const shownKey = (root: string, id: string): string => `${root}\0${id}`;

/**
 * Where a thread about removed code is shown (Comment.removed): a baseline document open on the
 * very text it was written on, if any; such a thread is not shown on today's file.
 */
export interface RemovedCodePlaces {
  uriShowing(root: string, c: Comment): vscode.Uri | undefined;
  /** Fires when baseline documents open or close. */
  readonly onDidChangeOpenDocuments: vscode.Event<void>;
}

/** Past the end of any line: VS Code takes a position beyond a line's end as its end. */
const LINE_END = 1 << 30;

/**
 * The range a thread is given (0-based lines). VS Code opens a thread's widget after the position
 * it computes from the range: for a one-line thread the middle of the range, for a longer one the
 * start of its last line. On a line that wraps (a plan's step in Markdown) a range at column 0 put
 * the widget after the line's first visual row, inside the line (issue 40): a one-line thread is
 * therefore the empty range at the line's end, which puts it after the last row. A longer one
 * keeps lines start..end (its widget still follows the first row of a wrapped last line: VS Code
 * offers no way to say otherwise).
 */
function threadRange(start: number, end: number): vscode.Range {
  return start === end ? new vscode.Range(start, LINE_END, end, LINE_END) : new vscode.Range(start, 0, end, 0);
}

export class ThreadRenderer extends Disposable {
  private readonly shown = new Map<string, Shown>();
  private readonly owner = new WeakMap<vscode.CommentThread, { root: string; id: string }>();
  private readonly firstRenderEmitter = this.register(new vscode.EventEmitter<void>());
  private renderedOnce = false;

  constructor(
    private readonly controller: vscode.CommentController,
    private readonly stores: FolderStores,
    private readonly anchoring: EditorAnchoring,
    private readonly host: ConsiderHost,
    private readonly removedPlaces?: RemovedCodePlaces,
  ) {
    super();
    if (removedPlaces) this.register(removedPlaces.onDidChangeOpenDocuments(() => this.render()));
    // The widgets on screen belong to the renderer: they go with it.
    this.register(toDisposable(() => {
      for (const s of this.shown.values()) s.thread.dispose();
      this.shown.clear();
    }));
  }

  /** Re-renders these folders (all when omitted). */
  render(roots?: readonly string[]): void {
    const visibility = this.host.visibility();
    const targets = roots ?? this.stores.roots();
    const liveRoots = new Set(this.stores.roots());
    for (const root of targets) {
      const store = this.stores.get(root)?.store;
      const wanted = new Set<string>();
      for (const c of store?.comments ?? []) {
        if (!isVisible(c, visibility)) continue;
        const k = shownKey(root, c.id);
        wanted.add(k);
        this.show(root, c, k);
      }
      for (const [k, s] of this.shown) {
        if (s.root === root && !wanted.has(k)) this.hide(k, s);
      }
    }
    // Folders removed from the workspace take their threads with them.
    for (const [k, s] of this.shown) if (!liveRoots.has(s.root)) this.hide(k, s);
    if (!this.renderedOnce && this.shown.size > 0) {
      this.renderedOnce = true;
      this.firstRenderEmitter.fire();
    }
  }

  /** Fires once, when the first thread is on screen (activation cost figure). */
  readonly onFirstThread = this.firstRenderEmitter.event;

  private show(root: string, c: Comment, k: string): void {
    // Every render visits every thread of the folder (a CLI write changes one): compare plain
    // strings first and build vscode objects (Uri, Range) only for what is created or moved.
    const placement = this.anchoring.display(root, c);
    const rangeKey = `${placement.range.start}:${placement.range.end}`;
    const range = (): vscode.Range => threadRange(placement.range.start, placement.range.end);
    const key = renderKey(c) + `|${placement.anchorState}`;
    let s = this.shown.get(k);
    const removedAt = c.removed ? this.removedPlaces?.uriShowing(root, c) : undefined;
    if (c.removed && !removedAt) { if (s) this.hide(k, s); return; } // no diff shows its code now
    const place = removedAt ? removedAt.toString() : `file:${c.file}`;
    if (s && s.place !== place) { this.hide(k, s); s = undefined; }
    if (!s) {
      const uri = removedAt ?? vscode.Uri.file(path.join(root, c.file));
      const thread = this.controller.createCommentThread(uri, range(), []);
      s = { thread, root, id: c.id, place, key: '', rangeKey, workflow: c.workflowState, editing: false };
      this.owner.set(thread, { root, id: c.id });
      this.shown.set(k, s);
      this.applyContent(s, c, placement.anchorState);
      this.applyCollapse(s, c.workflowState);
      return;
    }
    if (s.rangeKey !== rangeKey) { s.thread.range = range(); s.rangeKey = rangeKey; }
    if (s.key !== key && !s.editing) this.applyContent(s, c, placement.anchorState);
    if (s.workflow !== c.workflowState) this.applyCollapse(s, c.workflowState);
  }

  private applyContent(s: Shown, c: Comment, anchorState: Comment['anchorState']): void {
    const t = s.thread;
    t.comments = commentViews(c).map((v) => new ConsiderComment(s.root, c.id, v));
    const look = threadLook(c, anchorState);
    t.label = threadLabel(look);
    t.contextValue = threadContextValue(look);
    // Resolved threads take no replies until reopened (spec §9.6).
    t.canReply = c.workflowState === 'open';
    t.state = c.workflowState === 'resolved' ? vscode.CommentThreadState.Resolved : vscode.CommentThreadState.Unresolved;
    s.key = renderKey(c) + `|${anchorState}`;
  }

  /** Open threads show expanded, resolved ones collapse; set only when the state changes, so a user's own collapse stays. */
  private applyCollapse(s: Shown, workflow: WorkflowState): void {
    s.thread.collapsibleState = workflow === 'resolved'
      ? vscode.CommentThreadCollapsibleState.Collapsed
      : vscode.CommentThreadCollapsibleState.Expanded;
    s.workflow = workflow;
  }

  private hide(k: string, s: Shown): void {
    s.thread.dispose();
    this.shown.delete(k);
  }

  /**
   * The thread VS Code created for a new comment (gutter "+", Add Comment) becomes the
   * rendered thread of the stored one, so it does not close and reopen.
   */
  adopt(thread: vscode.CommentThread, root: string, c: Comment): void {
    const k = shownKey(root, c.id);
    const existing = this.shown.get(k);
    if (existing && existing.thread !== thread) this.hide(k, existing);
    const r = thread.range;
    // VS Code's range for the new thread (a whole line, a selection) gives way to the stored one's
    // shape (threadRange) at the next render, unless it has it already.
    const s: Shown = {
      thread, root, id: c.id, place: thread.uri.scheme === 'file' ? `file:${c.file}` : thread.uri.toString(), key: '',
      rangeKey: r && r.isEqual(threadRange(r.start.line, r.end.line)) ? `${r.start.line}:${r.end.line}` : '',
      workflow: c.workflowState, editing: false,
    };
    this.owner.set(thread, { root, id: c.id });
    this.shown.set(k, s);
    this.applyContent(s, c, c.anchorState);
    this.applyCollapse(s, c.workflowState);
    this.render([root]);
  }

  /** Which stored thread a widget shows (undefined for a new, unsaved one). */
  identify(thread: vscode.CommentThread): { root: string; id: string } | undefined {
    return this.owner.get(thread);
  }

  /** The widget showing a stored thread, if it is shown. */
  threadOf(root: string, id: string): vscode.CommentThread | undefined {
    return this.shown.get(shownKey(root, id))?.thread;
  }

  /** Starts or ends editing one comment of a thread (the Edit / Save / Cancel actions). */
  setEditing(comment: ConsiderComment, editing: boolean): void {
    const s = this.shown.get(shownKey(comment.root, comment.threadId));
    if (!s) return;
    s.editing = editing;
    s.thread.comments = s.thread.comments.map((cm) => {
      if (cm instanceof ConsiderComment && cm.commentId === comment.commentId) {
        cm.mode = editing ? vscode.CommentMode.Editing : vscode.CommentMode.Preview;
        if (editing) cm.body = cm.view.body; // edit the Markdown source, not the rendered text
        else cm.body = untrustedMarkdown(cm.view.body);
      }
      return cm;
    });
    if (!editing) { s.key = ''; this.render([comment.root]); }
  }

  /** What is on screen, for the tests (extension/test-api.ts). */
  snapshot(): RenderedThread[] {
    return [...this.shown.values()].map((s) => {
      const t = s.thread;
      const r = t.range;
      return {
        root: s.root,
        id: s.id,
        file: toStoredPath(s.root, t.uri.fsPath),
        uri: t.uri.toString(),
        startLine: (r?.start.line ?? 0) + 1,
        endLine: (r?.end.line ?? 0) + 1,
        label: t.label ?? '',
        contextValue: t.contextValue ?? '',
        canReply: t.canReply === true,
        collapsed: t.collapsibleState === vscode.CommentThreadCollapsibleState.Collapsed,
        comments: t.comments.map((cm) => ({
          author: cm instanceof ConsiderComment ? cm.view.author : 'human',
          authorName: cm.author.name,
          body: typeof cm.body === 'string' ? cm.body : cm.body.value,
          contextValue: cm.contextValue ?? '',
          ...(cm.label ? { label: cm.label } : {}),
        })),
      };
    });
  }

}
