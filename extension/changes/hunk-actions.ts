/**
 * The commands of review per change: *Mark Change Reviewed* (on a reviewed change: unmark it),
 * *Mark Change Not Reviewed*, *Reject Change…* and *Next Unreviewed Change*. Each acts on the
 * change a hover link names, else on the change under the cursor of a Changes diff. Marking moves
 * the cursor to the next unreviewed change of the file, so a file is reviewed with one key.
 *
 * *Reject Change…* asks why (the agent reads it) and whether to revert the change; the thread
 * goes into the pending review or to the agent at once, as the comment box's first button would
 * (a review is pending, or `consider.review.pendingByDefault`).
 */
import path from 'node:path';
import * as vscode from 'vscode';
import { baselineKey, type BaselineRef } from '../../shared/changes';
import { addRejectionThread, setRevertOutcome } from '../../shared/changes/rejections';
import { absoluteOf } from '../../shared/paths';
import { setAnchor } from '../../shared';
import { CommandIds, registerCommand } from '../command-ids';
import * as notify from '../notify';
import type { FolderStores } from '../store/folder-stores';
import type { ChangesModel } from './changes-model';
import { filesUnder, buildTree } from './tree-model';
import type { HunkEditors } from './hunk-editor';
import type { ChangeAt, HunkReview } from './hunk-review';
import type { RejectionKeeper } from './hunk-reverts';

/** What a hover link (or a test) passes: a change by identity. */
export interface ChangeArg {
  root: string;
  path: string;
  id: string;
  /** Reject Change… without asking (tests, scripts): the reason, whether to revert, pending or not. */
  reason?: string;
  revert?: boolean;
  pending?: boolean;
}

export interface HunkActionDeps {
  review: HunkReview;
  editors: HunkEditors;
  reverts: RejectionKeeper;
  model: ChangesModel;
  stores: FolderStores;
  /** How the view names a baseline ("review round 2"). */
  labelOf(root: string, ref: BaselineRef): string;
}

export function registerHunkActions(d: HunkActionDeps): vscode.Disposable {
  const { review, editors } = d;

  /** The change a command acts on: the link's, else the one under the cursor. */
  const target = (arg: unknown): ChangeAt | undefined => {
    const a = arg as Partial<ChangeArg> | undefined;
    if (a && typeof a.root === 'string' && typeof a.path === 'string' && typeof a.id === 'string') {
      const file = review.file(a.root, a.path);
      const index = file?.ids.indexOf(a.id) ?? -1;
      if (file && index >= 0) return { root: a.root, path: a.path, file, index };
      void notify.info(vscode.l10n.t('Consider: that change is no longer in {0} as it was shown (the file changed since).', a.path));
      return undefined;
    }
    const at = editors.changeAtCursor();
    if (!at) {
      void notify.info(editors.sideOf(vscode.window.activeTextEditor)
        ? vscode.l10n.t('Consider: put the cursor on a change (a coloured block) of the diff, or use Next Unreviewed Change.')
        : vscode.l10n.t('Consider: open a file\'s changes from the Changes view first; this acts on the change under the cursor.'));
    }
    return at;
  };

  const mark = async (arg: unknown, reviewed: boolean | 'toggle'): Promise<void> => {
    const at = target(arg);
    if (!at) return;
    const id = at.file.ids[at.index]!;
    const now = reviewed === 'toggle' ? !at.file.reviewed[at.index] : reviewed;
    review.setReviewed(at.root, at.path, [id], now);
    // In the file's diff, on to its next unreviewed change (never opening a diff the user is not in).
    const side = editors.sideOf(vscode.window.activeTextEditor);
    if (now && side?.root === at.root && side.path === at.path) await revealNext(d, at, false);
  };

  return vscode.Disposable.from(
    registerCommand(CommandIds.markChangeReviewed, (arg?: unknown) => mark(arg, arg ? true : 'toggle')),
    registerCommand(CommandIds.markChangeNotReviewed, (arg?: unknown) => mark(arg, false)),
    registerCommand(CommandIds.nextUnreviewedChange, async (arg?: unknown) => {
      const a = arg as Partial<ChangeArg> | undefined;
      const at = a?.id ? target(arg) : editors.changeAtCursor() ?? cursorPlace(editors);
      await revealNext(d, at, true);
    }),
    registerCommand(CommandIds.rejectChange, async (arg?: unknown) => {
      const at = target(arg);
      if (at) await reject(d, at, (arg ?? {}) as Partial<ChangeArg>);
    }),
  );
}

/** Where the cursor is in a Changes diff when it is on no change: the next change after it is "next". */
function cursorPlace(editors: HunkEditors): ChangeAt | { root: string; path: string; line: number } | undefined {
  const editor = vscode.window.activeTextEditor;
  const side = editors.sideOf(editor);
  return side && editor && side.side === 'modified' ? { root: side.root, path: side.path, line: editor.selection.active.line } : undefined;
}

