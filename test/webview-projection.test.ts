import { describe, expect, it } from 'vitest';
import { titleOf, type FolderSnapshot, type ReplyView, type ThreadDetails, type ThreadView } from '../shared/board/protocol';
import { sideBySide } from '../webview/src/lib/diff';
import { buildList, compareText, fileKey, filterChips, filterRows, indexDetails, nextAction, projectRows, summarize, type Row } from '../shared/board/projection';
import { initialUiState, migrateUiState, UI_STATE_VERSION } from '../shared/board/uiState';

let n = 0;
/** The conversation of each thread made below, as `thread/details` would bring it. */
const conversation = new Map<ThreadView, ThreadDetails>();
/** A thread summary as the host sends it (title and reply facts derived from body and replies). */
function t(p: Partial<ThreadView> & { body?: string; replies?: ReplyView[] }): ThreadView {
  n++;
  const { body = `thread ${n}`, replies = [], ...rest } = p;
  const author = rest.author ?? 'human';
  const view: ThreadView = {
    id: `c_${n}`, file: 'src/a.ts', startLine: n, endLine: n, workflowState: 'open', anchorState: 'anchored', author,
    title: titleOf(body), lastActivityAt: `2026-01-0${(n % 9) + 1}T00:00:00Z`, targetContent: 'x',
    ...(replies.length ? { replyCount: replies.length, lastReplyAuthor: replies.at(-1)!.author, replyAuthors: [...new Set(replies.map((r) => r.author))] } : {}),
    ...rest,
  };
  conversation.set(view, { id: view.id, body, createdAt: `2026-01-0${(n % 9) + 1}T00:00:00Z`, replies });
  return view;
}
const detailsOf = (folders: readonly FolderSnapshot[]) => indexDetails(folders.map((f) => ({ root: f.root, threads: f.threads.map((v) => conversation.get(v)!) })));
const folder = (root: string, threads: ThreadView[], extra: Partial<FolderSnapshot> = {}): FolderSnapshot => ({ root, name: root.slice(1), hasStore: true, threads, ...extra });
const ALL = { showResolved: true, showStale: true };
const ids = (rows: readonly Row[]) => rows.map((r) => r.thread.id).sort();

