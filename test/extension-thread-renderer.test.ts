// The thread renderer (extension/comments/thread-renderer.ts) on the fake editor layer
// (helpers/fake-vscode.ts, issue 29): real threads from a real store, drawn as widgets, and kept
// in step without touching what did not change. The same behaviour in the real VS Code is shown
// by e2e/vscode/suite (threads in the editor); this runs in milliseconds.
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('vscode', async () => (await import('./helpers/fake-vscode')).fakeVscode());

import { ThreadRenderer } from '../extension/comments/thread-renderer';
import type { EditorAnchoring } from '../extension/comments/editor-anchoring';
import type { FolderStores } from '../extension/store/folder-stores';
import type { ConsiderHost } from '../extension/api';
import { addThread, readStore, replyToThread, setWorkflowState, type Comment } from '../shared';
import { FakeCommentController, type FakeCommentThread, type FakeMarkdownString } from './helpers/fake-vscode';
import { makeWorkspace, numberedLines, type Workspace } from './helpers/cli';

let ws: Workspace;
afterEach(() => ws?.cleanup());

/** A renderer over the workspace's real store; `moved` overrides where the editor shows a thread (0-based lines). */
function renderer(visibility = { showResolved: true, showStale: true }) {
  const controller = new FakeCommentController();
  let store = readStore(ws.root).store;
  const moved = new Map<string, { start: number; end: number }>();
  const stores = { roots: () => [ws.root], get: (root: string) => (root === ws.root ? { store } : undefined) } as unknown as FolderStores;
  const anchoring = {
    display: (_root: string, c: Comment) => ({ range: moved.get(c.id) ?? { start: c.anchor.startLine - 1, end: c.anchor.endLine - 1 }, anchorState: c.anchorState }),
  } as unknown as EditorAnchoring;
  const host = { visibility: () => visibility } as unknown as ConsiderHost;
  const r = new ThreadRenderer(controller as never, stores, anchoring, host);
  return {
    r, controller, moved,
    reread: () => { store = readStore(ws.root).store; },
    widget: (id: string) => r.threadOf(ws.root, id) as unknown as FakeCommentThread,
  };
}

describe('the thread renderer, on the fake editor layer', () => {
  it('draws each stored thread at its lines, with its state, and bodies as untrusted Markdown', async () => {
    ws = makeWorkspace({ 'a.ts': numberedLines(30) });
    const open = await addThread(ws.root, { file: 'a.ts', startLine: 3, endLine: 5, body: 'Why **this**? <img src=x onerror=alert(1)>', author: 'human' });
    const done = await addThread(ws.root, { file: 'a.ts', startLine: 10, endLine: 10, body: 'fine', author: 'human' });
    await setWorkflowState(ws.root, done.id, 'resolved', 'human');
    const v = renderer();
    v.r.render();

    expect(v.controller.live()).toHaveLength(2);
    const w = v.widget(open.id);
    expect({ start: w.range.start.line, end: w.range.end.line, file: w.uri.fsPath.endsWith('a.ts') }).toEqual({ start: 2, end: 4, file: true });
    expect({ canReply: w.canReply, collapsed: w.collapsibleState, state: w.state }).toEqual({ canReply: true, collapsed: 1, state: 0 });
    const body = (w.comments[0] as { body: FakeMarkdownString }).body;
    expect({ value: body.value, trusted: body.isTrusted, html: body.supportHtml, icons: body.supportThemeIcons }).toEqual({ value: 'Why **this**? <img src=x onerror=alert(1)>', trusted: false, html: false, icons: false });
    const r = v.widget(done.id);
    // A one-line thread is the empty range at its line's end: VS Code opens its widget after the
    // line's last visual row when the line wraps (issue 40); a longer one spans its lines from column 0.
    expect([r.range.start.line, r.range.end.line, r.range.start.character === r.range.end.character, r.range.end.character > 10_000]).toEqual([9, 9, true, true]);
    expect([w.range.start.character, w.range.end.character]).toEqual([0, 0]);
    expect({ canReply: r.canReply, collapsed: r.collapsibleState, state: r.state }).toEqual({ canReply: false, collapsed: 0, state: 1 });
    expect(r.contextValue).toContain('state:resolved');
  });

  it('a reply re-renders that thread only; a thread the editor moved keeps its widget; hidden resolved threads go', async () => {
    ws = makeWorkspace({ 'a.ts': numberedLines(30) });
    const a = await addThread(ws.root, { file: 'a.ts', startLine: 3, endLine: 3, body: 'one', author: 'human' });
    const b = await addThread(ws.root, { file: 'a.ts', startLine: 8, endLine: 9, body: 'two', author: 'human' });
    const visibility = { showResolved: true, showStale: true };
    const v = renderer(visibility);
    v.r.render();
    const [wa, wb] = [v.widget(a.id), v.widget(b.id)];
    const before = { a: wa.commentAssignments, b: wb.commentAssignments };

    await replyToThread(ws.root, a.id, { body: 'answer', author: 'agent' });
    v.reread();
    v.r.render();
    expect(v.widget(a.id)).toBe(wa); // the same widget: a reply being typed there survives
    expect({ a: wa.commentAssignments - before.a, b: wb.commentAssignments - before.b }).toEqual({ a: 1, b: 0 });
    expect(wa.comments).toHaveLength(2);

    v.moved.set(b.id, { start: 11, end: 12 }); // lines typed above it in the editor
    v.r.render();
    expect(v.widget(b.id)).toBe(wb);
    expect([wb.range.start.line, wb.range.end.line, wb.commentAssignments - before.b]).toEqual([11, 12, 0]);

    wb.collapsibleState = 0; // the user collapsed it: a render that changes nothing of its state keeps that
    v.r.render();
    expect(wb.collapsibleState).toBe(0);

    await setWorkflowState(ws.root, b.id, 'resolved', 'human');
    visibility.showResolved = false;
    v.reread();
    v.r.render();
    expect(wb.disposed).toBe(true);
    expect(v.controller.live()).toEqual([wa]);
  });
});
