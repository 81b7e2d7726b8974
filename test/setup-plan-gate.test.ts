/**
 * The plan gate's hooks in setup (docs/plan-gate.md, setup/plans/): installed and removed like
 * the delivery hooks, tracked apart from them, byte-identical after uninstall (the user's own
 * files and hooks included, and with the delivery hooks in the same file whichever came
 * first), the user's edit kept, status and refresh; and the table tied to the CLI: each event
 * name setup writes is one the CLI answers, and each hook timeout is above the gate's wait.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyRefresh, describeSetup, runSetup, type HookAgent, type PlanGateAgent, type Scope } from '../setup/index';
import { PLAN_GATE_ROWS, PLAN_HOOK_TIMEOUT_S, planGateRow, type PlanGateRow } from '../setup/targets/plans';
import { hookEntries } from '../setup/targets/hooks';
import { hookCommand } from '../setup/targets/hook-command';
import { planEvent } from '../cli/plans/formats';
import { PLAN_HOOK_MAX_WAIT_S } from '../cli/plans/gate';
import { PLAN_GATE_AGENT_IDS } from '../shared/agents';
import { ensureBuilt, RUNTIME_DIR, SKILLS_DIR, sandbox, runtimeWithVersion, tree, uninstallFrom, type Sandbox } from './helpers/setup-env';

beforeAll(ensureBuilt);
let sb: Sandbox;
afterEach(() => sb?.cleanup());

type Gate = { target: PlanGateAgent; scope: Scope };
const setup = (s: Sandbox, planGates: Gate[], hooks: { target: HookAgent; scope: Scope }[] = [], runtimeDir = RUNTIME_DIR) =>
  runSetup({ root: s.root, home: s.home, gitignore: false, integrations: [], hooks, planGates, runtimeDir, skillsDir: SKILLS_DIR });
const fileOf = (s: Sandbox, row: PlanGateRow, scope: Scope) => path.join(scope === 'project' ? s.root : s.home, scope === 'project' ? row.projectFile : row.homeFile);
const readConfig = (root: string) => JSON.parse(fs.readFileSync(path.join(root, '.consider', 'config.json'), 'utf8'));

function put(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** The user's own file: their settings and their own hook on the same event, in tabs. */
function userFile(row: PlanGateRow): string {
  const own = row.target === 'copilot' ? { type: 'command', bash: 'echo mine', matcher: 'bash' } : { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo mine' }] };
  return JSON.stringify({ ...row.skeleton, model: 'mine', hooks: { [row.events[0]!.name]: [own] } }, null, '\t') + '\n';
}

describe('plan gates: the table', () => {
  it('has a row for each plan gate agent, and every event name it writes is one `consider-cli hook` answers as a plan event', () => {
    expect(PLAN_GATE_ROWS.map((r) => r.target)).toEqual([...PLAN_GATE_AGENT_IDS]);
    for (const row of PLAN_GATE_ROWS) {
      for (const e of row.events) expect(planEvent(row.target, e.name), `${row.target} ${e.name}`).toBe(e.event);
    }
  });

  it('writes each agent\'s hook timeout explicitly, above the longest the gate waits (so the gate always answers first)', () => {
    expect(PLAN_HOOK_TIMEOUT_S).toBeGreaterThanOrEqual(PLAN_HOOK_MAX_WAIT_S + 60);
    const seconds = (row: PlanGateRow, entry: any): number => (row.target === 'copilot' ? entry.timeoutSec : row.target === 'gemini' ? entry.hooks[0].timeout / 1000 : entry.hooks[0].timeout);
    for (const row of PLAN_GATE_ROWS) {
      const gate = hookEntries(row).find((e) => e.name === row.events[0]!.name)!.entry;
      expect(seconds(row, gate), row.target).toBe(PLAN_HOOK_TIMEOUT_S);
      expect(JSON.stringify(gate)).toContain(JSON.stringify(hookCommand(row.target, 'plan')).slice(1, -1));
      expect(gate).toMatchObject(row.target === 'claude' ? { matcher: 'ExitPlanMode' } : { matcher: 'exit_plan_mode' });
    }
  });

  it('an agent without a plan hook is refused with the way it submits plans instead', async () => {
    sb = sandbox();
    const r = await setup(sb, [{ target: 'codex' as PlanGateAgent, scope: 'project' }]);
    expect(r.actions).toContainEqual({ kind: 'refused', path: 'codex', detail: 'no plan hook for this agent: it submits its plan with consider-cli plan submit (the skill)' });
  });
});

describe('plan gates: setup then uninstall leaves everything byte-identical', () => {
  const cases = PLAN_GATE_ROWS.flatMap((row) => (['project', 'home'] as const).flatMap((scope) =>
    (['full', 'skills-only'] as const).flatMap((mode) => [false, true].map((userHas) => ({ row, scope, mode, userHas })))));

  it.each(cases)('$row.target $scope, $mode uninstall, user file: $userHas', async ({ row, scope, mode, userHas }) => {
    sb = sandbox();
    const file = fileOf(sb, row, scope);
    if (userHas) put(file, userFile(row));
    fs.writeFileSync(path.join(sb.root, 'app.ts'), 'x\n');
    const beforeRoot = tree(sb.root);
    const beforeHome = tree(sb.home);

    const r = await setup(sb, [{ target: row.target, scope }]);
    expect(r.actions.filter((a) => a.kind === 'refused')).toEqual([]);
    expect(r.actions.find((a) => a.path === file)?.kind).toBe(userHas ? 'updated' : 'created');
    const merged = JSON.parse(fs.readFileSync(file, 'utf8'));
    const list = merged.hooks[row.events[0]!.name];
    if (userHas) {
      expect(merged.model).toBe('mine');
      expect(list[0]).toEqual(JSON.parse(userFile(row)).hooks[row.events[0]!.name][0]);
    }
    expect(list[list.length - 1]).toEqual(hookEntries(row)[0]!.entry);
    expect(readConfig(sb.root).trackedPlanGateInstalls).toEqual([expect.objectContaining({ target: row.target, scope, path: file })]);
    expect(readConfig(sb.root).trackedHookInstalls ?? []).toEqual([]);
    expect((await setup(sb, [{ target: row.target, scope }])).actions.find((a) => a.path === file)?.kind).toBe('unchanged');
    const state = await describeSetup(sb.root, sb.home);
    expect(state.planGates.find((g) => g.target === row.target)!.installed).toEqual([{ scope, path: file, runs: 'your-cli', command: hookCommand(row.target, 'plan') }]);

    const u = await uninstallFrom(sb, { mode });
    expect(u.actions.filter((a) => a.kind === 'refused')).toEqual([]);
    expect(tree(sb.root, (rel) => mode === 'skills-only' && rel.startsWith('.consider'))).toEqual(beforeRoot);
    expect(tree(sb.home, (rel) => mode === 'skills-only' && (rel === '.local' || rel.startsWith(`.local${path.sep}`)))).toEqual(beforeHome);
  });
});

describe('plan gates next to the delivery hooks in one file', () => {
  it.each(['claude', 'gemini'] as const)('%s: whichever setup wrote first, uninstall leaves the folders as they were (created file, or the user\'s)', async (agent) => {
    for (const userHas of [false, true]) {
      for (const gateFirst of [true, false]) {
        sb = sandbox();
        const row = planGateRow(agent)!;
        const file = fileOf(sb, row, 'project');
        if (userHas) put(file, userFile(row));
        const before = tree(sb.root);
        const gate = [{ target: agent, scope: 'project' as const }];
        if (gateFirst) { await setup(sb, gate); await setup(sb, [], gate); } else { await setup(sb, [], gate); await setup(sb, gate); }
        const both = JSON.parse(fs.readFileSync(file, 'utf8')).hooks;
        expect(Object.keys(both).length, JSON.stringify(both)).toBeGreaterThanOrEqual(3);
        await uninstallFrom(sb);
        expect(tree(sb.root), `${agent}, user file ${userHas}, gate first ${gateFirst}`).toEqual(before);
        sb.cleanup();
      }
    }
  });
});

describe('plan gates: the user\'s edits and later versions', () => {
  it('keeps an entry the user edited, reports it, adds no second one, and leaves it at uninstall', async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'claude', scope: 'project' }]);
    const file = path.join(sb.root, '.claude', 'settings.json');
    const edited = fs.readFileSync(file, 'utf8').replace('"timeout": 3600', '"timeout": 600');
    fs.writeFileSync(file, edited);
    const again = await setup(sb, [{ target: 'claude', scope: 'project' }]);
    expect(again.actions.find((a) => a.path === file)).toMatchObject({ kind: 'skipped', detail: 'your edited PreToolUse hook kept as is' });
    expect(fs.readFileSync(file, 'utf8')).toBe(edited);
    const state = await describeSetup(sb.root, sb.home);
    expect(state.planGates.find((g) => g.target === 'claude')!.installed[0]).toMatchObject({ runs: 'your-cli' }); // the command itself is unchanged
    const u = await uninstallFrom(sb);
    expect(u.actions.find((a) => a.path === file)).toMatchObject({ kind: 'skipped', detail: 'your edited PreToolUse hook kept' });
    expect(fs.readFileSync(file, 'utf8')).toBe(edited);
  });

  it('refresh after an update rewrites a tracked plan gate an earlier version wrote', async () => {
    sb = sandbox();
    const older = runtimeWithVersion(sb.dir, '0.0.1');
    await setup(sb, [{ target: 'gemini', scope: 'home' }], [], older);
    expect(readConfig(sb.root).trackedPlanGateInstalls[0].version).toBe('0.0.1');
    const r = await applyRefresh({ root: sb.root, home: sb.home, runtimeDir: RUNTIME_DIR, skillsDir: SKILLS_DIR });
    const file = path.join(sb.home, '.gemini', 'settings.json');
    expect(r.actions.find((a) => a.path === file)?.kind).toBe('unchanged'); // the same entry: only the record moves on
    expect(readConfig(sb.root).trackedPlanGateInstalls[0].version).not.toBe('0.0.1');
  });
});
