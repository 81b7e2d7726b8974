/**
 * A lane per agent session (docs/worktrees.md "A lane per agent"), through the built CLI: two
 * Claude Code sessions in one checkout send their real UserPromptSubmit and Stop hook input
 * (the hooks capture the workspace with the session as each turn starts and ends); the files
 * are edited between the hooks as each agent, and the developer, would. Then:
 * - `review` / `list --session` tell each session what others changed since its last turn;
 * - the captures say which session changed which files since the last round (Submit Review's default).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addThread, readStore } from '../shared';
import { captureChoices, changesBySession, forgetBaselines, listBaselines, readBaseline, sessionChoices, submitReviewWithBaseline } from '../shared/changes';
import { ensureBuilt, makeWorkspace, runCli } from './helpers/cli';
import type { CliResult, Workspace } from './helpers/cli';

let ws: Workspace;
beforeAll(() => ensureBuilt());
afterEach(() => ws?.cleanup());

/** Claude Code's hook input (test/fixtures/hooks/claude-prompt.json, claude-stop.json) for one session. */
function hook(event: 'prompt' | 'stop', session: string): CliResult {
  const input = event === 'prompt'
    ? { session_id: session, transcript_path: '/tmp/t.jsonl', cwd: ws.root, permission_mode: 'default', hook_event_name: 'UserPromptSubmit', prompt: 'Go on.' }
    : { session_id: session, transcript_path: '/tmp/t.jsonl', cwd: ws.root, permission_mode: 'default', hook_event_name: 'Stop', stop_hook_active: false };
  const r = runCli(ws.root, ['hook', event, '--agent', 'claude'], { input: JSON.stringify(input), cwd: os.tmpdir() });
  expect(r.code).toBe(0);
  return r;
}

/** A turn of `session`: its prompt hook, its edits, its stop hook. */
function turn(session: string, edits: Record<string, string>): void {
  hook('prompt', session);
  for (const [rel, text] of Object.entries(edits)) ws.write(rel, text);
  hook('stop', session);
}

async function workspace(): Promise<void> {
  ws = makeWorkspace({ 'src/a.ts': 'a\n', 'src/b.ts': 'b\n', 'src/c.ts': 'c\n' });
  // A store, so .consider/ exists (the hooks record turns only there), with nothing for the agent
  // to answer: a stop the hook blocks does not end the turn.
  await addThread(ws.root, { file: 'src/a.ts', startLine: 1, endLine: 1, body: 'note', author: 'agent' });
}

describe('turn captures record the session', () => {
  it('each hook turn start and end is a capture carrying its session and phase', async () => {
    await workspace();
    turn('sess-a', { 'src/a.ts': 'a2\n' });
    const turns = listBaselines(ws.root).filter((b) => b.kind === 'turn').map((b) => readBaseline(ws.root, b.id));
    expect(turns.map((r) => (r.ok ? [r.baseline.session, r.baseline.turn] : r.message))).toEqual([['claude:sess-a', 'start'], ['claude:sess-a', 'end']]);
  });

  it('a capture whose session is not a session id does not read (validated like every field); one without a session still reads', async () => {
    await workspace();
    turn('sess-a', { 'src/a.ts': 'a2\n' });
    const [start, end] = listBaselines(ws.root).filter((b) => b.kind === 'turn');
    const file = (id: string): string => path.join(ws.root, '.consider', 'baselines', `${id}.json`);
    const rewrite = (id: string, edit: (h: Record<string, unknown>) => void): void => {
      const [head, ...rest] = fs.readFileSync(file(id), 'utf8').split('\n');
      const h = JSON.parse(head!) as Record<string, unknown>;
      edit(h);
      fs.writeFileSync(file(id), [JSON.stringify(h), ...rest].join('\n'));
    };
    // A capture as written before captures had a session (the end builds on it), and one whose session is not an id.
    rewrite(start!.id, (h) => { delete h.session; delete h.turn; });
    rewrite(end!.id, (h) => { h.session = '../../etc passwd'; });
    forgetBaselines();
    const bad = readBaseline(ws.root, end!.id);
    expect(bad.ok).toBe(false);
    const old = readBaseline(ws.root, start!.id);
    expect(old.ok && old.baseline.session === undefined && old.baseline.turn === undefined).toBe(true);
  });

  it('turn captures are not baselines the Changes view offers, and never a round capture\'s parent', async () => {
    await workspace();
    const first = await submitReviewWithBaseline(ws.root, { message: 'round 1' });
    turn('sess-a', { 'src/a.ts': 'a2\n' });
    const second = await submitReviewWithBaseline(ws.root, { message: 'round 2' });
    const store = readStore(ws.root).store;
    expect(captureChoices(ws.root, store).map((c) => c.ref)).toEqual([{ kind: 'capture', id: second.baseline }, { kind: 'capture', id: first.baseline }]);
    // The round's manifest builds on the previous round's, not on the turn captures taken since.
    const header = JSON.parse(fs.readFileSync(path.join(ws.root, '.consider', 'baselines', `${second.baseline}.json`), 'utf8').split('\n')[0]!);
    expect(header.parent).toBe(first.baseline);
  });
});

