/**
 * *Consider: Bring Worktree Threads Home…* (issue 39, docs/worktrees.md "Threads come home"):
 * the open threads of another worktree of this repository, previewed where they would land in
 * this checkout (re-anchored by the store module's own pass: shared/store/reconcile/bring-home.ts),
 * and the ones the developer keeps ticked copied into this checkout's store. Only threads that
 * land on their own code are offered; the others stay in their worktree and are counted in the
 * preview and in the closing message, never dropped. A thread landing on code a thread here is
 * also about is flagged as a conflict in its row.
 *
 * Offered by itself when a worktree's branch with work of its own is merged into this checkout's
 * HEAD (watched through git's HEAD log), once per branch tip: the developer who just merged is
 * the one who knows whether the review there is finished.
 */
import * as vscode from 'vscode';
import {
  bringHome, listWorktrees, placeText, planBringHome, readStore, readingWorktree, selectWorktrees, worktreeName,
  type Homecoming, type HomecomingSource, type Worktree,
} from '../../shared';
import { openThreads } from '../../shared/store/merged-worktrees';
import { mayBeInRepository } from '../../shared/workspace/repository';
import { ComputeCancelled, type ChangesWorker } from '../changes/compute-client';
import type { MergedWorktreesAnswer } from '../changes/compute';
import { countOf } from '../../shared/board/l10n';
import { CommandIds, registerCommand } from '../command-ids';
import * as notify from '../notify';
import type { FolderStores } from '../store/folder-stores';

export interface BringHomeArgs {
  /** The checkout threads come to; default: the first folder. */
  root?: string;
  /** The worktree they come from (branch or folder name, as `consider-cli worktree bring-home` takes it); default: asked. */
  worktree?: string;
  /** Tests: accept the preview as offered (every landing thread ticked) without showing it. */
  accept?: boolean;
}

export interface BringHomeOutcome {
  brought: string[];
  stayed: number;
}

type Landing = Extract<Homecoming, { kind: 'lands' }>;

const sourceOf = (w: Worktree): HomecomingSource => ({ root: w.root, worktree: w.folder, ...(w.branch !== undefined ? { branch: w.branch } : {}) });

/** The worktree to bring threads from: named, the only one with open threads, or picked. */
async function chooseWorktree(root: string, name: string | undefined): Promise<Worktree | undefined> {
  const all = listWorktrees(root);
  if (name !== undefined) return selectWorktrees(all, name)[0];
  const others = all.filter((w) => !w.current).map((w) => ({ w, open: openThreads(w) })).filter((x) => x.open > 0);
  if (others.length === 0) {
    void notify.info(vscode.l10n.t('Consider: no other worktree of this repository has open threads to bring home.'));
    return undefined;
  }
  if (others.length === 1) return others[0]!.w;
  const picked = await vscode.window.showQuickPick(others.map(({ w, open }) => ({
    label: worktreeName(w),
    description: countOf(open, vscode.l10n.t('{0} open thread'), vscode.l10n.t('{0} open threads')),
    detail: w.folder,
    w,
  })), { title: vscode.l10n.t('Consider: Bring Worktree Threads Home — from which worktree?') });
  return picked?.w;
}

/** One row of the preview: where the thread is there → where it lands here, its first line, what to know. */
function landingItem(e: Landing): vscode.QuickPickItem & { id: string } {
  const t = e.thread;
  const notes: string[] = [];
  if (e.outcome.file !== t.file) notes.push(vscode.l10n.t('its code moved into another file'));
  if (e.conflictsWith) notes.push(vscode.l10n.t('$(warning) conflict: {0} here is about the same code', e.conflictsWith.join(', ')));
  return {
    id: t.id,
    label: `${placeText(t.file, t.anchor.startLine, t.anchor.endLine)} → ${placeText(e.outcome.file, e.outcome.anchor.startLine, e.outcome.anchor.endLine)}`,
    // Shown as text: a thread's body is data (QuickPick renders no Markdown in a description).
    description: t.body.split('\n').find((l) => l.trim() !== '')?.trim().slice(0, 80) ?? '',
    ...(notes.length ? { detail: notes.join(' · ') } : {}),
    picked: true,
  };
}

