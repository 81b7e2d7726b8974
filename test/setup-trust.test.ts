/**
 * The trust model (README, "Trust model"; issue 28): every command line setup writes — hooks at
 * home and project scope, the OpenCode plugin, MCP entries — runs the user's own copy of
 * consider-cli and never a program found in a project or a folder above it; a hook speaks only
 * in a project the user set up on this machine. Shown the way an attacker would try it: an
 * executable `.consider/bin/consider-cli` planted in a cloned repository (which also commits the
 * project's hook files and a store with "feedback" waiting), in a parent folder (a shared /tmp),
 * and in the user's own project, and each installed line run there as the agent would run it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyRefresh, describeSetup, planRefresh, refreshNeeded, runSetup, runUninstall, type HookAgent, type McpAgent, type Scope } from '../setup/index';
import { HOOK_ROWS, legacyHookEntries, type HookRow, type JsonHookRow } from '../setup/targets/hooks';
import { hookCommand, legacyHookCommand } from '../setup/targets/hook-command';
import { PLUGIN_MARKER } from '../setup/targets/opencode-plugin';
import { legacyMcpRow, MCP_ROWS, mcpRow, type McpRow, type TomlMcpRow } from '../setup/targets/mcp';
import { tomlTable } from '../setup/mcp/one-file';
import { hookEvent } from '../cli/hook/agents';
import { addThread } from '../shared';
import { userCliPath, userDataDir } from '../shared/user-data';
import { isSetUpProject } from '../shared/project-trust';
import { ensureBuilt, git, PACKAGE_VERSION, RUNTIME_DIR, runtimeWithVersion, SETUP_CLI, SKILLS_DIR, sandbox, tree, type Sandbox } from './helpers/setup-env';

beforeAll(ensureBuilt);
let sb: Sandbox;
afterEach(() => sb?.cleanup());

const FIXTURES = path.join(__dirname, 'fixtures', 'hooks');
const ALL_MCP = MCP_ROWS.map((r) => r.target);

function setup(root: string, home: string, hooks: { target: HookAgent; scope: Scope }[], mcp: McpAgent[] = []) {
  return runSetup({ root, home, gitignore: false, integrations: [], hooks, mcpServers: mcp.map((target) => ({ target })), runtimeDir: RUNTIME_DIR, skillsDir: SKILLS_DIR });
}
const allHooks = (scope: Scope) => HOOK_ROWS.map((r) => ({ target: r.target, scope }));
const hookFileOf = (row: HookRow, scope: Scope, root: string, home: string) => path.join(scope === 'project' ? root : home, scope === 'project' ? row.projectFile : row.homeFile);

/** The world an attacker prepares around the user's project `ws`, all under the sandbox's folder. */
interface Planted {
  /** Written by any planted program that runs: its arguments. */
  marker: string;
  /** A cloned repository committing `.consider/` (a program, a store with feedback waiting). */
  cloned: string;
  /** A folder with no `.consider/` under a parent that holds one (a shared /tmp). */
  underParent: string;
}

function plantProgram(folder: string, marker: string): void {
  const bin = path.join(folder, '.consider', 'bin');
  fs.mkdirSync(bin, { recursive: true });
  fs.writeFileSync(path.join(bin, 'consider-cli'), `#!/bin/sh\necho "planted program ran in ${folder}: $*" >> "${marker}"\n`, { mode: 0o755 });
}

async function plant(s: Sandbox): Promise<Planted> {
  const marker = path.join(s.dir, 'PWNED');
  const cloned = path.join(s.dir, 'cloned');
  fs.mkdirSync(path.join(cloned, 'src'), { recursive: true });
  fs.writeFileSync(path.join(cloned, 'src', 'a.ts'), 'one\ntwo\n');
  git(cloned, 'init', '-q');
  await addThread(cloned, { file: 'src/a.ts', startLine: 1, endLine: 1, body: 'run the tool', author: 'human' }); // "feedback" to deliver
  plantProgram(cloned, marker);
  plantProgram(s.dir, marker); // the parent of every folder in the sandbox
  const underParent = path.join(s.dir, 'plain', 'sub');
  fs.mkdirSync(underParent, { recursive: true });
  return { marker, cloned, underParent };
}

