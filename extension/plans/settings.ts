/** The plan gate's settings (package.json `consider.planGate.*`; docs/plan-gate.md). */
import * as vscode from 'vscode';

export interface PlanGateSettings {
  /** Plans agents submit open here for review; off: agents are told to ask in their own way. */
  enabled: boolean;
  /** How long an agent waits for a verdict before it falls back to its own approval prompt. */
  timeoutMinutes: number;
}

/** The longest wait the setting allows: the plan hooks answer within 55 minutes whatever it says (cli/plans/gate.ts). */
export const MAX_TIMEOUT_MINUTES = 55;

export function readPlanGateSettings(): PlanGateSettings {
  const c = vscode.workspace.getConfiguration('consider.planGate');
  const minutes = c.get<number>('timeoutMinutes', 30);
  return {
    enabled: c.get<boolean>('enabled', true),
    timeoutMinutes: Number.isFinite(minutes) ? Math.min(MAX_TIMEOUT_MINUTES, Math.max(1, Math.round(minutes))) : 30,
  };
}
