/**
 * Never trapping the agent: what `hook stop` remembers between calls, in
 * `.consider/hook-state.json` (docs/agent-loop.md). Per agent session, the key of the feedback
 * it blocked the last stop for and how many stops it blocked in a row. The agent is let go when
 * it stops again while still continuing because of that block and nothing changed (the same
 * key), or after MAX_BLOCKS blocks in a row: the developer's feedback waits for the next turn.
 *
 * It also remembers the feedback a context line was last given for in this turn (`told`), so a
 * session is told once per turn, not at SessionStart and again at its first prompt: any stop
 * ends the turn and forgets it.
 *
 * Best effort throughout: a state that cannot be read is no state, one that cannot be written
 * only means the next stop decides without it (agents cap blocked stops themselves too).
 */
import fs from 'node:fs';
import path from 'node:path';
import { considerPaths, writeFileAtomic } from '../../shared/store';

/** Blocks in a row for one session, after which a stop goes through. */
export const MAX_BLOCKS = 3;
/** Sessions remembered; the oldest are forgotten first. */
const MAX_SESSIONS = 32;

interface SessionState {
  /** The feedback the last block was for ('' when there was none, only a context line). */
  key: string;
  blocks: number;
  at: string;
  /** The feedback a context line was given for since the last stop. */
  told?: string;
}

interface StateFile {
  version: 1;
  sessions: Record<string, SessionState>;
}

function stateFile(root: string): string {
  return path.join(considerPaths(root).dir, 'hook-state.json');
}

function readState(root: string): StateFile {
  try {
    const parsed = JSON.parse(fs.readFileSync(stateFile(root), 'utf8')) as Partial<StateFile>;
    if (parsed.version === 1 && parsed.sessions && typeof parsed.sessions === 'object') return parsed as StateFile;
  } catch {
    /* none yet, or not ours to trust */
  }
  return { version: 1, sessions: {} };
}

function writeState(root: string, state: StateFile): void {
  const entries = Object.entries(state.sessions).sort(([, a], [, b]) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const kept: StateFile = { version: 1, sessions: Object.fromEntries(entries.slice(0, MAX_SESSIONS)) };
  try {
    writeFileAtomic(stateFile(root), JSON.stringify(kept, null, 1) + '\n');
  } catch {
    /* best effort: see the module comment */
  }
}

function isSessionState(s: unknown): s is SessionState {
  return !!s && typeof (s as SessionState).key === 'string' && Number.isInteger((s as SessionState).blocks);
}

/**
 * Whether to block this stop for the feedback named `key`, recording the block when so.
 * `continuing` is what the agent says (format.ts): false starts a fresh run of blocks.
 */
export function shouldBlock(root: string, session: string, continuing: boolean | undefined, key: string): boolean {
  const state = readState(root);
  const stored = state.sessions[session];
  const last = continuing === false || !isSessionState(stored) || stored.blocks === 0 ? undefined : stored;
  if (last && (last.key === key || last.blocks >= MAX_BLOCKS)) {
    delete state.sessions[session]; // let go: the next turn starts afresh
    writeState(root, state);
    return false;
  }
  state.sessions[session] = { key, blocks: (last?.blocks ?? 0) + 1, at: new Date().toISOString() }; // a stop: `told` is over
  writeState(root, state);
  return true;
}

/** Nothing is waiting at this stop: the session's run of blocks is over (writes only if there was one). */
export function forgetBlocks(root: string, session: string): void {
  let state: StateFile;
  try {
    if (!fs.existsSync(stateFile(root))) return;
    state = readState(root);
  } catch {
    return;
  }
  if (!(session in state.sessions)) return;
  delete state.sessions[session];
  writeState(root, state);
}

/**
 * Whether to give the context line for the feedback named `key` (a prompt, a new session): not
 * when this session was already told about this very feedback since its last stop. Records it.
 */
export function shouldTell(root: string, session: string, key: string): boolean {
  const state = readState(root);
  const stored = state.sessions[session];
  const current = isSessionState(stored) ? stored : undefined;
  if (current?.told === key) return false;
  state.sessions[session] = { key: current?.key ?? '', blocks: current?.blocks ?? 0, at: new Date().toISOString(), told: key };
  writeState(root, state);
  return true;
}
