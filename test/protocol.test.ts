import { describe, expect, it } from 'vitest';
import { isSafeLink, isThreadView, threadViewShape, packHostMessage, parseHostMessage, parseThreadDetails, parseWebviewMessage, prepareFolders, PROTOCOL_VERSION, REQUEST_TYPES, type FolderSnapshot, type HostMessage, type ThreadView } from '../shared/board/protocol';
import { MAX_BODY_CHARS } from '../shared/model';

const ref = { root: '/ws', id: 'c_1' };
const validRequests: Record<string, unknown> = {
  'thread/details': {},
  'thread/reply': { root: '/ws', id: 'c_1', body: 'hi' },
  'thread/setState': { refs: [ref], state: 'resolved' },
  'thread/delete': { refs: [ref] },
  'anchor/suggest': ref,
  'anchor/reanchor': { refs: [ref], to: 'selection' },
  'anchor/confirm': { refs: [ref] },
  'store/archiveResolved': {},
  'review/submit': { message: 'Overall: looks good.' },
  'review/sendToAnySession': { root: '/ws', round: 2 },
  'review/discard': {},
  'review/copyDigest': {},
  'store/reconcileAll': {},
  'store/undo': { undoId: 'u1' },
  'store/recover': { root: '/ws', action: 'restoreBackup' },
  'setup/describe': { root: '/ws' },
  'setup/run': { root: '/ws', gitignore: true, integrations: [{ target: 'claude', scope: 'home' }], hooks: [{ target: 'claude', scope: 'home' }] },
  'uninstall/run': { root: '/ws', mode: 'skills-only', removeGitignoreEntry: false },
};

describe('parseWebviewMessage', () => {
  it('has a valid example for every request type', () => {
    expect(Object.keys(validRequests).sort()).toEqual([...REQUEST_TYPES].sort());
  });

  it.each(Object.entries(validRequests))('accepts a well-formed %s request', (type, params) => {
    expect(parseWebviewMessage({ type, requestId: 'r1', params })).toMatchObject({ ok: true });
  });

  it.each([
    { type: 'webview/ready', protocolVersion: PROTOCOL_VERSION },
    { type: 'webview/viewChanged', view: 'triage' },
    { type: 'thread/reveal', root: '/ws', id: 'c_1' },
    { type: 'link/open', href: 'https://example.com' },
    { type: 'visibility/set', showResolved: false },
    { type: 'visibility/set' },
    { type: 'store/openFile', root: '/ws' },
  ])('accepts the notification %o', (m) => {
    expect(parseWebviewMessage(m).ok).toBe(true);
  });

  it.each([
    [null, 'must be an object'],
    ['thread/delete', 'must be an object'],
    [[], 'must be an object'],
    [{}, 'type must be a string'],
    [{ type: 'shell/exec' }, 'unknown message type'],
    [{ type: '__proto__' }, 'unknown message type'],
    [{ type: 'toString' }, 'unknown message type'],
    [{ type: 'thread/delete', params: { refs: [ref] } }, 'requestId must be a string'],
    [{ type: 'thread/delete', requestId: 'r', params: { refs: [] } }, 'must not be empty'],
    [{ type: 'thread/delete', requestId: 'r', params: { refs: [{ root: '/ws', id: 7 }] } }, 'params.refs[0].id must be a string'],
    [{ type: 'thread/delete', requestId: 'r', params: { refs: Array(10_001).fill(ref) } }, 'too many items'],
    [{ type: 'thread/setState', requestId: 'r', params: { refs: [ref], state: 'deleted' } }, 'must be one of open, resolved'],
    [{ type: 'thread/reply', requestId: 'r', params: { root: '/ws', id: 'c_1', body: '  \n ' } }, 'must not be blank'],
    [{ type: 'thread/reply', requestId: 'r', params: { root: '/ws', id: 'c_1', body: 'x'.repeat(MAX_BODY_CHARS + 1) } }, 'too long'],
    [{ type: 'anchor/reanchor', requestId: 'r', params: { refs: [ref], to: 'anywhere' } }, 'must be one of suggestion, selection'],
    [{ type: 'setup/run', requestId: 'r', params: { root: '/ws', gitignore: 'yes', integrations: [] } }, 'gitignore must be true or false'],
    [{ type: 'setup/run', requestId: 'r', params: { root: '/ws', gitignore: true, integrations: [{ target: 'vim', scope: 'home' }] } }, 'must be one of claude'],
    [{ type: 'setup/run', requestId: 'r', params: { root: '/ws', gitignore: true, integrations: [], hooks: [{ target: 'roo', scope: 'home' }] } }, 'params.hooks[0].target must be one of claude'],
    [{ type: 'setup/run', requestId: 'r', params: { root: '/ws', gitignore: true, integrations: [], hooks: 'all' } }, 'params.hooks must be an array'],
    [{ type: 'uninstall/run', requestId: 'r', params: { root: '/ws', mode: 'nuke', removeGitignoreEntry: true } }, 'must be one of full'],
    [{ type: 'webview/ready', protocolVersion: '1' }, 'must be an integer'],
    [{ type: 'visibility/set', showStale: 'no' }, 'must be true or false'],
    [{ type: 'link/open', href: '' }, 'must not be empty'],
    [{ type: 'review/submit', requestId: 'r', params: { message: ['x'] } }, 'params.message must be a string'],
    [{ type: 'review/submit', requestId: 'r', params: { message: 'x'.repeat(MAX_BODY_CHARS + 1) } }, 'too long'],
    [{ type: 'review/discard', requestId: 'r' }, 'params must be an object'],
  ])('rejects %j (%s)', (m, reason) => {
    const r = parseWebviewMessage(m);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(reason);
  });
});

