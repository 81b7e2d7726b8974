import { describe, expect, it } from 'vitest';
import type { Comment } from '../shared/model';
import { commentViews, isVisible, renderKey, threadContextValue, threadLabel } from '../extension/comments/thread-view';

function thread(over: Partial<Comment> = {}): Comment {
  return {
    id: 'c_abc12345', file: 'src/a.ts', workflowState: 'open', anchorState: 'anchored', createdAt: '2026-11-22T10:00:00.000Z',
    author: 'human', body: 'Why?', thread: [],
    anchor: { startLine: 3, endLine: 4, contextBefore: [], contextAfter: [], targetContent: 'x', contentHash: 'h', lastAnchorCheck: '2026-11-22T10:00:00.000Z' },
    ...over,
  };
}

describe('thread label tells both axes', () => {
  it.each([
    ['open', 'anchored', 'Open'],
    ['resolved', 'anchored', 'Resolved'],
    ['open', 'stale', 'Open · Stale'],
    ['resolved', 'stale', 'Resolved · Stale'],
    ['open', 'orphaned', 'Open · Orphaned'],
    ['resolved', 'orphaned', 'Resolved · Orphaned'],
  ] as const)('%s + %s → %s', (workflowState, anchorState, label) => {
    expect(threadLabel({ workflowState, anchorState })).toBe(label);
  });
});

describe('context values drive the menus', () => {
  it('open threads can be replied to, resolved ones must be reopened', () => {
    expect(threadContextValue({ workflowState: 'open', anchorState: 'stale' })).toBe('state:open,anchor:stale,canReply');
    expect(threadContextValue({ workflowState: 'resolved', anchorState: 'anchored' })).toBe('state:resolved,anchor:anchored,mustReopen');
  });

  it('the human may edit and delete only their own words', () => {
    const views = commentViews(thread({ thread: [
      { id: 'r_1', author: 'agent', body: 'Done', createdAt: '2026-11-22T10:01:00.000Z' },
      { id: 'r_2', author: 'human', body: 'Thanks', createdAt: '2026-11-22T10:02:00.000Z', editedAt: '2026-11-22T10:03:00.000Z' },
    ] }));
    expect(views.map((v) => [v.id, v.authorName, v.contextValue, v.edited])).toEqual([
      ['c_abc12345', 'You', 'author:human,canEdit,canDelete', false],
      ['r_1', 'Agent', 'author:agent', false],
      ['r_2', 'You', 'author:human,canEdit,canDelete', true],
    ]);
  });
});

describe('visibility toggles', () => {
  const all = { showResolved: true, showStale: true };
  it('hides resolved threads and stale/orphaned threads independently', () => {
    expect(isVisible(thread({ workflowState: 'resolved' }), { ...all, showResolved: false })).toBe(false);
    expect(isVisible(thread({ anchorState: 'stale' }), { ...all, showStale: false })).toBe(false);
    expect(isVisible(thread({ anchorState: 'orphaned' }), { ...all, showStale: false })).toBe(false);
    expect(isVisible(thread(), { showResolved: false, showStale: false })).toBe(true);
    expect(isVisible(thread({ workflowState: 'resolved', anchorState: 'stale' }), all)).toBe(true);
  });
});

describe('render key', () => {
  it('changes with what the widget shows and not with an anchor check time', () => {
    const base = thread();
    expect(renderKey({ ...base, anchor: { ...base.anchor, lastAnchorCheck: '2026-11-22T11:00:00.000Z' } })).toBe(renderKey(base));
    expect(renderKey({ ...base, thread: [{ id: 'r_1', author: 'agent', body: 'x', createdAt: base.createdAt }] })).not.toBe(renderKey(base));
    expect(renderKey({ ...base, workflowState: 'resolved' })).not.toBe(renderKey(base));
    expect(renderKey({ ...base, body: 'Why not?' })).not.toBe(renderKey(base));
  });
});