describe('projection', () => {
  const a1 = t({ file: 'src/a.ts', startLine: 10, body: 'Rename the **parser**\n\nAnd keep the tokenizer apart.', unseen: true, lastActivityAt: '2026-02-01T00:00:00Z' });
  const a2 = t({ file: 'src/a.ts', startLine: 2, workflowState: 'resolved', body: 'typo', replies: [{ id: 'r1', author: 'agent', body: 'Fixed the Typo', createdAt: 'x' }] });
  const b1 = t({ file: 'src/b.ts', anchorState: 'stale', author: 'agent', body: 'Should I split this?', lastActivityAt: '2026-03-01T00:00:00Z' });
  const c1 = t({ file: 'lib/c.ts', anchorState: 'orphaned', body: 'still needed?' });
  const other = t({ file: 'src/a.ts', body: 'same path, other folder' });
  const folders = [folder('/one', [a1, a2, b1, c1]), folder('/two', [other]), folder('/bad', [], { error: { code: 'unreadable', message: 'bad json' } })];
  const rows = projectRows(folders);
  const details = detailsOf(folders);

  it('keys rows by folder so equal ids and paths in two folders stay apart', () => {
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.key)).size).toBe(5);
    expect(rows.find((r) => r.thread.id === other.id)?.folderName).toBe('two');
  });

  it('summarizes counts across folders, including unreadable stores', () => {
    expect(summarize(folders, rows)).toEqual({ total: 5, open: 4, resolved: 1, unseen: 1, stale: 1, orphaned: 1, awaitingCheck: 0, pending: 0, files: 4, unreadable: 1 });
  });

  it('combines filters (AND), and free text searches bodies, replies, files and ids, case-insensitively', () => {
    expect(ids(filterRows(rows, { workflow: 'open' }, ALL))).toEqual(ids(rows.filter((r) => r.thread.id !== a2.id)));
    expect(ids(filterRows(rows, { workflow: 'open', anchor: 'stale' }, ALL))).toEqual([b1.id]);
    expect(ids(filterRows(rows, { unseen: true }, ALL))).toEqual([a1.id]);
    expect(ids(filterRows(rows, { text: 'typo' }, ALL, details))).toEqual([a2.id]);
    expect(ids(filterRows(rows, { text: 'fixed TYPO' }, ALL, details))).toEqual([a2.id]); // words in a reply, any order/case
    expect(ids(filterRows(rows, { text: 'lib/c' }, ALL, details))).toEqual([c1.id]);
    expect(ids(filterRows(rows, { text: 'parser nothing' }, ALL, details))).toEqual([]);
    expect(ids(filterRows(rows, { file: fileKey('/one', 'src/a.ts') }, ALL))).toEqual([a1.id, a2.id].sort());
    // author: the thread's author or anyone who replied
    expect(ids(filterRows(rows, { author: 'agent' }, ALL))).toEqual([a2.id, b1.id].sort());
  });

  it('searches the titles until the conversations arrive, then whole bodies and replies', () => {
    // "tokenizer" is only in a1's second paragraph, "fixed" only in a2's reply.
    expect(ids(filterRows(rows, { text: 'tokenizer' }, ALL))).toEqual([]);
    expect(ids(filterRows(rows, { text: 'fixed' }, ALL))).toEqual([]);
    expect(ids(filterRows(rows, { text: 'parser' }, ALL))).toEqual([a1.id]); // in the title
    expect(ids(filterRows(rows, { text: 'tokenizer' }, ALL, details))).toEqual([a1.id]);
    expect(ids(filterRows(rows, { text: 'fixed' }, ALL, details))).toEqual([a2.id]);
    expect(a1.title).toBe('Rename the parser');
  });

  it('applies the shared visibility toggles unless a filter asks for the hidden state', () => {
    expect(ids(filterRows(rows, {}, { showResolved: false, showStale: true }))).not.toContain(a2.id);
    expect(ids(filterRows(rows, { workflow: 'resolved' }, { showResolved: false, showStale: true }))).toEqual([a2.id]);
    expect(ids(filterRows(rows, {}, { showResolved: true, showStale: false }))).toEqual([a1.id, a2.id, other.id].sort());
    expect(ids(filterRows(rows, { anchor: 'orphaned' }, { showResolved: true, showStale: false }))).toEqual([c1.id]);
  });

  it('groups by file with counts; file sort orders groups by path and threads by line', () => {
    const list = buildList(rows, 'file', true);
    const groups = list.filter((i) => i.kind === 'group');
    expect(groups.map((g) => g.kind === 'group' && [g.label, g.count, g.open])).toEqual([
      ['one/lib/c.ts', 1, 1], ['one/src/a.ts', 2, 1], ['one/src/b.ts', 1, 1], ['two/src/a.ts', 1, 1],
    ]);
    const aThreads = list.slice(list.findIndex((i) => i.kind === 'group' && i.label === 'one/src/a.ts') + 1).slice(0, 2);
    expect(aThreads.map((i) => i.kind === 'thread' && i.row.thread.startLine)).toEqual([2, 10]);
    expect(buildList(rows, 'file', false).find((i) => i.kind === 'group')).toMatchObject({ label: 'lib/c.ts' });
  });

  it('activity sort puts the newest activity first; state sort puts unseen, then flagged, first and resolved last', () => {
    const byActivity = buildList(rows, 'activity', false).filter((i) => i.kind === 'thread').map((i) => i.kind === 'thread' && i.row.thread.id);
    expect(byActivity[0]).toBe(b1.id);
    const byState = buildList(rows, 'state', false).filter((i) => i.kind === 'thread').map((i) => i.kind === 'thread' && i.row.thread.id);
    expect(byState[0]).toBe(a1.id); // unseen first (its group leads)
    const groupsByState = buildList(rows, 'state', false).filter((i) => i.kind === 'group').map((i) => i.kind === 'group' && i.label);
    expect(groupsByState.indexOf('lib/c.ts')).toBeLessThan(groupsByState.indexOf('src/b.ts')); // orphaned before stale
  });

  it('lists active filters as chips, and suggests the most useful next action', () => {
    expect(filterChips({ text: 'x', workflow: 'open', file: fileKey('/one', 'src/a.ts'), unseen: true }).map((c) => c.key)).toEqual(['text', 'workflow', 'unseen', 'file']);
    expect(filterChips({ file: fileKey('/one', 'src/a.ts') })[0]?.label).toBe('file: src/a.ts');
    const base = { total: 3, open: 2, resolved: 1, unseen: 0, stale: 0, orphaned: 0, awaitingCheck: 0, pending: 0, files: 1, unreadable: 0 };
    expect(nextAction({ ...base, unreadable: 1, stale: 1 }).kind).toBe('recover');
    expect(nextAction({ ...base, stale: 1, unseen: 2 })).toEqual({ kind: 'triage', label: 'Triage 1 flagged thread' });
    expect(nextAction({ ...base, unseen: 2 }).kind).toBe('unseen');
    expect(nextAction(base)).toEqual({ kind: 'archive', label: 'Archive 1 resolved thread' });
    expect(nextAction({ ...base, resolved: 0 }).kind).toBe('none');
  });
});