describe('parseHostMessage', () => {
  const thread = {
    id: 'c_1', file: 'a.ts', startLine: 1, endLine: 2, workflowState: 'open', anchorState: 'stale', author: 'human', title: 'b',
    lastActivityAt: 't', unseen: true, targetContent: 'x', replyCount: 1, lastReplyAuthor: 'agent', replyAuthors: ['agent'],
  };
  const snapshot = { type: 'host/snapshot', folders: [{ root: '/ws', name: 'ws', hasStore: true, threads: [thread] }], visibility: { showResolved: true, showStale: false } };

  it('accepts a snapshot, responses, progress and view changes', () => {
    for (const m of [
      snapshot,
      { type: 'host/response', requestId: 'r', ok: true, result: { done: 1 } },
      { type: 'host/response', requestId: 'r', ok: false, error: { message: 'no', code: 'busy' } },
      { type: 'host/progress', requestId: 'r', done: 1, total: 3 },
      { type: 'host/view', view: 'setup' },
      { type: 'host/incompatible', hostVersion: 2 },
    ]) expect(parseHostMessage(m)).toMatchObject({ ok: true });
  });

  it('carries a snapshot packed into one JSON string, and unpacks it to the same message', () => {
    const details = [{ root: '/ws', threads: [{ id: 'c_1', body: 'b', createdAt: 't', replies: [] }] }];
    for (const m of [snapshot, { ...snapshot, details }] as HostMessage[]) {
      const packed = packHostMessage(m) as { type: string; packed?: unknown };
      expect(Object.keys(packed).sort()).toEqual(['packed', 'type']);
      expect(typeof packed.packed).toBe('string');
      expect(parseHostMessage(packed)).toEqual({ ok: true, message: m });
    }
    const view: HostMessage = { type: 'host/view', view: 'setup' };
    expect(packHostMessage(view)).toBe(view); // only snapshots are packed
  });

  it('packs a folder list serialised ahead of time from that string', () => {
    const folders: FolderSnapshot[] = [{ root: '/ws', name: 'ws', hasStore: true, threads: [thread as FolderSnapshot['threads'][number]] }];
    prepareFolders(folders);
    const replaced = { ...folders[0]!, name: 'changed after it was prepared' }; // (never done: snapshots are not edited)
    folders[0] = replaced;
    const unpacked = parseHostMessage(packHostMessage({ type: 'host/snapshot', folders, visibility: snapshot.visibility }));
    expect(unpacked.ok && unpacked.message.type === 'host/snapshot' && unpacked.message.folders[0]!.name).toBe('ws');
  });

  it('rejects a packed snapshot that is not JSON, not an object, or holds a bad thread', () => {
    expect(parseHostMessage({ type: 'host/snapshot', packed: '{"folders":[' })).toEqual({ ok: false, error: 'host/snapshot: packed is not valid JSON' });
    expect(parseHostMessage({ type: 'host/snapshot', packed: '[1,2]' })).toEqual({ ok: false, error: 'host/snapshot: packed must hold an object' });
    const bad = { ...snapshot, folders: [{ ...snapshot.folders[0], threads: [{ ...thread, anchorState: 'hacked' }] }] };
    expect(parseHostMessage(packHostMessage(bad as HostMessage))).toMatchObject({ ok: false, error: expect.stringContaining('message.folders[0].threads[0].anchorState must be one of') });
  });

  it('rejects a snapshot with a thread in an unknown state, and failed responses without an error', () => {
    const bad = { ...snapshot, folders: [{ ...snapshot.folders[0], threads: [{ ...thread, workflowState: 'hacked' }] }] };
    expect(parseHostMessage(bad)).toMatchObject({ ok: false, error: expect.stringContaining('message.folders[0].threads[0].workflowState must be one of open') });
    const badAuthors = { ...snapshot, folders: [{ ...snapshot.folders[0], threads: [thread, { ...thread, replyAuthors: ['agent', 'root'] }] }] };
    expect(parseHostMessage(badAuthors)).toMatchObject({ ok: false, error: expect.stringContaining('threads[1].replyAuthors[1] must be one of human, agent') });
    const { replyCount: _count, lastReplyAuthor: _last, replyAuthors: _authors, targetContent: _code, ...bare } = thread;
    expect(parseHostMessage({ ...snapshot, folders: [{ ...snapshot.folders[0], threads: [bare] }] })).toMatchObject({ ok: true }); // common case: left out
    expect(parseHostMessage({ ...snapshot, folders: [{ ...snapshot.folders[0], threads: [{ ...bare, unseen: false }] }] }))
      .toMatchObject({ ok: false, error: expect.stringContaining('threads[0].unseen must be true (or absent)') });
    expect(parseHostMessage({ type: 'host/response', requestId: 'r', ok: false })).toMatchObject({ ok: false });
    expect(parseHostMessage({ type: 'host/view', view: 'javascript:' })).toMatchObject({ ok: false });
    expect(parseHostMessage({ type: 'webview/ready', protocolVersion: 1 })).toMatchObject({ ok: false });
  });
});

