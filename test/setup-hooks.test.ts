/**
 * Delivery hooks: setup merges one item per event into each agent's own file, uninstall
 * takes exactly those out again. The standard is byte identity: after setup + uninstall the
 * workspace and the home folder are the trees they were before, the user's own files and
 * hooks included.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyRefresh, describeSetup, planRefresh, runSetup, runUninstall, type HookAgent, type Integration, type Scope, type SetupReport } from '../setup/index';
import { HOOK_ROWS, hookEntries, type HookRow, type JsonHookRow } from '../setup/targets/hooks';
import { hookCommand } from '../setup/targets/hook-command';
import { integrationRow } from '../setup/targets/skills';
import { PLUGIN_MARKER, renderOpencodePlugin } from '../setup/targets/opencode-plugin';
import { ensureBuilt, RUNTIME_DIR, SKILLS_DIR, sandbox, runtimeWithVersion, tree, uninstallFrom, type Sandbox } from './helpers/setup-env';
import { userCliPath } from '../shared/user-data';
import { findWorkspaceRoot } from '../shared/paths';
import { isSetUpProject } from '../shared/project-trust';

beforeAll(ensureBuilt);
let sb: Sandbox;
afterEach(() => sb?.cleanup());

type Choice = { target: HookAgent; scope: Scope };
const setup = (s: Sandbox, hooks: Choice[], skills: { target: Integration; scope: Scope }[] = []) =>
  runSetup({ root: s.root, home: s.home, gitignore: false, integrations: skills, hooks, runtimeDir: RUNTIME_DIR, skillsDir: SKILLS_DIR });
const fileOf = (s: Sandbox, row: HookRow, scope: Scope) => path.join(scope === 'project' ? s.root : s.home, scope === 'project' ? row.projectFile : row.homeFile);
const actionFor = (r: SetupReport, p: string) => r.actions.find((a) => a.path === p);
const readConfig = (root: string) => JSON.parse(fs.readFileSync(path.join(root, '.consider', 'config.json'), 'utf8'));

/** Writes a file the user has, making its folder. */
function put(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** The user's own file for a row: their settings and their own hook, in 4-space indentation. */
function userFile(row: HookRow): string {
  if (row.kind === 'file') return '// my own plugin\nexport const Mine = async () => ({});\n';
  const own = row.target === 'cursor' ? { command: 'echo mine' } : row.target === 'copilot' ? { type: 'command', bash: 'echo mine' } : { hooks: [{ type: 'command', command: 'echo mine' }] };
  return JSON.stringify({ ...row.skeleton, model: 'mine', hooks: { [row.events[0]!.name]: [own] } }, null, 4) + '\n';
}

/** Where the user's own file goes: the agent file itself, or (OpenCode) a sibling plugin. */
const userPath = (row: HookRow, file: string) => (row.kind === 'file' ? path.join(path.dirname(file), 'mine.js') : file);

describe('hooks: setup then uninstall leaves everything byte-identical', () => {
  const cases = HOOK_ROWS.flatMap((row) => (['project', 'home'] as const).flatMap((scope) =>
    (['full', 'skills-only'] as const).flatMap((mode) => [false, true].map((userHas) => ({ row, scope, mode, userHas })))));

  it.each(cases)('$row.target $scope, $mode uninstall, user file: $userHas', async ({ row, scope, mode, userHas }) => {
    sb = sandbox();
    const file = fileOf(sb, row, scope);
    if (userHas) {
      put(userPath(row, file), userFile(row));
    }
    fs.writeFileSync(path.join(sb.root, 'app.ts'), 'x\n');
    const beforeRoot = tree(sb.root);
    const beforeHome = tree(sb.home);
    const skill = integrationRow(row.target) ? [{ target: row.target as Integration, scope }] : [];

    const r = await setup(sb, [{ target: row.target, scope }], skill);
    expect(r.actions.filter((a) => a.kind === 'refused')).toEqual([]);
    expect(actionFor(r, file)?.kind).toBe(userHas && row.kind === 'json' ? 'updated' : 'created');
    if (userHas && row.kind === 'file') expect(fs.readFileSync(userPath(row, file), 'utf8')).toBe(userFile(row));
    if (userHas && row.kind === 'json') {
      const mine = JSON.parse(userFile(row));
      const merged = JSON.parse(fs.readFileSync(file, 'utf8'));
      expect(merged.model).toBe('mine');
      expect(merged.hooks[row.events[0]!.name][0]).toEqual(mine.hooks[row.events[0]!.name][0]);
    }
    const again = await setup(sb, [{ target: row.target, scope }], skill);
    expect(actionFor(again, file)?.kind).toBe('unchanged');

    const u = await uninstallFrom(sb, { mode });
    expect(u.actions.filter((a) => a.kind === 'refused')).toEqual([]);
    expect(tree(sb.root, (rel) => mode === 'skills-only' && rel.startsWith('.consider'))).toEqual(beforeRoot);
    // A skills-only uninstall keeps the project set up (its threads), so its record and the user's copy of the CLI stay.
    expect(tree(sb.home, (rel) => mode === 'skills-only' && (rel === '.local' || rel.startsWith(`.local${path.sep}`)))).toEqual(beforeHome);
    expect(isSetUpProject(sb.root, sb.home)).toBe(mode === 'skills-only');
  });
});

describe('hooks and skills share folders', () => {
  it('whichever setup wrote first, uninstall leaves the home folder as it was', async () => {
    for (const hookFirst of [true, false]) {
      sb = sandbox();
      const before = tree(sb.home);
      const hook = [{ target: 'claude' as const, scope: 'home' as const }];
      const skill = [{ target: 'claude' as const, scope: 'home' as const }];
      if (hookFirst) { await setup(sb, hook); await setup(sb, [], skill); } else { await setup(sb, [], skill); await setup(sb, hook); }
      expect(fs.existsSync(path.join(sb.home, '.claude', 'settings.json'))).toBe(true);
      await uninstallFrom(sb);
      expect(tree(sb.home), `hook first: ${hookFirst}`).toEqual(before);
      sb.cleanup();
    }
  });
});

describe('hooks: merging into the user\'s files', () => {
  it('keeps the other keys and hooks of an existing .claude/settings.json, adds each event once', async () => {
    sb = sandbox();
    const file = path.join(sb.root, '.claude', 'settings.json');
    const mine = { permissions: { allow: ['Bash(npm test)'] }, hooks: { Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }], PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'lint' }] }] } };
    put(file, JSON.stringify(mine, null, '\t'));
    await setup(sb, [{ target: 'claude', scope: 'project' }]);
    const config = fs.readFileSync(path.join(sb.root, '.consider', 'config.json'), 'utf8');
    const settings = fs.readFileSync(file, 'utf8');
    await setup(sb, [{ target: 'claude', scope: 'project' }]);
    expect(fs.readFileSync(path.join(sb.root, '.consider', 'config.json'), 'utf8')).toBe(config); // a re-run changes nothing
    expect(fs.readFileSync(file, 'utf8')).toBe(settings);
    const after = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(after.permissions).toEqual(mine.permissions);
    expect(after.hooks.PreToolUse).toEqual(mine.hooks.PreToolUse);
    expect(after.hooks.Stop[0]).toEqual(mine.hooks.Stop[0]);
    expect(after.hooks.Stop).toHaveLength(2);
    expect(after.hooks.UserPromptSubmit).toHaveLength(1);
    expect(after.hooks.SessionStart).toHaveLength(1);
    expect(after.hooks.Stop[1].hooks[0].command).toBe(hookCommand('claude', 'stop'));
    expect(fs.readFileSync(file, 'utf8')).toMatch(/\n\t\t"UserPromptSubmit": \[\n\t\t\t\{/); // the user's tabs
    const tracked = readConfig(sb.root).trackedHookInstalls;
    expect(tracked).toHaveLength(1);
    expect(tracked[0]).toMatchObject({ target: 'claude', scope: 'project', path: file, createdKeys: expect.arrayContaining(['hooks.UserPromptSubmit', 'hooks.SessionStart']) });
    expect(tracked[0].createdFile).toBeUndefined();
  });

  it('keeps CRLF line endings byte for byte', async () => {
    sb = sandbox();
    const file = path.join(sb.home, '.gemini', 'settings.json');
    const text = '{\r\n  "theme": "dark",\r\n  "hooks": {}\r\n}\r\n';
    put(file, text);
    await setup(sb, [{ target: 'gemini', scope: 'home' }]);
    const written = fs.readFileSync(file, 'utf8');
    expect(written.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(JSON.parse(written).hooks.AfterAgent[0].hooks[0]).toMatchObject({ type: 'command', name: 'consider' });
    await uninstallFrom(sb);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });

  it('keeps a hook entry the user edited, reports it, never adds a second one', async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'claude', scope: 'project' }]);
    const file = path.join(sb.root, '.claude', 'settings.json');
    const cfg = JSON.parse(fs.readFileSync(file, 'utf8'));
    cfg.hooks.Stop[0].hooks[0].timeout = 99; // the user's tweak
    fs.writeFileSync(file, JSON.stringify(cfg, null, 2) + '\n');
    const again = await setup(sb, [{ target: 'claude', scope: 'project' }]);
    expect(actionFor(again, file)).toMatchObject({ kind: 'skipped', detail: expect.stringMatching(/edited Stop hook kept/) });
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).hooks.Stop).toHaveLength(1);
    const u = await uninstallFrom(sb, { mode: 'skills-only' });
    expect(actionFor(u, file)).toMatchObject({ kind: 'updated', detail: expect.stringMatching(/edited Stop hook kept/) });
    const left = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(left).toEqual({ hooks: { Stop: cfg.hooks.Stop } });
  });

  it('updates an untouched entry an older version wrote, in place', async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'cursor', scope: 'project' }]);
    const file = path.join(sb.root, '.cursor', 'hooks.json');
    const cfgFile = path.join(sb.root, '.consider', 'config.json');
    const config = readConfig(sb.root);
    const old = { command: 'old-consider-cli" hook stop' };
    config.trackedHookInstalls[0].entries[0].entry = old;
    fs.writeFileSync(cfgFile, JSON.stringify(config));
    const hooks = JSON.parse(fs.readFileSync(file, 'utf8'));
    hooks.hooks.stop = [{ command: 'echo mine' }, old];
    fs.writeFileSync(file, JSON.stringify(hooks, null, 2));
    const r = await setup(sb, [{ target: 'cursor', scope: 'project' }]);
    expect(actionFor(r, file)?.kind).toBe('updated');
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).hooks.stop).toEqual([{ command: 'echo mine' }, hookEntries(HOOK_ROWS.find((h) => h.target === 'cursor') as JsonHookRow)[0]!.entry]);
  });
});