/** The folders' files in the Changes view's order (folders first, by name, as the tree shows them). */
function filesInViewOrder(d: HunkActionDeps, root: string): string[] {
  const f = d.model.get(root);
  if (!f?.result?.ok) return [];
  return buildTree(f.result.list.changes, () => false, () => 0).flatMap(filesUnder).map((n) => n.change.path);
}

/**
 * Goes to the next unreviewed change after `from` (a change, or a place in a file): later in the
 * same file, else in the next files of the view (all folders, wrapping round). `acrossFiles`:
 * false only looks in the same file (after marking one).
 */
async function revealNext(d: HunkActionDeps, from: ChangeAt | { root: string; path: string; line: number } | undefined, acrossFiles: boolean): Promise<void> {
  const roots = d.model.list().map((f) => f.root).filter((r) => d.review.baselineOf(r) !== undefined);
  for (const r of roots) await d.review.whenReady(r);
  const order: { root: string; path: string }[] = roots.flatMap((root) => filesInViewOrder(d, root).map((p) => ({ root, path: p })));
  if (!order.length) {
    if (acrossFiles) void notify.info(vscode.l10n.t('Consider: no change to review: the Changes view lists none.'));
    return;
  }
  const start = from ? Math.max(0, order.findIndex((o) => o.root === from.root && o.path === from.path)) : 0;
  const firstUnreviewed = (root: string, rel: string, after: (i: number) => boolean): number => {
    const f = d.review.file(root, rel);
    if (!f) return -1;
    return f.ids.findIndex((_, i) => !f.reviewed[i] && after(i));
  };
  // The same file, after the current change (or the cursor's line).
  if (from) {
    const f = d.review.file(from.root, from.path);
    const after = 'index' in from
      ? (i: number) => i > from.index
      : (i: number) => (f?.hunks[i]?.newStart ?? 0) >= from.line;
    const i = firstUnreviewed(from.root, from.path, after);
    if (i >= 0) return reveal(d, from.root, from.path, i);
    if (!acrossFiles) return;
  }
  for (let k = 1; k <= order.length; k++) {
    const o = order[(start + k) % order.length]!;
    const i = firstUnreviewed(o.root, o.path, () => true);
    if (i >= 0) return reveal(d, o.root, o.path, i);
  }
  const total = roots.reduce((n, r) => n + (d.review.progress(r)?.total ?? 0), 0);
  void notify.info(vscode.l10n.t('Consider: all {0} changes are reviewed.', total));
}

