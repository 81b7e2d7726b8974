/**
 * `consider-cli hook <event> --agent <agent>` (docs/agent-loop.md) through the built CLI
 * process: each agent's documented hook input (test/fixtures/hooks/, sources in its README)
 * on stdin, the output checked against that agent's documented shape, exact keys and all.
 * The process runs from an unrelated folder, so the workspace must come from the input.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addThread, markSeenByAgent, setWorkflowState, submitReview } from '../shared';
import { ensureBuilt, makeWorkspace, runCli } from './helpers/cli';
import { recordProject } from '../setup/user-install';
import { OWN_HOOK_FILES } from '../cli/hook/borrowed';
import { hookEntries, hookRow } from '../setup/targets/hooks';
import type { CliResult, Workspace } from './helpers/cli';

let ws: Workspace;
beforeAll(() => ensureBuilt());
afterEach(() => ws?.cleanup());

const FIXTURES = path.join(__dirname, 'fixtures', 'hooks');
type Event = 'stop' | 'prompt' | 'session-start';
type Shape = (text: unknown) => unknown;

/**
 * What each agent's documentation says the hook prints (undefined: the agent has no way to take
 * it at that event, so nothing is printed), and how its input says "this stop follows n blocked ones".
 */
interface Expected { stop: Shape; prompt?: Shape; 'session-start'?: Shape; continuing(n: number): Record<string, unknown> }
const CLAUDE: Expected = {
  stop: (t) => ({ decision: 'block', reason: t }),
  prompt: (t) => ({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: t } }),
  'session-start': (t) => ({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: t } }),
  continuing: (n) => ({ stop_hook_active: n > 0 }),
};
const AGENTS: Record<string, Expected> = {
  claude: CLAUDE,
  codex: CLAUDE, // Codex documents Claude Code's wire format (its hook schemas)
  gemini: {
    stop: (t) => ({ decision: 'deny', reason: t }),
    prompt: (t) => ({ hookSpecificOutput: { hookEventName: 'BeforeAgent', additionalContext: t } }),
    'session-start': (t) => ({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: t } }),
    continuing: (n) => ({ stop_hook_active: n > 0 }),
  },
  cursor: {
    stop: (t) => ({ followup_message: t }),
    'session-start': (t) => ({ additional_context: t }),
    continuing: (n) => ({ loop_count: n }),
  },
  copilot: {
    stop: (t) => ({ decision: 'block', reason: t }),
    'session-start': (t) => ({ additionalContext: t }),
    continuing: (n) => ({ stop_hook_active: n > 0 }),
  },
  opencode: {
    stop: (t) => ({ message: t }),
    prompt: (t) => ({ context: t }),
    'session-start': (t) => ({ context: t }),
    continuing: (n) => ({ stop_hook_active: n > 0 }), // our plugin says whether its prompt after a block arrived
  },
};
const EVENTS: Event[] = ['stop', 'prompt', 'session-start'];

/** The agent's documented input for `event`, in this workspace, with `extra` fields set. */
function fixture(agent: string, event: Event, extra: Record<string, unknown> = {}): string {
  const text = fs.readFileSync(path.join(FIXTURES, `${agent}-${event}.json`), 'utf8').replaceAll('"$ROOT"', JSON.stringify(ws.root));
  return JSON.stringify({ ...JSON.parse(text), ...extra });
}

/** Runs the hook as the agent would, from a folder outside the workspace. */
function hook(agent: string, event: Event, input: string): CliResult {
  return runCli(ws.root, ['hook', event, '--agent', agent], { input, cwd: os.tmpdir() });
}

function expectSilent(r: CliResult): void {
  expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ code: 0, stdout: '', stderr: '' });
}