describe('the review loop in snapshots', () => {
  const base = { id: 'c_1', file: 'a.ts', startLine: 1, endLine: 1, workflowState: 'open', anchorState: 'anchored', author: 'human', title: 't', lastActivityAt: 't' };
  const snap = (thread: object, folder: object = {}) => ({
    type: 'host/snapshot', folders: [{ root: '/ws', name: 'ws', hasStore: true, threads: [thread], ...folder }], visibility: { showResolved: true, showStale: true },
  });

  it('accepts pending, round, disposition and awaiting-check on threads, the pending count and rounds on folders', () => {
    expect(parseHostMessage(snap({ ...base, pending: true }, { pendingCount: 1 }))).toMatchObject({ ok: true });
    const reviews = [{ round: 1, submittedAt: 't', threads: 2, message: 'm' }, { round: 2, submittedAt: 't', threads: 0 }];
    expect(parseHostMessage(snap({ ...base, round: 2, disposition: 'addressed', awaitingCheck: true }, { reviews }))).toMatchObject({ ok: true });
  });

  it.each([
    [{ ...base, pending: false }, {}, 'threads[0].pending must be true (or absent)'],
    [{ ...base, round: 0 }, {}, 'threads[0].round must be an integer'],
    [{ ...base, disposition: 'ignored' }, {}, 'threads[0].disposition must be one of addressed, declined, question'],
    [{ ...base, awaitingCheck: 1 }, {}, 'threads[0].awaitingCheck must be true'],
    [base, { pendingCount: 0 }, 'folders[0].pendingCount must be an integer in 1'],
    [base, { reviews: [{ round: 1, submittedAt: 't', threads: 1, message: 7 }] }, 'folders[0].reviews[0].message must be a string'],
  ])('rejects %j %j (%s)', (thread, folder, reason) => {
    expect(parseHostMessage(snap(thread, folder))).toMatchObject({ ok: false, error: expect.stringContaining(reason) });
  });

  it('accepts a reply\'s disposition in the conversations, and only a known one', () => {
    const reply = { id: 'r_1', author: 'agent', body: 'done', createdAt: 't' };
    const details = (r: object) => ({ folders: [{ root: '/ws', threads: [{ id: 'c_1', body: 'b', createdAt: 't', replies: [r] }] }] });
    expect(parseThreadDetails(details({ ...reply, disposition: 'question' }))).toMatchObject({ ok: true });
    expect(parseThreadDetails(details({ ...reply, disposition: 'whatever' }))).toMatchObject({ ok: false, error: expect.stringContaining('replies[0].disposition') });
  });
});

