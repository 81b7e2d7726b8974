/**
 * What follows a *Reject Change…*: the revert the reviewer asked for, and watching that the
 * rejected change stays gone (docs/agent-loop.md, "Rejected changes").
 *
 * A revert is an edit of the open document (so Undo takes it back), saved when the document had
 * no unsaved edits of its own, and made only when the file still holds exactly the rejected
 * change (shared/changes/rejections.ts planRevert); otherwise it is refused and the thread says
 * why. While an agent's turn runs (its hooks say so: shared/store/agent-turns.ts) a revert is
 * queued on its thread and made when the last running turn ends — the agent is never edited
 * under. The thread then says it was reverted (or why not), which the agent reads as news.
 *
 * Every rejected change is watched in its file: once gone (reverted, or rewritten by the agent)
 * and then back, its thread reopens.
 */
import * as vscode from 'vscode';
import * as notify from '../notify';
import { parseBaselineKey, type BaselineRef } from '../../shared/changes';
import { noteRejectionSeen, planRevert, rejectedChangePresence, replacementOf, setRevertOutcome } from '../../shared/changes/rejections';
import type { HunkShape } from '../../shared/changes/hunks';
import type { Comment } from '../../shared/model';
import { absoluteOf } from '../../shared/paths';
import { runningTurns } from '../../shared';
import type { FolderStores } from '../store/folder-stores';
import { Disposable, toDisposable } from '../util/dispose';
import type { ChangesModel } from './changes-model';
import { baselineTextOf, currentTextOf } from './hunk-sources';
import type { HunkReview } from './hunk-review';

/** File events on a file with rejected changes are looked at after this much quiet. */
const PRESENCE_DEBOUNCE_MS = 300;
/** While reverts wait, turns are looked at again this often (a turn whose stop never came expires: TURN_STALE_MS). */
const QUEUE_POLL_MS = 60_000;

/** Which change to revert, and against which baseline. */
export interface RevertTarget {
  root: string;
  /** The file today, and in the baseline (they differ for a rename). */
  path: string;
  baselineRel: string;
  hunkId: string;
  ref: BaselineRef;
  sha?: string;
  shape?: HunkShape;
}

export type RevertResult = { ok: true } | { ok: false; reason: string };

export class RejectionKeeper extends Disposable {
  private readonly presenceTimers = new Map<string, NodeJS.Timeout>();
  private readonly busy = new Set<string>();
  private poll: NodeJS.Timeout | undefined;

  constructor(private readonly stores: FolderStores, private readonly review: HunkReview, model: ChangesModel, private readonly log: vscode.LogOutputChannel) {
    super();
    this.register(toDisposable(() => {
      for (const t of this.presenceTimers.values()) clearTimeout(t);
      if (this.poll) clearInterval(this.poll);
    }));
    const turns = this.register(vscode.workspace.createFileSystemWatcher('**/.consider/turns/*.json'));
    const turnEvent = (uri: vscode.Uri): void => {
      const root = stores.rootOf(uri.fsPath);
      if (root) void this.processQueue(root);
    };
    this.register(turns.onDidCreate(turnEvent));
    this.register(turns.onDidChange(turnEvent));
    this.register(turns.onDidDelete(turnEvent));
    this.register(stores.onDidChange((roots) => {
      for (const root of roots) {
        void this.processQueue(root);
        this.watchPresence(root);
      }
    }));
    this.register(model.onDidChangeFile(({ root, rel }) => {
      if (this.rejectionsIn(root).some((c) => fileOf(c) === rel)) this.watchPresence(root, rel);
    }));
    for (const root of stores.roots()) {
      void this.processQueue(root);
      this.watchPresence(root);
    }
  }

  /** Whether an agent's turn runs in this folder now (a revert would be queued). */
  agentMidTurn(root: string): boolean {
    return runningTurns(root).length > 0;
  }

  private rejectionsIn(root: string): Comment[] {
    return (this.stores.get(root)?.store?.comments ?? []).filter((c) => c.rejected !== undefined);
  }

