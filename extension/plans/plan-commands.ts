/**
 * What the developer does with a plan (docs/plan-gate.md): the plan opens beside the code when
 * an agent submits it; a CodeLens over its first line (and the editor title) offers Approve,
 * Approve with Comments, Request Changes and, from version 2, Show Plan Changes; the status
 * bar says while a plan waits. Comments on its lines are ordinary threads.
 */
import * as vscode from 'vscode';
import type { PlanRecord, VerdictKind } from '../../shared/plans';
import { planFiles } from '../../shared/plans';
import { readStore } from '../../shared';
import { verdictThreads, planDocumentRel } from '../../shared/plans';
import { CommandIds, registerCommand } from '../command-ids';
import * as notify from '../notify';
import { Disposable } from '../util/dispose';
import { refreshFromDisk } from './document-refresh';
import type { FolderPlan, PlanService } from './plan-service';
import { agentLabel, stateLine } from './plan-words';

/** The arguments a CodeLens passes: which plan. Without them, the active editor's plan. */
interface PlanArgs { root: string; id: string }

/** One lens over a plan's first line: its title, the command it runs ('' for a label), its tooltip. */
interface PlanLensItem { title: string; command: string; tooltip: string }

/** The plans' CodeLens: state and actions over the first line of a plan's review document. */
class PlanLens implements vscode.CodeLensProvider {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.emitter.event;
  /** What the lenses said when last drawn. */
  private shown = '';

  constructor(private readonly plans: PlanService) {}

  /**
   * Redraws the lenses when what they say changed (a lens that moves and flickers every few
   * seconds is hard to read and to click). Tooltips are left out: they count seconds.
   */
  refresh(): void {
    const now = Date.now();
    const says = JSON.stringify(this.plans.all().map((p) => [p.root, p.plan.id, ...this.items(p, now).map((l) => l.title)]));
    if (says === this.shown) return;
    this.shown = says;
    this.emitter.fire();
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    const p = this.plans.ofDocument(doc.uri);
    if (!p) return [];
    const at = new vscode.Range(0, 0, 0, 0);
    const args: PlanArgs = { root: p.root, id: p.plan.id };
    return this.items(p, Date.now()).map(({ title, command, tooltip }) =>
      new vscode.CodeLens(at, { title, command, tooltip, ...(command ? { arguments: [args] } : {}) }));
  }

  /** The plan's lenses, the actions first: a plan beside the code has half the width, and a long line is cut on the right. */
  private items(p: FolderPlan, now: number): PlanLensItem[] {
    const item = (title: string, command: string, tooltip: string): PlanLensItem => ({ title, command, tooltip });
    const out: PlanLensItem[] = [];
    if (!p.verdict) {
      out.push(
        item(`$(check) ${vscode.l10n.t('Approve')}`, CommandIds.approvePlan, vscode.l10n.t('The agent proceeds with this plan (and follows your comments on it)')),
        item(`$(comment) ${vscode.l10n.t('Approve with Comments')}`, CommandIds.approvePlanWithComments, vscode.l10n.t('Approve, with an overall note for the agent')),
        item(`$(request-changes) ${vscode.l10n.t('Request Changes')}`, CommandIds.requestPlanChanges, vscode.l10n.t('The agent revises the plan; your comments go with it, each next to its lines')),
      );
    }
    if (p.version.version > 1) {
      out.push(item(`$(diff) ${vscode.l10n.t('Show Plan Changes')}`, CommandIds.showPlanChanges, vscode.l10n.t('Version {0} ↔ version {1}', p.version.version - 1, p.version.version)));
    }
    out.push(item(`$(checklist) ${vscode.l10n.t('Plan v{0} from {1}, {2}', p.version.version, agentLabel(p.plan.agent), stateLine(p, now, true))}`, '', stateLine(p, now)));
    return out;
  }
}

export function registerPlanCommands(plans: PlanService, log: vscode.LogOutputChannel): vscode.Disposable {
  return new PlanUi(plans, log);
}

class PlanUi extends Disposable {
  private readonly lens: PlanLens;
  private readonly status = this.register(vscode.window.createStatusBarItem('consider.plan', vscode.StatusBarAlignment.Left, 49));

