/** How the plan gate names things on screen: the agent, the time waited, a version's state. */
import type { FolderPlan } from './plan-service';

const AGENT_LABELS: Readonly<Record<string, string>> = {
  claude: 'Claude Code', codex: 'Codex', gemini: 'Gemini CLI', copilot: 'GitHub Copilot', cursor: 'Cursor', opencode: 'OpenCode',
};

/** `Claude Code`, the `--agent` name as given, or `the agent`. */
export function agentLabel(agent: string | undefined): string {
  if (agent === undefined) return 'the agent';
  return Object.hasOwn(AGENT_LABELS, agent) ? AGENT_LABELS[agent]! : agent;
}

/** `12 s`, `3 min`, `1 h 5 min`. */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
}

/** Where the plan's current version stands: `waiting 3 min for your verdict`, `approved`, … (`short`: for the CodeLens). */
export function stateLine(p: FolderPlan, now = Date.now(), short = false): string {
  if (p.verdict) return p.verdict.verdict === 'approved' ? 'approved' : short ? 'changes requested' : 'changes requested: the agent revises it';
  const waited = duration(now - Date.parse(p.version.submittedAt));
  if (p.waiter) return short ? `waiting ${waited} for your verdict` : `${agentLabel(p.plan.agent)} has been waiting ${waited} for your verdict`;
  return short ? `submitted ${waited} ago, nobody waiting` : `submitted ${waited} ago; nobody is waiting for the verdict now (the agent reads it with consider-cli plan wait)`;
}