  /** Reverts one change now, if the file still holds exactly it. */
  async revertNow(t: RevertTarget): Promise<RevertResult> {
    const uri = vscode.Uri.file(absoluteOf(t.root, t.path));
    const base = await baselineTextOf(t.root, t.ref, t.baselineRel, t.sha);
    // The editor's copy of a file the agent just wrote may lag behind the disk for a moment (VS Code
    // then refuses the edit as made on an older version): plan again on its newer text and retry.
    for (let attempt = 0; ; attempt++) {
      let doc: vscode.TextDocument;
      try {
        doc = await vscode.workspace.openTextDocument(uri);
      } catch {
        return { ok: false, reason: vscode.l10n.t('{0} cannot be opened (deleted or renamed since)', t.path) };
      }
      if (doc.isDirty) return { ok: false, reason: vscode.l10n.t('{0} has unsaved edits in an editor: save or discard them first', t.path) };
      const plan = planRevert(base, doc.getText(), t.hunkId, t.shape);
      if (!plan.ok) return { ok: false, reason: plan.reason };
      const r = replacementOf(doc.getText(), plan, doc.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n');
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, new vscode.Range(doc.positionAt(r.from), doc.positionAt(r.to)), r.text);
      if (await vscode.workspace.applyEdit(edit)) {
        if (!await savedAfterEdit(doc)) return { ok: false, reason: vscode.l10n.t('the reverted file could not be saved (it stays reverted, unsaved, in the editor)') };
        this.log.info(`reverted a change of ${t.path} (lines ${plan.start + 1}-${plan.end})`);
        return { ok: true };
      }
      if (attempt === 4) return { ok: false, reason: vscode.l10n.t('VS Code did not apply the edit') };
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
  }

  /** Makes the reverts that wait in a folder, when no agent's turn runs there. */
  async processQueue(root: string): Promise<void> {
    const queued = this.rejectionsIn(root).filter((c) => c.rejected!.revert?.state === 'queued');
    this.updatePoll();
    if (!queued.length || this.busy.has(root) || this.agentMidTurn(root)) return;
    this.busy.add(root);
    try {
      for (const c of queued) {
        if (this.agentMidTurn(root)) return; // a new turn began meanwhile: the rest wait for its end
        const r = c.rejected!;
        const ref = parseBaselineKey(r.baseline);
        const path = fileOf(c);
        const baselineRel = c.removed ? c.file : this.review.file(root, path)?.change.oldPath ?? path;
        const result: RevertResult = ref
          ? await this.revertNow({ root, path, baselineRel, hunkId: r.hunk, ref, ...(r.sha ? { sha: r.sha } : {}), shape: this.review.marksOf(root, path)?.shape })
          : { ok: false, reason: vscode.l10n.t('its baseline cannot be read') };
        await setRevertOutcome(root, c.id, result.ok ? { state: 'applied' } : { state: 'refused', reason: result.reason }, true);
        this.log.info(`queued revert of ${c.id} after the agent's turn: ${result.ok ? 'made' : `refused (${result.reason})`}`);
        if (!result.ok) void notify.warn(vscode.l10n.t('Consider: the change rejected in {0} was not reverted after the agent\'s turn: {1}. The thread tells the agent.', path, result.reason));
      }
    } catch (e) {
      this.log.error(`reverts of ${root}: ${(e as Error).stack ?? e}`);
    } finally {
      this.busy.delete(root);
      this.stores.reload(root);
    }
  }

  /** While reverts wait anywhere, turns are looked at now and then (a turn that never ended expires). */
  private updatePoll(): void {
    const waiting = this.stores.roots().some((r) => this.rejectionsIn(r).some((c) => c.rejected!.revert?.state === 'queued'));
    if (waiting && !this.poll) this.poll = setInterval(() => { for (const r of this.stores.roots()) void this.processQueue(r); }, QUEUE_POLL_MS);
    if (!waiting && this.poll) {
      clearInterval(this.poll);
      this.poll = undefined;
    }
  }

  /** Looks, soon, whether the rejected changes of a folder (of one file) are still gone or back. */
  private watchPresence(root: string, rel?: string): void {
    const key = `${root}\0${rel ?? ''}`;
    const pending = this.presenceTimers.get(key);
    if (pending) clearTimeout(pending);
    this.presenceTimers.set(key, setTimeout(() => {
      this.presenceTimers.delete(key);
      void this.checkPresence(root, rel);
    }, PRESENCE_DEBOUNCE_MS));
  }

  async checkPresence(root: string, rel?: string): Promise<void> {
    const texts = new Map<string, string | undefined>();
    let reopened = 0;
    for (const c of this.rejectionsIn(root)) {
      const file = fileOf(c);
      if (rel !== undefined && file !== rel) continue;
      if (!texts.has(file)) texts.set(file, await currentTextOf(root, file));
      const presence = rejectedChangePresence(texts.get(file), c.rejected!);
      if (presence === 'unknown') continue;
      const seenGone = c.rejected!.goneAt !== undefined;
      if ((presence === 'gone') === seenGone) continue;
      try {
        if (await noteRejectionSeen(root, c.id, presence)) reopened++;
      } catch (e) {
        this.log.warn(`could not record the rejected change of ${c.id}: ${(e as Error).message}`);
      }
    }
    if (reopened) {
      this.stores.reload(root);
      void notify.info(vscode.l10n.t('Consider: a change you rejected is back in {0}; its thread is open again.', rel ?? ''));
    }
  }
}

/** The file a rejected change is in today. */
export function fileOf(c: Comment): string {
  return c.rejected?.file ?? c.file;
}

/**
 * Saves a document after our edit. VS Code may save it itself (files.refactoring.autoSave, on by
 * default, saves a file a workspace edit changed): our save() then finds a save under way or
 * nothing to save and answers false although the file is saved — seen in the UI scenario, where
 * the reverted file was on disk and the revert was reported as refused. So what counts is whether
 * the document is clean, waited for a moment when our save lost that race.
 */
async function savedAfterEdit(doc: vscode.TextDocument): Promise<boolean> {
  if (!doc.isDirty || await doc.save()) return true;
  for (let waited = 0; doc.isDirty && waited < 3000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  return !doc.isDirty;
}