const CLI = '.consider/bin/consider-cli';
/** The threads waiting, as `list --unseen` orders them: the reason names them in that order. */
const waiting = (): string[] => runCli(ws.root, ['list', '--unseen', '--json']).json().comments.map((c: { id: string }) => c.id);
/** “c_1, c_2 and c_3”, “c_1, c_2, c_3 and 2 more”. */
function named(ids: string[]): string {
  if (ids.length > 3) return `${ids.slice(0, 3).join(', ')} and ${ids.length - 3} more`;
  return ids.length > 1 ? `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}` : ids[0]!;
}
const reply = (id: string) => `answer each with \`${CLI} reply ${id} --message "…" --addressed\` (or --declined, --question)`;
const reasonFor = (ids: string[] = waiting()) =>
  `${ids.length} new review comment${ids.length === 1 ? '' : 's'} from the developer (Consider): ${named(ids)}. Run \`${CLI} list --unseen\`, `
  + `read each comment with \`${CLI} context ${ids[0]}\` (and so on), ${reply(ids[0]!)}, then stop.`;
const contextFor = (ids: string[] = waiting()) =>
  `Consider: ${ids.length} new review comment${ids.length === 1 ? '' : 's'} from the developer waiting (${named(ids)}); run \`${CLI} list --unseen\` and ${reply(ids[0]!)}.`
  + ` New to this review? \`${CLI} digest\` shows all of it on one page.`;

function fresh(): Workspace {
  ws = makeWorkspace({ 'src/a.ts': 'one\ntwo\nthree\nfour\n', 'src/b.ts': 'alpha\nbeta\n' });
  return ws;
}

let line = 0;
const humanThread = (opts: { pending?: boolean } = {}) =>
  addThread(ws.root, { file: 'src/a.ts', startLine: 1 + (line++ % 4), endLine: 1 + ((line - 1) % 4), body: `look here ${line}`, author: 'human', ...opts });

describe.each(Object.keys(AGENTS))('hook --agent %s', (agent) => {
  const want = AGENTS[agent]!;

  it('prints nothing at any event when nothing is waiting', async () => {
    fresh();
    const seen = await humanThread();
    await markSeenByAgent(ws.root, [seen.id]);
    for (const event of EVENTS) expectSilent(hook(agent, event, fixture(agent, event)));
  });

  it('blocks the stop and adds context with the exact count while feedback waits', async () => {
    fresh();
    await humanThread();
    await humanThread();
    const seen = await humanThread(); // read by the agent: not waiting
    await markSeenByAgent(ws.root, [seen.id]);
    await setWorkflowState(ws.root, (await humanThread()).id, 'resolved', 'human'); // resolved: not waiting
    await humanThread({ pending: true }); // the developer's pending review: not waiting yet
    const stop = hook(agent, 'stop', fixture(agent, 'stop'));
    expect(stop.code).toBe(0);
    expect(stop.json()).toStrictEqual(want.stop(reasonFor()));
    expect(stop.stdout.endsWith('}\n')).toBe(true);
    const state = JSON.parse(fs.readFileSync(path.join(ws.root, '.consider', 'hook-state.json'), 'utf8'));
    expect(Object.values(state.sessions)).toEqual([expect.objectContaining({ blocks: 1 })]);
    for (const event of ['prompt', 'session-start'] as const) {
      fs.rmSync(path.join(ws.root, '.consider', 'hook-state.json'), { force: true }); // each event as the first of a session
      const r = hook(agent, event, fixture(agent, event));
      const shape = want[event];
      if (shape) expect(r.json()).toStrictEqual(shape(contextFor()));
      else expectSilent(r); // the agent takes no context at this event
    }
  });

  it('lets a continuing agent stop when the feedback did not change, and blocks again in a fresh turn', async () => {
    fresh();
    await humanThread();
    expect(hook(agent, 'stop', fixture(agent, 'stop', want.continuing(0))).json()).toStrictEqual(want.stop(reasonFor()));
    expectSilent(hook(agent, 'stop', fixture(agent, 'stop', want.continuing(1))));
    expect(hook(agent, 'stop', fixture(agent, 'stop', want.continuing(0))).json()).toStrictEqual(want.stop(reasonFor()));
  });

  it('lets the agent stop after 3 blocks in a row even while new feedback keeps coming', async () => {
    fresh();
    for (let n = 0; n < 3; n++) {
      await humanThread();
      expect(hook(agent, 'stop', fixture(agent, 'stop', want.continuing(n))).json()).toStrictEqual(want.stop(reasonFor()));
    }
    await humanThread();
    expectSilent(hook(agent, 'stop', fixture(agent, 'stop', want.continuing(3))));
  });

  it('a broken store: exit 0, no output, the store byte-identical', () => {
    fresh();
    fs.mkdirSync(path.join(ws.root, '.consider'));
    fs.writeFileSync(ws.storePath, '{"version":1,"comments":[{"id":');
    const before = ws.storeBytes()!;
    for (const event of EVENTS) expectSilent(hook(agent, event, fixture(agent, event)));
    expect(ws.storeBytes()!.equals(before)).toBe(true);
  });

  it('no .consider folder: exit 0, no output, nothing created', () => {
    fresh();
    for (const event of EVENTS) expectSilent(hook(agent, event, fixture(agent, event)));
    expect(fs.existsSync(path.join(ws.root, '.consider'))).toBe(false);
  });

  it('input that is not a JSON object: exit 0, no output, even while feedback waits', async () => {
    fresh();
    await humanThread();
    for (const input of ['not json', '{"cwd":', '[1,2]', '"text"', 'null', '\u0000\u0001']) {
      for (const event of EVENTS) expectSilent(runCli(ws.root, ['hook', event, '--agent', agent], { input }));
    }
  });
});

