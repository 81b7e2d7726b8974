/** The plan gate in VS Code (docs/plan-gate.md): the service that finds and decides plans, and its UI. */
import * as vscode from 'vscode';
import type { FolderStores } from '../store/folder-stores';
import { PlanService } from './plan-service';
import { registerPlanCommands } from './plan-commands';

export function registerPlans(stores: FolderStores, log: vscode.LogOutputChannel): { plans: PlanService; disposable: vscode.Disposable } {
  const plans = new PlanService(stores, log);
  // The UI first subscribes to arrivals, then the service looks: a plan waiting at start opens too.
  const ui = registerPlanCommands(plans, log);
  plans.rescan();
  return { plans, disposable: vscode.Disposable.from(ui, plans) };
}
