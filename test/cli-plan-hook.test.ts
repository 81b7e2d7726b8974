/**
 * The agents' plan hooks (`consider-cli hook plan --agent …`, docs/plan-gate.md) through the built
 * CLI process, as test/cli-hook.test.ts does for the delivery hooks: each agent's documented
 * hook input (test/fixtures/hooks/*-plan*.json, sources in its README) on stdin, and the output
 * checked against the verdict shape that agent documents, exact keys and all: approved, changes
 * requested with every comment quoted, and stepping aside (its own approval prompt decides) when
 * VS Code is not open there, the gate is off, the plan cannot be read or the wait times out.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listPlans, planDocumentRel, readPlan, readStore } from '../shared';
import { recordProject } from '../setup/user-install';
import { cliUnderTest, ensureBuilt, makeWorkspace, type CliResult, type Workspace } from './helpers/cli';
import { commentOnPlan, decide, liveWindow, waitingPlan } from './helpers/plans';

let ws: Workspace;
let stopLive: (() => void) | undefined;
let plansDir: string;
beforeAll(() => ensureBuilt());
afterEach(() => {
  stopLive?.();
  stopLive = undefined;
  ws?.cleanup();
  fs.rmSync(plansDir, { recursive: true, force: true });
});

const FIXTURES = path.join(__dirname, 'fixtures', 'hooks');
const PLAN = '# Add session auth\n\n1. Add a sessions table.\n2. Keep sessions in memory.\n3. Add POST /login.\n';
const REVISED = '# Add session auth\n\n1. Add a sessions table.\n2. Keep sessions in Redis.\n3. Add POST /login.\n';

/**
 * Per agent: its event names as setup installs them, where its plan is (set up by `place`), and
 * the verdicts as its documentation shapes them.
 */
interface AgentCase {
  gate: string;
  post?: string;
  /** Puts the plan where the agent keeps it; returns the environment the hook then runs with. */
  place(text: string): NodeJS.ProcessEnv;
  input(event: 'plan' | 'post', text: string): string;
  approved(input: Record<string, unknown>, text: string): unknown;
  changes(text: string): unknown;
  /** The text of a changes-requested answer. */
  reason(out: any): string;
  aside(line: string): unknown;
}

const fixture = (name: string, text: string): string =>
  fs.readFileSync(path.join(FIXTURES, name), 'utf8').replaceAll('$ROOT', ws.root).replace('"$PLAN"', JSON.stringify(text));

const CASES: Record<string, AgentCase> = {
  claude: {
    gate: 'PreToolUse',
    place: () => ({}),
    input: (_e, text) => fixture('claude-plan.json', text),
    approved: (input, text) => ({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'Approved by the developer in VS Code (Consider)',
        updatedInput: input.tool_input, additionalContext: text,
      },
    }),
    // Claude Code shows any deny as "hook returned blocking error": the systemMessage says what happened (issue 40).
    changes: (text) => ({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: text },
      systemMessage: 'Consider: the developer requested changes to this plan in VS Code with 2 comments; Claude revises it and submits the next version.',
    }),
    reason: (out) => out.hookSpecificOutput.permissionDecisionReason,
    aside: (line) => ({ systemMessage: line }),
  },
  gemini: {
    gate: 'BeforeTool',
    post: 'AfterTool',
    place(text) {
      fs.mkdirSync(plansDir, { recursive: true });
      fs.writeFileSync(path.join(plansDir, 'add-auth.md'), text);
      return { GEMINI_PLANS_DIR: plansDir, GEMINI_PROJECT_DIR: ws.root };
    },
    input: (e, text) => fixture(e === 'plan' ? 'gemini-plan.json' : 'gemini-plan-approved.json', text),
    approved: () => ({ decision: 'allow', systemMessage: 'Consider: the developer approved this plan in VS Code.' }),
    changes: (text) => ({ decision: 'deny', reason: text }),
    reason: (out) => out.reason,
    aside: (line) => ({ systemMessage: line }),
  },
  copilot: {
    gate: 'preToolUse',
    post: 'postToolUse',
    place(text) {
      const dir = path.join(plansDir, 'session-state', '01HW2X3Y4Z5A6B7C8D9E0F1G2H');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'plan.md'), text);
      return { COPILOT_HOME: plansDir };
    },
    input: (e, text) => fixture(e === 'plan' ? 'copilot-plan.json' : 'copilot-plan-approved.json', text),
    approved: () => ({ permissionDecision: 'allow', permissionDecisionReason: 'Approved by the developer in VS Code (Consider)' }),
    changes: (text) => ({ permissionDecision: 'deny', permissionDecisionReason: text }),
    reason: (out) => out.permissionDecisionReason,
    aside: (line) => ({ type: 'progress', message: line }),
  },
};

