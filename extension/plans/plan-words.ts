/** How the plan gate names things on screen: the agent, the time waited, a version's state. */
import type { FolderPlan } from './plan-service';
import { l10n } from '../../shared/board/l10n';

const AGENT_LABELS: Readonly<Record<string, string>> = {
  claude: 'Claude Code', codex: 'Codex', gemini: 'Gemini CLI', copilot: 'GitHub Copilot', cursor: 'Cursor', opencode: 'OpenCode',
};

/** `Claude Code`, the `--agent` name as given, or `the agent`. */
export function agentLabel(agent: string | undefined): string {
  if (agent === undefined) return l10n.t('the agent');
  return Object.hasOwn(AGENT_LABELS, agent) ? AGENT_LABELS[agent]! : agent;
}

/** `12 s`, `3 min`, `1 h 5 min`. */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return l10n.t('{0} s', s);
  const m = Math.floor(s / 60);
  if (m < 60) return l10n.t('{0} min', m);
  return m % 60 ? l10n.t('{0} h {1} min', Math.floor(m / 60), m % 60) : l10n.t('{0} h', Math.floor(m / 60));
}

/**
 * Where the plan's current version stands: `waiting 3 min for your verdict`, `approved`, …
 * `short` is the CodeLens's: it counts whole minutes only, so the lens is redrawn at most once a
 * minute, not every time the seconds move on.
 */
export function stateLine(p: FolderPlan, now = Date.now(), short = false): string {
  if (p.verdict) return p.verdict.verdict === 'approved' ? l10n.t('approved') : short ? l10n.t('changes requested') : l10n.t('changes requested: the agent revises it');
  const waitedMs = now - Date.parse(p.version.submittedAt);
  const waited = duration(waitedMs);
  if (short && waitedMs < 60_000) return p.waiter ? l10n.t('waiting for your verdict') : l10n.t('submitted just now, nobody waiting');
  if (p.waiter) return short ? l10n.t('waiting {0} for your verdict', waited) : l10n.t('{0} has been waiting {1} for your verdict', agentLabel(p.plan.agent), waited);
  return short ? l10n.t('submitted {0} ago, nobody waiting', waited) : l10n.t('submitted {0} ago; nobody is waiting for the verdict now (the agent reads it with consider-cli plan wait)', waited);
}