  constructor(private readonly plans: PlanService, private readonly log: vscode.LogOutputChannel) {
    super();
    this.lens = new PlanLens(plans);
    this.status.name = vscode.l10n.t('Consider: plan waiting for review');
    this.register(vscode.languages.registerCodeLensProvider({ scheme: 'file', pattern: '**/.consider/plans/*/*.md' }, this.lens));
    this.register(plans.onDidChange(() => this.refresh()));
    this.register(plans.onDidArrive((p) => void this.open(p)));
    // The time waited moves on: the lens and the status bar say so.
    const clock = setInterval(() => this.refresh(), 15_000);
    this.register({ dispose: () => clearInterval(clock) });
    this.register(registerCommand(CommandIds.approvePlan, (a?: PlanArgs) => this.decide(a, 'approved', false)));
    this.register(registerCommand(CommandIds.approvePlanWithComments, (a?: PlanArgs) => this.decide(a, 'approved', true)));
    this.register(registerCommand(CommandIds.requestPlanChanges, (a?: PlanArgs) => this.decide(a, 'changes-requested', true)));
    this.register(registerCommand(CommandIds.showPlanChanges, (a?: PlanArgs) => this.showChanges(a)));
    this.register(registerCommand(CommandIds.openPlan, (a?: PlanArgs) => this.openChosen(a)));
    this.refresh();
  }

  private refresh(): void {
    this.lens.refresh();
    const waiting = this.plans.waiting();
    if (waiting.length === 0) {
      this.status.hide();
      return;
    }
    const first = waiting[0]!;
    this.status.text = `$(checklist) ${waiting.length === 1 ? vscode.l10n.t('Plan to review') : vscode.l10n.t('{0} plans to review', waiting.length)}`;
    this.status.tooltip = waiting.map((p) => `"${p.plan.title}": ${stateLine(p)}`).join('\n');
    this.status.command = { title: vscode.l10n.t('Open the plan'), command: CommandIds.openPlan, arguments: [{ root: first.root, id: first.plan.id }] };
    this.status.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    this.status.show();
  }

