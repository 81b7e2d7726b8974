/**
 * Consider: Report Issue (issue 27): opens VS Code's issue reporter with Consider preselected and
 * the body filled with the facts a maintainer needs (issue-body.ts). Nothing is sent by Consider:
 * the user reads and edits the body in the reporter and submits it themselves. Where the reporter
 * is not available (feedback turned off with `telemetry.feedback.enabled`, or an editor without
 * one) the body goes to the clipboard and the notification offers the project's issue page; VS
 * Code for the web gets GitHub's new-issue page with the body filled in (see routeOf).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { CommandIds, registerCommand } from '../command-ids';
import type { ConsiderHost } from '../api';
import { info } from '../notify';
import { describeSetup } from '../../setup/index';
import { STORE_VERSION, considerPaths, userDataDir } from '../../shared';
import { agentFactsOf, buildIssueBody, type FolderFacts, type IssueFacts } from './issue-body';
import type { LogRing } from './recorded-log';

/** What the command handed to the reporter, the browser or the clipboard: the real-VS-Code tests read it back. */
export interface IssueReport {
  extensionId: string;
  issueBody: string;
  /** 'reporter': VS Code's issue reporter; 'browser': the new-issue page with the body filled in; 'clipboard': the fallback. */
  via: 'reporter' | 'browser' | 'clipboard';
}

let lastReport: IssueReport | undefined;
export function lastIssueReport(): IssueReport | undefined {
  return lastReport;
}

function readVersion(file: string): string | undefined {
  try { return fs.readFileSync(file, 'utf8').trim() || undefined; } catch { return undefined; }
}

async function folderFacts(host: ConsiderHost, root: string, index: number): Promise<FolderFacts> {
  const paths = considerPaths(root);
  const state = host.folders().find((f) => f.root === root);
  let sizeBytes: number | undefined;
  try { sizeBytes = fs.statSync(paths.store).size; } catch { /* no store: sizeBytes stays unknown */ }
  const facts: FolderFacts = {
    index,
    store: {
      exists: sizeBytes !== undefined,
      ...(state?.store && { contents: state.store }),
      ...(state?.error && { errorCode: state.error.code }),
      ...(state?.readOnlyReason && { readOnly: true }),
      ...(sizeBytes !== undefined && { sizeBytes }),
      backupExists: fs.existsSync(paths.backup),
    },
  };
  try {
    const setup = await describeSetup(root, os.homedir());
    if (setup.runtimeVersion) facts.deployedCliVersion = setup.runtimeVersion;
    facts.agents = agentFactsOf(setup);
  } catch { /* a folder setup cannot describe: the body says so */ }
  return facts;
}

export async function gatherIssueFacts(context: vscode.ExtensionContext, host: ConsiderHost, log: LogRing): Promise<IssueFacts> {
  const roots = host.folders().map((f) => f.root);
  const folders = await Promise.all(roots.map((root, i) => folderFacts(host, root, i)));
  const userCliVersion = readVersion(path.join(userDataDir(os.homedir()), 'bin', 'VERSION'));
  const bundledCliVersion = readVersion(path.join(context.extensionPath, 'dist', 'runtime', 'VERSION'));
  return {
    extension: { id: context.extension.id, version: String((context.extension.packageJSON as { version?: unknown }).version ?? 'unknown') },
    ...(bundledCliVersion && { bundledCliVersion }),
    ...(userCliVersion && { userCliVersion }),
    supportedStoreVersion: STORE_VERSION,
    editor: {
      appName: vscode.env.appName,
      version: vscode.version,
      uiKind: vscode.env.uiKind === vscode.UIKind.Web ? 'web' : 'desktop',
      appHost: vscode.env.appHost,
      // A remote's kind (ssh-remote, wsl, dev-container), never a host: code-server reports its host:port here.
      ...(vscode.env.remoteName && { remoteName: /^[a-z][a-z0-9-]*$/.test(vscode.env.remoteName) ? vscode.env.remoteName : 'yes (a server)' }),
      language: vscode.env.language,
    },
    platform: { os: os.type(), release: os.release(), arch: process.arch, node: process.version },
    folders,
    log: log.snapshot(),
    // The log's lines name folders and paths: the body says `<folder-1>` and `~` instead (issue-body.ts).
    private: { folders: host.folders().map((f) => ({ root: f.root, name: f.name })), home: os.homedir() },
  };
}

const ISSUES_URL = 'https://github.com/consider-dev/consider/issues/new';

/**
 * Where the report goes. The desktop issue reporter shows `issueBody` in its form. VS Code for the
 * web (code-server, vscode.dev) has a form only with `issueReporter.experimental.webReporter`;
 * without it the command opens GitHub's new-issue page with a body of its own and drops ours, so
 * there we open that page ourselves, with our body. Feedback turned off: the clipboard.
 */
type Route = 'reporter' | 'browser' | 'clipboard';
function routeOf(): Route {
  if (vscode.workspace.getConfiguration('telemetry').get<boolean>('feedback.enabled', true) === false) return 'clipboard';
  if (vscode.env.uiKind === vscode.UIKind.Web && !vscode.workspace.getConfiguration('issueReporter').get<boolean>('experimental.webReporter', false)) return 'browser';
  return 'reporter';
}

function issuesUrl(context: vscode.ExtensionContext): string {
  const bugs = (context.extension.packageJSON as { bugs?: { url?: unknown } }).bugs?.url;
  return typeof bugs === 'string' && /^https:\/\/github\.com\/[^/]+\/[^/]+\/issues$/.test(bugs) ? `${bugs}/new` : ISSUES_URL;
}

async function send(context: vscode.ExtensionContext, report: Omit<IssueReport, 'via'>): Promise<IssueReport['via']> {
  const route = routeOf();
  if (route === 'reporter') {
    try {
      await vscode.commands.executeCommand('workbench.action.openIssueReporter', { extensionId: report.extensionId, issueBody: report.issueBody });
      return 'reporter';
    } catch { /* no issue reporter in this editor: the clipboard below */ }
  }
  await vscode.env.clipboard.writeText(report.issueBody);
  if (route === 'browser') {
    const url = `${issuesUrl(context)}?body=${encodeURIComponent(report.issueBody)}`;
    // The user may decline to open the page (VS Code asks about github.com unless it is trusted): then the clipboard.
    // The URL goes as a string: VS Code's ext host passes a string through as written, while a
    // Uri is re-encoded on the way and the body's `?` and `#` arrived as "%3F" and "%23" (seen in
    // walkthrough.scenario.mjs). The API is typed for a Uri only.
    try { if (await vscode.env.openExternal(url as unknown as vscode.Uri)) return 'browser'; } catch { /* the clipboard below */ }
  }
  const open = vscode.l10n.t('Open Issues');
  void info(vscode.l10n.t("VS Code's issue reporter is not available here. Consider copied the report (versions and counts, none of your code or comments) to the clipboard: paste it into a new issue."), open)
    .then((choice) => { if (choice === open) void vscode.env.openExternal(vscode.Uri.parse(issuesUrl(context), true)); });
  return 'clipboard';
}

export function registerReportIssue(context: vscode.ExtensionContext, host: ConsiderHost, log: LogRing): vscode.Disposable {
  return registerCommand(CommandIds.reportIssue, async () => {
    const report = { extensionId: context.extension.id, issueBody: buildIssueBody(await gatherIssueFacts(context, host, log)) };
    lastReport = { ...report, via: await send(context, report) };
  });
}