describe('hooks: uninstall without (valid) tracking', () => {
  it('a moved workspace: the hooks in it go, folders and all; the home hook by its tracked path', async () => {
    sb = sandbox();
    const before = tree(sb.home);
    await setup(sb, [{ target: 'claude', scope: 'project' }, { target: 'gemini', scope: 'home' }, { target: 'opencode', scope: 'project' }]);
    const moved = path.join(sb.dir, 'moved');
    fs.renameSync(sb.root, moved);
    const u = await runUninstall({ root: moved, home: sb.home, mode: 'full', removeGitignoreEntry: true });
    expect(u.actions.filter((a) => a.kind === 'refused')).toEqual([]);
    expect(actionFor(u, path.join(sb.root, '.claude', 'settings.json'))).toMatchObject({ kind: 'skipped', detail: 'already gone' });
    expect(actionFor(u, path.join(moved, '.claude', 'settings.json'))?.kind).toBe('removed');
    expect(fs.readdirSync(moved)).toEqual([]);
    expect(tree(sb.home)).toEqual(before);
  });

  it('no config.json: our entries are found in the project files and taken out, the user\'s file stays', async () => {
    sb = sandbox();
    const file = path.join(sb.root, '.codex', 'hooks.json');
    const mine = '{\n  "hooks": {\n    "Stop": [{"hooks": [{"type": "command", "command": "echo mine"}]}]\n  }\n}\n';
    put(file, mine);
    await setup(sb, [{ target: 'codex', scope: 'project' }]);
    fs.rmSync(path.join(sb.root, '.consider', 'config.json'));
    const u = await uninstallFrom(sb);
    expect(actionFor(u, file)?.kind).toBe('updated');
    expect(fs.readFileSync(file, 'utf8')).toBe(mine);
  });
});

