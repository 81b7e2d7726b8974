/**
 * What the user can do, as calls to the host. Results come back as a fresh snapshot from the
 * host (the extension owns the data); here we only show progress, errors and undo offers.
 */
import type { WorkflowState } from '../../../shared/model';
import type { ThreadRef, ViewName, Visibility } from '../../../shared/board/protocol';
import type { Row } from '../../../shared/board/projection';
import type { BoardStore } from '../state/store';
import type { Bridge } from './bridge';
import { countOf, l10n } from '../../../shared/board/l10n';
import { copiedDigestMessage } from '../../../shared/board/copied-digest';

const refsOf = (rows: readonly Row[]): ThreadRef[] => rows.map((r) => ({ root: r.root, id: r.thread.id }));

export function createActions(bridge: Bridge, store: BoardStore) {
  const notice = (kind: 'info' | 'error', text: string, undoId?: string) => store.getState().addNotice({ kind, text, undoId });
  // `what` is a localised word ("Reply", "Delete").
  const fail = (what: string) => (e: unknown) => { notice('error', l10n.t('{0} failed: {1}', what, e instanceof Error ? e.message : String(e))); };
  const failures = (r: { failed: readonly { message: string }[] }, what: string) => {
    if (r.failed.length) notice('error', l10n.t('{0} failed: {1}', what, r.failed[0]!.message) + (r.failed.length > 1 ? ` ${l10n.t('(and {0} more)', r.failed.length - 1)}` : ''));
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
        failures(r, l10n.t('Reply'));
        return r.failed.length === 0;
      } catch (e) { fail(l10n.t('Reply'))(e); return false; }
    },
    async setState(rows: readonly Row[], state: WorkflowState) {
      const verb = state === 'resolved' ? l10n.t('Resolved') : l10n.t('Reopened');
      try {
        const r = await bridge.request('thread/setState', { refs: refsOf(rows), state });
        failures(r, verb);
        const threads = countOf(r.done, l10n.t('{0} thread'), l10n.t('{0} threads'));
        if (rows.length > 1 && r.done) notice('info', state === 'resolved' ? l10n.t('Resolved {0}.', threads) : l10n.t('Reopened {0}.', threads));
      } catch (e) { fail(verb)(e); }
    },
    async deleteThreads(rows: readonly Row[]) {
      try {
        const r = await bridge.request('thread/delete', { refs: refsOf(rows) });
        failures(r, l10n.t('Delete'));
        if (r.done) notice('info', l10n.t('Deleted {0}.', countOf(r.done, l10n.t('{0} thread'), l10n.t('{0} threads'))), r.undoId);
      } catch (e) { fail(l10n.t('Delete'))(e); }
    },
    /** Sends the pending review; true when every folder's went (the bar then clears its message field). */
    async submitReview(message: string): Promise<boolean> {
      try {
        const r = await bridge.request('review/submit', message.trim() ? { message } : {});
        // The session question closed: nothing sent, the message stays in its box.
        if (r.cancelled) return false;
        failures(r, l10n.t('Submit review'));
        if (r.rounds.length) {
          const rounds = r.rounds.map((x) => x.round).join(', ');
          const comments = countOf(r.done, l10n.t('{0} comment'), l10n.t('{0} comments'));
          notice('info', r.rounds.length > 1 ? l10n.t('Sent {0} to the agent as review round {1} (one per folder).', comments, rounds) : l10n.t('Sent {0} to the agent as review round {1}.', comments, rounds));
        }
        return r.failed.length === 0;
      } catch (e) { fail(l10n.t('Submit review'))(e); return false; }
    },
    /** A round addressed to one agent session goes to whichever session stops or waits first. */
    async sendRoundToAnySession(root: string, round: number) {
      try {
        const r = await bridge.request('review/sendToAnySession', { root, round });
        failures(r, l10n.t('Send to any session'));
        if (r.done) notice('info', l10n.t('Review round {0} now goes to any agent session.', round));
      } catch (e) { fail(l10n.t('Send to any session'))(e); }
    },
    async discardReview() {
      try {
        const r = await bridge.request('review/discard', {});
        failures(r, l10n.t('Discard review'));
        if (r.done) notice('info', l10n.t('Discarded {0}.', countOf(r.done, l10n.t('{0} pending comment'), l10n.t('{0} pending comments'))), r.undoId);
      } catch (e) { fail(l10n.t('Discard review'))(e); }
    },
    /** Copy Review Digest: the review as one Markdown page on the clipboard. */
    async copyDigest() {
      try {
        const r = await bridge.request('review/copyDigest', {});
        if (!r.copied) return; // no review yet, or the folder pick was cancelled: VS Code said so
        notice('info', copiedDigestMessage(r.chars, r.pendingLeftOut));
      } catch (e) { fail(l10n.t('Copy digest'))(e); }
    },
    async reanchor(rows: readonly Row[], to: 'suggestion' | 'selection' | 'suggestedMove') {
      try {
        const r = await bridge.request('anchor/reanchor', { refs: refsOf(rows), to });
        failures(r, l10n.t('Re-anchor'));
        const threads = countOf(r.done, l10n.t('{0} thread'), l10n.t('{0} threads'));
        const done = {
          suggestion: () => l10n.t('Re-anchored {0} to the suggested place.', threads),
          selection: () => l10n.t('Re-anchored {0} to the editor selection.', threads),
          suggestedMove: () => l10n.t('Re-anchored {0} where its code moved.', threads),
        }[to];
        if (r.done) notice('info', done(), r.undoId);
      } catch (e) { fail(l10n.t('Re-anchor'))(e); }
    },
    async confirm(rows: readonly Row[]) {
      try {
        const r = await bridge.request('anchor/confirm', { refs: refsOf(rows) });
        failures(r, l10n.t('Confirm'));
        if (r.done) notice('info', l10n.t('Confirmed {0} as still valid.', countOf(r.done, l10n.t('{0} thread'), l10n.t('{0} threads'))), r.undoId);
      } catch (e) { fail(l10n.t('Confirm'))(e); }
    },
    async archiveResolved() {
      const s = store.getState();
      const label = l10n.t('Archiving resolved threads');
      s.setProgress({ label, done: 0, total: 0 });
      try {
        const r = await bridge.request('store/archiveResolved', {}, (done, total) => s.setProgress({ label, done, total }));
        failures(r, l10n.t('Archive'));
        notice('info', r.done
          ? l10n.t('Archived {0}; they stay readable in .consider/archive.json.', countOf(r.done, l10n.t('{0} resolved thread'), l10n.t('{0} resolved threads')))
          : l10n.t('No resolved threads to archive.'), r.undoId);
      } catch (e) { fail(l10n.t('Archive'))(e); } finally { s.setProgress(undefined); }
    },
    async reconcileAll() {
      const s = store.getState();
      const label = l10n.t('Reconciling');
      s.setProgress({ label, done: 0, total: 0 });
      try {
        const r = await bridge.request('store/reconcileAll', {}, (done, total) => s.setProgress({ label, done, total }));
        notice(r.failed.length ? 'error' : 'info',
          l10n.t('Checked {0}: {1} moved, {2} stale, {3} orphaned, {4} restored', countOf(r.checked, l10n.t('{0} thread'), l10n.t('{0} threads')), r.moved, r.stale, r.orphaned, r.restored) +
          (r.failed.length ? l10n.t('; {0} failed ({1})', countOf(r.failed.length, l10n.t('{0} folder'), l10n.t('{0} folders')), r.failed[0]!.message) : '') + '.');
      } catch (e) { fail(l10n.t('Reconcile'))(e); } finally { s.setProgress(undefined); }
    },
    async undo(undoId: string, noticeId: number) {
      store.getState().dismissNotice(noticeId);
      try {
        const r = await bridge.request('store/undo', { undoId });
        failures(r, l10n.t('Undo'));
        if (r.done) notice('info', l10n.t('Restored {0}.', countOf(r.done, l10n.t('{0} thread'), l10n.t('{0} threads'))));
      } catch (e) { fail(l10n.t('Undo'))(e); }
    },
    async recover(root: string, action: 'retry' | 'restoreBackup') {
      try {
        const r = await bridge.request('store/recover', { root, action });
        failures(r, action === 'retry' ? l10n.t('Retry') : l10n.t('Restore'));
        if (action === 'restoreBackup' && r.done) notice('info', l10n.t('Restored the last good copy; the damaged file was kept next to it.'));
      } catch (e) { fail(action === 'retry' ? l10n.t('Retry') : l10n.t('Restore'))(e); }
    },
  };
}

export type Actions = ReturnType<typeof createActions>;