describe('a thread that followed its code into another file (issue 26)', () => {
  const base = { id: 'c_1', file: 'b.ts', startLine: 4, endLine: 5, workflowState: 'open', anchorState: 'anchored', author: 'human', title: 't', lastActivityAt: 't' };
  const snap = (thread: object) => ({ type: 'host/snapshot', folders: [{ root: '/ws', name: 'ws', hasStore: true, threads: [thread] }], visibility: { showResolved: true, showStale: true } });

  it('carries where it moved from, and only a place', () => {
    expect(parseHostMessage(snap({ ...base, movedFrom: { file: 'src/a.ts', startLine: 40, endLine: 42 } }))).toMatchObject({ ok: true });
    expect(parseHostMessage(snap({ ...base, movedFrom: 'src/a.ts:40' }))).toMatchObject({ ok: false, error: expect.stringContaining('threads[0].movedFrom') });
    expect(parseHostMessage(snap({ ...base, movedFrom: { file: 'src/a.ts', startLine: 0, endLine: 1 } }))).toMatchObject({ ok: false, error: expect.stringContaining('threads[0].movedFrom.startLine') });
  });
});

describe('parseThreadDetails', () => {
  const details = { folders: [{ root: '/ws', threads: [{ id: 'c_1', body: 'b', createdAt: 't', replies: [{ id: 'r_1', author: 'agent', body: 'ok', createdAt: 't' }] }] }] };
  it('accepts conversations and rejects a reply by an unknown author or a missing body', () => {
    expect(parseThreadDetails(details)).toMatchObject({ ok: true });
    const thread = details.folders[0]!.threads[0]!;
    expect(parseThreadDetails({ folders: [{ root: '/ws', threads: [{ ...thread, replies: [{ ...thread.replies[0], author: 'root' }] }] }] }))
      .toMatchObject({ ok: false, error: expect.stringContaining('result.folders[0].threads[0].replies[0].author') });
    expect(parseThreadDetails({ folders: [{ root: '/ws', threads: [{ id: 'c_1', createdAt: 't', replies: [] }] }] })).toMatchObject({ ok: false });
    expect(parseThreadDetails(null)).toMatchObject({ ok: false });
  });
});

