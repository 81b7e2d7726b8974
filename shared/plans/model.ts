/**
 * The plan gate's records (docs/plan-gate.md): a plan an agent submits for review before it
 * writes code, its versions, and the developer's verdict on each. Plain JSON files under
 * `.consider/plans/<id>/`, each written whole by one side only, so no lock is needed:
 *
 *   plan.json               PlanRecord: written by the submitting CLI (submit, revise)
 *   <slug>.md               the review document: the latest version's text, where threads live
 *   versions/v<N>.md        each version as submitted (never changed again)
 *   versions/v<N>.verdict.json  PlanVerdict: written once by the extension (exclusive create)
 *   versions/v<N>.delivered marker: the approval's comments reached the agent (post hooks)
 *   waiting.json            PlanWaiter: who waits for the verdict right now (the CLI, removed on exit)
 *   live/<window>.json      (in `.consider/plans/`) a VS Code window's heartbeat (live.ts)
 *
 * Unknown fields survive: every record is read and written as a whole object.
 */

export type VerdictKind = 'approved' | 'changes-requested';

export interface PlanVersion {
  version: number;
  submittedAt: string;
  [unknownField: string]: unknown;
}

export interface PlanRecord {
  id: string;
  /** From the plan's first heading (or first line): what VS Code shows. */
  title: string;
  /** The review document's file name in the plan's folder (`add-session-auth.md`). */
  document: string;
  /** Who submitted it: `claude`, `codex`, … (`--agent`, or the hook's agent); absent: not said. */
  agent?: string;
  /** The agent's session (`<agent>:<session id>`), when a hook submitted it: its next plan revises this one. */
  session?: string;
  createdAt: string;
  /** Oldest first; the last one is the current version. */
  versions: PlanVersion[];
  [unknownField: string]: unknown;
}

export interface PlanVerdict {
  version: number;
  verdict: VerdictKind;
  at: string;
  /** The developer's overall note, if any. */
  message?: string;
  /** The threads the verdict delivers (open, with news for the agent when it was given). */
  threadIds: string[];
  [unknownField: string]: unknown;
}

/** The process waiting for a version's verdict (the CLI's `plan submit --wait`, `plan wait`, or a plan hook). */
export interface PlanWaiter {
  pid: number;
  host: string;
  version: number;
  since: string;
  /** When it gives up (ISO). */
  until: string;
  [unknownField: string]: unknown;
}

/** Where a version stands: waiting for a verdict, or decided. */
export interface PlanVersionState {
  plan: PlanRecord;
  version: PlanVersion;
  verdict?: PlanVerdict;
  waiter?: PlanWaiter;
}
