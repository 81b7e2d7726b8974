/**
 * An agent session as the developer reads it, `claude 1a2b3c4d`: the agent and the first
 * characters of its session id (`<agent>:<session id>`, as the hooks record it). Used wherever
 * Consider names a session: Submit Review's question, the board's rounds list.
 */
export function sessionLabel(session: string): string {
  const colon = session.indexOf(':');
  if (colon < 0) return session.slice(0, 8);
  return `${session.slice(0, colon)} ${session.slice(colon + 1, colon + 9)}`;
}