describe('saved UI state', () => {
  it('restores a valid saved state and drops anything malformed', () => {
    const saved = { __v: UI_STATE_VERSION, view: 'triage', filters: { workflow: 'open', anchor: 'gone', text: 'x', unseen: 'yes' }, sort: 'activity', selectedKey: 'k', scrollTop: 120 };
    expect(migrateUiState(saved)).toEqual({ __v: UI_STATE_VERSION, view: 'triage', filters: { workflow: 'open', text: 'x' }, sort: 'activity', selectedKey: 'k', scrollTop: 120 });
    expect(migrateUiState({ ...saved, view: 'evil', sort: 'random', scrollTop: -1 })).toMatchObject({ view: 'board', sort: 'file', scrollTop: 0 });
    expect(migrateUiState({ ...saved, __v: 99 }, 'setup')).toEqual({ __v: UI_STATE_VERSION, view: 'setup', filters: {}, sort: 'file', scrollTop: 0 });
    expect(migrateUiState('garbage').view).toBe('board');
  });

  it('keeps the header height the preview uses when it is plausible', () => {
    const saved = { __v: UI_STATE_VERSION, view: 'board', filters: {}, sort: 'file', scrollTop: 0 };
    expect(migrateUiState({ ...saved, headerHeight: 97 }).headerHeight).toBe(97);
    for (const bad of [0, -5, 5000, '97', null]) expect(migrateUiState({ ...saved, headerHeight: bad })).not.toHaveProperty('headerHeight');
  });

  it('opens in the view the command asked for, else the saved one', () => {
    const saved = { __v: UI_STATE_VERSION, view: 'triage', filters: { unseen: true }, sort: 'state', scrollTop: 40 };
    expect(initialUiState(saved, 'setup')).toMatchObject({ view: 'setup', filters: { unseen: true }, sort: 'state', scrollTop: 40 });
    expect(initialUiState(saved, undefined).view).toBe('triage');
    expect(initialUiState(saved, 'javascript:').view).toBe('triage');
  });
});

describe('text order', () => {
  it('orders paths by code unit, as `consider-cli list` and git do', () => {
    const paths = ['src/b.ts', 'README.md', 'src/B.ts', 'src/a.ts', 'lib/z.ts', 'src/a/b.ts', 'Ä.md'];
    expect([...paths].sort(compareText)).toEqual([...paths].sort());
    expect(compareText('a', 'a')).toBe(0);
  });
});

describe('triage diff', () => {
  it('marks only the lines outside the common subsequence, ignoring whitespace changes', () => {
    const r = sideBySide(['a()', '  b()', 'c()'], ['a()', 'b()', 'x()', 'c()']);
    expect(r.before.map((l) => l.changed)).toEqual([false, false, false]);
    expect(r.after.map((l) => l.changed)).toEqual([false, false, true, false]);
    const gone = sideBySide(['a', 'b'], []);
    expect(gone.before.every((l) => l.changed)).toBe(true);
  });
});

describe('a row title keeps what is text and drops only Markdown marks', () => {
  it.each([
    ['Raise `MAX_ATTEMPTS` to 5', 'Raise MAX_ATTEMPTS to 5'],
    ['MAX_ATTEMPTS and snake_case_names stay', 'MAX_ATTEMPTS and snake_case_names stay'],
    ['what if min > max?', 'what if min > max?'],
    ['a * b * c overflows', 'a * b * c overflows'],
    ['C:\\path\\to and `x > 0`', 'C:\\path\\to and x > 0'],
    ['## Heading here', 'Heading here'],
    ['> quoted text', 'quoted text'],
    ['- a list item', 'a list item'],
    ['This is **bold** and *em* and _em too_', 'This is bold and em and em too'],
    ['\n\n  first real line\nsecond', 'first real line'],
  ])('%j → %j', (body, title) => expect(titleOf(body)).toBe(title));
});