/** Shows a change: in its diff when that is open, else it opens the file's diff first. */
async function reveal(d: HunkActionDeps, root: string, rel: string, index: number): Promise<void> {
  const file = d.review.file(root, rel);
  const h = file?.hunks[index];
  const abs = absoluteOf(root, rel);
  const find = (): vscode.TextEditor | undefined => {
    const sideOf = (e: vscode.TextEditor): boolean => {
      const s = d.editors.sideOf(e);
      return !!s && s.root === root && s.path === rel && s.side === (h && h.newCount === 0 ? 'baseline' : 'modified');
    };
    const active = vscode.window.activeTextEditor;
    return active && sideOf(active) ? active : vscode.window.visibleTextEditors.find(sideOf);
  };
  let editor = find();
  if (!editor) {
    await vscode.commands.executeCommand(CommandIds.changesOpenChange, { root, path: rel });
    for (let i = 0; i < 50 && !(editor = find()); i++) await new Promise((r) => setTimeout(r, 20));
  }
  if (!editor) return;
  const line = !h ? 0 : h.newCount === 0 ? h.oldStart : h.newStart;
  const pos = new vscode.Position(Math.min(line, editor.document.lineCount - 1), 0);
  editor.selection = new vscode.Selection(pos, pos);
  editor.revealRange(new vscode.Range(pos, pos), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  vscode.window.setStatusBarMessage(`$(diff) ${vscode.l10n.t('{0}: change {1} of {2}', path.basename(abs), index + 1, file?.ids.length ?? 1)}`, 4000);
}

/** Whether a new thread goes into the pending review (as the comment box's first button would). */
function pendingByDefault(d: HunkActionDeps, root: string): boolean {
  const reviewOpen = (d.stores.get(root)?.store?.comments ?? []).some((c) => c.pending === true);
  return reviewOpen || vscode.workspace.getConfiguration('consider').get<boolean>('review.pendingByDefault', false);
}

async function reject(d: HunkActionDeps, at: ChangeAt, given: Partial<ChangeArg>): Promise<void> {
  const { root, path: rel, file, index } = at;
  const h = file.hunks[index];
  const baseline = d.review.baselineOf(root);
  if (!h || !baseline || !file.base) {
    void notify.info(vscode.l10n.t('Consider: this change has no lines to reject (a binary file, or one too large to compare); write a comment on the file instead.'));
    return;
  }
  const lines = h.newCount ? (h.newCount === 1 ? String(h.newStart + 1) : `${h.newStart + 1}-${h.newStart + h.newCount}`) : vscode.l10n.t('removed lines {0}', h.oldCount === 1 ? String(h.oldStart + 1) : `${h.oldStart + 1}-${h.oldStart + h.oldCount}`);
  const reason = given.reason ?? await vscode.window.showInputBox({
    title: vscode.l10n.t('Reject Change — {0}, {1}', path.basename(rel), lines),
    prompt: vscode.l10n.t('Why is this change wrong? The agent reads this as a review comment on the change.'),
    placeHolder: vscode.l10n.t('e.g. This swallows the error; keep the throw and handle it in the caller.'),
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('Say why: the agent learns from the reason.')),
  });
  if (!reason?.trim()) return;
  const pending = given.pending ?? pendingByDefault(d, root);
  const midTurn = d.reverts.agentMidTurn(root);
  let revert = given.revert;
  if (revert === undefined) {
    const sent = pending ? vscode.l10n.t('Added to your pending review (Submit Review sends it).') : vscode.l10n.t('Sent to the agent now.');
    const items: (vscode.QuickPickItem & { revert: boolean })[] = [
      { label: `$(comment) ${vscode.l10n.t('Reject')}`, description: vscode.l10n.t('the change stays; the agent is told why'), detail: sent, revert: false },
      {
        label: `$(discard) ${vscode.l10n.t('Reject and Revert the Change')}`,
        description: midTurn ? vscode.l10n.t('when the agent\'s turn ends') : vscode.l10n.t('now, as an edit you can undo'),
        detail: midTurn
          ? vscode.l10n.t('The agent is in the middle of a turn: the baseline\'s lines are put back when it ends, and the agent is told. {0}', sent)
          : vscode.l10n.t('Puts the baseline\'s lines back in place of this change only, if the file still holds it exactly. {0}', sent),
        revert: true,
      },
    ];
    const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Reject Change — {0}, {1}', path.basename(rel), lines), ignoreFocusOut: true });
    if (!picked) return;
    revert = picked.revert;
  }
  const ref = baseline.ref;
  const baselineRel = file.change.oldPath ?? rel;
  // Asked again: a turn may have begun while the reviewer wrote the reason.
  const queue = revert && d.reverts.agentMidTurn(root);
  const label = d.labelOf(root, ref);
  let thread;
  try {
    thread = await addRejectionThread(root, {
      file: rel, baselineFile: baselineRel, baseline: { key: baselineKey(ref), label, ...(baseline.sha ? { sha: baseline.sha } : {}) },
      baselineText: file.base.join('\n'), hunk: h, reason: reason.trim(), pending,
      // Queued only while a turn runs: a revert made now is recorded once made (the queue never races it).
      ...(queue ? { revert: { state: 'queued' as const, at: new Date().toISOString() } } : {}),
    });
    // The thread anchors on the file as saved; an editor with unsaved edits shows other lines.
    const doc = vscode.workspace.textDocuments.find((x) => x.uri.scheme === 'file' && x.uri.fsPath === absoluteOf(root, rel));
    if (h.newCount && doc?.isDirty) await setAnchor(root, thread.id, { startLine: h.newStart + 1, endLine: h.newStart + h.newCount, text: doc.getText() }, 'human');
  } catch (e) {
    notify.reportFailure(vscode.l10n.t('save the rejection'), e);
    return;
  } finally {
    d.stores.reload(root);
  }
  // Rejected is reviewed: the reviewer has decided about it.
  d.review.setReviewed(root, rel, [h.id], true);
  if (!revert) {
    vscode.window.setStatusBarMessage(`$(comment) ${pending ? vscode.l10n.t('Change rejected: in your pending review') : vscode.l10n.t('Change rejected: the agent is told')}`, 5000);
    return;
  }
  if (queue) {
    void notify.info(vscode.l10n.t('Consider: the agent is in the middle of a turn. The change will be reverted when the turn ends, and the agent told.'));
    return;
  }
  const result = await d.reverts.revertNow({ root, path: rel, baselineRel, hunkId: h.id, ref, ...(baseline.sha ? { sha: baseline.sha } : {}), shape: d.review.marksOf(root, rel)?.shape });
  // The file is reverted (or refused) whatever happens next; the thread must say which, or the
  // agent reads a rejection with no word of its revert. A busy store is offered again (Retry).
  const recordOutcome = async (): Promise<void> => {
    await setRevertOutcome(root, thread.id, result.ok ? { state: 'applied' } : { state: 'refused', reason: result.reason });
    d.stores.reload(root);
  };
  try {
    await recordOutcome();
  } catch (e) {
    notify.reportFailure(vscode.l10n.t('record the revert in the rejection thread'), e, recordOutcome);
  }
  if (result.ok) vscode.window.setStatusBarMessage(`$(discard) ${vscode.l10n.t('Change rejected and reverted (Undo puts it back)')}`, 5000);
  else void notify.warn(vscode.l10n.t('Consider: the change was rejected but not reverted: {0}. The thread tells the agent.', result.reason));
}
