/**
 * `--session ID`: which agent session a read answers for (docs/worktrees.md "Rounds go to the
 * agent that wrote the code"). Rounds the developer addressed to another session are left out.
 */
import { ConsiderError, SESSION_PATTERN } from '../shared';
import type { Ctx } from './command';

/**
 * The session this command answers for: `--session ID` (`<agent>:<id>` or the bare id), else
 * CONSIDER_SESSION. Rounds addressed to another session are left out for it (model.ts storeSeenBy).
 */
export function sessionOf(ctx: Ctx): string | undefined {
  const raw = typeof ctx.values.session === 'string' ? ctx.values.session : process.env.CONSIDER_SESSION || undefined;
  if (raw === undefined) return undefined;
  if (!SESSION_PATTERN.test(raw)) throw new ConsiderError('usage', `--session must be a session id: letters, digits and ._:@- (got ${JSON.stringify(raw.slice(0, 60))})`, 'pass your own session id, e.g. the session_id your hooks receive');
  return raw;
}

export const SESSION_HELP: [string, string] = ['--session ID', 'the agent session you are (or CONSIDER_SESSION): rounds the developer addressed to another session are left out'];
