/**
 * Rounds addressed to one agent session (docs/worktrees.md "Rounds go to the agent that wrote
 * the code"), through the built CLI: two Claude Code sessions in one checkout send their real
 * Stop hook input; `wait`, `review` and `list` are run with `--session`. The addressed round
 * reaches its session only; a round for any session reaches both, as before.
 */
import os from 'node:os';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addThread, addressRound, readStore, recentSessions, recordTurn, RECENT_SESSION_MS, submitReview } from '../shared';
import { ensureBuilt, makeWorkspace, runCli, runCliAsync } from './helpers/cli';
import type { CliResult, Workspace } from './helpers/cli';

let ws: Workspace;
beforeAll(() => ensureBuilt());
afterEach(() => ws?.cleanup());

/** What Claude Code sends its Stop hook (test/fixtures/hooks/claude-stop.json), for one session. */
function stop(session: string, extra: Record<string, unknown> = {}): CliResult {
  const input = JSON.stringify({ session_id: session, transcript_path: '/tmp/t.jsonl', cwd: ws.root, permission_mode: 'default', hook_event_name: 'Stop', stop_hook_active: false, ...extra });
  return runCli(ws.root, ['hook', 'stop', '--agent', 'claude'], { input, cwd: os.tmpdir() });
}
const blocks = (r: CliResult): boolean => r.code === 0 && r.stdout !== '' && JSON.parse(r.stdout).decision === 'block';
const letsStop = (r: CliResult): boolean => r.code === 0 && r.stdout === '';

async function roundFor(forSession?: string): Promise<string> {
  ws = makeWorkspace({ 'src/a.ts': 'one\ntwo\nthree\n' });
  const t = await addThread(ws.root, { file: 'src/a.ts', startLine: 1, endLine: 1, body: 'rename this', author: 'human', pending: true });
  await submitReview(ws.root, { message: 'Tighten it.', ...(forSession ? { forSession } : {}) });
  return t.id;
}

describe('a round addressed to one session', () => {
  it('blocks the Stop of its session only; the other session may stop', async () => {
    await roundFor('claude:sess-a');
    expect(readStore(ws.root).store.reviews![0]!.forSession).toBe('claude:sess-a');
    expect(letsStop(stop('sess-b'))).toBe(true);
    const a = stop('sess-a');
    expect(blocks(a)).toBe(true);
    expect(JSON.parse(a.stdout).reason).toContain('1 new review comment and 1 overall review message');
  });

  it('a round for any session blocks both, as before', async () => {
    await roundFor();
    expect(blocks(stop('sess-b'))).toBe(true);
    expect(blocks(stop('sess-a'))).toBe(true);
  });

  it('review and list --session show it to its session only; --json says forSession', async () => {
    const id = await roundFor('claude:sess-a');
    const other = runCli(ws.root, ['list', '--unseen', '--session', 'sess-b', '--json']);
    expect(other.code).toBe(0);
    expect(JSON.parse(other.stdout).comments).toEqual([]);
    const own = runCli(ws.root, ['list', '--unseen', '--session', 'claude:sess-a', '--json']);
    expect(JSON.parse(own.stdout).comments.map((c: { id: string }) => c.id)).toEqual([id]);
    const otherReview = runCli(ws.root, ['review', '--session', 'sess-b', '--json']);
    expect(JSON.parse(otherReview.stdout)).toMatchObject({ round: null });
    expect(runCli(ws.root, ['review', '1', '--session', 'sess-b']).code).toBe(2);
    const ownReview = runCli(ws.root, ['review', '--session', 'sess-a', '--json']);
    expect(JSON.parse(ownReview.stdout).round).toMatchObject({ round: 1, forSession: 'claude:sess-a' });
    // Reading it lets its session stop.
    expect(runCli(ws.root, ['reply', id, '-m', 'Done.', '--addressed']).code).toBe(0);
    expect(letsStop(stop('sess-a'))).toBe(true);
  });

  it('wait --session: the other session keeps waiting, its own wakes', async () => {
    await roundFor('claude:sess-a');
    const other = runCli(ws.root, ['wait', '--session', 'sess-b', '--timeout', '1']);
    expect(other.code).toBe(6);
    const unknown = runCli(ws.root, ['wait', '--timeout', '1']);
    expect(unknown.code).toBe(6);
    const own = await runCliAsync(ws.root, ['wait', '--session', 'sess-a', '--timeout', '5']);
    expect(own.code).toBe(0);
    expect(own.stdout).toContain('New from the developer: 1 unseen comment');
  });

  it('sent to any session again (its session ended), it reaches the others', async () => {
    await roundFor('claude:sess-a');
    expect(letsStop(stop('sess-b'))).toBe(true);
    await addressRound(ws.root, 1, undefined);
    expect(blocks(stop('sess-b'))).toBe(true);
  });

  it('bad session ids are a usage error; the store is untouched', async () => {
    await roundFor();
    const before = ws.storeBytes();
    const r = runCli(ws.root, ['list', '--session', 'a b;rm -rf']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--session must be a session id/);
    await expect(submitReview(ws.root, { message: 'x', forSession: '../../etc' })).rejects.toThrow(/session id/);
    expect(ws.storeBytes()!.equals(before!)).toBe(true);
  });
});

describe('recentSessions: the sessions Submit Review asks about', () => {
  it('the sessions with a turn within RECENT_SESSION_MS, most recent first; older or id-less ones are left out', async () => {
    await roundFor();
    const now = Date.parse('2026-11-28T12:00:00Z');
    recordTurn(ws.root, 'claude:old', 'ended', now - RECENT_SESSION_MS - 1000);
    recordTurn(ws.root, 'codex:b', 'ended', now - 60_000);
    recordTurn(ws.root, 'claude:a', 'running', now - 1000);
    recordTurn(ws.root, 'gemini:', 'ended', now - 1000);
    expect(recentSessions(ws.root, now).map((t) => t.session)).toEqual(['claude:a', 'codex:b']);
  });
});
