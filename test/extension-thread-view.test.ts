import { describe, expect, it } from 'vitest';
import type { Comment } from '../shared/model';
import { commentLabel, commentViews, isVisible, renderKey, threadContextValue, threadLabel, threadLook } from '../extension/comments/thread-view';

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

describe('a rejected change that was reverted is not called stale (issue 38)', () => {
  const rejected = (over: Partial<NonNullable<Comment['rejected']>>): Comment => thread({
    anchorState: 'stale',
    rejected: {
      baseline: 'capture:round-1', label: 'review round 1', file: 'src/a.ts', hunk: 'h0', removed: 'a', added: 'b',
      oldStart: 3, oldLines: 1, newStart: 3, newLines: 1, before: '', after: '', ...over,
    },
  });

  it('says "Change reverted" after the revert, "gone" when it left otherwise, "Stale" while it is there or back', () => {
    const reverted = rejected({ revert: { state: 'applied', at: 't' }, goneAt: 't' });
    expect(threadLabel(threadLook(reverted))).toBe('Open · Change reverted');
    expect(threadLabel(threadLook(rejected({ goneAt: 't' })))).toBe('Open · Rejected change gone from the file');
    // The change is back (the agent wrote it again): the code changed under the thread, stale again.
    expect(threadLabel(threadLook(rejected({ revert: { state: 'applied', at: 't' }, backAt: 't2' })))).toBe('Open · Stale');
    expect(threadLabel(threadLook(rejected({ revert: { state: 'queued', at: 't' } })))).toBe('Open · Stale');
    // The words change with it: the widget is drawn again.
    expect(renderKey(reverted)).not.toBe(renderKey(rejected({ revert: { state: 'applied', at: 't' } })));
  });
});

describe('a thread that followed its code into another file (issue 26)', () => {
  const moved = thread({ file: 'src/b.ts', movedFrom: { file: 'src/a.ts', startLine: 40, endLine: 42, at: '2026-11-22T10:02:00.000Z' } });

  it('says where it came from in its title, and re-renders when that changes', () => {
    expect(threadLabel(threadLook(moved))).toBe('Open · Moved from src/a.ts:40-42');
    expect(threadLabel(threadLook({ ...moved, movedFrom: { ...moved.movedFrom!, endLine: 40 }, thread: [{ id: 'r_1', author: 'agent', body: 'ok', createdAt: 't', disposition: 'addressed' }] })))
      .toBe('Open · Moved from src/a.ts:40 · Agent: addressed — check it');
    expect(threadLabel(threadLook(thread()))).toBe('Open');
    expect(renderKey(moved)).not.toBe(renderKey(thread({ file: 'src/b.ts' })));
  });
});

describe('a flagged thread offered a place in another file (issue 35)', () => {
  const offer = { file: 'src/b.ts', startLine: 40, endLine: 40, at: '2026-11-22T10:02:00.000Z', reason: 'no git' };
  const offered = thread({ anchorState: 'stale', anchor: { ...thread().anchor, suggestedMove: offer } });

  it('says where its code may have moved in its title while flagged, and re-renders when the offer changes', () => {
    expect(threadLabel(threadLook(offered))).toBe('Open · Stale · May have moved to src/b.ts:40');
    // The editor may already show it anchored again (ahead of the store): no offer then.
    expect(threadLabel(threadLook(offered, 'anchored'))).toBe('Open');
    expect(renderKey(offered)).not.toBe(renderKey(thread({ anchorState: 'stale' })));
  });
});