describe('hooks: what setup refuses', () => {
  it('a broken agent file: one line, nothing lost, the rest of setup still runs', async () => {
    sb = sandbox();
    const file = path.join(sb.root, '.claude', 'settings.json');
    put(file, '{ "model": "x", }');
    const r = await setup(sb, [{ target: 'claude', scope: 'project' }, { target: 'codex', scope: 'project' }]);
    const a = actionFor(r, file)!;
    expect(a.kind).toBe('refused');
    expect(a.detail).toMatch(/^not valid JSON \(.*\); not touched$/);
    expect(a.detail).not.toMatch(/\n/);
    expect(fs.readFileSync(file, 'utf8')).toBe('{ "model": "x", }');
    expect(actionFor(r, path.join(sb.root, '.codex', 'hooks.json'))?.kind).toBe('created');
    expect(readConfig(sb.root).trackedHookInstalls.map((t: { target: string }) => t.target)).toEqual(['codex']);
    const wrongShape = path.join(sb.root, '.gemini', 'settings.json');
    put(wrongShape, '{"hooks": {"AfterAgent": "nope"}}');
    const r2 = await setup(sb, [{ target: 'gemini', scope: 'project' }]);
    expect(actionFor(r2, wrongShape)).toMatchObject({ kind: 'refused', detail: '"hooks.AfterAgent" is not a list; not touched' });
  });

  it('never writes through a symlinked file or a folder leading out of the workspace', async () => {
    sb = sandbox();
    const outside = path.join(sb.dir, 'outside');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'settings.json'), '{}');
    fs.mkdirSync(path.join(sb.root, '.claude'));
    fs.symlinkSync(path.join(outside, 'settings.json'), path.join(sb.root, '.claude', 'settings.json'));
    fs.symlinkSync(outside, path.join(sb.root, '.cursor'));
    fs.mkdirSync(path.join(sb.home, '.codex'));
    fs.symlinkSync(path.join(outside, 'settings.json'), path.join(sb.home, '.codex', 'hooks.json'));
    const r = await setup(sb, [{ target: 'claude', scope: 'project' }, { target: 'cursor', scope: 'project' }, { target: 'codex', scope: 'home' }]);
    expect(actionFor(r, path.join(sb.root, '.claude', 'settings.json'))?.kind).toBe('refused');
    expect(actionFor(r, path.join(sb.root, '.cursor', 'hooks.json'))?.kind).toBe('refused');
    expect(actionFor(r, path.join(sb.home, '.codex', 'hooks.json'))?.kind).toBe('refused');
    expect(fs.readdirSync(outside)).toEqual(['settings.json']);
    expect(fs.readFileSync(path.join(outside, 'settings.json'), 'utf8')).toBe('{}');
  });

  it('uninstall refuses a tampered tracked path and a file that became a symlink', async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'claude', scope: 'project' }]);
    const victim = path.join(sb.dir, 'victim.json');
    fs.writeFileSync(victim, '{"hooks":{}}');
    const cfgFile = path.join(sb.root, '.consider', 'config.json');
    const config = readConfig(sb.root);
    config.trackedHookInstalls.push({ ...config.trackedHookInstalls[0], path: victim });
    // Empty folders of the user's, listed as if setup had made them: never removed.
    const emptyOnes = [path.join(sb.dir, 'empty'), path.join(sb.root, 'src'), path.join(sb.home, 'empty')];
    for (const d of emptyOnes) fs.mkdirSync(d);
    config.trackedHookInstalls[0].createdDirs = emptyOnes;
    config.trackedSkillInstalls.push({ target: 'claude', scope: 'home', path: path.join(sb.home, 'nope', 'SKILL.md'), createdDirs: emptyOnes });
    fs.writeFileSync(cfgFile, JSON.stringify(config));
    const file = path.join(sb.root, '.claude', 'settings.json');
    fs.renameSync(file, path.join(sb.dir, 'moved.json'));
    fs.symlinkSync(path.join(sb.dir, 'moved.json'), file);
    const u = await uninstallFrom(sb);
    expect(actionFor(u, victim)?.kind).toBe('refused');
    expect(actionFor(u, file)?.kind).toBe('refused');
    expect(fs.readFileSync(victim, 'utf8')).toBe('{"hooks":{}}');
    expect(fs.readFileSync(path.join(sb.dir, 'moved.json'), 'utf8')).toContain('consider-cli');
    for (const d of emptyOnes) expect(fs.existsSync(d), d).toBe(true);
  });
});