  /**
   * Opens a plan's review document beside the code, without taking the focus from what the
   * developer is typing. A new version is written over the document the editor shows: it is
   * brought up to date even when VS Code's file watcher missed the write (document-refresh.ts).
   */
  private async open(p: FolderPlan, focus = false): Promise<void> {
    try {
      const doc = await vscode.workspace.openTextDocument(p.uri);
      const shown = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === p.uri.toString());
      if (!shown || focus) await vscode.window.showTextDocument(doc, { viewColumn: shown?.viewColumn ?? vscode.ViewColumn.Beside, preserveFocus: !focus, preview: false });
      if (p.version.version > 1) {
        const outcome = await refreshFromDisk(p.uri);
        if (outcome === 'reverted' || outcome === 'reopened') {
          this.log.info(`plan ${p.plan.id} v${p.version.version}: the editor still showed the previous version (VS Code's file watcher missed the write); ${outcome === 'reverted' ? 'reloaded it from disk' : 'reopened it'}`);
        }
        if (outcome === 'edited') this.log.warn(`plan ${p.plan.id} v${p.version.version}: the review document has unsaved edits, so the editor keeps them instead of showing the new version`);
      }
    } catch (e) {
      notify.reportFailure(vscode.l10n.t('open the plan "{0}"', p.plan.title), e);
    }
  }

  private async openChosen(a?: PlanArgs): Promise<void> {
    const p = this.find(a) ?? this.plans.waiting()[0];
    if (p) await this.open(p, true);
    else void notify.info(vscode.l10n.t('Consider: no plan is waiting for your review.'));
  }

  /** The plan named by a CodeLens, else the active editor's. */
  private find(a?: PlanArgs): FolderPlan | undefined {
    if (a && typeof a.id === 'string') return this.plans.all().find((p) => p.root === a.root && p.plan.id === a.id);
    const uri = vscode.window.activeTextEditor?.document.uri;
    return uri ? this.plans.ofDocument(uri) : undefined;
  }

  private async decide(a: PlanArgs | undefined, verdict: VerdictKind, askNote: boolean): Promise<void> {
    this.plans.rescan();
    const p = this.find(a);
    if (!p) return void notify.info(vscode.l10n.t('Consider: open a plan an agent submitted to approve it or request changes.'));
    if (p.verdict) {
      return void notify.info(p.verdict.verdict === 'approved'
        ? vscode.l10n.t('Consider: version {0} of "{1}" is approved already.', p.version.version, p.plan.title)
        : vscode.l10n.t('Consider: version {0} of "{1}" is sent back already.', p.version.version, p.plan.title));
    }
    const comments = verdictThreads(readStore(p.root).store, planDocumentRel(p.plan)).length;
    let message: string | undefined;
    if (askNote) {
      message = await vscode.window.showInputBox({
        title: verdict === 'approved' ? vscode.l10n.t('Approve with Comments') : vscode.l10n.t('Request Changes'),
        prompt: notePrompt(verdict, agentLabel(p.plan.agent), comments),
        placeHolder: verdict === 'approved' ? vscode.l10n.t('e.g. Keep the migration reversible.') : vscode.l10n.t('e.g. Split step 3: the schema change first, then the code.'),
        ignoreFocusOut: true,
      });
      if (message === undefined) return; // Escape: nothing decided
      if (verdict === 'changes-requested' && comments === 0 && message.trim() === '') {
        return void notify.warn(vscode.l10n.t('Consider: say what to change: write a note, or comment on the plan\'s lines, then Request Changes again.'));
      }
    }
    try {
      await this.plans.decide(p.root, p.plan, verdict, message?.trim() ? message : undefined);
    } catch (e) {
      return notify.reportFailure(verdict === 'approved' ? vscode.l10n.t('approve the plan') : vscode.l10n.t('request changes'), e);
    }
    const who = agentLabel(p.plan.agent);
    const listening = p.waiter ? '' : ' ' + vscode.l10n.t('Nobody is waiting right now: {0} reads it with consider-cli plan wait {1}.', who, p.plan.id);
    const decided = verdict !== 'approved' ? vscode.l10n.t('Consider: changes requested; {0} revises the plan, and the new version opens here.', who)
      : comments === 0 ? vscode.l10n.t('Consider: plan approved; {0} proceeds with it.', who)
        : comments === 1 ? vscode.l10n.t('Consider: plan approved; {0} proceeds with it and your 1 comment.', who)
          : vscode.l10n.t('Consider: plan approved; {0} proceeds with it and your {1} comments.', who, comments);
    void notify.info(decided + listening);
  }

  private async showChanges(a?: PlanArgs): Promise<void> {
    const p = this.find(a);
    if (!p || p.version.version < 2) return void notify.info(vscode.l10n.t('Consider: the plan has one version so far: nothing to compare.'));
    await showVersions(p.root, p.plan, p.version.version - 1, p.version.version);
  }
}

/** Opens version `from` ↔ version `to` of a plan in the diff editor. */
export async function showVersions(root: string, plan: PlanRecord, from: number, to: number): Promise<void> {
  const files = planFiles(root, plan.id);
  await vscode.commands.executeCommand('vscode.diff', vscode.Uri.file(files.version(from)), vscode.Uri.file(files.version(to)),
    vscode.l10n.t('{0}: version {1} ↔ {2}', plan.title, from, to), { preview: false });
}

/** The verdict box's prompt: whom the note is for, and whether the plan's comments go with it. */
function notePrompt(verdict: VerdictKind, agent: string, comments: number): string {
  if (verdict === 'approved') {
    return comments === 0 ? vscode.l10n.t('An overall note for {0} (optional)', agent)
      : comments === 1 ? vscode.l10n.t('An overall note for {0} (optional); your 1 comment on the plan goes with it', agent)
        : vscode.l10n.t('An overall note for {0} (optional); your {1} comments on the plan go with it', agent, comments);
  }
  return comments === 0 ? vscode.l10n.t('What should {0} change? Say it here, or comment on the plan\'s lines first.', agent)
    : comments === 1 ? vscode.l10n.t('What should {0} change? Optional: your 1 comment on the plan goes with it.', agent)
      : vscode.l10n.t('What should {0} change? Optional: your {1} comments on the plan go with it.', agent, comments);
}