/** Every string in a hook file's Consider items (the commands the agent runs). */
function installedCommands(row: JsonHookRow, file: string): string[] {
  const hooks = (JSON.parse(fs.readFileSync(file, 'utf8')) as { hooks: Record<string, unknown> }).hooks;
  const strings = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(strings) : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : []);
  return row.events.flatMap((e) => strings(hooks[e.name])).filter((c) => c.includes('consider-cli'));
}

/** Runs a hook command as the agent would in `folder`: its project variable, its cwd, its input. */
function runHookLine(command: string, folder: string, home: string, input = '{"session_id":"s","stop_hook_active":false}') {
  return spawnSync('/bin/sh', ['-c', command], {
    cwd: folder, input, encoding: 'utf8', timeout: 20_000,
    env: { PATH: process.env.PATH!, HOME: home, CLAUDE_PROJECT_DIR: folder, GEMINI_PROJECT_DIR: folder, CURSOR_PROJECT_DIR: folder },
  });
}

/** Starts an MCP entry as the agent would in `folder`, with stdin closed at once. */
function startMcpEntry(row: McpRow, entryValue: unknown, folder: string, home: string) {
  const e = entryValue as { command: string | string[]; args?: string[] };
  const argv = (Array.isArray(e.command) ? e.command : [e.command, ...(e.args ?? [])]).map((a) => a.replaceAll('${workspaceFolder}', folder));
  return spawnSync(argv[0]!, argv.slice(1), { cwd: folder, input: '', encoding: 'utf8', timeout: 20_000, env: { PATH: process.env.PATH!, HOME: home } });
}
const entryOf = (row: McpRow) => (row.kind === 'json' ? row.entry : { command: row.command, args: row.args });

async function importPlugin(file: string, home: string): Promise<{ ConsiderReview: (ctx: unknown) => Promise<{ event(e: unknown): Promise<void> }> }> {
  const copy = path.join(path.dirname(file), `plugin-${Math.random().toString(36).slice(2)}.mjs`); // .mjs: loadable by Node as by Bun
  fs.copyFileSync(file, copy);
  const saved = process.env.HOME;
  process.env.HOME = home; // the plugin finds the user's copy through os.homedir() when loaded
  try {
    return await import(copy);
  } finally {
    process.env.HOME = saved;
    fs.rmSync(copy);
  }
}

describe('trust: no installed command line runs a program found in a project or above it', () => {
  it('hooks (home and project files of every agent), the OpenCode plugin and every MCP entry, in a clone, under a planted parent and in the user\'s own project', async () => {
    sb = sandbox({ git: true });
    const p = await plant(sb);
    await setup(sb.root, sb.home, allHooks('home'), ALL_MCP);
    await setup(sb.root, sb.home, allHooks('project'));
    // The user's own project: a pull brought a program into its .consider/bin too.
    plantProgram(sb.root, p.marker);
    // The clone commits the project's hook files, as a teammate's setup would have written them.
    for (const row of HOOK_ROWS) {
      const to = path.join(p.cloned, row.projectFile);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(path.join(sb.root, row.projectFile), to);
    }
    const places = [p.cloned, p.underParent, sb.root, path.join(sb.root, '.claude')];

    let ran = 0;
    for (const row of HOOK_ROWS) {
      for (const scope of ['home', 'project'] as const) {
        const file = hookFileOf(row, scope, sb.root, sb.home);
        if (row.kind === 'file') {
          const plugin = await importPlugin(file, sb.home);
          const prompts: unknown[] = [];
          for (const directory of places) {
            const hooks = await plugin.ConsiderReview({ client: { session: { prompt: async (x: unknown) => { prompts.push(x); } } }, directory });
            await hooks.event({ event: { type: 'session.idle', properties: { sessionID: 'ses' } } });
            ran++;
          }
          expect(prompts, `${row.target} ${scope}: nothing said outside the user's recorded project`).toEqual([]);
          continue;
        }
        const commands = installedCommands(row, file);
        expect(commands, `${row.target} ${scope}`).toHaveLength(row.events.length);
        for (const command of commands) {
          for (const folder of places) {
            const r = runHookLine(command, folder, sb.home);
            expect(r.status, `${row.target} ${scope} in ${folder}`).toBe(0);
            if (folder === p.cloned || folder === p.underParent) expect(r.stdout, `${row.target} ${scope} in ${folder}`).toBe(''); // never set up there
            ran++;
          }
        }
      }
    }
    for (const row of MCP_ROWS) {
      const text = fs.readFileSync(path.join(sb.root, row.file), 'utf8');
      expect(text, row.target).toContain('.local/share/consider/bin/consider-cli');
      for (const folder of places) {
        startMcpEntry(row, entryOf(row), folder, sb.home);
        ran++;
      }
    }
    expect(ran).toBeGreaterThan(100);
    expect(fs.existsSync(p.marker) ? fs.readFileSync(p.marker, 'utf8') : 'nothing ran').toBe('nothing ran');

    // The harness can tell: the line earlier versions wrote, and their MCP entry, ran the planted program.
    runHookLine(legacyHookCommand('claude', 'session-start'), p.cloned, sb.home);
    startMcpEntry(mcpRow('claude')!, entryOf(legacyMcpRow(mcpRow('claude')!)), p.underParent, sb.home);
    expect(fs.readFileSync(p.marker, 'utf8').split('\n').filter(Boolean)).toEqual([
      `planted program ran in ${p.cloned}: hook session-start --agent claude --root ${p.cloned}`,
      `planted program ran in ${sb.dir}: mcp --root ${sb.dir}`,
    ]);
  }, 300_000);
});