export async function runBringHome(stores: FolderStores, args: BringHomeArgs = {}): Promise<BringHomeOutcome | undefined> {
  const root = args.root ?? stores.roots()[0];
  if (!root) return undefined;
  try {
    const from = await chooseWorktree(root, args.worktree);
    if (!from) return undefined;
    const name = worktreeName(from);
    if (from.current) throw new Error(vscode.l10n.t('{0} is this checkout: open the checkout the threads should come to', name));
    const source = sourceOf(from);
    // The worktree's store read on its own first: one that does not read is named as that worktree's.
    await readingWorktree(from, () => readStore(from.root));
    const plan = planBringHome(root, source);
    const landing = plan.entries.filter((e): e is Landing => e.kind === 'lands');
    const stayed = plan.entries.filter((e) => e.kind === 'not-arrived' || e.kind === 'stays').length;
    if (landing.length === 0) {
      void notify.info(plan.entries.length
        ? vscode.l10n.t('Consider: none of the open threads of {0} can come home: {1} (their code is not in this checkout, or they are pending there).', name, countOf(stayed, vscode.l10n.t('{0} stays there'), vscode.l10n.t('{0} stay there')))
        : vscode.l10n.t('Consider: {0} has no open threads to bring home.', name));
      return { brought: [], stayed };
    }
    const items = landing.map(landingItem);
    const chosen = args.accept ? items : await vscode.window.showQuickPick(items, {
      canPickMany: true,
      ignoreFocusOut: true,
      title: vscode.l10n.t('Consider: Bring Threads Home from {0}', name),
      // Short enough for the input box; untick to leave a thread there.
      placeHolder: [
        countOf(landing.length, vscode.l10n.t('{0} lands here'), vscode.l10n.t('{0} land here')),
        ...(stayed ? [countOf(stayed, vscode.l10n.t('{0} stays in the worktree (code not here, or pending)'), vscode.l10n.t('{0} stay in the worktree (code not here, or pending)'))] : []),
      ].join(' · '),
    });
    if (!chosen || chosen.length === 0) return undefined;
    const result = await bringHome(root, source, new Set(chosen.map((i) => i.id)));
    stores.reload(root);
    const brought = [...result.brought.values()].map((c) => c.id);
    const left = stayed + (landing.length - chosen.length);
    const show = vscode.l10n.t('Show All Comments');
    void notify.info(left
      ? vscode.l10n.t('Consider: brought {0} home from {1}; {2} (the board lists them under that worktree).', countOf(brought.length, vscode.l10n.t('{0} thread'), vscode.l10n.t('{0} threads')), name, countOf(left, vscode.l10n.t('{0} stays there'), vscode.l10n.t('{0} stay there')))
      : vscode.l10n.t('Consider: brought {0} home from {1}.', countOf(brought.length, vscode.l10n.t('{0} thread'), vscode.l10n.t('{0} threads')), name), show).then((choice) => {
      if (choice === show) void vscode.commands.executeCommand(CommandIds.showAllComments);
    });
    return { brought, stayed: left };
  } catch (e) {
    notify.reportFailure(vscode.l10n.t('bring the worktree\'s threads home'), e);
    return undefined;
  }
}

/** The memento key of the branch tips already offered (one offer per tip). */
const OFFERED_KEY = 'consider.bringHome.offered';
const MAX_OFFERED = 200;

/**
 * Offers bring-home when a worktree's branch is merged here: checked a moment after activation
 * and whenever git's HEAD log of this checkout changes (a merge, a pull, a commit), debounced.
 * The check (git calls, other stores read) runs on the Changes view's worker thread, never on
 * the host's (issue 36); a newer check cancels one still waiting. Each check ends with a log
 * line, which the UI scenario waits for before it looks for an offer that must not be there.
 */
function watchMerges(stores: FolderStores, worker: ChangesWorker, memento: vscode.Memento, log: (line: string) => void): vscode.Disposable {
  const root = stores.roots()[0];
  if (!root) return new vscode.Disposable(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  let watcher: vscode.FileSystemWatcher | undefined;
  let inFlight: AbortController | undefined;
  let disposed = false;
  const offeredNow = (): string[] => memento.get<string[]>(OFFERED_KEY, []);
  const check = async (): Promise<void> => {
    // Without a .git here or above, there is no branch to merge: no worker, no git call.
    if (!mayBeInRepository(root)) {
      log(`bring-home offer: checked ${root}: not a git repository`);
      return;
    }
    inFlight?.abort();
    const mine = (inFlight = new AbortController());
    let answer: MergedWorktreesAnswer;
    try {
      answer = await worker.run({ kind: 'merged-worktrees', root, offered: offeredNow() }, mine.signal);
    } catch (e) {
      if (!(e instanceof ComputeCancelled)) log(`bring-home offer: ${(e as Error).message}`);
      return;
    }
    if (disposed) return;
    if (answer.gitDir && !watcher) {
      watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(answer.gitDir), 'logs/HEAD'));
      watcher.onDidChange(soon);
      watcher.onDidCreate(soon);
    }
    // Offers made while this check ran are not made twice.
    const offered = new Set(offeredNow());
    const due = answer.due.filter((m) => !offered.has(m.key));
    log(`bring-home offer: checked ${root}: ${answer.gitDir ? `${due.length} merged worktree(s) to offer` : 'not a git repository'}`);
    for (const m of due) {
      offered.add(m.key);
      const preview = vscode.l10n.t('Preview…');
      void notify.info(vscode.l10n.t('Consider: {0} is merged into this checkout. Bring its {1} home?', m.name, countOf(m.open, vscode.l10n.t('{0} open thread'), vscode.l10n.t('{0} open threads'))), preview, vscode.l10n.t('Not Now'))
        .then((choice) => { if (choice === preview) void vscode.commands.executeCommand(CommandIds.bringWorktreeHome, { root, worktree: m.folder }); });
    }
    if (due.length) void memento.update(OFFERED_KEY, [...offered].slice(-MAX_OFFERED));
  };
  const soon = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void check(), 1_000);
  };
  soon(); // a moment after activation, off its way
  return new vscode.Disposable(() => {
    disposed = true;
    if (timer) clearTimeout(timer);
    inFlight?.abort();
    watcher?.dispose();
  });
}

export function registerBringHome(stores: FolderStores, worker: ChangesWorker, memento: vscode.Memento, log: (line: string) => void): vscode.Disposable {
  return vscode.Disposable.from(
    registerCommand(CommandIds.bringWorktreeHome, (args?: BringHomeArgs) => runBringHome(stores, args ?? {})),
    watchMerges(stores, worker, memento, log),
  );
}
