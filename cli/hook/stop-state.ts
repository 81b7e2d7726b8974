/**
 * Never trapping the agent: what `hook stop` remembers between calls, in
 * `.consider/hook-state.json` (docs/agent-loop.md). Per agent session: the key of the feedback
 * it last blocked a stop for, how many stops it blocked for that very feedback, how many in a
 * row, and whether it let the agent go since.
 *
 * The rules, each of which holds whatever the agent says, the disk allows or the install is:
 * - a stop is let through when the agent continues because of our block (`stop_hook_active`;
 *   an agent that says nothing counts as continuing right after a block) and nothing changed;
 * - the same feedback blocks a session at most MAX_BLOCKS times in all, so an agent that always
 *   says it starts a fresh turn, or two copies of the hook (home and project scope), cannot loop;
 * - at most MAX_BLOCKS blocks in a row while new feedback keeps coming;
 * - a block is given only once it is remembered: when the state cannot be written (a folder in
 *   its place, a read-only `.consider/`, a full disk) the stop goes through (fail open).
 * A state that cannot be read is no state. Records of sessions not seen for a week are dropped,
 * and at most MAX_SESSIONS are kept (the least recent go first).
 *
 * Every read-change-write of the file holds `.consider/hook-state.lock` (the store's lock
 * mechanism): sessions stopping at once (subagents, parallel agents, the hook at both scopes)
 * would otherwise each write back what they read, and the last one would drop the others'
 * records — a block forgotten is a block given again (issue 34). A lock not had within
 * STATE_LOCK_WAIT_MS lets the stop go (fail open).
 *
 * It also remembers the feedback a context line was last given for in this turn (`told`), so a
 * session is told once per turn, not at SessionStart and again at its first prompt: any stop
 * ends the turn and forgets it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { acquireLock, considerPaths, readDataJson, writeFileAtomic } from '../../shared';

/** Blocks for one feedback (and blocks in a row), after which a stop goes through. */
export const MAX_BLOCKS = 3;
/** Sessions remembered; the least recent are forgotten first. */
export const MAX_SESSIONS = 256;
/** A session not seen for this long is forgotten. */
const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a hook waits for another session's hook to finish with the state. */
const STATE_LOCK_WAIT_MS = 5_000;

interface SessionState {
  /** The feedback the last block was for ('' when there was none, only a context line). */
  key: string;
  /** Stops blocked for `key`. */
  blocks: number;
  /** Stops blocked in a row, whatever the feedback (absent in files of earlier versions: `blocks`). */
  inRow?: number;
  /** The agent was let go since the last block. */
  released?: boolean;
  at: string;
  /** The feedback a context line was given for since the last stop. */
  told?: string;
}

interface StateFile {
  version: 1;
  sessions: Record<string, SessionState>;
}

function readState(root: string): StateFile {
  // Read as data (no link followed, size-capped): none yet, or not ours to trust, is no state.
  const parsed = readDataJson<Partial<StateFile>>(considerPaths(root).hookState);
  if (parsed?.version === 1 && parsed.sessions && typeof parsed.sessions === 'object' && !Array.isArray(parsed.sessions)) return parsed as StateFile;
  return { version: 1, sessions: {} };
}

/** Runs `change` on the state with the state's lock held; `unlocked` when the lock cannot be had in time. */
async function withState<T>(root: string, unlocked: T, change: (state: StateFile) => T): Promise<T> {
  let lock;
  try {
    lock = await acquireLock(path.join(considerPaths(root).dir, 'hook-state.lock'), STATE_LOCK_WAIT_MS);
  } catch {
    return unlocked;
  }
  try {
    return change(readState(root));
  } finally {
    lock.release();
  }
}

/** Writes the state (the most recent sessions); false when it could not be written. */
function writeState(root: string, state: StateFile, now: number): boolean {
  const recent = Object.entries(state.sessions)
    .filter(([, s]) => !(now - Date.parse(s.at) > SESSION_TTL_MS)) // a far-future or unreadable time is kept, not trusted
    .sort(([, a], [, b]) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const kept: StateFile = { version: 1, sessions: Object.fromEntries(recent.slice(0, MAX_SESSIONS)) };
  try {
    writeFileAtomic(considerPaths(root).hookState, JSON.stringify(kept, null, 1) + '\n');
    return true;
  } catch {
    return false;
  }
}

function isSessionState(s: unknown): s is SessionState {
  return !!s && typeof (s as SessionState).key === 'string' && Number.isInteger((s as SessionState).blocks);
}

/**
 * Whether to block this stop for the feedback named `key`, recording the decision.
 * `continuing` is what the agent says (format.ts): true right after a block, false for a fresh
 * turn, undefined when it does not say.
 */
export function shouldBlock(root: string, session: string, continuing: boolean | undefined, key: string, now = Date.now()): Promise<boolean> {
  return withState(root, false, (state) => decideBlock(root, state, session, continuing, key, now));
}

function decideBlock(root: string, state: StateFile, session: string, continuing: boolean | undefined, key: string, now: number): boolean {
  const stored = state.sessions[session];
  const last = isSessionState(stored) ? stored : undefined;
  const sameKey = last?.key === key;
  const at = new Date(now).toISOString();
  const letGo = (blocks: number): false => {
    state.sessions[session] = { key, blocks, inRow: 0, released: true, at };
    writeState(root, state, now);
    return false;
  };
  // Continuing because of our block, and nothing changed: its turn may end.
  if (sameKey && (continuing === true || (continuing === undefined && !last.released))) return letGo(last.blocks);
  const forKey = sameKey ? last.blocks : 0;
  const inRow = last && continuing !== false && !last.released ? (last.inRow ?? last.blocks) : 0;
  if (forKey >= MAX_BLOCKS || inRow >= MAX_BLOCKS) return letGo(forKey);
  state.sessions[session] = { key, blocks: forKey + 1, inRow: inRow + 1, at }; // a stop: `told` is over
  return writeState(root, state, now); // a block that is not remembered could repeat forever: let it go
}

/** Nothing is waiting at this stop: the session's blocks are over (writes only if there were some). */
export async function forgetBlocks(root: string, session: string): Promise<void> {
  try {
    if (!fs.existsSync(considerPaths(root).hookState) || !(session in readState(root).sessions)) return; // the common case: no lock taken
  } catch {
    return;
  }
  await withState(root, undefined, (state) => {
    if (!(session in state.sessions)) return;
    delete state.sessions[session];
    writeState(root, state, Date.now());
  });
}

/**
 * Whether to give the context line for the feedback named `key` (a prompt, a new session): not
 * when this session was already told about this very feedback since its last stop. Records it.
 */
export function shouldTell(root: string, session: string, key: string): Promise<boolean> {
  return withState(root, false, (state) => {
    const stored = state.sessions[session];
    const current = isSessionState(stored) ? stored : undefined;
    if (current?.told === key) return false;
    const now = Date.now();
    state.sessions[session] = { ...current, key: current?.key ?? '', blocks: current?.blocks ?? 0, at: new Date(now).toISOString(), told: key };
    writeState(root, state, now);
    return true;
  });
}