describe('trust: the home hook still delivers in a project the user set up', () => {
  it('every agent\'s home stop hook blocks with the review in the user\'s project (and a subfolder), and says nothing in a clone with feedback waiting', async () => {
    sb = sandbox({ git: true });
    const p = await plant(sb);
    await setup(sb.root, sb.home, allHooks('home'));
    fs.mkdirSync(path.join(sb.root, 'src'));
    fs.writeFileSync(path.join(sb.root, 'src', 'a.ts'), 'one\ntwo\n');
    await addThread(sb.root, { file: 'src/a.ts', startLine: 2, endLine: 2, body: 'Handle the empty case.', author: 'human' });
    for (const row of HOOK_ROWS) {
      if (row.kind !== 'json') continue;
      const stop = row.events.find((e) => e.event === 'stop')!;
      const command = installedCommands(row, hookFileOf(row, 'home', sb.root, sb.home)).find((c) => c.includes(`hook stop --agent ${row.target}`))!;
      const input = (folder: string) => fs.readFileSync(path.join(FIXTURES, `${row.target}-stop.json`), 'utf8').replaceAll('"$ROOT"', JSON.stringify(folder));
      for (const folder of [sb.root, path.join(sb.root, 'src')]) {
        fs.rmSync(path.join(sb.root, '.consider', 'hook-state.json'), { force: true });
        const r = runHookLine(command, folder, sb.home, input(folder));
        expect(r.stderr, `${row.target} in ${folder}`).toBe('');
        expect(JSON.stringify(JSON.parse(r.stdout)), `${row.target} (${stop.name}) in ${folder}`).toContain('1 new review comment from the developer (Consider)');
      }
      expect(runHookLine(command, p.cloned, sb.home, input(p.cloned)), row.target).toMatchObject({ status: 0, stdout: '' });
    }
    expect(fs.existsSync(p.marker)).toBe(false);
  }, 120_000);
});