describe('hooks: files setup must leave as their owner has them (issue 29)', () => {
  const claude = () => HOOK_ROWS.find((r) => r.target === 'claude') as JsonHookRow;

  it('a teammate\'s committed file already holding Consider\'s exact entries: reported, never tracked, and uninstall leaves it byte-identical', async () => {
    sb = sandbox();
    const file = path.join(sb.root, '.claude', 'settings.json');
    const theirs = JSON.stringify({ hooks: Object.fromEntries(hookEntries(claude()).map((e) => [e.name, [e.entry]])) }, null, 2) + '\n';
    put(file, theirs);
    const r = await setup(sb, [{ target: 'claude', scope: 'project' }, { target: 'codex', scope: 'project' }]);
    expect(actionFor(r, file)).toEqual({ kind: 'unchanged', path: file, detail: "Consider's Stop, UserPromptSubmit, SessionStart hook was there already, not written by this setup: left as it is, by uninstall too" });
    expect(readConfig(sb.root).trackedHookInstalls.map((t: { target: string }) => t.target)).toEqual(['codex']);
    for (const mode of ['skills-only', 'full'] as const) {
      await uninstallFrom(sb, { mode });
      expect(fs.readFileSync(file, 'utf8'), mode).toBe(theirs);
    }
  });

  it('the same agent\'s hook at both scopes is installed, and setup says one is enough', async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'claude', scope: 'home' }]);
    const r = await setup(sb, [{ target: 'claude', scope: 'project' }]);
    expect(actionFor(r, path.join(sb.root, '.claude', 'settings.json'))?.detail).toBe(`the same hook is also in ${path.join(sb.home, '.claude', 'settings.json')}: both run at every event; one of them is enough`);
  });

  it('a settings file its owner made read-only is refused, never replaced; the rest of setup goes on', async () => {
    sb = sandbox();
    const file = path.join(sb.root, '.claude', 'settings.json');
    put(file, '{\n  "model": "mine"\n}\n');
    fs.chmodSync(file, 0o444);
    const inode = fs.statSync(file).ino;
    const r = await setup(sb, [{ target: 'claude', scope: 'project' }, { target: 'gemini', scope: 'home' }]);
    expect(actionFor(r, file)).toEqual({ kind: 'refused', path: file, detail: 'is read-only; not touched (make it writable and run this again to change it)' });
    expect({ text: fs.readFileSync(file, 'utf8'), mode: fs.statSync(file).mode & 0o777, inode: fs.statSync(file).ino }).toEqual({ text: '{\n  "model": "mine"\n}\n', mode: 0o444, inode });
    expect(readConfig(sb.root).trackedHookInstalls.map((t: { target: string }) => t.target)).toEqual(['gemini']);
    // Made read-only after setup wrote into it: uninstall leaves it too, and says so.
    const gemini = path.join(sb.home, '.gemini', 'settings.json');
    fs.chmodSync(gemini, 0o400);
    const before = fs.readFileSync(gemini, 'utf8');
    const u = await uninstallFrom(sb, { mode: 'skills-only' });
    expect(actionFor(u, gemini)?.kind).toBe('refused');
    expect(fs.readFileSync(gemini, 'utf8')).toBe(before);
  });

  it('a settings file nested 50,000 levels deep: one line, nothing half-installed, status still answers', async () => {
    sb = sandbox();
    const file = path.join(sb.root, '.claude', 'settings.json');
    const deep = `{"model": ${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    put(file, deep);
    put(path.join(sb.root, '.mcp.json'), deep);
    const r = await runSetup({ root: sb.root, home: sb.home, gitignore: false, integrations: [], hooks: [{ target: 'claude', scope: 'project' }, { target: 'codex', scope: 'project' }], mcpServers: [{ target: 'claude' }], runtimeDir: RUNTIME_DIR, skillsDir: SKILLS_DIR });
    const refusal = 'nests objects and lists more than 100 levels deep; not touched';
    expect(actionFor(r, file)).toEqual({ kind: 'refused', path: file, detail: refusal });
    expect(actionFor(r, path.join(sb.root, '.mcp.json'))).toEqual({ kind: 'refused', path: path.join(sb.root, '.mcp.json'), detail: refusal });
    expect(fs.readFileSync(file, 'utf8')).toBe(deep);
    expect(readConfig(sb.root).trackedHookInstalls.map((t: { target: string }) => t.target)).toEqual(['codex']);
    const state = await describeSetup(sb.root, sb.home);
    expect(state.hooks.find((h) => h.target === 'codex')?.installed.map((i) => i.scope)).toEqual(['project']);
  });

  it('a settings file with a UTF-8 byte order mark: merged into, the mark kept, and taken out again byte for byte', async () => {
    sb = sandbox();
    const file = path.join(sb.root, '.claude', 'settings.json');
    const text = '\uFEFF{\n  "model": "mine"\n}\n';
    put(file, text);
    const r = await setup(sb, [{ target: 'claude', scope: 'project' }]);
    expect(actionFor(r, file)?.kind).toBe('updated');
    const merged = fs.readFileSync(file, 'utf8');
    expect(merged.startsWith('\uFEFF{\n  "model": "mine",\n  "hooks": {')).toBe(true);
    expect(JSON.parse(merged.slice(1)).hooks.Stop).toEqual([hookEntries(claude())[0]!.entry]);
    expect(actionFor(await setup(sb, [{ target: 'claude', scope: 'project' }]), file)?.kind).toBe('unchanged');
    await uninstallFrom(sb);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });

  it('a file that is not JSON because of an invisible character: the refusal is one line and shows it as an escape', async () => {
    sb = sandbox();
    const file = path.join(sb.root, '.claude', 'settings.json');
    put(file, '\u200b{\n  "model": "x"\n}\n'); // a zero-width space before it: V8 quotes the text, newline and all
    const a = actionFor(await setup(sb, [{ target: 'claude', scope: 'project' }]), file)!;
    expect(a.kind).toBe('refused');
    expect(a.detail).toMatch(/^not valid JSON \(.*\\u\{200b\}.*\); not touched$/);
    expect(a.detail).not.toMatch(/[\n\u200b]/);
  });
});

describe('hooks: the command line and the OpenCode plugin', () => {
  /** A stand-in for the user's copy of consider-cli (in the sandbox's home) that prints how it was called. */
  function fakeUserCli(home: string, out = 'ARGS $*'): void {
    fs.mkdirSync(path.dirname(userCliPath(home)), { recursive: true });
    fs.writeFileSync(userCliPath(home), `#!/bin/sh\ncat >/dev/null\necho "${out}"\n`, { mode: 0o755 });
  }
  const run = (cmd: string, cwd: string, env: Record<string, string>) =>
    spawnSync('/bin/sh', ['-c', cmd], { cwd, input: '{}', encoding: 'utf8', env: { PATH: process.env.PATH!, ...env } });

  it('runs the user\'s copy for the nearest project with .consider/, from a subfolder or the project variable; silent elsewhere', () => {
    sb = sandbox();
    fakeUserCli(sb.home);
    fs.mkdirSync(path.join(sb.root, '.consider'));
    const sub = path.join(sb.root, 'src', 'deep');
    fs.mkdirSync(sub, { recursive: true });
    const codex = run(hookCommand('codex', 'stop'), sub, { HOME: sb.home });
    expect(codex.stdout.trim()).toBe(`ARGS hook stop --agent codex --if-set-up --root ${sb.root}`);
    const claude = run(hookCommand('claude', 'prompt'), sb.home, { HOME: sb.home, CLAUDE_PROJECT_DIR: sb.root });
    expect(claude.stdout.trim()).toBe(`ARGS hook prompt --agent claude --if-set-up --root ${sb.root}`);
    const elsewhere = run(hookCommand('gemini', 'session-start'), sb.home, { HOME: sb.home });
    expect(elsewhere).toMatchObject({ status: 0, stdout: '', stderr: '' });
    const relative = run(hookCommand('cursor', 'stop'), sub, { HOME: sb.home, CURSOR_PROJECT_DIR: 'ws' });
    expect(relative).toMatchObject({ status: 0, stdout: '', stderr: '' });
    const noCopy = run(hookCommand('claude', 'stop'), sub, { HOME: sb.dir });
    expect(noCopy).toMatchObject({ status: 0, stdout: '', stderr: '' });
  });

  it('never walks out of a linked git worktree nested in a set-up project (issue 39): silent there, its own store once it has one', () => {
    sb = sandbox();
    fakeUserCli(sb.home);
    const git = (cwd: string, ...args: string[]) => spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=T', ...args], { cwd, encoding: 'utf8' });
    expect(git(sb.root, 'init', '-q').status).toBe(0);
    fs.writeFileSync(path.join(sb.root, 'a.ts'), 'a\n');
    git(sb.root, 'add', 'a.ts');
    expect(git(sb.root, 'commit', '-qm', 'a').status).toBe(0);
    fs.mkdirSync(path.join(sb.root, '.consider'));
    // A worktree where agents put theirs: inside the main checkout.
    const nested = path.join(sb.root, '.worktrees', 'feature');
    expect(git(sb.root, 'worktree', 'add', '-q', '-b', 'feature', nested).status).toBe(0);
    const deep = path.join(nested, 'src');
    fs.mkdirSync(deep);
    for (const [agent, cwd] of [['codex', nested], ['copilot', deep], ['opencode', deep]] as const) {
      expect(run(hookCommand(agent, 'stop'), cwd, { HOME: sb.home }), agent).toMatchObject({ status: 0, stdout: '', stderr: '' });
    }
    expect(run(hookCommand('claude', 'stop'), sb.home, { HOME: sb.home, CLAUDE_PROJECT_DIR: nested })).toMatchObject({ status: 0, stdout: '' });
    // The CLI's own search for its workspace stops there too.
    expect(findWorkspaceRoot(deep)).toBe(nested);
    // Set up there, the worktree's own store answers.
    fs.mkdirSync(path.join(nested, '.consider'));
    expect(run(hookCommand('codex', 'stop'), deep, { HOME: sb.home }).stdout.trim()).toBe(`ARGS hook stop --agent codex --if-set-up --root ${nested}`);
    expect(findWorkspaceRoot(deep)).toBe(nested);
    // A submodule's .git file is no boundary (its threads are the enclosing project's).
    const sub = path.join(sb.root, 'vendor', 'lib');
    fs.mkdirSync(sub, { recursive: true });
    fs.writeFileSync(path.join(sub, '.git'), 'gitdir: ../../.git/modules/lib\n');
    expect(run(hookCommand('codex', 'stop'), sub, { HOME: sb.home }).stdout.trim()).toBe(`ARGS hook stop --agent codex --if-set-up --root ${sb.root}`);
  });

  it('exits 0 with the real CLI, whether or not a project is set up there', async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'claude', scope: 'project' }]);
    for (const row of HOOK_ROWS) {
      for (const cwd of [sb.root, sb.dir]) {
        const r = spawnSync('/bin/sh', ['-c', hookCommand(row.target, 'stop')], { cwd, input: '{"session_id":"s","stop_hook_active":false}', encoding: 'utf8', env: { ...process.env, HOME: sb.home } });
        expect(r.status, row.target).toBe(0);
      }
    }
  });

  it('the plugin runs the user\'s copy on session.idle and prompts the session with its message', async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'opencode', scope: 'project' }]);
    fakeUserCli(sb.home, '{\\"message\\":\\"2 new review comments\\"}'); // after setup, which deploys the real CLI
    const plugin = path.join(sb.dir, 'plugin.mjs'); // .mjs: loadable by Node as it is by Bun
    fs.copyFileSync(path.join(sb.root, '.opencode', 'plugins', 'consider.js'), plugin);
    const home = process.env.HOME;
    process.env.HOME = sb.home; // the plugin finds the user's copy through os.homedir()
    let mod: { ConsiderReview: (ctx: unknown) => Promise<{ event(e: unknown): Promise<void> }> };
    try {
      mod = await import(plugin) as typeof mod;
    } finally {
      process.env.HOME = home;
    }
    const prompts: unknown[] = [];
    const client = { session: { prompt: async (p: unknown) => { prompts.push(p); } } };
    const hooks = await mod.ConsiderReview({ client, directory: path.join(sb.root, '.opencode') });
    await hooks.event({ event: { type: 'message.updated', properties: {} } });
    await hooks.event({ event: { type: 'session.idle', properties: { sessionID: 'ses_1' } } });
    expect(prompts).toEqual([{ path: { id: 'ses_1' }, body: { parts: [{ type: 'text', text: '2 new review comments' }] } }]);
    const elsewhere = await mod.ConsiderReview({ client, directory: sb.home });
    await elsewhere.event({ event: { type: 'session.idle', properties: { sessionID: 'ses_2' } } });
    expect(prompts).toHaveLength(1);
  });
});

