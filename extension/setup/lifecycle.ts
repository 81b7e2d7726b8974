/**
 * Setup lifecycle inside the editor (spec §5.2, §9.8):
 *  - first run: a workspace folder without `.consider/store.json` gets one light prompt that
 *    offers the setup wizard. It never sets anything up by itself.
 *  - after an extension update: the deployed CLI and the skills setup installed are
 *    refreshed to the new version; a skill the user edited is replaced only if they say so.
 *    Only in a folder the developer set up (shared/project-trust.ts, the one definition of "set
 *    up"): a trusted window on a clone that committed its own `.consider/` refreshes nothing
 *    there and records nothing (issue 34). A folder set up by an earlier version, whose record
 *    cannot be told from a clone's, gets one line asking to run setup again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { ConsiderHost } from '../api';
import type { BoardController } from '../board';
import { info, warn } from '../notify';
import { toDisposable } from '../util/dispose';
import { applyRefresh, planRefresh, refreshNeeded, type RefreshInput } from '../../setup/index';
import { considerPaths } from '../../shared/paths';
import { setUpState } from '../../shared/project-trust';
import { openWalkthroughOnFirstRun } from './walkthrough';
import { errorText } from '../error-words';

const PROMPT_DISMISSED = 'consider.setupPrompt.dismissed';
/** globalState key remembering "keep my edited skill" per path and version, so we ask once. */
const keepEditedKey = (skillPath: string, version: string): string => `consider.keepEditedSkill:${skillPath}@${version}`;

export function registerSetupLifecycle(context: vscode.ExtensionContext, host: ConsiderHost, board: BoardController, log: vscode.LogOutputChannel): vscode.Disposable {
  const runtimeDir = path.join(context.extensionPath, 'dist', 'runtime');
  const skillsDir = path.join(context.extensionPath, 'skills');
  const prompted = new Set<string>(); // once per folder per session

  const check = (roots: readonly string[]): void => {
    void (async () => {
      // The very first run opens the walkthrough instead (its first step is setup): one invitation at a time.
      if (await openWalkthroughOnFirstRun(context, roots)) { for (const r of roots) prompted.add(r); return; }
      await offerSetup(context, board, roots.filter((r) => !prompted.has(r)), prompted);
    })();
    for (const root of roots) void refreshFolder(context, board, log, { root, home: os.homedir(), runtimeDir, skillsDir });
  };

  // Let activation finish and the window settle before any notification.
  const timer = setTimeout(() => check(host.folders().map((f) => f.root)), 1500);
  return vscode.Disposable.from(
    toDisposable(() => clearTimeout(timer)),
    vscode.workspace.onDidChangeWorkspaceFolders((e) => check(e.added.map((f) => f.uri.fsPath))),
  );
}

/**
 * The first-run prompt is for folders new to Consider (no store yet), not a definition of "set
 * up": a folder where the user chose *Just Store Comments* has a store and is not asked again.
 */
function hasStore(root: string): boolean {
  return fs.existsSync(considerPaths(root).store);
}

async function offerSetup(context: vscode.ExtensionContext, board: BoardController, roots: readonly string[], prompted: Set<string>): Promise<void> {
  if (context.workspaceState.get<boolean>(PROMPT_DISMISSED)) return;
  const missing = roots.filter((r) => !hasStore(r));
  if (!missing.length) return;
  for (const r of missing) prompted.add(r);
  const names = missing.map((r) => path.basename(r)).join(', ');
  const [setUp, notNow, dontAsk] = [vscode.l10n.t('Set Up…'), vscode.l10n.t('Not Now'), vscode.l10n.t("Don't Ask Again")];
  const choice = await info(
    vscode.l10n.t('Consider is not set up in {0}. Set it up so your AI agent can read and answer your review threads?', names),
    setUp, notNow, dontAsk,
  );
  if (choice === setUp) board.open('setup');
  else if (choice === dontAsk) await context.workspaceState.update(PROMPT_DISMISSED, true);
}

async function refreshFolder(context: vscode.ExtensionContext, board: BoardController, log: vscode.LogOutputChannel, input: RefreshInput): Promise<void> {
  try {
    const state = setUpState(input.root, input.home);
    if (state === 'earlier-record') return void askToConfirmSetup(board, input.root);
    if (state !== 'set-up') return; // not set up by the developer here: its .consider/ is data
    const plan = planRefresh(input);
    if (!refreshNeeded(plan)) return;
    const edited = plan.skills.filter((s) => s.needsUpdate && s.status === 'edited'
      && !context.globalState.get<boolean>(keepEditedKey(s.install.path, plan.version)));
    const replace: string[] = [];
    for (const s of edited) {
      const [replaceLabel, keepMine] = [vscode.l10n.t('Replace'), vscode.l10n.t('Keep Mine')];
      const choice = await info(
        vscode.l10n.t('Consider {0} has a newer agent skill, but you edited {1}. Replace it with the new version?', plan.version, s.install.path),
        replaceLabel, keepMine,
      );
      if (choice === replaceLabel) replace.push(s.install.path);
      else if (choice === keepMine) await context.globalState.update(keepEditedKey(s.install.path, plan.version), true);
    }
    const report = await applyRefresh(input, replace);
    const changed = report.actions.filter((a) => a.kind === 'updated' || a.kind === 'created').length;
    if (changed) log.info(`refreshed ${changed} file(s) in ${input.root} to ${plan.version}`);
  } catch (e) {
    // A failed refresh must not break activation; the old CLI keeps working.
    void warn(vscode.l10n.t('Consider could not update its CLI in {0}: {1}', input.root, errorText(e).message));
  }
}

/** A folder an earlier version set up: its record is not honoured any more (shared/project-trust.ts); setup again confirms it. */
async function askToConfirmSetup(board: BoardController, root: string): Promise<void> {
  const setUp = vscode.l10n.t('Set Up…');
  const choice = await info(
    vscode.l10n.t('Consider was set up in {0} by an earlier version, which could not tell your project from a clone at the same path. Run setup again so your agent\'s hooks and MCP server speak there.', path.basename(root)),
    setUp,
  );
  if (choice === setUp) board.open('setup');
}
