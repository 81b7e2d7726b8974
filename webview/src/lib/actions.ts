/**
 * What the user can do, as calls to the host. Results come back as a fresh snapshot from the
 * host (the extension owns the data); here we only show progress, errors and undo offers.
 */
import type { WorkflowState } from '../../../shared/model';
import type { ThreadRef, ViewName, Visibility } from '../../../shared/board/protocol';
import type { Row } from '../../../shared/board/projection';
import type { BoardStore } from '../state/store';
import type { Bridge } from './bridge';
import { plural } from '../../../shared/text';
import { copiedDigestMessage } from '../../../shared/board/copied-digest';

const refsOf = (rows: readonly Row[]): ThreadRef[] => rows.map((r) => ({ root: r.root, id: r.thread.id }));

export function createActions(bridge: Bridge, store: BoardStore) {
  const notice = (kind: 'info' | 'error', text: string, undoId?: string) => store.getState().addNotice({ kind, text, undoId });
  const fail = (what: string) => (e: unknown) => { notice('error', `${what} failed: ${e instanceof Error ? e.message : String(e)}`); };
  const failures = (r: { failed: readonly { message: string }[] }, what: string) => {
    if (r.failed.length) notice('error', `${what} failed: ${r.failed[0]!.message}${r.failed.length > 1 ? ` (and ${r.failed.length - 1} more)` : ''}`);
  };

  return {
    /** Opens the thread's code; an orphaned thread's file is gone, so it goes to Triage, where it is dealt with. */
    reveal: (row: Row) => {
      if (row.thread.anchorState === 'orphaned') store.getState().setView('triage');
      else bridge.notify({ type: 'thread/reveal', root: row.root, id: row.thread.id });
    },
    openLink: (href: string) => bridge.notify({ type: 'link/open', href }),
    openStoreFile: (root: string) => bridge.notify({ type: 'store/openFile', root }),
    showThreadChanges: (row: Row) => bridge.notify({ type: 'thread/showChanges', root: row.root, id: row.thread.id }),
    showChangesSince: (root: string, round: number) => bridge.notify({ type: 'changes/showSince', root, round }),
    setVisibility: (v: Partial<Visibility>) => bridge.notify({ type: 'visibility/set', ...v }),
    viewChanged: (view: ViewName) => bridge.notify({ type: 'webview/viewChanged', view }),

    async reply(row: Row, body: string): Promise<boolean> {
      try {
        const r = await bridge.request('thread/reply', { root: row.root, id: row.thread.id, body });
        failures(r, 'Reply');
        return r.failed.length === 0;
      } catch (e) { fail('Reply')(e); return false; }
    },
    async setState(rows: readonly Row[], state: WorkflowState) {
      const verb = state === 'resolved' ? 'Resolved' : 'Reopened';
      try {
        const r = await bridge.request('thread/setState', { refs: refsOf(rows), state });
        failures(r, verb);
        if (rows.length > 1 && r.done) notice('info', `${verb} ${plural(r.done, 'thread')}.`);
      } catch (e) { fail(verb)(e); }
    },
    async deleteThreads(rows: readonly Row[]) {
      try {
        const r = await bridge.request('thread/delete', { refs: refsOf(rows) });
        failures(r, 'Delete');
        if (r.done) notice('info', `Deleted ${plural(r.done, 'thread')}.`, r.undoId);
      } catch (e) { fail('Delete')(e); }
    },
    /** Sends the pending review; true when every folder's went (the bar then clears its message field). */
    async submitReview(message: string): Promise<boolean> {
      try {
        const r = await bridge.request('review/submit', message.trim() ? { message } : {});
        failures(r, 'Submit review');
        if (r.rounds.length) {
          const rounds = r.rounds.map((x) => x.round).join(', ');
          notice('info', `Sent ${plural(r.done, 'comment')} to the agent as review round ${rounds}${r.rounds.length > 1 ? ' (one per folder)' : ''}.`);
        }
        return r.failed.length === 0;
      } catch (e) { fail('Submit review')(e); return false; }
    },
    async discardReview() {
      try {
        const r = await bridge.request('review/discard', {});
        failures(r, 'Discard review');
        if (r.done) notice('info', `Discarded ${plural(r.done, 'pending comment')}.`, r.undoId);
      } catch (e) { fail('Discard review')(e); }
    },
    /** Copy Review Digest: the review as one Markdown page on the clipboard. */
    async copyDigest() {
      try {
        const r = await bridge.request('review/copyDigest', {});
        if (!r.copied) return; // no review yet, or the folder pick was cancelled: VS Code said so
        notice('info', copiedDigestMessage(r.chars, r.pendingLeftOut));
      } catch (e) { fail('Copy digest')(e); }
    },
    async reanchor(rows: readonly Row[], to: 'suggestion' | 'selection') {
      try {
        const r = await bridge.request('anchor/reanchor', { refs: refsOf(rows), to });
        failures(r, 'Re-anchor');
        if (r.done) notice('info', `Re-anchored ${plural(r.done, 'thread')} to ${to === 'suggestion' ? 'the suggested place' : 'the editor selection'}.`, r.undoId);
      } catch (e) { fail('Re-anchor')(e); }
    },
    async confirm(rows: readonly Row[]) {
      try {
        const r = await bridge.request('anchor/confirm', { refs: refsOf(rows) });
        failures(r, 'Confirm');
        if (r.done) notice('info', `Confirmed ${plural(r.done, 'thread')} as still valid.`, r.undoId);
      } catch (e) { fail('Confirm')(e); }
    },
    async archiveResolved() {
      const s = store.getState();
      s.setProgress({ label: 'Archiving resolved threads', done: 0, total: 0 });
      try {
        const r = await bridge.request('store/archiveResolved', {}, (done, total) => s.setProgress({ label: 'Archiving resolved threads', done, total }));
        failures(r, 'Archive');
        notice('info', r.done ? `Archived ${plural(r.done, 'resolved thread')}; they stay readable in .consider/archive.json.` : 'No resolved threads to archive.', r.undoId);
      } catch (e) { fail('Archive')(e); } finally { s.setProgress(undefined); }
    },
    async reconcileAll() {
      const s = store.getState();
      s.setProgress({ label: 'Reconciling', done: 0, total: 0 });
      try {
        const r = await bridge.request('store/reconcileAll', {}, (done, total) => s.setProgress({ label: 'Reconciling', done, total }));
        notice(r.failed.length ? 'error' : 'info',
          `Checked ${plural(r.checked, 'thread')}: ${r.moved} moved, ${r.stale} stale, ${r.orphaned} orphaned, ${r.restored} restored` +
          (r.failed.length ? `; ${plural(r.failed.length, 'folder')} failed (${r.failed[0]!.message})` : '') + '.');
      } catch (e) { fail('Reconcile')(e); } finally { s.setProgress(undefined); }
    },
    async undo(undoId: string, noticeId: number) {
      store.getState().dismissNotice(noticeId);
      try {
        const r = await bridge.request('store/undo', { undoId });
        failures(r, 'Undo');
        if (r.done) notice('info', `Restored ${plural(r.done, 'thread')}.`);
      } catch (e) { fail('Undo')(e); }
    },
    async recover(root: string, action: 'retry' | 'restoreBackup') {
      try {
        const r = await bridge.request('store/recover', { root, action });
        failures(r, action === 'retry' ? 'Retry' : 'Restore');
        if (action === 'restoreBackup' && r.done) notice('info', 'Restored the last good copy; the damaged file was kept next to it.');
      } catch (e) { fail(action === 'retry' ? 'Retry' : 'Restore')(e); }
    },
  };
}

export type Actions = ReturnType<typeof createActions>;
