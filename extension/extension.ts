/**
 * Extension entry point: wires the parts together, each in its own module —
 * folder stores + watcher (store/), the comment controller, thread rendering and editor
 * anchoring (comments/), commands (commands/), the status bar, store recovery, and the
 * seams for the board (board/) and setup (setup/).
 */
import * as vscode from 'vscode';
import { registerBoard } from './board';
import { registerSetupLifecycle } from './setup/lifecycle';
import { registerGetStarted } from './setup/walkthrough';
import { Host } from './host';
import { FolderStores } from './store/folder-stores';
import { StoreRecovery } from './store/recovery';
import { applyOptions, createController } from './comments/controller';
import { EditorAnchoring } from './comments/editor-anchoring';
import { WorkspaceFileEvents } from './util/file-events';
import { ThreadRenderer } from './comments/thread-renderer';
import { watchAgentActivity } from './comments/agent-activity';
import { registerThreadCommands } from './commands/thread-commands';
import { registerWorkspaceCommands } from './commands/workspace-commands';
import { registerPullCommand } from './pr/pull-command';
import { registerPublishCommand } from './pr/publish-command';
import { PullRequestPoller } from './pr/poller';
import { registerReviewCommands } from './commands/review-commands';
import { registerBringHome } from './worktrees/bring-home-command';
import { registerLanguageModelTools } from './lm-tools';
import { registerDigestCommand } from './commands/digest-command';
import { BundledCli } from './bundled-cli';
import { registerChanges } from './changes';
import { registerPlans } from './plans';
import { createStatusBar } from './status-bar';
import { shownNotifications } from './notify';
import { LogRing, recordedLog } from './report/recorded-log';
import { lastIssueReport, registerReportIssue } from './report';
import type { ConsiderTestApi } from './test-api';
import { setL10nBundle } from '../shared/board/l10n';

export function activate(context: vscode.ExtensionContext): ConsiderTestApi {
  const started = Date.now();
  // The pure modules' and the board's strings come from the bundle VS Code loaded for the extension (shared/board/l10n.ts).
  setL10nBundle(vscode.l10n.bundle);
  // The extension's one log: every part writes here (no console, no channel of its own). Its last
  // lines are kept for Report Issue, so nothing logged may hold what users wrote (names and paths only).
  const logLines = new LogRing();
  const log = recordedLog(vscode.window.createOutputChannel('Consider', { log: true }), logLines);
  const stores = new FolderStores(log);
  const controller = createController(stores);
  // One watcher on the workspace's files, for the editor's re-anchoring and the Changes view.
  const files = new WorkspaceFileEvents();
  const anchoring = new EditorAnchoring(stores, files, log);
  // A thread is revealed where the editor shows it now (its live range), not where the store last put it.
  const host = new Host(stores, context.workspaceState, (root, id) => {
    const c = stores.get(root)?.store?.comments.find((t) => t.id === id);
    if (!c) return undefined;
    const r = anchoring.display(root, c).range;
    return { file: c.file, startLine: r.start + 1, endLine: r.end + 1 };
  });
  // The Changes view's baseline documents show threads about removed code: made before the renderer.
  const changes = registerChanges(context, stores, files, log);
  const renderer = new ThreadRenderer(controller, stores, anchoring, host, changes.documents);
  context.subscriptions.push(log, stores, files, host, controller, anchoring, renderer, changes);

  // Order matters: placements follow the store before the renderer draws them.
  context.subscriptions.push(
    stores.onDidChange((roots) => { anchoring.storeChanged(roots); renderer.render(roots); }),
    anchoring.onDidChangeDisplay((roots) => renderer.render(roots)),
    host.onDidChangeVisibility(() => renderer.render()),
    renderer.onFirstThread(() => log.info(`first thread rendered ${Date.now() - started} ms after activation began`)),
    vscode.workspace.onDidChangeWorkspaceFolders(() => stores.sync(vscode.workspace.workspaceFolders ?? [])),
    vscode.workspace.onDidChangeConfiguration((e) => { if (e.affectsConfiguration('consider')) applyOptions(controller); }),
  );
  stores.sync(vscode.workspace.workspaceFolders ?? []);
  anchoring.storeChanged(stores.roots());
  renderer.render();

  const poller = new PullRequestPoller(stores);
  context.subscriptions.push(
    new StoreRecovery(stores),
    createStatusBar(host),
    watchAgentActivity(host),
    registerThreadCommands({ stores, renderer, changes }),
    registerWorkspaceCommands({ stores, host }),
    registerPullCommand(stores),
    registerPublishCommand(stores),
    poller,
    registerReviewCommands({ stores, host }),
    registerBringHome(stores, changes.worker, context.workspaceState, (line) => log.info(line)),
  );
  const { plans, disposable: planGate } = registerPlans(stores, log);
  context.subscriptions.push(planGate);
  const cli = new BundledCli(context.extensionPath);
  context.subscriptions.push(
    registerLanguageModelTools(context, host, cli),
    registerDigestCommand(host, cli),
    registerReportIssue(context, host, logLines),
  );
  const board = registerBoard(context, host, log, changes.review);
  context.subscriptions.push(board, registerSetupLifecycle(context, host, board, log), registerGetStarted(context, host));
  log.info(`activated in ${Date.now() - started} ms (${stores.roots().length} folder(s))`);

  return {
    host,
    threads: () => renderer.snapshot(),
    widget: (root, id) => renderer.threadOf(root, id),
    notifications: shownNotifications,
    whenIdle: () => anchoring.whenIdle(),
    changes: () => ({ top: () => changes.view.topLabels(), files: (root) => changes.view.shown(root) }),
    hunks: () => ({
      file: (root, rel) => {
        const f = changes.review.file(root, rel);
        return f?.ids.map((id, i) => {
          const h = f.hunks[i];
          return { id, newStart: h?.newStart ?? 0, newCount: h?.newCount ?? 0, oldStart: h?.oldStart ?? 0, oldCount: h?.oldCount ?? 0, reviewed: f.reviewed[i]! };
        });
      },
      progress: (root) => changes.review.progress(root),
      chrome: () => changes.view.chrome(),
      ready: (root) => changes.review.whenReady(root),
      refresh: (root, rel) => changes.review.refreshFile(root, rel),
      atCursor: () => {
        const at = changes.editors.changeAtCursor();
        return at && { root: at.root, path: at.path, id: at.file.ids[at.index]! };
      },
      processQueue: (root) => changes.reverts.processQueue(root),
      checkPresence: (root) => changes.reverts.checkPresence(root),
    }),
    lastIssueReport,
    pollPullRequests: () => poller.tick(),
    plans: () => plans.all().map((p) => ({
      root: p.root, id: p.plan.id, title: p.plan.title, version: p.version.version, document: p.uri.fsPath,
      waiting: !p.verdict && !!p.waiter, ...(p.verdict ? { verdict: p.verdict.verdict } : {}),
    })),
  };
}

export function deactivate(): void {}
