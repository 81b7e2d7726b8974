/**
 * The board webview's host side (issue 5). registerBoard registers the commands that open
 * the one panel at a view (consider.showAllComments, consider.openTriage, consider.setup,
 * consider.uninstall) and the panel serializer, and keeps the open panel fed with snapshots.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { CommandIds, registerCommand } from '../command-ids';
import type { CopiedDigest, CopyDigestArgs } from '../commands/digest-command';
import type { ViewName } from '../../shared/board/protocol';
import * as storeApi from '../../shared';
import { submitReviewWithBaseline } from '../../shared/changes';
import { baselineCaptureOptions } from '../changes/settings';
import * as setupApi from '../../setup';
import type { ConsiderHost } from '../api';
import { BOARD_VIEW_TYPE, BoardPanel, viewFromState, webviewOptions } from './panel';
import type { BoardServices, ChangeProgress } from './services';
import type { HunkReview } from '../changes/hunk-review';
import { walkthroughStepDone } from '../util/walkthrough-steps';
import { readOtherWorktrees } from './worktrees';
import { askSession } from '../review/session-question';
import { codeColumnBeside } from '../host';

export type BoardView = ViewName;

/** The board panel's owner: opens it on a view; disposing it closes the panel and unregisters its commands. */
export interface BoardController extends vscode.Disposable {
  open(view?: BoardView): void;
}

/** What the board reads of review per change (extension/changes/hunk-review.ts HunkReview). */
export type ChangeReview = Pick<HunkReview, 'progress' | 'baselineOf' | 'onDidChange'>;

/** The Changes view's progress in a folder when it counts from a capture (what a round can be). */
function captureProgress(review: ChangeReview | undefined, root: string): ChangeProgress | undefined {
  const ref = review?.baselineOf(root)?.ref;
  const p = ref?.kind === 'capture' ? review!.progress(root) : undefined;
  return p && ref?.kind === 'capture' ? { baseline: ref.id, reviewed: p.reviewed, total: p.total } : undefined;
}

function makeServices(context: vscode.ExtensionContext, host: ConsiderHost, log: vscode.LogOutputChannel, review?: ChangeReview): BoardServices {
  return {
    host,
    store: {
      ...storeApi,
      // Submit Review from the board records the round's baseline, as the command does.
      submitReview: async (root, opts) => {
        const round = await submitReviewWithBaseline(root, { ...opts, ...baselineCaptureOptions() });
        walkthroughStepDone('review');
        return round;
      },
      // The board acts as the human: a reply, resolve or reopen there answers the agent as in the editor.
      replyToThread: async (...args) => { const r = await storeApi.replyToThread(...args); walkthroughStepDone('answer'); return r; },
      setWorkflowState: async (...args) => { const r = await storeApi.setWorkflowState(...args); walkthroughStepDone('answer'); return r; },
    },
    setup: setupApi,
    documentText(root, relFile) {
      const abs = path.join(root, relFile);
      // A deleted file's editor tab keeps its old text: that must not count as "today's code",
      // or triage would suggest re-anchoring an orphaned thread into a file that is gone.
      if (!fs.existsSync(abs)) return undefined;
      const open = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === abs);
      if (open) return open.getText(); // unsaved edits are what the user sees
      try { return fs.readFileSync(abs, 'utf8'); } catch { return undefined; }
    },
    openExternal: (url) => { void vscode.env.openExternal(vscode.Uri.parse(url, true)); },
    openFile: (abs) => { void vscode.window.showTextDocument(vscode.Uri.file(abs)); },
    home: os.homedir(),
    runtimeDir: path.join(context.extensionPath, 'dist', 'runtime'),
    skillsDir: path.join(context.extensionPath, 'skills'),
    log: (line) => log.info(`board: ${line}`),
    copyDigest: async () => {
      const copied = await vscode.commands.executeCommand<CopiedDigest | undefined>(CommandIds.copyReviewDigest, { quiet: true } satisfies CopyDigestArgs);
      return copied && { chars: copied.chars, pendingLeftOut: copied.pendingLeftOut };
    },
    readWorktrees: (roots) => readOtherWorktrees(roots, (line) => log.info(`board: ${line}`)),
    openFileAt: (abs, line) => {
      const at = new vscode.Position(Math.max(0, line - 1), 0);
      // Beside the board, as a workspace thread's code opens (host.ts): never over it.
      void vscode.window.showTextDocument(vscode.Uri.file(abs), { selection: new vscode.Range(at, at), preview: false, viewColumn: codeColumnBeside() });
    },
    showThreadChanges: (root, id) => { void vscode.commands.executeCommand(CommandIds.showThreadChanges, { root, id }); },
    showChangesSince: (root, round) => {
      const baseline = host.folders().find((f) => f.root === root)?.store?.reviews?.find((r) => r.round === round)?.baseline;
      void vscode.commands.executeCommand(CommandIds.changesShowSince, { root, baseline });
    },
    changeProgress: (root) => captureProgress(review, root),
    askSession: (root) => askSession(root, host.folders().find((f) => f.root === root)?.store),
  };
}