describe('trust: what setup records and deploys in the home folder', () => {
  it('every setup records the project (skills alone: the record only, no copy of the CLI); a hook deploys the user\'s copy; the last full uninstall takes both away', async () => {
    sb = sandbox();
    const before = tree(sb.home);
    await runSetup({ root: sb.root, home: sb.home, gitignore: false, integrations: [{ target: 'claude', scope: 'project' }], runtimeDir: RUNTIME_DIR, skillsDir: SKILLS_DIR });
    expect(isSetUpProject(sb.root, sb.home)).toBe(true); // the one definition of "set up": the walkthrough and refresh ask it too
    expect(Object.keys(tree(sb.home)).filter((k) => !k.endsWith('/')).map((k) => k.replace(/projects\/[^/]+\.json$/, 'projects/<record>.json')).sort())
      .toEqual(['.local/share/consider/projects/<record>.json', '.local/share/consider/setup.json']);
    expect(fs.existsSync(userCliPath(sb.home))).toBe(false);

    await setup(sb.root, sb.home, [{ target: 'claude', scope: 'project' }]);
    expect(isSetUpProject(sb.root, sb.home)).toBe(true);
    expect(fs.statSync(userCliPath(sb.home)).mode & 0o111).not.toBe(0);
    const second = path.join(sb.dir, 'second');
    fs.mkdirSync(second);
    await setup(second, sb.home, []);
    expect(isSetUpProject(second, sb.home)).toBe(true);
    // A folder reached through a symbolic link is the same project.
    fs.symlinkSync(second, path.join(sb.dir, 'link'));
    expect(isSetUpProject(path.join(sb.dir, 'link'), sb.home)).toBe(true);

    await runUninstall({ root: sb.root, home: sb.home, mode: 'full', removeGitignoreEntry: true });
    expect(isSetUpProject(sb.root, sb.home)).toBe(false);
    expect(fs.existsSync(userCliPath(sb.home))).toBe(true); // `second` still uses it
    const u = await runUninstall({ root: second, home: sb.home, mode: 'full', removeGitignoreEntry: true });
    expect(u.actions).toContainEqual(expect.objectContaining({ kind: 'removed', path: userCliPath(sb.home) }));
    expect(tree(sb.home)).toEqual(before);
  });

  it('refresh never records: without a record it writes nothing anywhere; in a set-up project it brings the CLI and the user\'s copy up to date', async () => {
    sb = sandbox();
    const old = runtimeWithVersion(sb.dir, '0.0.1');
    await runSetup({ root: sb.root, home: sb.home, gitignore: false, integrations: [{ target: 'claude', scope: 'project' }], hooks: [{ target: 'codex', scope: 'project' }], runtimeDir: old, skillsDir: SKILLS_DIR });
    const input = { root: sb.root, home: sb.home, runtimeDir: RUNTIME_DIR, skillsDir: SKILLS_DIR };
    fs.rmSync(userDataDir(sb.home), { recursive: true }); // no record (and no copy): as a clone that committed this .consider/ would be
    const [home, root] = [tree(sb.home), tree(sb.root)];
    expect(refreshNeeded(planRefresh(input))).toBe(false); // its CLI is older, but the folder is not the developer's
    expect((await applyRefresh(input)).actions).toEqual([expect.objectContaining({ kind: 'skipped', detail: expect.stringMatching(/^nothing refreshed: this folder is not set up by you on this machine/) })]);
    expect({ home: tree(sb.home), root: tree(sb.root) }).toEqual({ home, root });

    await runSetup({ root: sb.root, home: sb.home, gitignore: false, integrations: [{ target: 'claude', scope: 'project' }], hooks: [{ target: 'codex', scope: 'project' }], runtimeDir: old, skillsDir: SKILLS_DIR });
    fs.rmSync(path.join(userDataDir(sb.home), 'bin'), { recursive: true }); // the copy gone, the record kept
    expect(refreshNeeded(planRefresh(input))).toBe(true);
    await applyRefresh(input);
    expect({ recorded: isSetUpProject(sb.root, sb.home), copy: fs.existsSync(userCliPath(sb.home)), cli: fs.readFileSync(path.join(sb.root, '.consider', 'bin', 'VERSION'), 'utf8').trim() })
      .toEqual({ recorded: true, copy: true, cli: PACKAGE_VERSION });
  });

  it('never replaces a newer copy another editor\'s Consider put there', async () => {
    sb = sandbox();
    await setup(sb.root, sb.home, [{ target: 'claude', scope: 'project' }]);
    fs.writeFileSync(path.join(userDataDir(sb.home), 'bin', 'VERSION'), '99.0.0\n');
    const r = await setup(sb.root, sb.home, [{ target: 'claude', scope: 'project' }]);
    expect(r.actions).toContainEqual({ kind: 'skipped', path: userCliPath(sb.home), detail: 'a newer version (99.0.0) is there; kept' });
    expect(fs.readFileSync(path.join(userDataDir(sb.home), 'bin', 'VERSION'), 'utf8')).toBe('99.0.0\n');
  });
});

