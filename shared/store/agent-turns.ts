/**
 * Whether an agent is in the middle of a turn, as its hooks tell (`consider-cli hook`): the prompt
 * hook marks the session's turn running, a stop that lets the agent stop marks it ended (a stop
 * the hook blocks keeps it running: the agent goes on with the review). The Changes view waits
 * for the end of every running turn before it reverts a rejected change, so it never edits a file
 * under an agent that is writing it.
 *
 * One small file per session, `.consider/turns/<agent>_<session>.json`
 * (`{"version":1,"session":"claude:…","state":"running","at":"…"}`): two agents' hooks never write
 * the same file, so no lock is needed and none is lost. Written whole (temp file and rename;
 * no fsync: a turn record lost to a crash only makes a revert wait or go ahead one turn early),
 * read as data (regular files of at most MAX_TURN_BYTES; anything else is no record).
 * A turn running for longer than TURN_STALE_MS is taken as ended (the agent was killed before
 * its stop hook ran); records older than a week are removed when a hook writes.
 *
 * Agents whose hooks have no prompt event (Cursor, GitHub Copilot: setup/targets/hooks.ts) never
 * mark a turn running: for them a revert is applied at once, as for an idle agent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { considerPaths } from '../paths';
import { randomHex } from './atomic-write';

export type TurnState = 'running' | 'ended';

export const TURN_STALE_MS = 3 * 60 * 60 * 1000;
const RECORD_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_TURN_BYTES = 4096;
const MAX_RECORDS_READ = 512;

export interface TurnRecord {
  session: string;
  state: TurnState;
  at: string;
}

export function turnsDir(root: string): string {
  return path.join(considerPaths(root).dir, 'turns');
}

/** A session's file name: its characters that are safe in a name, the rest as `_`, bounded. */
export function turnFileName(session: string): string {
  return `${session.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120) || 'session'}.json`;
}

/**
 * Records that `session` (`<agent>:<session id>`) started or ended a turn. Best effort: a hook
 * never fails its agent over this (false when it could not be written). Only in a folder that
 * already has `.consider/`.
 */
export function recordTurn(root: string, session: string, state: TurnState, now = Date.now()): boolean {
  const dir = turnsDir(root);
  try {
    if (!fs.statSync(considerPaths(root).dir).isDirectory()) return false;
    if (fs.lstatSync(dir, { throwIfNoEntry: false })?.isSymbolicLink()) return false;
    fs.mkdirSync(dir, { recursive: true });
    const record: TurnRecord = { session, state, at: new Date(now).toISOString() };
    const file = path.join(dir, turnFileName(session));
    const temp = `${file}.tmp-${process.pid}-${randomHex(8)}`;
    try {
      fs.writeFileSync(temp, JSON.stringify({ version: 1, ...record }) + '\n', { flag: 'wx' });
      fs.renameSync(temp, file);
    } finally {
      fs.rmSync(temp, { force: true });
    }
    if (state === 'ended') forgetOldTurns(dir, now);
    return true;
  } catch {
    return false;
  }
}

function forgetOldTurns(dir: string, now: number): void {
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    const file = path.join(dir, name);
    const st = fs.lstatSync(file, { throwIfNoEntry: false });
    if (st?.isFile() && now - st.mtimeMs > RECORD_TTL_MS) fs.rmSync(file, { force: true });
  }
}

/** Every session's last record (at most MAX_RECORDS_READ, unreadable ones left out). */
export function readTurns(root: string): TurnRecord[] {
  const dir = turnsDir(root);
  let names: string[];
  try {
    if (fs.lstatSync(dir, { throwIfNoEntry: false })?.isSymbolicLink()) return [];
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.json')).slice(0, MAX_RECORDS_READ);
  } catch {
    return [];
  }
  const out: TurnRecord[] = [];
  for (const name of names) {
    try {
      const file = path.join(dir, name);
      const st = fs.lstatSync(file);
      if (!st.isFile() || st.size > MAX_TURN_BYTES) continue;
      const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      if (raw.version !== 1 || typeof raw.session !== 'string' || (raw.state !== 'running' && raw.state !== 'ended') || typeof raw.at !== 'string') continue;
      out.push({ session: raw.session, state: raw.state, at: raw.at });
    } catch {
      /* written right now, or not a record: none */
    }
  }
  return out;
}

/**
 * Whether a turn record says its agent is at work now: running, and for no longer than
 * TURN_STALE_MS (a turn "running" for hours is an agent that died mid-turn). A time that cannot
 * be read, or one in the future, is no evidence of a turn running now.
 */
export function isWorkingNow(t: TurnRecord, now = Date.now()): boolean {
  const at = Date.parse(t.at);
  return t.state === 'running' && Number.isFinite(at) && at <= now + 60_000 && now - at <= TURN_STALE_MS;
}

/** The sessions whose turn is running now (not ended, not older than TURN_STALE_MS). */
export function runningTurns(root: string, now = Date.now()): TurnRecord[] {
  return readTurns(root).filter((t) => isWorkingNow(t, now));
}

/** The newest turn recorded in `root` by any session (what its agent last did), if any. */
export function newestTurn(root: string): TurnRecord | undefined {
  let newest: TurnRecord | undefined;
  let newestAt = -Infinity;
  for (const t of readTurns(root)) {
    const at = Date.parse(t.at);
    if (Number.isFinite(at) && at > newestAt) {
      newest = t;
      newestAt = at;
    }
  }
  return newest;
}

/**
 * How recent a session's last turn record must be for Submit Review to offer it as the round's
 * addressee (docs/worktrees.md): two hours. An agent idle for longer is most likely closed (its
 * record says `ended` after every turn, so "ended" alone cannot tell a closed session from one
 * waiting for its next prompt); a round for it would wait unseen.
 */
export const RECENT_SESSION_MS = 2 * 60 * 60 * 1000;

/**
 * The sessions that acted in this checkout within RECENT_SESSION_MS, the most recent first.
 * Records without a session id (`claude:`: an agent whose input had none) cannot be addressed.
 */
export function recentSessions(root: string, now = Date.now()): TurnRecord[] {
  return readTurns(root)
    .filter((t) => {
      const at = Date.parse(t.at);
      const id = t.session.slice(t.session.indexOf(':') + 1);
      return id !== '' && Number.isFinite(at) && at <= now + 60_000 && now - at <= RECENT_SESSION_MS;
    })
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}