describe('the review loop shows in the widget', () => {
  const agentReply = (disposition?: 'addressed' | 'declined' | 'question', at = '2026-11-22T10:01:00.000Z') =>
    ({ id: `r_${at}`, author: 'agent' as const, body: 'Done', createdAt: at, ...(disposition ? { disposition } : {}) });

  it('a pending thread says it was not sent; a submitted one shows what the agent did', () => {
    expect(threadLabel(threadLook(thread({ pending: true })))).toBe('Pending review (not sent to the agent yet)');
    expect(threadContextValue(threadLook(thread({ pending: true })))).toBe('state:open,anchor:anchored,canReply,review:pending');
    const addressed = thread({ round: 1, thread: [agentReply('addressed')] });
    expect(threadLabel(threadLook(addressed))).toBe('Open · Agent: addressed — check it');
    expect(threadContextValue(threadLook(addressed, 'stale'))).toBe('state:open,anchor:stale,canReply,disposition:addressed');
    // Resolved: the disposition no longer asks for anything, so the title does not repeat it.
    expect(threadLabel(threadLook(thread({ workflowState: 'resolved', thread: [agentReply('declined')] })))).toBe('Resolved');
    // The newest disposition counts.
    expect(threadLabel(threadLook(thread({ thread: [agentReply('addressed'), agentReply('question', '2026-11-22T10:05:00.000Z')] })))).toBe('Open · Agent: has a question');
  });

  it('the reply carrying a disposition is labelled with it, next to "edited"', () => {
    const views = commentViews(thread({ thread: [{ ...agentReply('addressed'), editedAt: '2026-11-22T10:09:00.000Z' }, agentReply()] }));
    expect(views.map(commentLabel)).toEqual([undefined, 'addressed · edited', undefined]);
  });

  it('a submit and a new disposition change the render key (the widget is redrawn)', () => {
    const pending = thread({ pending: true });
    expect(renderKey(pending)).not.toBe(renderKey(thread()));
    expect(renderKey(thread({ thread: [agentReply('addressed')] }))).not.toBe(renderKey(thread({ thread: [agentReply()] })));
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
    // Posted to a pull request: the title changes, so must the key.
    expect(renderKey({ ...base, pr: { provider: 'github', host: 'github.com', repo: 'a/b', number: 4, threadId: 't', commentId: 'c', url: 'u', author: { login: 'dev' }, via: 'pushed', resolved: false, syncedAt: 's' } }))
      .not.toBe(renderKey(base));
  });
});

describe('a pull request\'s thread says where it came from (docs/pull-requests.md)', () => {
  const pr = (over: Partial<NonNullable<Comment['pr']>> = {}): NonNullable<Comment['pr']> => ({
    provider: 'github', host: 'github.com', repo: 'acme/widgets', number: 42, threadId: 'PRRT_1', commentId: 'PRRC_1', url: 'https://github.com/acme/widgets/pull/42#discussion_r1',
    author: { login: 'alice' }, via: 'pulled', resolved: false, syncedAt: '2026-11-22T10:00:00.000Z', ...over,
  });

  it('in the title: the pull request and its author, a bot marked, an outdated one said so', () => {
    expect(threadLabel(threadLook(thread({ pr: pr() })))).toBe('Open · From PR #42 by @alice');
    expect(threadLabel(threadLook(thread({ pr: pr({ author: { login: 'coderabbitai', bot: true }, outdated: true }) })))).toBe('Open · From PR #42 by @coderabbitai (bot), outdated there');
    expect(threadLabel(threadLook(thread({ pr: pr({ via: 'pushed' }) })))).toBe('Open · Posted to PR #42');
    expect(threadContextValue(threadLook(thread({ pr: pr() })))).toContain('pullRequest');
  });

  it('on each comment: the login of who wrote it there, and no edit or delete of their words', () => {
    const c = thread({
      pr: pr({ author: { login: 'copilot', bot: true } }),
      thread: [
        { id: 'r_1', author: 'human', body: 'Agreed', createdAt: 't', pr: { commentId: 'PRRC_2', url: 'u', author: { login: 'bob' } } },
        { id: 'r_2', author: 'agent', body: 'Done', createdAt: 't', disposition: 'addressed' },
        { id: 'r_3', author: 'human', body: 'Thanks', createdAt: 't' },
      ],
    });
    expect(commentViews(c).map((v) => [v.authorName, v.contextValue])).toEqual([
      ['@copilot (bot)', 'author:pullRequest'], ['@bob', 'author:pullRequest'], ['Agent', 'author:agent'], ['You', 'author:human,canEdit,canDelete'],
    ]);
  });
});