describe('isSafeLink', () => {
  it.each(['https://example.com/x?y', 'http://localhost:3000', 'mailto:a@b.c'])('allows %s', (h) => expect(isSafeLink(h)).toBe(true));
  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'command:workbench.action.terminal.new', 'vscode://x', 'file:///etc/passwd', 'data:text/html,x', '/relative', '#top', ''])(
    'refuses %s', (h) => expect(isSafeLink(h)).toBe(false));
});

describe('the hand-written thread check (isThreadView) accepts exactly what its schema does (issue 29)', () => {
  // Every field set, then each field given every kind of value: the fast check and the schema
  // must agree on all of them (a fast check that lets `replyCount: 0` through fails here).
  const full = {
    id: 'c_1', file: 'src/a.ts', startLine: 3, endLine: 4, workflowState: 'open', anchorState: 'stale', author: 'human',
    title: 't', lastActivityAt: '2026-01-01T00:00:00.000Z', unseen: true, reason: 'edited', rejectedLeft: 'reverted', targetContent: 'x',
    replyCount: 2, lastReplyAuthor: 'agent', replyAuthors: ['human', 'agent'], pending: true, round: 1,
    disposition: 'addressed', awaitingCheck: true, movedFrom: { file: 'src/b.ts', startLine: 1, endLine: 2 },
    suggestedMove: { file: 'src/c.ts', startLine: 5, endLine: 6, reason: 'no git' },
    addressedUnchanged: true, codeChanged: true, removedIn: 'round 1',
    pr: { number: 42, via: 'pulled', author: 'alice', bot: true, url: 'https://github.com/a/b/pull/42#discussion_r1' },
  } satisfies Required<ThreadView>; // a field added to ThreadView (and so to its schema) must be probed here too
  const values: unknown[] = [
    undefined, null, '', 'x', 'open', 'resolved', 'anchored', 'stale', 'orphaned', 'human', 'agent', 'addressed', 'declined', 'question', 'reverted', 'gone',
    0, 1, 2, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 2, true, false,
    [], ['human'], ['human', 'agent'], ['agent', 'agent', 'human'], ['someone'], {},
    { file: 'a', startLine: 1, endLine: 1 }, { file: 'a', startLine: 0, endLine: 1 }, { file: 'a', startLine: 1, endLine: 0 },
    { file: 1, startLine: 1, endLine: 1 }, { file: 'a', startLine: 1.5, endLine: 2 }, { file: 'a', startLine: 1 },
    { file: 'a', startLine: 1, endLine: 1, reason: 'r' }, { file: 'a', startLine: 1, endLine: 1, reason: 3 }, { file: 'a', startLine: 0, endLine: 1, reason: 'r' },
    { number: 42, via: 'pulled', author: 'a', url: 'u' }, { number: 0, via: 'pulled', author: 'a', url: 'u' }, { number: 1, via: 'copied', author: 'a', url: 'u' },
    { number: 1, via: 'pushed', author: 'a', bot: false, url: 'u' }, { number: 1, via: 'pushed', author: 'a' },
  ];
  const agree = (v: unknown): void => {
    expect(isThreadView(v), JSON.stringify(v)).toBe(threadViewShape(v) === undefined);
  };

  it('on each field of a full thread, and of a minimal one, given each value', () => {
    const minimal = Object.fromEntries(Object.entries(full).filter(([k]) => ['id', 'file', 'startLine', 'endLine', 'workflowState', 'anchorState', 'author', 'title', 'lastActivityAt'].includes(k)));
    let accepted = 0;
    for (const base of [full, minimal]) {
      agree(base);
      for (const field of Object.keys(full)) {
        for (const value of values) {
          const v = { ...base, [field]: value };
          agree(v);
          if (threadViewShape(v) === undefined) accepted++;
        }
      }
    }
    expect(threadViewShape(full)).toBeUndefined();
    expect(accepted).toBeGreaterThan(80); // the probe values reach both answers, not only "no"
  });

  it('on what is not a thread at all', () => {
    for (const v of [undefined, null, 0, 'c_1', [], [full], new Date(0)]) agree(v);
  });
});