describe('hook: never traps the agent, whatever the disk, clock or install (issue 29)', () => {
  const stop = (extra: Record<string, unknown>, session = 'trap') => hook('claude', 'stop', fixture('claude', 'stop', { session_id: session, ...extra }));
  const blocked = (r: CliResult) => r.stdout !== '' && r.json().decision === 'block';

  it('a hook-state.json that cannot be written (a folder in its place): every stop goes through', async () => {
    fresh();
    await humanThread();
    fs.mkdirSync(path.join(ws.root, '.consider', 'hook-state.json'));
    for (let n = 0; n < 4; n++) expectSilent(stop({ stop_hook_active: n > 0 }));
  });

  it('an agent that always says stop_hook_active: false is let go after 3 blocks for the same feedback', async () => {
    fresh();
    await humanThread();
    const answers = Array.from({ length: 6 }, () => blocked(stop({ stop_hook_active: false })));
    expect(answers).toEqual([true, true, true, false, false, false]);
    await humanThread(); // new feedback: announced again
    expect(blocked(stop({ stop_hook_active: false }))).toBe(true);
  });

  it('the same hook installed twice (home and project scope) answering every stop: the agent is let go', async () => {
    fresh();
    await humanThread();
    const twice = (extra: Record<string, unknown>) => [blocked(stop(extra)), blocked(stop(extra))];
    expect(twice({ stop_hook_active: false })).toEqual([true, true]);
    expect(twice({ stop_hook_active: true })).toEqual([false, false]); // continuing, nothing new: both let it stop
    // And with an agent that always says false: at most 3 blocks for this feedback, then never again.
    const stops = Array.from({ length: 4 }, () => twice({ stop_hook_active: false }).some(Boolean));
    expect(stops).toEqual([true, false, false, false]);
  });

  it('many other sessions stopping in between do not make a session forget it was let go', async () => {
    fresh();
    await humanThread();
    expect(blocked(stop({ stop_hook_active: false }, 'mine'))).toBe(true);
    const others = Array.from({ length: 40 }, (_, i) => JSON.stringify({ session_id: `other-${i}`, cwd: ws.root, stop_hook_active: false }));
    for (const input of others) expect(blocked(hook('claude', 'stop', input))).toBe(true);
    expectSilent(stop({ stop_hook_active: true }, 'mine'));
  }, 120_000);

  it('human activity dated in the future (another machine\'s clock) blocks until the agent reads it, then never again', async () => {
    fresh();
    const t = await humanThread();
    const store = ws.store();
    store.comments.find((c: { id: string }) => c.id === t.id).createdAt = '2999-01-01T00:00:00.000Z';
    fs.writeFileSync(ws.storePath, JSON.stringify(store));
    const answers = [blocked(stop({ stop_hook_active: false }))];
    for (let n = 0; n < 4; n++) {
      expect(runCli(ws.root, ['get', t.id]).code).toBe(0); // the agent reads it: seen, though the activity is later than now
      answers.push(blocked(stop({ stop_hook_active: false })));
    }
    expect(answers).toEqual([true, false, false, false, false]);
  });

  it('stdin left open by the agent: the hook answers from what arrived, within its deadline', async () => {
    fresh();
    await humanThread();
    const child = spawn(process.execPath, [path.join(__dirname, '..', 'dist', 'runtime', 'bin', 'consider-cli.cjs'), 'hook', 'stop', '--agent', 'claude'], { cwd: os.tmpdir(), stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => { out += b; });
    child.stdin.write(fixture('claude', 'stop')); // and never closed
    const started = Date.now();
    const code = await new Promise<number | null>((resolve) => {
      const kill = setTimeout(() => child.kill(), 15_000);
      child.on('exit', (c) => { clearTimeout(kill); resolve(c); });
    });
    const took = Date.now() - started;
    child.stdin.destroy();
    expect({ code, decision: out ? JSON.parse(out).decision : out }).toEqual({ code: 0, decision: 'block' });
    expect(took).toBeLessThan(10_000);
  }, 30_000);
});

describe('hook: the rest of the contract', () => {
  it('empty stdin answers for the workspace found from the working folder (or --root)', async () => {
    fresh();
    await humanThread();
    expect(runCli(ws.root, ['hook', 'stop', '--agent', 'claude'], { input: '' }).json()).toStrictEqual({ decision: 'block', reason: reasonFor() });
    fs.rmSync(path.join(ws.root, '.consider', 'hook-state.json'));
    const sub = path.join(ws.root, 'src');
    expect(runCli(ws.root, ['hook', 'stop', '--agent', 'claude'], { input: '', cwd: sub }).json().decision).toBe('block');
    fs.rmSync(path.join(ws.root, '.consider', 'hook-state.json'));
    expect(runCli(ws.root, ['hook', 'stop', '--agent', 'claude', '--root', ws.root], { input: '', cwd: os.tmpdir() }).json().decision).toBe('block');
  });

  it('a subfolder as the agent cwd finds the workspace above it', async () => {
    fresh();
    await humanThread();
    const input = JSON.stringify({ session_id: 's', cwd: path.join(ws.root, 'src'), stop_hook_active: false });
    expect(runCli(ws.root, ['hook', 'stop', '--agent', 'claude'], { input, cwd: os.tmpdir() }).json().decision).toBe('block');
  });

  it('unknown agent, unknown event, odd options, missing arguments: exit 0, no output, one line on stderr saying what is wrong', async () => {
    fresh();
    await humanThread();
    const input = fixture('claude', 'stop');
    for (const [args, problem] of [
      [['hook', 'stop', '--agent', 'claude-code'], /^--agent must be one of claude\|codex\|gemini\|cursor\|copilot\|opencode \(got "claude-code"\)/],
      [['hook', 'end', '--agent', 'claude'], /^the event must be one of stop\|prompt\|session-start or Claude Code's own Stop\|UserPromptSubmit\|SessionStart \(got "end"\)/],
      [['hook', 'AfterAgent', '--agent', 'claude'], /^the event must be one of .* \(got "AfterAgent"\)/], // Gemini's name, not Claude's
      [['hook', 'stop'], /^--agent must be one of .* \(got ""\)/],
      [['hook'], /^--agent must be one of/],
      [['hook', 'stop', '--agent'], /^--agent must be one of/],
      [['hook', '--agent', 'claude'], /^the event must be one of .* \(got ""\)/],
      [['hook', 'stop', '--agent', 'toString'], /^--agent must be one of .* \(got "toString"\)/],
      [['hook', 'stop', '--agent', '__proto__'], /^--agent must be one of .* \(got "__proto__"\)/],
      [['hook', 'stop', '--root', '/nonexistent/folder', '--agent', 'nobody'], /^--agent must be one of .* \(got "nobody"\)/],
    ] as const) {
      const r = runCli(ws.root, [...args], { input, cwd: os.tmpdir() });
      expect({ code: r.code, stdout: r.stdout }, args.join(' ')).toEqual({ code: 0, stdout: '' });
      const lines = r.stderr.split('\n').filter(Boolean);
      expect(lines, args.join(' ')).toHaveLength(1);
      expect(lines[0]!.replace(/^consider-cli: hook: /, ''), args.join(' ')).toMatch(problem);
      expect(lines[0]).toMatch(/; nothing done \(a hook always exits 0 and prints nothing then\), see consider-cli hook --help$/);
    }
  });

  it("each agent's own event names answer as ours do (`hook Stop --agent claude`), in any letter case", async () => {
    const own: Record<string, Record<string, Event>> = {
      claude: { Stop: 'stop', UserPromptSubmit: 'prompt', SessionStart: 'session-start' },
      codex: { Stop: 'stop', UserPromptSubmit: 'prompt', SessionStart: 'session-start' },
      gemini: { AfterAgent: 'stop', BeforeAgent: 'prompt', SessionStart: 'session-start' },
      cursor: { stop: 'stop', sessionStart: 'session-start' },
      copilot: { agentStop: 'stop', Stop: 'stop', sessionStart: 'session-start' },
      opencode: { 'session.idle': 'stop' },
    };
    for (const [agent, names] of Object.entries(own)) {
      fresh();
      await humanThread(); // waiting all along: a hook never marks it read
      for (const [name, event] of Object.entries(names)) {
        const want = event === 'stop' ? AGENTS[agent]!.stop(reasonFor()) : AGENTS[agent]![event]!(contextFor());
        for (const spelled of agent === 'claude' && event === 'stop' ? [name, name.toUpperCase()] : [name]) {
          const r = runCli(ws.root, ['hook', spelled, '--agent', agent], { input: fixture(agent, event), cwd: os.tmpdir() });
          expect({ stderr: r.stderr, out: r.json() }, `${agent} ${spelled}`).toStrictEqual({ stderr: '', out: want });
          fs.rmSync(path.join(ws.root, '.consider', 'hook-state.json'), { force: true }); // each stop a first block
        }
      }
      ws.cleanup();
    }
  }, 120_000);

  it('--if-set-up: answers only in a project recorded as set up by this user', async () => {
    fresh();
    await humanThread();
    const home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-home-')));
    try {
      const guarded = () => runCli(ws.root, ['hook', 'stop', '--agent', 'claude', '--if-set-up'], { input: fixture('claude', 'stop'), cwd: os.tmpdir(), env: { HOME: home } });
      expectSilent(guarded()); // a folder with a store and waiting feedback, but never set up by this user (a clone that commits .consider/)
      expect(fs.existsSync(path.join(ws.root, '.consider', 'hook-state.json'))).toBe(false);
      recordProject(home, ws.root);
      expect(guarded().json()).toStrictEqual({ decision: 'block', reason: reasonFor() });
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('an option it does not know yet does not stop it from answering', async () => {
    fresh();
    await humanThread();
    const r = runCli(ws.root, ['hook', 'stop', '--agent', 'claude', '--future-option', 'x', '--json'], { input: fixture('claude', 'stop'), cwd: os.tmpdir() });
    expect(r.json()).toStrictEqual({ decision: 'block', reason: reasonFor() });
  });

  it('Cursor: an aborted or failed run is not extended', async () => {
    fresh();
    await humanThread();
    for (const status of ['aborted', 'error']) expectSilent(hook('cursor', 'stop', fixture('cursor', 'stop', { status })));
    expect(hook('cursor', 'stop', fixture('cursor', 'stop')).json()).toStrictEqual({ followup_message: reasonFor() });
  });

  it('sessions are kept apart: one session let go does not let another go', async () => {
    fresh();
    await humanThread();
    expect(hook('claude', 'stop', fixture('claude', 'stop', { session_id: 'one' })).json().decision).toBe('block');
    expect(hook('claude', 'stop', fixture('claude', 'stop', { session_id: 'two', stop_hook_active: true })).json().decision).toBe('block');
    expectSilent(hook('claude', 'stop', fixture('claude', 'stop', { session_id: 'one', stop_hook_active: true })));
  });

  it('a pending review does not block; its submit does; replies to all (and reading the review) let the agent stop', async () => {
    fresh();
    const a = await humanThread({ pending: true });
    const b = await humanThread({ pending: true });
    for (const event of EVENTS) expectSilent(hook('claude', event, fixture('claude', event)));

    await submitReview(ws.root, { message: 'Tighten the error handling.' });
    const blocked = hook('claude', 'stop', fixture('claude', 'stop'));
    expect(blocked.json()).toStrictEqual({
      decision: 'block',
      reason: `2 new review comments and 1 overall review message from the developer (Consider): ${named(waiting())}. Run \`${CLI} list --unseen\` and \`${CLI} review\` (the overall message), `
        + `read each comment with \`${CLI} context ${waiting()[0]}\` (and so on), ${reply(waiting()[0]!)}, then stop.`,
    });

    // The agent does what the reason says.
    expect(runCli(ws.root, ['review']).code).toBe(0);
    expect(runCli(ws.root, ['reply', a.id, '-m', 'Done.', '--addressed']).code).toBe(0);
    expect(hook('claude', 'stop', fixture('claude', 'stop', { stop_hook_active: true })).json()).toStrictEqual({ decision: 'block', reason: reasonFor() });
    expect(runCli(ws.root, ['reply', b.id, '-m', 'Why?', '--question']).code).toBe(0);
    expectSilent(hook('claude', 'stop', fixture('claude', 'stop', { stop_hook_active: true })));
    expectSilent(hook('claude', 'stop', fixture('claude', 'stop')));
    for (const event of ['prompt', 'session-start'] as const) expectSilent(hook('claude', event, fixture('claude', event)));
  });

  it('a settled store with its list index (the fast path) gives the same answer', async () => {
    fresh();
    // Files written over 2 s before the threads' check: the index may trust their stat (reconcile/stat-trust.ts settledByStat).
    await new Promise((r) => setTimeout(r, 2_100));
    await humanThread();
    await humanThread();
    expect(runCli(ws.root, ['list', '--json']).code).toBe(0); // settles, and leaves the index of that store
    expect(hook('claude', 'stop', fixture('claude', 'stop')).json()).toStrictEqual({ decision: 'block', reason: reasonFor() });
    expect(hook('claude', 'prompt', fixture('claude', 'prompt')).json().hookSpecificOutput.additionalContext).toBe(contextFor());
  });
});

describe('hook: each thing once, where the agent reads it (issue 24)', () => {
  it('names the waiting threads by their real ids, never a placeholder in angle brackets', async () => {
    fresh();
    for (let n = 0; n < 5; n++) await humanThread();
    const ids = waiting();
    const reason = hook('codex', 'stop', fixture('codex', 'stop')).json().reason as string;
    expect(reason).toBe(reasonFor(ids));
    expect(reason).toContain(`${ids.slice(0, 3).join(', ')} and 2 more`);
    expect(reason).not.toMatch(/[<>]/);
    const context = hook('gemini', 'prompt', fixture('gemini', 'prompt')).json().hookSpecificOutput.additionalContext as string;
    expect(context).toBe(contextFor(ids));
    expect(context).not.toMatch(/[<>]/);
  });

  it('gives the context line once a turn: at SessionStart, not again at the first prompt; again in the next turn', async () => {
    fresh();
    await humanThread();
    expect(hook('claude', 'session-start', fixture('claude', 'session-start')).json().hookSpecificOutput.additionalContext).toBe(contextFor());
    expectSilent(hook('claude', 'prompt', fixture('claude', 'prompt')));
    expect(hook('claude', 'stop', fixture('claude', 'stop')).json()).toStrictEqual({ decision: 'block', reason: reasonFor() });
    expectSilent(hook('claude', 'stop', fixture('claude', 'stop', { stop_hook_active: true }))); // the agent did nothing: let go
    expect(hook('claude', 'prompt', fixture('claude', 'prompt')).json().hookSpecificOutput.additionalContext).toBe(contextFor());
    await humanThread(); // new feedback within the turn is news
    expect(hook('claude', 'prompt', fixture('claude', 'prompt')).json().hookSpecificOutput.additionalContext).toBe(contextFor());
  });

  it('adds no context line to a prompt that is its own stop reason coming back (Gemini CLI, OpenCode)', async () => {
    fresh();
    await humanThread();
    const reason = hook('gemini', 'stop', fixture('gemini', 'stop')).json().reason as string;
    expectSilent(hook('gemini', 'prompt', fixture('gemini', 'prompt', { prompt: reason })));
    const message = hook('opencode', 'stop', fixture('opencode', 'stop')).json().message as string;
    expectSilent(hook('opencode', 'prompt', fixture('opencode', 'prompt', { prompt: message })));
  });

  it('OpenCode: a block whose prompt never reached the session (opencode run exits first) does not let the next stop through', async () => {
    fresh();
    await humanThread();
    expect(hook('opencode', 'stop', fixture('opencode', 'stop', { stop_hook_active: false })).json()).toStrictEqual({ message: reasonFor() });
    expect(hook('opencode', 'stop', fixture('opencode', 'stop', { stop_hook_active: false })).json()).toStrictEqual({ message: reasonFor() });
    expectSilent(hook('opencode', 'stop', fixture('opencode', 'stop', { stop_hook_active: true })));
  });

  it("Copilot CLI running Claude Code's hooks: quiet when Copilot's own Consider hook is there, Claude's answer when not", async () => {
    fresh();
    await humanThread();
    const asCopilot = (agent: string) => runCli(ws.root, ['hook', 'stop', '--agent', agent], { input: fixture('claude', 'stop'), cwd: os.tmpdir(), env: { COPILOT_CLI: '1' } });
    expect(asCopilot('claude').json()).toStrictEqual({ decision: 'block', reason: reasonFor() });
    fs.rmSync(path.join(ws.root, '.consider', 'hook-state.json'));
    writeOwnHook('copilot', 'project');
    expectSilent(asCopilot('claude'));
    expect(asCopilot('copilot').json()).toStrictEqual({ decision: 'block', reason: reasonFor() });
  });

  it("Cursor running Claude Code's hooks (its input carries cursor_version): quiet when Cursor's own Consider hook is there", async () => {
    fresh();
    await humanThread();
    const input = fixture('claude', 'stop', { cursor_version: '1.7.2' });
    writeOwnHook('cursor', 'project');
    expectSilent(runCli(ws.root, ['hook', 'stop', '--agent', 'claude'], { input, cwd: os.tmpdir() }));
    expect(hook('claude', 'stop', fixture('claude', 'stop')).json().decision).toBe('block'); // Claude Code itself
  });

  it("knows where the borrowing agents' own hooks are: setup's table", () => {
    for (const [agent, files] of Object.entries(OWN_HOOK_FILES)) {
      const row = hookRow(agent)!;
      expect({ project: row.projectFile, home: row.homeFile }).toEqual(files);
    }
  });
});

/** The hook file setup writes for `agent` (setup/targets/hooks.ts), in the workspace. */
function writeOwnHook(agent: string, scope: 'project'): void {
  const row = hookRow(agent)!;
  if (row.kind !== 'json') throw new Error(`${agent} has no JSON hook file`);
  const file = path.join(ws.root, scope === 'project' ? row.projectFile : row.homeFile);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const hooks: Record<string, unknown[]> = {};
  for (const { name, entry } of hookEntries(row)) (hooks[name] ??= []).push(entry);
  fs.writeFileSync(file, JSON.stringify({ ...row.skeleton, hooks }, null, 2));
}
