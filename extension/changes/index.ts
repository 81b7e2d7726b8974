/**
 * The Changes view's wiring (issue 23): the model (per-folder baseline and change list), the
 * tree, the baseline documents for the diff editor, and the commands of the view's title bar
 * and rows — Choose Baseline, Mark All Reviewed, Open All Changes, Refresh, open one change.
 */
import path from 'node:path';
import * as vscode from 'vscode';
import { baselineKey, baselineLabel, requestedName, type BaselineRef, type FileChange } from '../../shared/changes';
import { baselineWords } from './baseline-words';
import { readSnapshot } from '../../shared/anchoring/snapshots';
import { absoluteOf } from '../../shared/paths';
import { countOf } from '../../shared/board/l10n';
import { CommandIds, registerCommand } from '../command-ids';
import * as notify from '../notify';
import type { FolderStores } from '../store/folder-stores';
import { BaselineDocuments, baselineUri, emptyUri } from './baseline-docs';
import { pickBaseline } from './baseline-picker';
import { type BaselineChoice, ChangesModel, type FolderChanges } from './changes-model';
import { ChangesWorker } from './compute-client';
import type { WorkspaceFileEvents } from '../util/file-events';
import { CHANGES_VIEW_ID, ChangesView } from './changes-view';
import { changesMaxFileBytes } from './settings';
import { HunkReview } from './hunk-review';
import { HunkEditors } from './hunk-editor';
import { RejectionKeeper } from './hunk-reverts';
import { registerHunkActions } from './hunk-actions';

export interface ChangesController extends vscode.Disposable {
  readonly model: ChangesModel;
  readonly view: ChangesView;
  readonly documents: BaselineDocuments;
  /** Review per change: the hunks and their marks, the diff's labels, the reverts. */
  readonly review: HunkReview;
  readonly editors: HunkEditors;
  readonly reverts: RejectionKeeper;
  /** The worker thread git and file reads go to, off the host's thread (compute.ts). */
  readonly worker: ChangesWorker;
  /** Shows the view on a baseline of a folder (the board's "Changes since this round"). */
  showSince(root: string, choice: BaselineChoice): Promise<void>;
  /**
   * The English name a thread stores for its baseline ("review round 1", "the last commit (main,
   * 1a2b3c4)"), the view's when it shows that baseline. Never translated: agents read it.
   */
  labelOf(root: string, ref: BaselineRef): string;
  /** Proof of fix: the diff of the code a thread was written on (its origin) with the file today. */
  showThreadChanges(root: string, threadId: string): Promise<void>;
}

/** Notes that make a file have no diff to show: it is opened as it is. */
const NO_DIFF = new Set(['binary', 'too-large', 'unreadable', 'symlink-outside']);

/**
 * At most this many files go to VS Code's multi-file diff at once: it builds every diff before
 * it shows the first, and froze for about 6 s with 2,500 (issue 36), about 2.4 ms a file; 500
 * stay near a second. Past it, Open All Changes says so and offers the first ones.
 */
export const MAX_OPEN_ALL = 500;

