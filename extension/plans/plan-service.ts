/**
 * The plan gate in this window (docs/plan-gate.md): it keeps a heartbeat in every workspace
 * folder set up with Consider, so an agent's plan is submitted only while someone can review
 * it; it finds the plans agents submit (a file watcher, and a look at every heartbeat); it
 * opens a plan that waits for a verdict beside the code; and it records the developer's
 * verdict, which the waiting agent picks up within milliseconds.
 *
 * A window reloaded while a plan waits loses nothing: the plan, its threads and the waiting
 * agent are all on disk; the new window finds the plan at its first look and opens it again,
 * and the agent's wait tolerates the heartbeat's gap (cli/plans/wait.ts, EDITOR_GONE_GRACE_MS).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { PlanRecord, PlanVerdict, PlanVersionState, VerdictKind } from '../../shared/plans';
import {
  LIVE_REFRESH_MS, listPlans, planDocumentPath, planDocumentRel, planIdOfDocument, planState, releasePlanComments, removeLive,
  touchLive, verdictThreads, writeLive, writeVerdict,
} from '../../shared/plans';
import { considerPaths, readStore, toStoredPath } from '../../shared';
import type { FolderStores } from '../store/folder-stores';
import { Disposable, toDisposable } from '../util/dispose';
import { readPlanGateSettings } from './settings';

/** A plan of one folder, where its current version stands. */
export interface FolderPlan extends PlanVersionState {
  root: string;
  uri: vscode.Uri;
}

const RESCAN_DEBOUNCE_MS = 30;

export class PlanService extends Disposable {
  /** This window's heartbeat name: unique among the windows open on the same folder. */
  readonly windowId = `w${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  private readonly plans = new Map<string, FolderPlan[]>();
  /** `<root>\0<plan id>\0<version>` of the waiting versions this window opened (or found open). */
  private readonly opened = new Set<string>();
  private readonly live = new Set<string>();
  private readonly changeEmitter = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changeEmitter.event;
  private readonly arrivalEmitter = this.register(new vscode.EventEmitter<FolderPlan>());
  /** A version that waits for a verdict, seen for the first time in this window. */
  readonly onDidArrive = this.arrivalEmitter.event;
  private readonly watchers = new Map<string, vscode.Disposable>();
  private rescanTimer: NodeJS.Timeout | undefined;

  constructor(private readonly stores: FolderStores, private readonly log: vscode.LogOutputChannel) {
    super();
    const tick = setInterval(() => this.tick(), LIVE_REFRESH_MS);
    this.register(toDisposable(() => {
      clearInterval(tick);
      if (this.rescanTimer) clearTimeout(this.rescanTimer);
      for (const w of this.watchers.values()) w.dispose();
      // The window goes: its heartbeat goes with it, so no new plan waits for it.
      for (const root of this.live) removeLive(root, this.windowId);
    }));
    this.register(vscode.workspace.onDidChangeConfiguration((e) => { if (e.affectsConfiguration('consider.planGate')) this.heartbeat(true); }));
    this.register(stores.onDidChange(() => this.sync()));
    this.sync();
  }

  /** Follows the workspace folders: a watcher and a first look for each. */
  private sync(): void {
    const roots = new Set(this.stores.roots());
    for (const [root, w] of this.watchers) {
      if (roots.has(root)) continue;
      w.dispose();
      this.watchers.delete(root);
      this.plans.delete(root);
      if (this.live.delete(root)) removeLive(root, this.windowId);
    }
    for (const root of roots) {
      if (this.watchers.has(root)) continue;
      const fsw = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(root), '.consider/plans/**'));
      const changed = (uri: vscode.Uri): void => { if (!uri.fsPath.includes(`${path.sep}live${path.sep}`)) this.scheduleRescan(); };
      this.watchers.set(root, vscode.Disposable.from(fsw, fsw.onDidCreate(changed), fsw.onDidChange(changed), fsw.onDidDelete(changed)));
    }
    this.tick();
  }

  private tick(): void {
    if (this.isDisposed) return;
    this.heartbeat(false);
    this.rescan();
  }

  /**
   * Keeps this window's heartbeat in every folder set up with Consider (never creating
   * `.consider/` for it); `rewrite` writes the settings it carries again.
   */
  private heartbeat(rewrite: boolean): void {
    const settings = readPlanGateSettings();
    for (const root of this.stores.roots()) {
      if (!fs.existsSync(considerPaths(root).dir)) continue;
      try {
        if (rewrite || !this.live.has(root) || !touchLive(root, this.windowId)) {
          writeLive(root, this.windowId, { gate: settings.enabled, timeoutSeconds: settings.timeoutMinutes * 60, pid: process.pid });
        }
        this.live.add(root);
      } catch (e) {
        this.log.warn(`plan gate heartbeat in ${root}: ${(e as Error).message}`);
      }
    }
  }

  private scheduleRescan(): void {
    if (this.rescanTimer) return;
    this.rescanTimer = setTimeout(() => {
      this.rescanTimer = undefined;
      this.rescan();
    }, RESCAN_DEBOUNCE_MS);
  }

  /** Looks at every plan again; fires onDidArrive for versions newly waiting, onDidChange when anything moved. */
  rescan(): void {
    if (this.isDisposed) return;
    let changed = false;
    for (const root of this.stores.roots()) {
      const before = JSON.stringify(this.plans.get(root) ?? []);
      const now = listPlans(root).map((p): FolderPlan => ({ ...planState(root, p), root, uri: vscode.Uri.file(planDocumentPath(root, p)) }));
      this.plans.set(root, now);
      if (JSON.stringify(now) !== before) changed = true;
      for (const p of now) {
        const key = `${root}\0${p.plan.id}\0${p.version.version}`;
        if (p.verdict || !p.waiter || this.opened.has(key)) continue;
        this.opened.add(key);
        this.arrivalEmitter.fire(p);
      }
    }
    if (changed) this.changeEmitter.fire();
  }

  /** Every known plan, newest first. */
  all(): FolderPlan[] {
    return [...this.plans.values()].flat().sort((a, b) => b.version.submittedAt.localeCompare(a.version.submittedAt));
  }

  /** The plans whose current version an agent is waiting on. */
  waiting(): FolderPlan[] {
    return this.all().filter((p) => !p.verdict && p.waiter);
  }

  /** The plan whose review document `uri` is, if it is one. */
  ofDocument(uri: vscode.Uri): FolderPlan | undefined {
    if (uri.scheme !== 'file') return undefined;
    const root = this.stores.rootOf(uri.fsPath);
    if (!root) return undefined;
    const id = planIdOfDocument(toStoredPath(root, uri.fsPath));
    return id === undefined ? undefined : this.plans.get(root)?.find((p) => p.plan.id === id);
  }

  /**
   * Records the verdict on the plan's current version: the developer's pending comments on it
   * go with it, and it delivers the open threads the agent has not read. Throws a one-line
   * ConsiderError when the version has a verdict already (another window, a double click).
   */
  async decide(root: string, plan: PlanRecord, verdict: VerdictKind, message?: string): Promise<PlanVerdict> {
    const rel = planDocumentRel(plan);
    await releasePlanComments(root, rel);
    const threads = verdictThreads(readStore(root).store, rel);
    const state = planState(root, plan);
    const written = writeVerdict(root, plan.id, { version: state.version.version, verdict, ...(message !== undefined ? { message } : {}), threadIds: threads.map((c) => c.id) });
    this.stores.reload(root);
    this.rescan();
    return written;
  }
}