describe('hooks: refresh after an extension update', () => {
  it('brings untouched hooks of an older version up to date, keeps edited ones, never re-adds a removed one', async () => {
    sb = sandbox();
    const old = runtimeWithVersion(sb.dir, '0.0.1');
    await runSetup({ root: sb.root, home: sb.home, gitignore: false, integrations: [], runtimeDir: old, skillsDir: SKILLS_DIR,
      hooks: [{ target: 'claude', scope: 'project' }, { target: 'opencode', scope: 'project' }, { target: 'cursor', scope: 'home' }] });
    // What 0.0.1 "wrote": an older command line and an older plugin.
    const settings = path.join(sb.root, '.claude', 'settings.json');
    const plugin = path.join(sb.root, '.opencode', 'plugins', 'consider.js');
    const oldEntry = { hooks: [{ type: 'command', command: 'old .consider/bin/consider-cli hook stop' }] };
    const cfg = readConfig(sb.root);
    const claude = cfg.trackedHookInstalls.find((t: { target: string }) => t.target === 'claude');
    claude.entries[0].entry = oldEntry;
    const json = JSON.parse(fs.readFileSync(settings, 'utf8'));
    json.hooks.Stop = [oldEntry];
    fs.writeFileSync(settings, JSON.stringify(json, null, 2));
    const oldPlugin = `${PLUGIN_MARKER}: an older plugin\n`;
    fs.writeFileSync(plugin, oldPlugin);
    cfg.trackedHookInstalls.find((t: { target: string }) => t.target === 'opencode').sha256 = crypto.createHash('sha256').update(oldPlugin).digest('hex');
    fs.writeFileSync(path.join(sb.root, '.consider', 'config.json'), JSON.stringify(cfg));
    fs.rmSync(path.join(sb.home, '.cursor'), { recursive: true }); // the user removed that one

    const input = { root: sb.root, home: sb.home, runtimeDir: RUNTIME_DIR, skillsDir: SKILLS_DIR };
    expect(planRefresh(input).hooks.map((h) => h.target)).toEqual(['claude', 'opencode']);
    const r = await applyRefresh(input);
    expect(actionFor(r, settings)?.kind).toBe('updated');
    expect(actionFor(r, plugin)?.kind).toBe('updated');
    expect(JSON.parse(fs.readFileSync(settings, 'utf8')).hooks.Stop).toEqual([hookEntries(HOOK_ROWS[0] as JsonHookRow)[0]!.entry]);
    expect(fs.readFileSync(plugin, 'utf8')).toBe(renderOpencodePlugin());
    expect(fs.existsSync(path.join(sb.home, '.cursor'))).toBe(false);
    expect(planRefresh(input).hooks).toEqual([]);

    // An edited plugin is kept, and refresh does not come back to it at every start.
    const cfg2 = readConfig(sb.root);
    cfg2.trackedHookInstalls.find((t: { target: string }) => t.target === 'opencode').version = '0.0.1';
    fs.writeFileSync(path.join(sb.root, '.consider', 'config.json'), JSON.stringify(cfg2));
    fs.appendFileSync(plugin, '// my tweak\n');
    expect(actionFor(await applyRefresh(input), plugin)).toMatchObject({ kind: 'skipped', detail: expect.stringMatching(/edited/) });
    expect(fs.readFileSync(plugin, 'utf8')).toContain('// my tweak');
    expect(planRefresh(input).hooks).toEqual([]);
  });
});