export function registerChanges(context: vscode.ExtensionContext, stores: FolderStores, files: WorkspaceFileEvents, log: vscode.LogOutputChannel): ChangesController {
  const documents = new BaselineDocuments((root, id) => readSnapshot(root, id));
  // The lists are computed off the extension host's thread (compute.ts).
  const worker = new ChangesWorker(path.join(context.extensionPath, 'dist', 'extension', 'changes-worker.js'), (message) => log.error(message));
  const model = new ChangesModel(stores, context.workspaceState, log, files, worker);
  const review = new HunkReview(model, log);
  const view = new ChangesView(model, stores, review);
  const editors = new HunkEditors(review, (fsPath) => stores.rootOf(fsPath));
  const reverts = new RejectionKeeper(stores, review, model, log);

  /** The folder a title-bar command acts on: the only one, or the one the user picks. */
  const pickFolder = async (title: string): Promise<FolderChanges | undefined> => {
    const folders = model.list();
    if (folders.length <= 1) return folders[0];
    const picked = await vscode.window.showQuickPick(folders.map((f) => ({ label: f.name, description: f.result ? vscode.l10n.t('since {0}', baselineWords(f.result.name)) : '', f })), { title });
    return picked?.f;
  };

  const diffArgs = (f: FolderChanges, c: FileChange): [vscode.Uri, vscode.Uri, vscode.Uri] | undefined => {
    if (!f.ref || !f.result?.ok) return undefined;
    const sha = f.result.sha;
    const key = baselineKey(f.ref);
    const file = vscode.Uri.file(absoluteOf(f.root, c.path));
    const left = c.kind === 'added' ? emptyUri(f.root, c.path) : baselineUri({ root: f.root, rel: c.oldPath ?? c.path, key, ...(sha ? { sha } : {}) });
    const right = c.kind === 'deleted' ? emptyUri(f.root, c.path) : file;
    return [file, left, right];
  };

  const openChange = async (arg: { root: string; path: string } | undefined): Promise<void> => {
    // A workspace folder's change, or another worktree's (read only: the same diff, from that worktree's files).
    const f = arg && (model.get(arg.root) ?? model.worktreeAsFolder(arg.root));
    const c = arg && f?.result?.ok ? f.result.list.changes.find((x) => x.path === arg.path) : undefined;
    if (!f || !c) return;
    const uris = diffArgs(f, c);
    if (!uris) return;
    if (c.note && NO_DIFF.has(c.note) && c.kind !== 'deleted') {
      await vscode.commands.executeCommand('vscode.open', uris[0]);
      return;
    }
    const name = path.basename(c.path);
    const what = c.kind === 'renamed' ? `${path.basename(c.oldPath!)} → ${name}` : name;
    // No parentheses around the baseline: its label may hold its own ("the last commit (main)").
    const title = `${vscode.l10n.t('{0} · since {1}', what, baselineWords(f.result!.name))}${c.kind === 'deleted' ? ` · ${vscode.l10n.t('deleted')}` : c.kind === 'added' ? ` · ${vscode.l10n.t('added')}` : ''}`;
    await vscode.commands.executeCommand('vscode.diff', uris[1], uris[2], title, { preview: true });
  };

  const controller: ChangesController = {
    model, view, documents, review, editors, reverts, worker,
    async showSince(root, choice) {
      await model.choose(root, choice);
      await vscode.commands.executeCommand(`${CHANGES_VIEW_ID}.focus`);
    },
    labelOf(root, ref) {
      const f = model.get(root);
      if (f?.ref && f.result && baselineKey(f.ref) === baselineKey(ref)) return f.result.label;
      return baselineLabel(requestedName(ref, stores.get(root)?.store));
    },
    async showThreadChanges(root, threadId) {
      const c = stores.get(root)?.store?.comments.find((x) => x.id === threadId);
      if (!c) return;
      const origin = c.origin;
      if (!origin?.snapshot || readSnapshot(root, origin.snapshot) === undefined) {
        void notify.info(origin
          ? vscode.l10n.t('Consider: the copy of {0} as this thread was written on is no longer kept. It was written on lines {1}-{2}: {3}', c.file, origin.startLine, origin.endLine, origin.text.slice(0, 300))
          : vscode.l10n.t('Consider: this thread was written before Consider kept the code a thread was written on; there is nothing to compare with.'));
        return;
      }
      const left = baselineUri({ root, rel: c.file, key: '', snapshot: origin.snapshot });
      const right = vscode.Uri.file(absoluteOf(root, c.file));
      await vscode.commands.executeCommand('vscode.diff', left, right, vscode.l10n.t('{0} (as the thread was written on) ↔ now', path.basename(c.file)), { preview: true });
    },
    dispose: () => subscriptions.dispose(),
  };

  const subscriptions = vscode.Disposable.from(
    documents, model, review, view, editors, reverts, { dispose: () => worker.dispose() },
    registerHunkActions({ review, editors, reverts, model, stores, labelOf: (root, ref) => controller.labelOf(root, ref) }),
    registerCommand(CommandIds.changesOpenChange, openChange),
    registerCommand(CommandIds.changesOpenFile, async (arg: { root: string; path: string } | { type: 'file'; root: string; node: { change: FileChange } }) => {
      const rel = 'node' in arg ? arg.node.change.path : arg.path;
      await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(absoluteOf(arg.root, rel)));
    }),
    registerCommand(CommandIds.changesChooseBaseline, async (arg?: { type: 'folder'; root: string }) => {
      const f = arg?.root ? model.get(arg.root) : await pickFolder(vscode.l10n.t('Consider: Choose the baseline of which folder?'));
      if (!f) return;
      const choice = await pickBaseline(f.root, f.name, stores.get(f.root)?.store, f.choice);
      if (choice) await model.choose(f.root, choice);
    }),
    registerCommand(CommandIds.markAllReviewed, async () => {
      const folders = model.list();
      let marked = 0;
      for (const f of folders) {
        // A first capture reads every file: on the worker, with the window's progress shown meanwhile.
        const r = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Marking {0} reviewed…', f.name) }, () => worker.run({
          kind: 'mark', root: f.root, reviews: stores.get(f.root)?.store?.reviews, maxFileBytes: changesMaxFileBytes(),
        }));
        if (!r.ok) {
          void notify.error(vscode.l10n.t('Consider: could not mark {0} reviewed: {1}.', f.name, r.error));
          continue;
        }
        marked++;
        log.info(`marked ${f.name} reviewed: ${r.read} file(s) read, ${r.reused} unchanged, ${r.ms} ms`);
        // From now on the view counts from this mark (the newest capture).
        await model.choose(f.root, { kind: 'latest' });
      }
      if (marked) vscode.window.setStatusBarMessage(`$(check-all) ${vscode.l10n.t('Marked everything reviewed: the Changes view shows what changes from now on')}`, 5000);
    }),
    registerCommand(CommandIds.changesOpenAll, async (arg?: { root?: string }) => {
      const picked = arg?.root ? model.get(arg.root) : await pickFolder(vscode.l10n.t('Consider: Open the changes of which folder?'));
      const f = picked && await model.fresh(picked.root, { recompute: true });
      if (!f?.result?.ok) return;
      const label = baselineWords(f.result.name);
      let resources = f.result.list.changes.filter((c) => !(c.note && NO_DIFF.has(c.note))).map((c) => diffArgs(f, c)!).filter(Boolean);
      if (!resources.length) {
        void notify.info(vscode.l10n.t('Consider: nothing to show — no file changed since {0}.', label));
        return;
      }
      if (resources.length > MAX_OPEN_ALL) {
        const first = vscode.l10n.t('Open the First {0}', MAX_OPEN_ALL);
        const choice = await notify.warn(vscode.l10n.t('Consider: {0} changed since {1}: VS Code\'s multi-file diff stalls with that many, so Open All Changes opens at most {2} at once. Open the first {2} (in the Changes view\'s order), or open the others from the Changes view.', countOf(resources.length, vscode.l10n.t('{0} file'), vscode.l10n.t('{0} files')), label, MAX_OPEN_ALL), first);
        if (choice !== first) return;
        resources = resources.slice(0, MAX_OPEN_ALL);
      }
      await vscode.commands.executeCommand('vscode.changes', vscode.l10n.t('Changes since {0} · {1}', label, countOf(resources.length, vscode.l10n.t('{0} file'), vscode.l10n.t('{0} files'))), resources);
    }),
    registerCommand(CommandIds.changesRefresh, () => model.invalidate()),
    registerCommand(CommandIds.changesShowSince, async (arg: { root: string; baseline?: string }) => {
      if (!arg?.root) return;
      await controller.showSince(arg.root, arg.baseline ? { kind: 'capture', id: arg.baseline } : { kind: 'latest' });
    }),
  );
  return controller;
}