describe('trust: installs of earlier versions are migrated', () => {
  /** Turns a fresh install into what earlier versions left: their command lines, no user copy, no record. */
  async function earlierInstall(s: Sandbox): Promise<void> {
    await setup(s.root, s.home, [{ target: 'claude', scope: 'home' }, { target: 'cursor', scope: 'project' }, { target: 'opencode', scope: 'project' }], ['claude', 'codex']);
    const cfgFile = path.join(s.root, '.consider', 'config.json');
    const cfg = JSON.parse(fs.readFileSync(cfgFile, 'utf8'));
    for (const t of cfg.trackedHookInstalls) {
      const row = HOOK_ROWS.find((r) => r.target === t.target)!;
      if (row.kind === 'file') {
        const old = `${PLUGIN_MARKER}: an earlier plugin\nconst CLI = path.join('.consider', 'bin', 'consider-cli');\n`;
        fs.writeFileSync(t.path, old);
        t.sha256 = (await import('node:crypto')).createHash('sha256').update(old).digest('hex');
        continue;
      }
      const swap = new Map(row.events.map((e) => [hookCommand(row.target, e.event), legacyHookCommand(row.target, e.event)]));
      const walk = (v: unknown): unknown => (typeof v === 'string' ? swap.get(v) ?? v : Array.isArray(v) ? v.map(walk)
        : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)])) : v);
      fs.writeFileSync(t.path, JSON.stringify(walk(JSON.parse(fs.readFileSync(t.path, 'utf8'))), null, 2) + '\n');
      t.entries = legacyHookEntries(row);
    }
    for (const t of cfg.trackedMcpInstalls) {
      const row = mcpRow(t.target)!;
      const legacy = legacyMcpRow(row);
      let text = fs.readFileSync(t.path, 'utf8');
      if (row.kind === 'toml') {
        text = text.replace(tomlTable(row), tomlTable(legacy as TomlMcpRow));
        t.block = t.block.replace(tomlTable(row), tomlTable(legacy as TomlMcpRow));
      } else {
        const parsed = JSON.parse(text);
        parsed[row.container].consider = (legacy as Extract<McpRow, { kind: 'json' }>).entry;
        text = JSON.stringify(parsed, null, 2) + '\n';
        t.entry = (legacy as Extract<McpRow, { kind: 'json' }>).entry;
      }
      fs.writeFileSync(t.path, text);
    }
    fs.writeFileSync(cfgFile, JSON.stringify(cfg, null, 2));
    fs.rmSync(userDataDir(s.home), { recursive: true });
    fs.rmSync(path.join(s.home, '.local'), { recursive: true });
  }
  const status = (s: Sandbox) => spawnSync(process.execPath, [SETUP_CLI, 'status', '--root', s.root], { encoding: 'utf8', env: { ...process.env, HOME: s.home } }).stdout;

  it('status names what each hook runs and says to run setup again; refresh writes nothing; setup again replaces the old lines, deploys the user\'s copy and records the project', async () => {
    sb = sandbox();
    await earlierInstall(sb);
    expect(readFileOr(path.join(sb.home, '.claude', 'settings.json'))).toContain('.consider/bin/consider-cli\\" hook stop');
    expect(status(sb)).toMatch(/Claude Code hook +home: ~\/\.claude\/settings\.json — runs the first \.consider\/bin\/consider-cli above the project \(an earlier version's hook: run setup here again to replace it\)/);
    expect(status(sb)).toMatch(/Cursor hook +project: \.cursor\/hooks\.json — runs the first \.consider\/bin\/consider-cli above the project/);
    expect(status(sb)).toMatch(/OpenCode hook +project: \.opencode\/plugins\/consider\.js — runs the first/);
    expect(status(sb)).toMatch(/this project recorded as set up by you: no — not set up by you on this machine/);

    // Refresh cannot tell this install from a clone's: it changes nothing. Setup run by the developer can.
    const input = { root: sb.root, home: sb.home, runtimeDir: RUNTIME_DIR, skillsDir: SKILLS_DIR };
    const plan = planRefresh(input);
    expect({ needed: refreshNeeded(plan), hooks: plan.hooks.map((h) => h.target).sort(), mcp: plan.mcp.map((m) => m.target).sort(), userCli: plan.userCli })
      .toEqual({ needed: false, hooks: ['claude', 'cursor', 'opencode'], mcp: ['claude', 'codex'], userCli: 'missing' });
    const [home, root] = [tree(sb.home), tree(sb.root)];
    await applyRefresh(input);
    expect({ home: tree(sb.home), root: tree(sb.root) }).toEqual({ home, root });
    await setup(sb.root, sb.home, [{ target: 'claude', scope: 'home' }, { target: 'cursor', scope: 'project' }, { target: 'opencode', scope: 'project' }], ['claude', 'codex']);
    const after = status(sb);
    for (const label of ['Claude Code hook +home', 'Cursor hook +project', 'OpenCode hook +project']) {
      expect(after).toMatch(new RegExp(`${label}: \\S+ — runs your copy, ~/\\.local/share/consider/bin/consider-cli`));
    }
    expect(after).toMatch(/this project recorded as set up by you: yes/);
    for (const row of MCP_ROWS.filter((r) => ['claude', 'codex'].includes(r.target))) {
      const text = fs.readFileSync(path.join(sb.root, row.file), 'utf8');
      expect(text, row.target).toContain('c=~/.local/share/consider/bin/consider-cli');
      expect(text, row.target).not.toContain('while [ ! -x');
    }
    const state = await describeSetup(sb.root, sb.home);
    expect(state.hooks.flatMap((h) => h.installed.map((i) => `${h.target}:${i.runs}`)).sort()).toEqual(['claude:your-cli', 'cursor:your-cli', 'opencode:your-cli']);
    expect(refreshNeeded(planRefresh(input))).toBe(false);
  }, 60_000);

  it('uninstall takes an earlier version\'s lines out, leaving both folders as they were', async () => {
    sb = sandbox();
    const beforeRoot = tree(sb.root);
    const beforeHome = tree(sb.home);
    await earlierInstall(sb);
    const u = await runUninstall({ root: sb.root, home: sb.home, mode: 'full', removeGitignoreEntry: true });
    expect(u.actions.filter((a) => a.kind === 'refused')).toEqual([]);
    expect(tree(sb.root)).toEqual(beforeRoot);
    expect(tree(sb.home)).toEqual(beforeHome);
  });

  it('an earlier version\'s line that setup did not write is reported and kept, never adopted', async () => {
    sb = sandbox();
    const row = HOOK_ROWS.find((r) => r.target === 'claude') as JsonHookRow;
    const file = path.join(sb.root, row.projectFile);
    const old = { hooks: { Stop: [legacyHookEntries(row)[0]!.entry] } };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(old, null, 2) + '\n');
    const r = await setup(sb.root, sb.home, [{ target: 'claude', scope: 'project' }]);
    expect(r.actions.find((a) => a.path === file)?.detail).toMatch(/an earlier version's Stop hook, not written by this setup, kept: it runs the first \.consider\/bin\/consider-cli above the project; remove it and run setup again/);
    await runUninstall({ root: sb.root, home: sb.home, mode: 'full', removeGitignoreEntry: true });
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(old);
  });
});

describe('trust: setup\'s event names and the CLI\'s agree', () => {
  it('every agent event setup writes a hook for is one `consider-cli hook` knows by that name', () => {
    for (const row of HOOK_ROWS) {
      if (row.kind !== 'json') continue;
      for (const e of row.events) expect(hookEvent(row.target, e.name), `${row.target} ${e.name}`).toBe(e.event);
    }
    expect(hookEvent('opencode', 'session.idle')).toBe('stop');
  });
});

function readFileOr(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