/** Runs the hook from an unrelated folder (the workspace comes from the input), stdin closed after `input`. */
function hook(agent: string, event: string, input: string, env: NodeJS.ProcessEnv = {}, extra: string[] = []): Promise<CliResult & { ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliUnderTest(), 'hook', event, '--agent', agent, ...extra], { cwd: os.tmpdir(), env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => { stdout += d; });
    child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, ms: Date.now() - started, json: () => JSON.parse(stdout) }));
    child.stdin.end(input);
  });
}

function setup(): void {
  ws = makeWorkspace({ 'src/app.ts': 'export {};\n' });
  fs.mkdirSync(ws.file('.consider'));
  plansDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-plans-'));
}

describe.each(Object.keys(CASES))('plan hook: %s', (agent) => {
  const c = CASES[agent]!;

  it('changes requested: denied with every comment quoted next to its plan lines; the revision is version 2 of the same plan; approved', async () => {
    setup();
    stopLive = liveWindow(ws.root);
    const env = c.place(PLAN);
    const first = hook(agent, c.gate, c.input('plan', PLAN), env);
    const id = await waitingPlan(ws.root);
    expect(readPlan(ws.root, id)).toMatchObject({ agent, title: 'Add session auth' });
    const a = await commentOnPlan(ws.root, id, 4, 'We run several instances: use Redis.');
    const b = await commentOnPlan(ws.root, id, 5, 'Rate-limit it.');
    await decide(ws.root, id, 'changes-requested');
    const r1 = await first;
    expect(r1.code).toBe(0);
    const denied = r1.json();
    const text = c.reason(denied);
    expect(denied).toEqual(c.changes(text));
    expect(text).toMatch(/^Changes requested: the developer reviewed your plan "Add session auth"/);
    expect(text).toContain(`[${a.id}] on line 4 of the plan:\n   | 2. Keep sessions in memory.\n   We run several instances: use Redis.`);
    expect(text).toContain(`[${b.id}] on line 5 of the plan:\n   | 3. Add POST /login.\n   Rate-limit it.`);
    expect(text).toMatch(agent === 'claude' ? /call ExitPlanMode again/ : /call exit_plan_mode again/);
    expect(text).toContain(`consider-cli reply ${a.id} --message`);
    expect(text).not.toMatch(/<id>|\n\s*> /);

    // The agent revises in the same session: version 2 of the same plan, the comments carried over.
    const env2 = c.place(REVISED);
    const second = hook(agent, c.gate, c.input('plan', REVISED), env2);
    await waitingPlan(ws.root, { version: 2 });
    expect(listPlans(ws.root)).toHaveLength(1);
    const states = new Map(readStore(ws.root).store.comments.map((t) => [t.id, t.anchorState]));
    expect([states.get(a.id), states.get(b.id)]).toEqual(['stale', 'anchored']);
    const e2e = await commentOnPlan(ws.root, id, 3, 'Name the migration 015.');
    await decide(ws.root, id, 'approved');
    const r2 = await second;
    expect(r2.code).toBe(0);
    const approved = r2.json();
    const input = JSON.parse(c.input('plan', REVISED)) as Record<string, unknown>;
    if (agent === 'claude') {
      const context = approved.hookSpecificOutput.additionalContext as string;
      expect(approved).toEqual(c.approved(input, context));
      expect(context).toContain(`[${e2e.id}] on line 3 of the plan:\n   | 1. Add a sessions table.\n   Name the migration 015.`);
      // Claude's approval carries the comments: read.
      expect(readStore(ws.root).store.comments.find((t) => t.id === e2e.id)!.agentLastSeenAt).toBeDefined();
    } else {
      expect(approved).toEqual(c.approved(input, ''));
      // The comments come after the agent's own confirmation, from its post hook, once.
      const post = await hook(agent, c.post!, c.input('post', REVISED), env2);
      expect(post.code).toBe(0);
      const context = (post.json().hookSpecificOutput?.additionalContext ?? post.json().additionalContext) as string;
      expect(post.json()).toEqual(agent === 'gemini' ? { hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: context } } : { additionalContext: context });
      expect(context).toMatch(/^Approved: .*\n[\s\S]*Name the migration 015\./);
      expect((await hook(agent, c.post!, c.input('post', REVISED), env2)).stdout).toBe('');
    }
  });

  it('steps aside, in one line, when VS Code is not open there, its gate is off, or the plan cannot be read', async () => {
    setup();
    const env = c.place(PLAN);
    const none = await hook(agent, c.gate, c.input('plan', PLAN), env);
    expect(none.code).toBe(0);
    expect(none.json()).toEqual(c.aside('Consider: not reviewed in VS Code: VS Code with Consider is not open on this project. Approve or revise the plan here.'));
    expect(none.ms).toBeLessThan(3000);
    stopLive = liveWindow(ws.root, { gate: false });
    expect((await hook(agent, c.gate, c.input('plan', PLAN), env)).json()).toEqual(c.aside(expect.stringContaining('the plan gate is turned off in VS Code')));
    stopLive();
    stopLive = liveWindow(ws.root);
    const emptyEnv = c.place('\n\n');
    expect((await hook(agent, c.gate, c.input('plan', '\n\n'), emptyEnv)).json()).toEqual(c.aside(expect.stringMatching(/is empty\. Approve or revise the plan here\.$/)));
    const bigEnv = c.place(`# Big\n${'x'.repeat(2 * 1024 * 1024)}\n`);
    expect((await hook(agent, c.gate, c.input('plan', `# Big\n${'x'.repeat(2 * 1024 * 1024)}\n`), bigEnv)).json())
      .toEqual(c.aside(expect.stringContaining('is 2.0 MB; a plan may be at most 1,024 KB')));
    expect(listPlans(ws.root)).toEqual([]);
    // Another tool than the plan tool: nothing to say.
    const other = JSON.parse(c.input('plan', PLAN)) as Record<string, unknown>;
    for (const k of ['tool_name', 'toolName']) if (k in other) other[k] = 'Bash';
    const r = await hook(agent, c.gate, JSON.stringify(other), env);
    expect([r.code, r.stdout]).toEqual([0, '']);
  });

  it('a wait cut short by the agent (Esc: a signal) ends at once and prints nothing; --if-set-up keeps it silent elsewhere', async () => {
    setup();
    stopLive = liveWindow(ws.root);
    const env = c.place(PLAN);
    const child = spawn(process.execPath, [cliUnderTest(), 'hook', c.gate, '--agent', agent], { cwd: os.tmpdir(), env: { ...process.env, ...env } });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => { out += d; });
    child.stdin.end(c.input('plan', PLAN));
    const id = await waitingPlan(ws.root);
    const sent = Date.now();
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect([code, out]).toEqual([0, '']);
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(fs.existsSync(ws.file(`.consider/plans/${id}/waiting.json`))).toBe(false);
    // Not a project this user set up: no word, no plan.
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'home-'));
    try {
      const silent = await hook(agent, c.gate, c.input('plan', PLAN), { ...env, HOME: home }, ['--if-set-up']);
      expect([silent.code, silent.stdout]).toEqual([0, '']);
      recordProject(home, ws.root);
      const spoken = hook(agent, c.gate, c.input('plan', PLAN), { ...env, HOME: home }, ['--if-set-up']);
      // The same session's next plan is the next version of the one it left undecided.
      await waitingPlan(ws.root, { version: 2 });
      await decide(ws.root, id, 'approved');
      expect((await spoken).stdout).not.toBe('');
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('plan hook: timeouts', () => {
  it('the wait ends before the agent\'s own hook timeout (the developer\'s setting, capped at 55 min) and steps aside saying so', async () => {
    setup();
    stopLive = liveWindow(ws.root, { timeoutSeconds: 1 });
    const r = await hook('claude', 'PreToolUse', CASES.claude!.input('plan', PLAN));
    expect(r.code).toBe(0);
    const id = listPlans(ws.root)[0]!.id;
    expect(r.json()).toEqual({ systemMessage: `Consider: not reviewed in VS Code: no verdict after 1 s (plan ${id} stays open in VS Code). Approve or revise the plan here.` });
    expect(r.ms).toBeLessThan(4000);
    expect(planDocumentRel(readPlan(ws.root, id))).toBe(`.consider/plans/${id}/add-session-auth.md`);
  });

  it('an agent without a plan hook is told on stderr, and nothing is printed for it', async () => {
    setup();
    const r = await hook('codex', 'plan', '{}');
    expect([r.code, r.stdout]).toEqual([0, '']);
    expect(r.stderr).toMatch(/codex has no plan hook \(claude, gemini, copilot do\)/);
  });
});
