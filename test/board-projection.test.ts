/** The board projection (shared/board/projection.ts): the file filter's choices, and the review loop's filters, counts and badges. */
import { describe, expect, it } from 'vitest';
import type { FolderSnapshot, ThreadView } from '../shared/board/protocol';
import { rowBadges, stateIcon } from '../shared/board/rowBadges';
import { DEFAULT_HEADER_HEIGHT, REVIEW_BAR_HEIGHT, firstScreen } from '../shared/board/firstScreen';
import { fileKey, fileOptions, filterChips, filterRows, nextAction, projectRows, summarize } from '../shared/board/projection';
import { defaultUiState, migrateUiState, UI_STATE_VERSION } from '../shared/board/uiState';

const view = (id: string, file: string, extra: Partial<ThreadView> = {}): ThreadView => ({
  id, file, startLine: 1, endLine: 1, workflowState: 'open', anchorState: 'anchored', author: 'human', title: id, lastActivityAt: '2026-01-01T00:00:00Z', ...extra,
});
const folder = (root: string, threads: ThreadView[]): FolderSnapshot => ({ root, name: root.slice(1), hasStore: true, threads });

describe('fileOptions', () => {
  const folders = [folder('/one', [view('a', 'src/b.ts'), view('b', 'src/a.ts'), view('c', 'src/b.ts')]), folder('/two', [view('a', 'src/a.ts'), view('d', 'README.md')])];

  it('lists each file once per folder, by path, with the folder name when there are several', () => {
    expect(fileOptions(projectRows(folders), true)).toEqual([
      { value: fileKey('/one', 'src/a.ts'), label: 'one/src/a.ts' },
      { value: fileKey('/one', 'src/b.ts'), label: 'one/src/b.ts' },
      { value: fileKey('/two', 'README.md'), label: 'two/README.md' },
      { value: fileKey('/two', 'src/a.ts'), label: 'two/src/a.ts' },
    ]);
  });

  it('labels by path alone in a single folder', () => {
    expect(fileOptions(projectRows(folders.slice(0, 1)), false).map((o) => o.label)).toEqual(['src/a.ts', 'src/b.ts']);
  });
});

describe('the review loop', () => {
  const addressed = view('addressed', 'a.ts', { disposition: 'addressed', awaitingCheck: true, replyCount: 1, lastReplyAuthor: 'agent', replyAuthors: ['agent'] });
  // Addressed, then the human answered: no longer waiting for a check.
  const answered = view('answered', 'a.ts', { disposition: 'addressed', replyCount: 2, lastReplyAuthor: 'human', replyAuthors: ['agent', 'human'] });
  const resolved = view('resolved', 'a.ts', { workflowState: 'resolved', disposition: 'addressed' });
  const declined = view('declined', 'b.ts', { disposition: 'declined' });
  const question = view('question', 'b.ts', { disposition: 'question', unseen: true });
  const pending1 = view('pending1', 'b.ts', { pending: true });
  const pending2 = view('pending2', 'c.ts', { pending: true, anchorState: 'stale' });
  const plain = view('plain', 'c.ts', { round: 1, unseen: true });
  const folders = [folder('/one', [addressed, answered, resolved, declined]), folder('/two', [question, pending1, pending2, plain])];
  const rows = projectRows(folders);
  const ALL = { showResolved: true, showStale: true };
  const ids = (filters: Parameters<typeof filterRows>[1], visibility = ALL) => filterRows(rows, filters, visibility).map((r) => r.thread.id);

  it('"awaiting your check" keeps exactly the open threads the agent addressed since the human last wrote', () => {
    expect(ids({ awaitingCheck: true })).toEqual(['addressed']);
    expect(ids({ awaitingCheck: true, file: fileKey('/one', 'b.ts') })).toEqual([]); // combines with the others (AND)
  });

  it('"pending review" keeps the threads not sent yet, and still obeys the visibility toggles', () => {
    expect(ids({ pending: true })).toEqual(['pending1', 'pending2']);
    expect(ids({ pending: true }, { showResolved: true, showStale: false })).toEqual(['pending1']);
  });

  it('counts the threads awaiting a check and the pending ones, across folders', () => {
    expect(summarize(folders, rows)).toMatchObject({ total: 8, awaitingCheck: 1, pending: 2, unseen: 2 });
  });

  it('shows both filters as chips, and suggests checking addressed threads before reading unseen ones', () => {
    expect(filterChips({ unseen: true, awaitingCheck: true, pending: true })).toEqual([
      { key: 'unseen', label: 'unseen by agent' },
      { key: 'awaitingCheck', label: 'addressed, awaiting your check' },
      { key: 'pending', label: 'pending review' },
    ]);
    const s = summarize(folders, rows);
    expect(nextAction({ ...s, stale: 0 })).toEqual({ kind: 'check', label: 'Check 1 addressed thread' });
    expect(nextAction(s).kind).toBe('triage'); // flagged anchors still come first
  });

  it('keeps the review filters in the saved UI state, and drops malformed ones', () => {
    const saved = { __v: UI_STATE_VERSION, view: 'board', filters: { awaitingCheck: true, pending: 'yes' }, sort: 'file', scrollTop: 0 };
    expect(migrateUiState(saved).filters).toEqual({ awaitingCheck: true });
  });

  it("badges: pending (dashed, says it is not sent), the agent's disposition, then unseen, anchor and resolved", () => {
    const badges = (t: ThreadView) => rowBadges(t).map((b) => b.label);
    expect(badges(pending2)).toEqual(['pending', 'stale']);
    expect(rowBadges(pending1)[0]).toEqual({ cls: 'pending', label: 'pending', title: 'pending — not sent to the agent yet' });
    expect(badges(addressed)).toEqual(['addressed']);
    expect(rowBadges(addressed)[0]?.title).toMatch(/awaiting your check/);
    expect(rowBadges(answered)[0]?.title).not.toMatch(/awaiting/);
    expect(badges(declined)).toEqual(['declined']);
    expect(badges(question)).toEqual(['question', 'unseen']);
    expect(badges(resolved)).toEqual(['addressed', 'resolved']);
    expect(badges(plain)).toEqual(['unseen']);
    expect([pending1, addressed, resolved].map(stateIcon)).toEqual(['comment-draft', 'comment', 'pass-filled']);
  });

  it("a new panel's first screen leaves the review bar's room above the rows while a review is pending", () => {
    const header = (fs: FolderSnapshot[], saved?: number) =>
      firstScreen(fs, ALL, { ...defaultUiState(), ...(saved ? { headerHeight: saved } : {}) }, 800)?.headerHeight;
    expect(header(folders)).toBe(DEFAULT_HEADER_HEIGHT + REVIEW_BAR_HEIGHT);
    expect(header([folder('/one', [addressed, plain])])).toBe(DEFAULT_HEADER_HEIGHT);
    expect(header(folders, 170)).toBe(170); // what the app measured wins
  });
});
