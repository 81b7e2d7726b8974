/**
 * How the CLI knows a VS Code window with Consider is open on this workspace, and what the
 * developer set for the plan gate there: each window keeps a heartbeat file in
 * `.consider/plans/live/<window>.json` and touches it every LIVE_REFRESH_MS; a file not
 * touched for LIVE_STALE_MS belongs to a window that is gone (closed, crashed, reloading).
 * A plan is submitted for review only while one is live, so an agent never waits for a
 * reviewer who is not there (docs/plan-gate.md, "Never a trap").
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../store/atomic-write';
import { readDataJson } from '../data-file';
import { plansDir } from './plan-store';

/** How often a window touches its heartbeat. */
export const LIVE_REFRESH_MS = 5_000;
/** A heartbeat older than this is a window that is gone: three refreshes missed. */
export const LIVE_STALE_MS = 15_000;
/**
 * The longest wait a window may ask for: a day (as `plan … --timeout`). More is not a setting
 * (VS Code's allows 55 minutes) but a file someone wrote, and past 24.8 days Node's timer
 * overflows and fires at once.
 */
const MAX_PLAN_WAIT_S = 86_400;

/** What a window says about the plan gate (its settings, consider.planGate.*). */
export interface LiveEditor {
  /** The gate is on: plans open for review in this window. */
  gate: boolean;
  /** How long an agent waits for a verdict before it falls back to its own prompt. */
  timeoutSeconds: number;
  pid?: number;
  [unknownField: string]: unknown;
}

export function liveDir(root: string): string {
  return path.join(plansDir(root), 'live');
}

const WINDOW_ID = /^[A-Za-z0-9_-]{1,64}$/;

function liveFile(root: string, windowId: string): string {
  if (!WINDOW_ID.test(windowId)) throw new Error(`bad window id ${JSON.stringify(windowId)}`);
  return path.join(liveDir(root), `${windowId}.json`);
}

/** Writes (or rewrites, after a settings change) this window's heartbeat. */
export function writeLive(root: string, windowId: string, info: LiveEditor): void {
  fs.mkdirSync(liveDir(root), { recursive: true });
  writeFileAtomic(liveFile(root, windowId), JSON.stringify(info) + '\n', { syncDir: false });
}

/** Touches the heartbeat; false when it is gone (the caller writes it again). */
export function touchLive(root: string, windowId: string): boolean {
  const now = new Date();
  try {
    fs.utimesSync(liveFile(root, windowId), now, now);
    return true;
  } catch {
    return false;
  }
}

export function removeLive(root: string, windowId: string): void {
  try {
    fs.rmSync(liveFile(root, windowId), { force: true });
  } catch {
    /* gone already, or the folder went with the workspace */
  }
}

/**
 * The live windows' word on the gate: undefined when no window is live; the gate is on when
 * any live window has it on, and the wait is the longest any of them allows. Heartbeats long
 * dead are swept on the way (best effort).
 */
export function readLive(root: string, nowMs = Date.now()): LiveEditor | undefined {
  const dir = liveDir(root);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return undefined;
  }
  let found: LiveEditor | undefined;
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    const file = path.join(dir, name);
    let info: LiveEditor;
    try {
      const age = nowMs - fs.lstatSync(file).mtimeMs;
      if (age > LIVE_STALE_MS) {
        if (age > 24 * 3600_000) fs.rmSync(file, { force: true });
        continue;
      }
      // Dated in the future: no window touches its heartbeat ahead of the clock (a committed file, a touch -d).
      if (age < -LIVE_STALE_MS) continue;
      const read = readDataJson<LiveEditor>(file, 64 * 1024);
      if (!read) continue;
      info = read;
    } catch {
      continue;
    }
    if (typeof info?.gate !== 'boolean') continue;
    const asked = typeof info.timeoutSeconds === 'number' && Number.isFinite(info.timeoutSeconds) && info.timeoutSeconds > 0 ? info.timeoutSeconds : DEFAULT_PLAN_WAIT_S;
    const seconds = Math.min(asked, MAX_PLAN_WAIT_S);
    found = !found ? { gate: info.gate, timeoutSeconds: seconds }
      : { gate: found.gate || info.gate, timeoutSeconds: Math.max(found.timeoutSeconds, seconds) };
  }
  return found;
}

/** The default wait for a verdict: long enough for a person to read a plan and comment on it. */
export const DEFAULT_PLAN_WAIT_S = 30 * 60;
