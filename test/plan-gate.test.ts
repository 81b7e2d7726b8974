/**
 * `consider-cli plan submit|wait|status` (docs/plan-gate.md) as the agent runs it: the built CLI
 * in a child process, the VS Code side played with the extension's own store functions
 * (helpers/plans.ts): its heartbeat, the developer's comments on the plan, the verdict. Covers
 * the round trip (two comments, changes requested with both quoted, version 2 re-anchored with
 * one comment stale, approved), every way the wait ends (verdict, timeout, Ctrl+C, VS Code gone
 * or reloading, the gate off), bad plans, and two agents at once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listPlans, planDocumentRel, readPlan, readStore, readWaiter, writeLive } from '../shared';
import { cliUnderTest, ensureBuilt, makeWorkspace, runCli, runCliAsync, type CliResult, type Workspace } from './helpers/cli';
import { commentOnPlan, decide, liveWindow, planFilesOf, waitingPlan } from './helpers/plans';

let ws: Workspace;
let stopLive: (() => void) | undefined;
beforeAll(() => ensureBuilt());
afterEach(() => {
  stopLive?.();
  stopLive = undefined;
  ws?.cleanup();
});

// Step 2 rewritten; step 4 unchanged; a step added after it (the real-VS-Code scenario uses the same two).
const V1 = fs.readFileSync(path.join(__dirname, 'fixtures', 'plans', 'session-auth-v1.md'), 'utf8');
const V2 = fs.readFileSync(path.join(__dirname, 'fixtures', 'plans', 'session-auth-v2.md'), 'utf8');

function workspace(): Workspace {
  ws = makeWorkspace({ 'plan.md': V1, 'plan2.md': V2, 'src/app.ts': 'export {};\n' });
  fs.mkdirSync(ws.file('.consider'));
  return ws;
}

describe('consider-cli plan', () => {
  it('round trip: two comments → changes requested, both quoted (exit 7) → v2 re-anchors them, one stale → approved (exit 0)', async () => {
    workspace();
    stopLive = liveWindow(ws.root);
    const first = runCliAsync(ws.root, ['plan', 'submit', 'plan.md', '--wait', '--agent', 'claude']);
    const id = await waitingPlan(ws.root);
    const plan = readPlan(ws.root, id);
    expect(plan).toMatchObject({ title: 'Add session auth', document: 'add-session-auth.md', agent: 'claude' });
    expect(fs.readFileSync(ws.file(planDocumentRel(plan)), 'utf8')).toBe(V1);
    const memory = await commentOnPlan(ws.root, id, 4, 'We run several instances: use Redis.');
    const e2e = await commentOnPlan(ws.root, id, 6, 'Add an end-to-end test too.');
    await decide(ws.root, id, 'changes-requested', 'Otherwise fine.');
    const r1 = await first;
    expect(r1.code, r1.stderr).toBe(7);
    expect(r1.stdout).toContain(`Changes requested: the developer reviewed your plan "Add session auth" (${id}, version 1)`);
    expect(r1.stdout).toContain('Otherwise fine.');
    // Every comment next to the plan lines it is about.
    expect(r1.stdout).toContain(`[${memory.id}] on line 4 of the plan:\n   | 2. Keep sessions in memory in the API process.\n   We run several instances: use Redis.`);
    expect(r1.stdout).toContain(`[${e2e.id}] on line 6 of the plan:\n   | 4. Write unit tests for login.\n   Add an end-to-end test too.`);
    expect(r1.stdout).toContain(`--revises ${id}`);
    // How to answer a comment names a real one: no `<id>` placeholder (Gemini CLI shows it as `&lt;id&gt;`: issue 40).
    expect(r1.stdout).toContain(`consider-cli reply ${memory.id} --message`);
    expect(r1.stdout).not.toMatch(/<id>|<file>|\n\s*> /);
    expect(r1.stderr).toMatch(/waiting up to 2 min for the developer's verdict \(Ctrl\+C stops waiting\)/);
    // The agent has the comments in full: seen, as after `get`.
    expect(readStore(ws.root).store.comments.every((c) => c.agentLastSeenAt !== undefined)).toBe(true);

    const second = runCliAsync(ws.root, ['plan', 'submit', 'plan2.md', '--revises', id, '--wait', '--json']);
    await waitingPlan(ws.root, { version: 2 });
    expect(fs.readFileSync(ws.file(planDocumentRel(plan)), 'utf8')).toBe(V2);
    const byId = new Map(readStore(ws.root).store.comments.map((c) => [c.id, c]));
    expect(byId.get(memory.id)).toMatchObject({ anchorState: 'stale' }); // its step was rewritten
    expect(byId.get(e2e.id)).toMatchObject({ anchorState: 'anchored', anchor: { startLine: 6, endLine: 6 } });
    await decide(ws.root, id, 'approved');
    const r2 = await second;
    expect(r2.code, r2.stderr).toBe(0);
    expect(r2.json()).toMatchObject({ plan: id, version: 2, verdict: 'approved', threadIds: [] });
    expect(r2.json().text).toMatch(/^Approved: the developer approved your plan "Add session auth" \(p_\w+, version 2\) in VS Code\. Proceed with it\./);
    expect(fs.readdirSync(ws.file(`.consider/plans/${id}/versions`)).sort()).toEqual(['v1.md', 'v1.verdict.json', 'v2.md', 'v2.verdict.json']);
    expect(fs.existsSync(ws.file(`.consider/plans/${id}/waiting.json`))).toBe(false);
  });

  it('approved with comments: the comments come as instructions, with their plan lines', async () => {
    workspace();
    stopLive = liveWindow(ws.root);
    const run = runCliAsync(ws.root, ['plan', 'submit', '-', '--wait', '--lean'], { input: V1 });
    const id = await waitingPlan(ws.root);
    const c = await commentOnPlan(ws.root, id, 5, 'Use argon2id for the hash.');
    await decide(ws.root, id, 'approved', 'Go ahead.');
    const r = await run;
    expect(r.code, r.stderr).toBe(0);
    const lean = r.json();
    expect(Object.keys(lean).sort()).toEqual(['plan', 'text', 'verdict', 'version']);
    expect(lean.text).toContain('Follow this comment as instructions while you implement:');
    expect(lean.text).toContain(`[${c.id}] on line 5 of the plan:\n   | 3. Add POST /login that checks the password hash.\n   Use argon2id for the hash.`);
  });

  it('never a trap: no VS Code, or its gate turned off → one line, exit 8 at once, nothing stored', () => {
    workspace();
    const none = runCli(ws.root, ['plan', 'submit', 'plan.md', '--wait']);
    expect(none.code).toBe(8);
    expect(none.stdout).toBe('Not reviewed in VS Code: VS Code with Consider is not open on this project, so nobody would see the plan. Ask the developer to approve the plan in your usual way.\n');
    writeLive(ws.root, 'w-off', { gate: false, timeoutSeconds: 60 });
    const off = runCli(ws.root, ['plan', 'submit', 'plan.md', '--wait', '--json']);
    expect(off.code).toBe(8);
    expect(off.json()).toEqual({ verdict: 'not-reviewed', text: expect.stringContaining('the plan gate is turned off in VS Code (setting consider.planGate.enabled)') });
    expect(planFilesOf(ws.root)).toEqual([]);
  });

  it('never a trap: a timeout ends the wait with exit 6 and says how to wait again', async () => {
    workspace();
    stopLive = liveWindow(ws.root);
    const started = Date.now();
    const r = await runCliAsync(ws.root, ['plan', 'submit', 'plan.md', '--wait', '--timeout', '1']);
    expect(r.code).toBe(6);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(r.stdout).toMatch(/^No verdict on plan (p_\w+) after 1 s: ask the developer in your usual way, or keep waiting with `consider-cli plan wait \1`\.\n$/);
    // A late verdict is still there for the agent.
    const id = listPlans(ws.root)[0]!.id;
    await decide(ws.root, id, 'approved');
    const late = runCli(ws.root, ['plan', 'wait', id]);
    expect(late.code).toBe(0);
    expect(late.stdout).toMatch(/^Approved:/);
  });

  it('never a trap: Ctrl+C ends the wait at once (exit 130), and says the plan stays open', async () => {
    workspace();
    stopLive = liveWindow(ws.root);
    const child = spawn(process.execPath, [cliUnderTest(), 'plan', 'submit', 'plan.md', '--wait'], { cwd: ws.root });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
    const id = await waitingPlan(ws.root);
    const sent = Date.now();
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(code).toBe(130);
    expect(stderr).toContain(`Stopped waiting for the verdict on plan ${id} (Ctrl+C); the plan stays open in VS Code`);
    expect(fs.existsSync(ws.file(`.consider/plans/${id}/waiting.json`))).toBe(false);
  });

  it('never a trap: VS Code closing ends the wait (exit 8); a window reloading does not', async () => {
    workspace();
    stopLive = liveWindow(ws.root);
    const env = { CONSIDER_TEST_EDITOR_GRACE_MS: '3000' };
    // Reload: the heartbeat goes for a second and comes back; the verdict still reaches the agent.
    const reloaded = runCliAsync(ws.root, ['plan', 'submit', 'plan.md', '--wait'], { env });
    const id = await waitingPlan(ws.root);
    stopLive();
    await new Promise((r) => setTimeout(r, 1500));
    stopLive = liveWindow(ws.root, { id: 'after-reload' });
    await commentOnPlan(ws.root, id, 3, 'Number it 015.');
    await decide(ws.root, id, 'changes-requested');
    const r1 = await reloaded;
    expect(r1.code, r1.stderr).toBe(7);
    expect(r1.stdout).toContain('Number it 015.');
    // Closed: no heartbeat for longer than the grace.
    const closed = runCliAsync(ws.root, ['plan', 'submit', 'plan2.md', '--wait'], { env });
    await waitingPlan(ws.root, { not: [id] });
    stopLive();
    stopLive = undefined;
    const r2 = await closed;
    expect(r2.code).toBe(8);
    expect(r2.stdout).toMatch(/^VS Code closed before the developer gave a verdict on plan p_\w+: ask the developer in your usual way\.\n$/);
  });

  it('bad plans: empty, 5 MB, binary, not UTF-8, outside the workspace (by path or symbolic link): one line, exit 1, nothing stored', () => {
    workspace();
    stopLive = liveWindow(ws.root);
    ws.write('empty.md', ' \n\n');
    fs.writeFileSync(ws.file('big.md'), Buffer.alloc(5 * 1024 * 1024, 'a'));
    fs.writeFileSync(ws.file('binary.md'), Buffer.from([0x23, 0x20, 0x00, 0x01, 0x02]));
    fs.writeFileSync(ws.file('latin1.md'), Buffer.from('# Caf\xe9\n', 'latin1'));
    const outside = makeWorkspace({ 'plan.md': V1 });
    fs.symlinkSync(outside.file('plan.md'), ws.file('linked.md'));
    try {
      const cases: [string[], RegExp][] = [
        [['empty.md'], /^consider-cli: error: empty\.md is empty \(write the plan first, then submit it\)\n$/],
        [['big.md'], /^consider-cli: error: big\.md is 5\.0 MB; a plan may be at most 1,024 KB \(a plan is for the developer to read/],
        [['binary.md'], /^consider-cli: error: binary\.md is binary, not text/],
        [['latin1.md'], /^consider-cli: error: latin1\.md is not UTF-8 text/],
        [[outside.file('plan.md')], /is outside the workspace .* \(write the plan to a file inside the workspace, or pipe it: consider-cli plan submit - --wait < plan\.md\)\n$/],
        [['../plan.md'], /is outside the workspace/],
        [['linked.md'], /leads outside the workspace through a symbolic link/],
        [['-'], /^consider-cli: error: the plan on stdin is empty/],
        [[], /^consider-cli: error: missing <file\|->/],
      ];
      for (const [args, message] of cases) {
        const r = runCli(ws.root, ['plan', 'submit', ...args, '--wait']);
        expect(r.code, `${args}: ${r.stderr}`).toBe(1);
        expect(r.stderr, String(args)).toMatch(message);
        expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
        expect(r.stdout).toBe('');
      }
      const big = runCli(ws.root, ['plan', 'submit', '-', '--json'], { input: 'x'.repeat(5 * 1024 * 1024) });
      expect(big.code).toBe(1);
      expect(big.json().error).toMatchObject({ code: 'usage', message: 'the plan on stdin is 5.0 MB; a plan may be at most 1,024 KB' });
      expect(planFilesOf(ws.root)).toEqual([]);
      expect(runCli(ws.root, ['plan', 'wait', 'p_nothere0']).code).toBe(2);
      expect(runCli(ws.root, ['plan', 'wait', '../../etc']).stderr).toMatch(/is not a plan id/);
      expect(runCli(ws.root, ['plan', 'submit', 'plan.md', '--revises', 'p_nothere0']).code).toBe(2);
      expect(planFilesOf(ws.root)).toEqual([]);
    } finally {
      outside.cleanup();
    }
  });

  it('two agents submitting at once: two plans, two verdicts, never crossed', async () => {
    workspace();
    stopLive = liveWindow(ws.root);
    const a = runCliAsync(ws.root, ['plan', 'submit', 'plan.md', '--wait', '--json', '--agent', 'claude']);
    const b = runCliAsync(ws.root, ['plan', 'submit', '-', '--wait', '--json', '--agent', 'codex'], { input: '# Rename the config loader\n\n1. Rename it.\n2. Fix the imports.\n' });
    const first = await waitingPlan(ws.root);
    const second = await waitingPlan(ws.root, { not: [first] });
    const byAgent = Object.fromEntries([first, second].map((id) => [readPlan(ws.root, id).agent, id]));
    await commentOnPlan(ws.root, byAgent.codex!, 4, 'Keep the old name as an alias.');
    // Both verdicts at once.
    await Promise.all([decide(ws.root, byAgent.claude!, 'approved'), decide(ws.root, byAgent.codex!, 'changes-requested')]);
    const [ra, rb] = (await Promise.all([a, b])) as [CliResult, CliResult];
    expect(ra.code, ra.stderr).toBe(0);
    expect(rb.code, rb.stderr).toBe(7);
    expect(ra.json()).toMatchObject({ plan: byAgent.claude, verdict: 'approved' });
    expect(ra.json().text).not.toContain('alias');
    expect(rb.json()).toMatchObject({ plan: byAgent.codex, verdict: 'changes-requested' });
    expect(rb.json().text).toContain('"Rename the config loader"');
    expect(rb.json().text).toContain('Keep the old name as an alias.');
  });

  it('submit without --wait prints the id; status lists where each plan stands; a second verdict is refused', async () => {
    workspace();
    const r = runCli(ws.root, ['plan', 'submit', 'plan.md']);
    expect(r.code).toBe(0);
    const id = /Submitted plan (p_\w+), version 1/.exec(r.stdout)![1]!;
    expect(r.stdout).toContain('Not reviewed yet: VS Code with Consider is not open on this project');
    expect(runCli(ws.root, ['plan', 'status']).stdout).toMatch(new RegExp(`^\\[${id}\\] "Add session auth" version 1, .*: no verdict yet`));
    await decide(ws.root, id, 'approved');
    expect(runCli(ws.root, ['plan', 'status', '--json']).json().plans[0]).toMatchObject({ id, state: 'approved', document: `.consider/plans/${id}/add-session-auth.md` });
    await expect(decide(ws.root, id, 'changes-requested')).rejects.toThrow(/has a verdict already/);
    expect(runCli(ws.root, ['plan', 'frobnicate']).stderr).toMatch(/unknown plan action "frobnicate"/);
  });

  it('threads on a plan are ordinary threads: the agent lists and answers them; other .consider/ files stay refused', async () => {
    workspace();
    const id = /Submitted plan (p_\w+)/.exec(runCli(ws.root, ['plan', 'submit', 'plan.md']).stdout)![1]!;
    const rel = planDocumentRel(readPlan(ws.root, id));
    const c = await commentOnPlan(ws.root, id, 4, 'Why in memory?');
    const reply = runCli(ws.root, ['reply', c.id, '--message', 'Changed to Redis.', '--addressed']);
    expect(reply.code, reply.stderr).toBe(0);
    expect(runCli(ws.root, ['list', '--file', rel, '--json']).json().comments[0]).toMatchObject({ id: c.id, file: rel });
    expect(runCli(ws.root, ['add', rel, '--line', '3', '--message', 'Is 014 free?']).code).toBe(0);
    const refused = runCli(ws.root, ['add', `.consider/plans/${id}/plan.json`, '--line', '1', '--message', 'x']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is inside \.consider\/, which holds Consider's own data/);
    expect(runCli(ws.root, ['add', `.consider/plans/${id}/versions/v1.md`, '--line', '1', '--message', 'x']).code).toBe(1);
  });
});

describe('who submits a plan (--agent)', () => {
  it('takes a name as VS Code shows it, refuses a bad one in one line with nothing stored, and a revision can say who it is from', () => {
    workspace();
    const first = runCli(ws.root, ['plan', 'submit', 'plan.md', '--agent', 'Claude Code']);
    expect(first.code, first.stderr).toBe(0);
    const id = /Submitted plan (p_\w+)/.exec(first.stdout)![1]!;
    expect(readPlan(ws.root, id).agent).toBe('Claude Code');
    const bad = runCli(ws.root, ['plan', 'submit', 'plan2.md', '--agent', '<b>bot</b>']);
    expect(bad.code).toBe(1);
    expect(bad.stderr.split('\n').filter(Boolean)).toEqual([expect.stringMatching(/--agent must be a name of 1 to 40 letters.*--agent "Claude Code"/)]);
    expect(listPlans(ws.root)).toHaveLength(1);
    const revised = runCli(ws.root, ['plan', 'submit', 'plan2.md', '--revises', id, '--agent', 'codex']);
    expect(revised.code, revised.stderr).toBe(0);
    expect(readPlan(ws.root, id)).toMatchObject({ agent: 'codex', versions: [{ version: 1 }, { version: 2 }] });
  });
});

describe('the plan MCP tools', () => {
  it('plan submits and waits, answering the verdict in the agent view; plan_wait picks up a late one', async () => {
    workspace();
    stopLive = liveWindow(ws.root);
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    // OpenCode's own client name: the plan says who it is from (VS Code: "Plan v1 from OpenCode").
    const client = new Client({ name: 'opencode', version: '1.18.33' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cliUnderTest(), 'mcp', '--root', ws.root], stderr: 'pipe' }));
    try {
      const call = client.callTool({ name: 'plan', arguments: { plan: V1, timeoutSeconds: 45 } });
      const id = await waitingPlan(ws.root);
      expect(readPlan(ws.root, id).agent).toBe('opencode');
      const c = await commentOnPlan(ws.root, id, 4, 'Redis, please.');
      await decide(ws.root, id, 'changes-requested');
      const res = (await call) as { isError?: boolean; content: { text: string }[] };
      expect(res.isError).toBeUndefined();
      const answer = JSON.parse(res.content[0]!.text);
      expect(answer).toMatchObject({ plan: id, version: 1, verdict: 'changes-requested' });
      expect(answer.text).toContain('Redis, please.');
      // What to do next, in tool calls: the agent may have no shell (issue 40).
      expect(answer.text).toContain(`call the reply tool with the comment's id (in brackets above, such as "${c.id}")`);
      expect(answer.text).toContain(`call the plan tool again with the revised plan and revises "${id}"`);
      expect(answer.text).not.toMatch(/consider-cli|<id>/);
      const timedOut = JSON.parse(((await client.callTool({ name: 'plan', arguments: { plan: V2, revises: id, timeoutSeconds: 1 } })) as { content: { text: string }[] }).content[0]!.text);
      expect(timedOut).toMatchObject({ plan: id, version: 2, verdict: 'timeout' });
      expect(timedOut.text).toContain(`call the plan_wait tool with id "${id}"`);
      expect(timedOut.text).not.toContain('consider-cli');
      await decide(ws.root, id, 'approved');
      const late = JSON.parse(((await client.callTool({ name: 'plan_wait', arguments: { id } })) as { content: { text: string }[] }).content[0]!.text);
      expect(late).toMatchObject({ plan: id, version: 2, verdict: 'approved' });
    } finally {
      await client.close();
    }
  });
});

describe('the plan tool answers within the MCP clients\' budgets', () => {
  it('waits at most 45 s (OpenCode ends a call at 60 s), by default too, then says to call plan_wait', async () => {
    workspace();
    stopLive = liveWindow(ws.root);
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    const client = new Client({ name: 'codex-mcp-client', version: '0.171.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cliUnderTest(), 'mcp', '--root', ws.root], stderr: 'pipe' }));
    try {
      const { tools } = await client.listTools();
      for (const name of ['plan', 'plan_wait']) {
        expect((tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, { maximum?: number }>).timeoutSeconds!.maximum).toBe(45);
      }
      const tooLong = (await client.callTool({ name: 'plan', arguments: { plan: V1, timeoutSeconds: 300 } })) as { isError?: boolean; content: { text: string }[] };
      expect(tooLong.isError).toBe(true);
      expect(tooLong.content[0]!.text).toMatch(/timeoutSeconds: must be at most 45/);
      expect(listPlans(ws.root)).toHaveLength(0);
      // No timeoutSeconds: the default is the budget, measured on the real clock.
      const started = Date.now();
      const res = (await client.callTool({ name: 'plan', arguments: { plan: V1 } }, undefined, { timeout: 120_000 })) as { content: { text: string }[] };
      const tookS = (Date.now() - started) / 1000;
      const answer = JSON.parse(res.content[0]!.text);
      expect(answer).toMatchObject({ plan: expect.stringMatching(/^p_/), version: 1, verdict: 'timeout' });
      expect(answer.text).toContain(`call the plan_wait tool with id "${answer.plan}"`);
      expect(readPlan(ws.root, answer.plan).agent).toBe('codex');
      expect(tookS).toBeGreaterThanOrEqual(44);
      expect(tookS).toBeLessThan(55);
    } finally {
      await client.close();
    }
  }, 90_000);
});

describe('plan.json written by hand', () => {
  it('a broken plan record is one line, exit 4, and other plans still list', () => {
    workspace();
    const id = /Submitted plan (p_\w+)/.exec(runCli(ws.root, ['plan', 'submit', 'plan.md']).stdout)![1]!;
    runCli(ws.root, ['plan', 'submit', 'plan2.md']);
    fs.writeFileSync(path.join(ws.root, '.consider', 'plans', id, 'plan.json'), '{"id":');
    const r = runCli(ws.root, ['plan', 'wait', id]);
    expect(r.code).toBe(4);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(runCli(ws.root, ['plan', 'status', '--json']).json().plans).toHaveLength(1);
  });
});

describe('waiting.json written by hand', () => {
  it('a waiter whose pid is no process (0, negative, not a whole number) is nobody waiting: process.kill(0) would ask the whole process group', () => {
    workspace();
    const id = /Submitted plan (p_\w+)/.exec(runCli(ws.root, ['plan', 'submit', 'plan.md']).stdout)![1]!;
    for (const pid of [0, -1, 1.5]) {
      fs.writeFileSync(path.join(ws.root, '.consider', 'plans', id, 'waiting.json'), JSON.stringify({ pid, host: os.hostname(), version: 1, since: new Date().toISOString(), until: new Date(Date.now() + 60_000).toISOString() }));
      expect(readWaiter(ws.root, id), `pid ${pid}`).toBeUndefined();
    }
    fs.writeFileSync(path.join(ws.root, '.consider', 'plans', id, 'waiting.json'), JSON.stringify({ pid: process.pid, host: os.hostname(), version: 1, since: new Date().toISOString(), until: new Date(Date.now() + 60_000).toISOString() }));
    expect(readWaiter(ws.root, id)).toMatchObject({ pid: process.pid });
  });
});