/** `log`: the extension's one log (extension.ts); the board's lines start with `board:`. */
export function registerBoard(context: vscode.ExtensionContext, host: ConsiderHost, log: vscode.LogOutputChannel, review?: ChangeReview): BoardController {
  const services = makeServices(context, host, log, review);
  // A round's "12 of 31 changes reviewed": a new snapshot when a folder's count changes, not on every edit the index sees.
  const counted = new Map<string, string>();
  const progressChanged = (roots: readonly string[]): boolean => {
    let changed = false;
    for (const root of roots) {
      const p = captureProgress(review, root);
      const key = p ? `${p.baseline} ${p.reviewed} ${p.total}` : '';
      if ((counted.get(root) ?? '') !== key) changed = true;
      counted.set(root, key);
    }
    return changed;
  };
  let current: BoardPanel | undefined;

  const attach = (panel: vscode.WebviewPanel, view: ViewName, savedState?: unknown): BoardPanel => {
    current = new BoardPanel(panel, context.extensionUri, services, view, () => { if (current?.panel === panel) current = undefined; }, savedState);
    return current;
  };

  /** `beside`: a new panel opens next to the active editor (the walkthrough's steps ask so, and stay on screen). */
  const open = (view: ViewName = 'board', beside = false): void => {
    if (view === 'board' || view === 'triage') walkthroughStepDone('board');
    if (current) { current.show(view); return; }
    const column = beside ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
    const panel = vscode.window.createWebviewPanel(BOARD_VIEW_TYPE, 'Consider', column, { ...webviewOptions(context.extensionUri) });
    attach(panel, view);
  };
  // A command link may pass "beside" (`command:consider.setup?%5B%22beside%22%5D`); menus pass other things, ignored.
  const besideAsked = (arg: unknown): boolean => arg === 'beside';

  const registrations = vscode.Disposable.from(
    registerCommand(CommandIds.showAllComments, (arg?: unknown) => open('board', besideAsked(arg))),
    registerCommand(CommandIds.openTriage, () => open('triage')),
    registerCommand(CommandIds.setup, (arg?: unknown) => open('setup', besideAsked(arg))),
    registerCommand(CommandIds.uninstall, () => open('uninstall')),
    vscode.window.registerWebviewPanelSerializer(BOARD_VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown) {
        current?.panel.dispose();
        attach(panel, viewFromState(state), state);
      },
    }),
    host.onDidChangeStores(() => current?.session.pushSnapshot()),
    review?.onDidChange((roots) => { if (progressChanged(roots)) current?.session.pushSnapshot(); }) ?? { dispose() {} },
    host.onDidChangeVisibility(() => { current?.session.pushVisibility(); current?.session.pushSnapshot(); }),
    { dispose: () => current?.panel.dispose() },
  );
  return { open, dispose: () => registrations.dispose() };
}