describe('changed since your last turn (by others)', () => {
  it('review and list --session: what the developer and the other session changed since its last turn, not its own edits', async () => {
    await workspace();
    turn('sess-a', { 'src/a.ts': 'a2\n' });
    turn('sess-b', { 'src/b.ts': 'b2\n' });
    ws.write('src/dev.ts', 'the developer\n');
    // Session A's next turn: it edits a.ts again after its prompt; that is its own change.
    hook('prompt', 'sess-a');
    ws.write('src/a.ts', 'a3\n');
    const text = runCli(ws.root, ['review', '--session', 'sess-a']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Changed since your last turn (by others): src/b.ts, src/dev.ts.');
    const json = runCli(ws.root, ['list', '--session', 'claude:sess-a', '--json']).json();
    expect(json.changedSinceYourLastTurn).toMatchObject({ files: ['src/b.ts', 'src/dev.ts'] });
    // Session B is between turns: since its last one ended, the developer's file and A's edit.
    const b = runCli(ws.root, ['list', '--session', 'sess-b']);
    expect(b.stdout).toContain('Changed since your last turn (by others): src/a.ts, src/dev.ts.');
    const lean = runCli(ws.root, ['review', '--session', 'sess-b', '--lean']).json();
    expect(lean.changedSinceYourLastTurn.files).toEqual(['src/a.ts', 'src/dev.ts']);
  });

  it('nothing is said without a session, and null for a session none of whose turns ended here', async () => {
    await workspace();
    turn('sess-a', { 'src/a.ts': 'a2\n' });
    expect(runCli(ws.root, ['list']).stdout).not.toContain('Changed since your last turn');
    expect(runCli(ws.root, ['list', '--json']).json()).not.toHaveProperty('changedSinceYourLastTurn');
    expect(runCli(ws.root, ['review', '--session', 'sess-z', '--json']).json().changedSinceYourLastTurn).toBeNull();
    expect(runCli(ws.root, ['list', '--session', 'sess-z']).stdout).not.toContain('Changed since your last turn');
    // CONSIDER_SESSION is the same as --session.
    ws.write('src/c.ts', 'c2\n');
    expect(runCli(ws.root, ['list'], { env: { CONSIDER_SESSION: 'sess-a' } }).stdout).toContain('Changed since your last turn (by others): src/c.ts.');
  });
});

describe('which session made the changes since the last round (Submit Review\'s default)', () => {
  it('the session whose turns changed most files is first, though another acted more recently', async () => {
    await workspace();
    turn('sess-a', { 'src/a.ts': 'a2\n', 'src/b.ts': 'b2\n' });
    turn('sess-b', { 'src/c.ts': 'c2\n' });
    const by = changesBySession(ws.root, undefined);
    expect(by.map((s) => [s.session, s.files])).toEqual([['claude:sess-a', ['src/a.ts', 'src/b.ts']], ['claude:sess-b', ['src/c.ts']]]);
    expect(sessionChoices(ws.root, undefined).map((s) => [s.session, s.files])).toEqual([['claude:sess-a', 2], ['claude:sess-b', 1]]);
  });

  it('ties go to the session that acted most recently; a turn running now counts its edits so far', async () => {
    await workspace();
    turn('sess-a', { 'src/a.ts': 'a2\n' });
    turn('sess-b', { 'src/b.ts': 'b2\n' });
    expect(sessionChoices(ws.root, undefined).map((s) => [s.session, s.files])).toEqual([['claude:sess-b', 1], ['claude:sess-a', 1]]);
    hook('prompt', 'sess-a');
    ws.write('src/c.ts', 'c2\n');
    expect(sessionChoices(ws.root, undefined).map((s) => [s.session, s.files])).toEqual([['claude:sess-a', 2], ['claude:sess-b', 1]]);
  });

  it('counts only the turns since the last round\'s capture', async () => {
    await workspace();
    turn('sess-a', { 'src/a.ts': 'a2\n', 'src/b.ts': 'b2\n' });
    await submitReviewWithBaseline(ws.root, { message: 'round 1' });
    turn('sess-b', { 'src/c.ts': 'c2\n' });
    const store = readStore(ws.root).store;
    expect(changesBySession(ws.root, store).map((s) => [s.session, s.files.length])).toEqual([['claude:sess-b', 1]]);
  });
});