describe('hooks: the contract in docs/agent-loop.md', () => {
  it('shows the exact command line and every agent\'s files and events', () => {
    const doc = fs.readFileSync(path.join(__dirname, '..', 'docs', 'agent-loop.md'), 'utf8');
    expect(doc).toContain(hookCommand('claude', 'stop'));
    for (const row of HOOK_ROWS) {
      const line = doc.split('\n').find((l) => l.startsWith(`| \`${row.target}\` |`));
      expect(line, row.target).toBeDefined();
      expect(line).toContain(`\`${row.projectFile}\``);
      expect(line).toContain(`\`~/${row.homeFile}\``);
      if (row.kind === 'json') for (const e of row.events) expect(line).toContain(`\`${e.name}\` → \`${e.event}\``);
      const start = /d="([^"]+)"/.exec(hookCommand(row.target, 'stop'))![1]!;
      expect(doc).toContain(`\`${start}\``);
    }
  });
});

describe('hooks: status, tracking and the terminal command', () => {
  it('describeSetup reports installed hooks; config.json tracks them next to the skills', async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'codex', scope: 'home' }, { target: 'copilot', scope: 'project' }], [{ target: 'claude', scope: 'project' }]);
    const state = await describeSetup(sb.root, sb.home);
    const installed = Object.fromEntries(state.hooks.map((h) => [h.target, h.installed.map((i) => i.scope)]));
    expect(installed).toEqual({ claude: [], codex: ['home'], gemini: [], cursor: [], copilot: ['project'], opencode: [] });
    const cfg = readConfig(sb.root);
    expect(cfg.trackedSkillInstalls).toHaveLength(1);
    expect(cfg.trackedHookInstalls.map((t: { target: string; scope: string }) => `${t.target}:${t.scope}`)).toEqual(['codex:home', 'copilot:project']);
    const copilot = JSON.parse(fs.readFileSync(path.join(sb.root, '.github', 'hooks', 'consider.json'), 'utf8'));
    expect(copilot.version).toBe(1);
    expect(copilot.hooks.agentStop[0]).toMatchObject({ type: 'command', cwd: '.', bash: hookCommand('copilot', 'stop') });
  });

  it('consider-setup setup --hook AGENT:SCOPE installs a hook; bad agents are a usage error', () => {
    sb = sandbox();
    const cli = path.join(RUNTIME_DIR, '..', 'setup', 'consider-setup.cjs');
    const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { cwd: sb.root, encoding: 'utf8', env: { ...process.env, HOME: sb.home } });
    const r = run('setup', '--no-gitignore', '--hook', 'claude:project', '--hook', 'cursor:home');
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/created\s+\.claude\/settings\.json/);
    expect(r.stdout).toMatch(/created\s+~\/\.cursor\/hooks\.json/);
    expect(run('status').stdout).toMatch(/Claude Code hook\s+project: \.claude\/settings\.json/);
    const bad = run('setup', '--hook', 'roo:project');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^consider-setup: unknown hook agent "roo"/);
  });
});
