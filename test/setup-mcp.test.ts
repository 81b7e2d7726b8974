/**
 * MCP server registrations (issue 18): setup adds Consider's server to each chosen agent's own
 * MCP config in the project, uninstall takes exactly that out again. The standards are the
 * hooks' (setup-hooks.test.ts): byte identity after setup + uninstall, the user's servers never
 * touched, a broken file refused whole; and the entry setup writes really starts the server,
 * which the SDK's client then talks to.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parse as parseToml } from 'smol-toml';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyRefresh, describeSetup, planRefresh, runSetup, type HookAgent, type McpAgent, type SetupReport } from '../setup/index';
import { MCP_ROWS, MCP_SERVER_NAME, mcpRow, type McpRow } from '../setup/targets/mcp';
import { ensureBuilt, RUNTIME_DIR, SETUP_CLI, SKILLS_DIR, sandbox, tree, uninstallFrom, type Sandbox } from './helpers/setup-env';

beforeAll(ensureBuilt);
let sb: Sandbox;
afterEach(() => sb?.cleanup());

const setup = (s: Sandbox, mcp: McpAgent[], hooks: HookAgent[] = []) => runSetup({
  root: s.root, home: s.home, gitignore: false, integrations: [], runtimeDir: RUNTIME_DIR, skillsDir: SKILLS_DIR,
  hooks: hooks.map((target) => ({ target, scope: 'project' as const })), mcpServers: mcp.map((target) => ({ target })),
});
const fileOf = (s: Sandbox, row: McpRow) => path.join(s.root, row.file);
const actionFor = (r: SetupReport, p: string) => r.actions.find((a) => a.path === p);
const readConfig = (root: string) => JSON.parse(fs.readFileSync(path.join(root, '.consider', 'config.json'), 'utf8'));
const ALL = MCP_ROWS.map((r) => r.target);

function put(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** The user's own config for a row, with a server of theirs, in their own layout. */
function userFile(row: McpRow): string {
  if (row.kind === 'toml') return '# my codex settings\nmodel = "o4"\n\n[mcp_servers.docs]\ncommand = "docs-server"   # keep me\nargs = ["--port", "1"]\n';
  const theirs = row.target === 'opencode' ? { type: 'local', command: ['docs-server'] } : { command: 'docs-server', args: ['--port', '1'] };
  return JSON.stringify({ theme: 'mine', [row.container]: { docs: theirs } }, null, 4).replace(/\n/g, '\r\n') + '\r\n';
}

/** Consider's server as the agent would read it from its file. */
function registered(row: McpRow, file: string): unknown {
  const text = fs.readFileSync(file, 'utf8');
  const parsed = (row.kind === 'toml' ? parseToml(text) : JSON.parse(text)) as Record<string, Record<string, unknown>>;
  return parsed[row.kind === 'toml' ? 'mcp_servers' : row.container]?.[MCP_SERVER_NAME];
}

describe('MCP servers: setup then uninstall leaves the project byte-identical', () => {
  const cases = MCP_ROWS.flatMap((row) => (['full', 'skills-only'] as const).flatMap((mode) => [false, true].map((userHas) => ({ row, mode, userHas }))));

  it.each(cases)('$row.target, $mode uninstall, user file: $userHas', async ({ row, mode, userHas }) => {
    sb = sandbox();
    const file = fileOf(sb, row);
    if (userHas) put(file, userFile(row));
    fs.writeFileSync(path.join(sb.root, 'app.ts'), 'x\n');
    const before = tree(sb.root);

    const r = await setup(sb, [row.target]);
    expect(actionFor(r, file)?.kind).toBe(userHas ? 'updated' : 'created');
    expect(registered(row, file)).toBeTruthy();
    if (userHas) {
      // The user's server and settings are still there, as they wrote them.
      const text = fs.readFileSync(file, 'utf8');
      expect(text).toContain(row.kind === 'toml' ? 'command = "docs-server"   # keep me' : '"docs-server"');
      if (row.kind === 'json') expect(JSON.parse(text).theme).toBe('mine');
      if (row.kind === 'json') expect(text.split('\n').every((l, i, all) => i === all.length - 1 || l.endsWith('\r'))).toBe(true);
    }
    expect(readConfig(sb.root).trackedMcpInstalls).toEqual([expect.objectContaining({ target: row.target, scope: 'project', path: file })]);

    const u = await uninstallFrom(sb, { mode });
    expect(u.actions.filter((a) => a.kind === 'refused')).toEqual([]);
    expect(actionFor(u, file)?.kind).toBe(userHas ? 'updated' : 'removed');
    const after = tree(sb.root);
    if (mode === 'skills-only') {
      expect(readConfig(sb.root).trackedMcpInstalls).toEqual([]);
      for (const k of Object.keys(after)) if (k.startsWith('.consider/')) delete after[k];
    }
    expect(after).toEqual(before);
  });

  it('every agent at once, twice: the second run changes nothing and adds no second entry', async () => {
    sb = sandbox();
    await setup(sb, ALL);
    const once = tree(sb.root);
    const again = await setup(sb, ALL);
    for (const row of MCP_ROWS) expect(actionFor(again, fileOf(sb, row))?.kind).toBe('unchanged');
    expect(tree(sb.root)).toEqual(once);
    expect(fs.readFileSync(fileOf(sb, mcpRow('codex')!), 'utf8').match(/\[mcp_servers\.consider\]/g)).toHaveLength(1);
    expect((await describeSetup(sb.root, sb.home)).mcpServers.every((m) => m.installed)).toBe(true);
  });
});

describe('MCP servers: the user\'s own entries', () => {
  it('a "consider" server of the user\'s is kept, not tracked, and survives uninstall', async () => {
    sb = sandbox();
    const claude = mcpRow('claude')!;
    const codex = mcpRow('codex')!;
    const mine = '{\n  "mcpServers": {\n    "consider": { "command": ".consider/bin/consider-cli", "args": ["mcp"] }\n  }\n}\n';
    const mineToml = '[mcp_servers.consider]\ncommand = "my-own-thing"\n';
    put(fileOf(sb, claude), mine);
    put(fileOf(sb, codex), mineToml);
    const r = await setup(sb, ['claude', 'codex']);
    expect(actionFor(r, fileOf(sb, claude))).toMatchObject({ kind: 'skipped', detail: expect.stringContaining('your own') });
    expect(actionFor(r, fileOf(sb, codex))).toMatchObject({ kind: 'skipped', detail: expect.stringContaining('a different') });
    expect(readConfig(sb.root).trackedMcpInstalls ?? []).toEqual([]);
    await uninstallFrom(sb);
    expect(fs.readFileSync(fileOf(sb, claude), 'utf8')).toBe(mine);
    expect(fs.readFileSync(fileOf(sb, codex), 'utf8')).toBe(mineToml);
  });

  it('an entry of ours the user edited is kept by uninstall, and said so', async () => {
    sb = sandbox();
    const cursor = mcpRow('cursor')!;
    const codex = mcpRow('codex')!;
    await setup(sb, ['cursor', 'codex']);
    const edited = JSON.parse(fs.readFileSync(fileOf(sb, cursor), 'utf8'));
    edited.mcpServers.consider.env = { DEBUG: '1' };
    fs.writeFileSync(fileOf(sb, cursor), JSON.stringify(edited, null, 2));
    fs.writeFileSync(fileOf(sb, codex), fs.readFileSync(fileOf(sb, codex), 'utf8').replace('args = [', 'env = { DEBUG = "1" }\nargs = ['));
    const u = await uninstallFrom(sb, { mode: 'skills-only' });
    expect(actionFor(u, fileOf(sb, cursor))).toMatchObject({ kind: 'skipped', detail: expect.stringContaining('edited') });
    expect(actionFor(u, fileOf(sb, codex))).toMatchObject({ kind: 'skipped', detail: expect.stringContaining('edited') });
    expect(JSON.parse(fs.readFileSync(fileOf(sb, cursor), 'utf8')).mcpServers.consider.env).toEqual({ DEBUG: '1' });
    expect(parseToml(fs.readFileSync(fileOf(sb, codex), 'utf8'))).toMatchObject({ mcp_servers: { consider: { env: { DEBUG: '1' } } } });
  });

  it('a broken file is refused whole, with one line, and the rest of setup still runs', async () => {
    sb = sandbox();
    const broken = { claude: '{ "mcpServers": { // comment\n } }\n', codex: '[mcp_servers\ncommand = 1\n', copilot: '{ "mcpServers": [] }\n' } as const;
    for (const [target, text] of Object.entries(broken)) put(fileOf(sb, mcpRow(target)!), text);
    const r = await setup(sb, ['claude', 'codex', 'copilot', 'cursor']);
    for (const [target, text] of Object.entries(broken)) {
      const a = actionFor(r, fileOf(sb, mcpRow(target)!));
      expect(a?.kind).toBe('refused');
      expect(a?.detail).toMatch(/not valid (JSON|TOML)|is not an object/);
      expect(a?.detail).not.toContain('\n');
      expect(fs.readFileSync(fileOf(sb, mcpRow(target)!), 'utf8')).toBe(text);
    }
    expect(actionFor(r, fileOf(sb, mcpRow('cursor')!))?.kind).toBe('created');
  });

  it('a Codex file whose mcp_servers is an inline table cannot take our table: refused, untouched', async () => {
    sb = sandbox();
    const text = 'mcp_servers = { docs = { command = "docs" } }\n';
    put(fileOf(sb, mcpRow('codex')!), text);
    const r = await setup(sb, ['codex']);
    expect(actionFor(r, fileOf(sb, mcpRow('codex')!))).toMatchObject({ kind: 'refused', detail: expect.stringContaining('add it by hand') });
    expect(fs.readFileSync(fileOf(sb, mcpRow('codex')!), 'utf8')).toBe(text);
  });

  it('never writes through a symlinked file', async () => {
    sb = sandbox();
    const outside = path.join(sb.dir, 'outside.json');
    fs.writeFileSync(outside, '{}\n');
    fs.symlinkSync(outside, fileOf(sb, mcpRow('claude')!));
    const r = await setup(sb, ['claude']);
    expect(actionFor(r, fileOf(sb, mcpRow('claude')!))?.kind).toBe('refused');
    expect(fs.readFileSync(outside, 'utf8')).toBe('{}\n');
  });
});

describe('MCP servers: sharing a file with the hooks (Gemini\'s settings.json)', () => {
  it.each([['mcp first', true], ['hook first', false]] as const)('%s, in two setups: uninstall leaves no file and no folder', async (_name, mcpFirst) => {
    sb = sandbox();
    const before = tree(sb.root);
    if (mcpFirst) { await setup(sb, ['gemini']); await setup(sb, [], ['gemini']); } else { await setup(sb, [], ['gemini']); await setup(sb, ['gemini']); }
    const settings = JSON.parse(fs.readFileSync(path.join(sb.root, '.gemini', 'settings.json'), 'utf8'));
    expect(Object.keys(settings).sort()).toEqual(['hooks', 'mcpServers']);
    await uninstallFrom(sb);
    expect(fs.existsSync(path.join(sb.root, '.gemini'))).toBe(false);
    expect(tree(sb.root)).toEqual(before);
  });
});

describe('MCP servers: what setup writes starts the server', () => {
  /** The command line the agent would run, with the variables the agent expands filled in. */
  function commandOf(row: McpRow, file: string, root: string): { command: string; args: string[] } {
    const entry = registered(row, file) as { command: string | string[]; args?: string[] };
    const argv = Array.isArray(entry.command) ? entry.command : [entry.command, ...(entry.args ?? [])];
    const filled = argv.map((a) => a.replaceAll('${workspaceFolder}', root));
    return { command: filled[0]!, args: filled.slice(1) };
  }

  it.each(MCP_ROWS.map((row) => ({ row })))('$row.target: from a subfolder, the SDK client lists the tools and calls one', async ({ row }) => {
    sb = sandbox();
    await setup(sb, [row.target]);
    const sub = path.join(sb.root, 'src', 'deep');
    fs.mkdirSync(sub, { recursive: true });
    const { command, args } = commandOf(row, fileOf(sb, row), sb.root);
    const client = new Client({ name: 'test', version: '1' });
    // The entry runs the user's copy of the CLI, found through HOME (setup deployed it into the sandbox's).
    await client.connect(new StdioClientTransport({ command, args, cwd: sub, stderr: 'pipe', env: { PATH: process.env.PATH!, HOME: sb.home } }));
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['list', 'get', 'reply', 'resolve', 'wait']));
      const summary = await client.callTool({ name: 'summary', arguments: {} });
      expect(summary.isError).toBeFalsy();
      const [answer] = summary.content as { type: string; text: string }[];
      expect(JSON.parse(answer!.text)).toMatchObject({ total: 0 });
    } finally {
      await client.close();
    }
  }, 30_000);

  it('without the user\'s copy of the CLI, or outside a project, it fails at once with one line saying what to do', async () => {
    sb = sandbox();
    const argv = (mcpRow('claude') as Extract<McpRow, { kind: 'json' }>).entry as { command: string; args: string[] };
    const start = (env: Record<string, string>) => spawnSync(argv.command, argv.args, { cwd: sb.root, encoding: 'utf8', timeout: 5000, env: { PATH: process.env.PATH!, ...env } });
    const noCopy = start({ HOME: sb.home });
    expect(noCopy.status).toBe(1);
    expect(noCopy.stderr.trim().split('\n')).toEqual(['consider: your copy of consider-cli (~/.local/share/consider/bin/consider-cli) is missing; run Consider setup']);
    const other = sandbox(); // a project with MCP set up gives this user their copy
    try {
      await setup(other, ['claude']);
      const outside = start({ HOME: other.home });
      expect(outside.status).toBe(1);
      expect(outside.stderr.trim().split('\n')).toEqual(['consider: no .consider/ in . or a folder above it; run Consider setup in this project']);
    } finally {
      other.cleanup();
    }
  });
});

describe('MCP servers: an entry setup did not write', () => {
  it('a teammate\'s committed file already holding Consider\'s exact entry: reported, never tracked, left by uninstall', async () => {
    sb = sandbox();
    const row = mcpRow('claude') as Extract<McpRow, { kind: 'json' }>;
    const theirs = JSON.stringify({ mcpServers: { consider: row.entry } }, null, 2) + '\n';
    put(fileOf(sb, row), theirs);
    const r = await setup(sb, ['claude']);
    expect(actionFor(r, fileOf(sb, row))).toEqual({ kind: 'unchanged', path: fileOf(sb, row), detail: 'Consider\'s "consider" server was there already, not written by this setup: left as it is, by uninstall too' });
    expect(readConfig(sb.root).trackedMcpInstalls ?? []).toEqual([]);
    await uninstallFrom(sb);
    expect(fs.readFileSync(fileOf(sb, row), 'utf8')).toBe(theirs);
  });
});

describe('MCP servers: uninstall without (valid) tracking', () => {
  it('no config.json: our exact entry is found and taken out, the user\'s file and servers stay', async () => {
    sb = sandbox();
    const row = mcpRow('cursor')!;
    put(fileOf(sb, row), userFile(row));
    const mine = fs.readFileSync(fileOf(sb, row), 'utf8');
    await setup(sb, ['cursor', 'codex']);
    fs.rmSync(path.join(sb.root, '.consider', 'config.json'));
    const u = await uninstallFrom(sb);
    expect(actionFor(u, fileOf(sb, row))?.kind).toBe('updated');
    expect(fs.readFileSync(fileOf(sb, row), 'utf8')).toBe(mine);
    expect(fs.existsSync(fileOf(sb, mcpRow('codex')!))).toBe(true); // we do not know setup created it: kept…
    expect(fs.readFileSync(fileOf(sb, mcpRow('codex')!), 'utf8')).toBe(''); // …but without our table
  });

  it('a tampered tracked path is never followed', async () => {
    sb = sandbox();
    await setup(sb, ['claude']);
    const victim = path.join(sb.dir, 'victim.json');
    fs.writeFileSync(victim, '{"mcpServers":{"consider":{}}}');
    const config = readConfig(sb.root);
    config.trackedMcpInstalls[0].path = victim;
    fs.writeFileSync(path.join(sb.root, '.consider', 'config.json'), JSON.stringify(config));
    const u = await uninstallFrom(sb, { mode: 'skills-only' });
    expect(actionFor(u, victim)?.kind).toBe('refused');
    expect(fs.readFileSync(victim, 'utf8')).toBe('{"mcpServers":{"consider":{}}}');
    expect(fs.existsSync(fileOf(sb, mcpRow('claude')!))).toBe(false); // ours, found in the project, still went
  });
});

describe('MCP servers: where each agent really reads them (issue 24)', () => {
  // Copilot CLI 1.0.102 loads workspace servers from .mcp.json or .github/mcp.json only (`copilot mcp
  // --help`; e2e/agents/ shows a real turn); versions before issue 24 wrote VS Code's .vscode/mcp.json.
  const legacyCopilot = { servers: { consider: { type: 'stdio', command: 'sh', args: [...(mcpRow('claude') as any).entry.args.slice(0, -1), '${workspaceFolder}'] } } };
  const writeLegacyCopilot = (s: Sandbox, tracked: boolean) => {
    put(path.join(s.root, '.vscode', 'mcp.json'), `${JSON.stringify(legacyCopilot, null, 2)}\n`);
    if (!tracked) return;
    const config = readConfig(s.root);
    config.trackedMcpInstalls = [...(config.trackedMcpInstalls ?? []), { target: 'copilot', scope: 'project', path: path.join(s.root, '.vscode', 'mcp.json'), version: '0.1.0', entry: legacyCopilot.servers.consider, createdKeys: ['servers'], emptyInner: { '': '' }, createdFile: true, createdDirs: [path.join(s.root, '.vscode')] }];
    fs.writeFileSync(path.join(s.root, '.consider', 'config.json'), JSON.stringify(config));
  };

  it("Copilot's server goes to .github/mcp.json, under mcpServers, started from the folder Copilot starts it in", async () => {
    sb = sandbox();
    await setup(sb, ['copilot']);
    expect(Object.keys(JSON.parse(fs.readFileSync(path.join(sb.root, '.github', 'mcp.json'), 'utf8')).mcpServers)).toEqual([MCP_SERVER_NAME]);
    expect(registered(mcpRow('copilot')!, path.join(sb.root, '.github', 'mcp.json'))).toEqual(mcpRow('claude')!.kind === 'json' && { type: 'stdio', command: 'sh', args: (mcpRow('claude') as any).entry.args });
    expect(fs.existsSync(path.join(sb.root, '.vscode'))).toBe(false);
  });

  it("setup again moves an earlier version's .vscode/mcp.json registration, and says why", async () => {
    sb = sandbox();
    await setup(sb, []);
    writeLegacyCopilot(sb, true);
    const r = await setup(sb, ['copilot']);
    expect(actionFor(r, path.join(sb.root, '.vscode', 'mcp.json'))).toMatchObject({ kind: 'removed', detail: expect.stringContaining('.github/mcp.json') });
    expect(fs.existsSync(path.join(sb.root, '.vscode'))).toBe(false);
    expect(readConfig(sb.root).trackedMcpInstalls.map((t: { path: string }) => path.relative(sb.root, t.path))).toEqual([path.join('.github', 'mcp.json')]);
  });

  it('refresh after an update moves an untouched .vscode/mcp.json registration, the pre-issue-28 launch line included, to .github/mcp.json', async () => {
    for (const launch of ['current', 'legacy'] as const) {
      sb = sandbox();
      await setup(sb, []);
      writeLegacyCopilot(sb, true);
      if (launch === 'legacy') {
        // What versions before issue 28 wrote: it ran the first .consider/bin/consider-cli above the folder.
        const oldEntry = { type: 'stdio', command: 'sh', args: ['-c', 'd=$(cd "$1" 2>/dev/null && pwd) || d=$(pwd); while [ ! -x "$d/.consider/bin/consider-cli" ] && [ "$d" != / ]; do d=$(dirname "$d"); done; [ -x "$d/.consider/bin/consider-cli" ] || { echo "consider: no .consider/bin/consider-cli in $1 or a folder above it; run Consider setup in this project" >&2; exit 1; }; exec "$d/.consider/bin/consider-cli" mcp --root "$d"', 'consider-mcp', '${workspaceFolder}'] };
        put(path.join(sb.root, '.vscode', 'mcp.json'), `${JSON.stringify({ servers: { consider: oldEntry } }, null, 2)}\n`);
        const config = readConfig(sb.root);
        config.trackedMcpInstalls[0].entry = oldEntry;
        fs.writeFileSync(path.join(sb.root, '.consider', 'config.json'), JSON.stringify(config));
      }
      const input = { root: sb.root, home: sb.home, runtimeDir: RUNTIME_DIR, skillsDir: SKILLS_DIR };
      expect(planRefresh(input).mcp.map((t) => path.relative(sb.root, t.path)), launch).toEqual([path.join('.vscode', 'mcp.json')]);
      await applyRefresh(input);
      expect(fs.existsSync(path.join(sb.root, '.vscode')), launch).toBe(false);
      expect(registered(mcpRow('copilot')!, path.join(sb.root, '.github', 'mcp.json'))).toEqual((mcpRow('copilot') as any).entry);
      expect(readConfig(sb.root).trackedMcpInstalls.map((t: { path: string }) => path.relative(sb.root, t.path))).toEqual([path.join('.github', 'mcp.json')]);
      expect(planRefresh(input).mcp).toEqual([]);
      sb.cleanup();
    }
  });

  it("uninstall still takes out an earlier version's tracked .vscode/mcp.json registration; an untracked one beside a config.json is the user's", async () => {
    for (const tracked of [true, false]) {
      sb = sandbox();
      await setup(sb, []);
      writeLegacyCopilot(sb, tracked);
      const u = await uninstallFrom(sb);
      const legacy = path.join(sb.root, '.vscode', 'mcp.json');
      // Untracked while config.json records what setup did: not setup's (uninstallMcpServers), left as it is.
      if (!tracked) expect(JSON.parse(fs.readFileSync(legacy, 'utf8'))).toHaveProperty(['servers', 'consider']);
      else {
        expect(actionFor(u, legacy)?.kind).toBe('removed');
        expect(fs.existsSync(path.join(sb.root, '.vscode'))).toBe(false);
      }
      sb.cleanup();
    }
  });

  it("OpenCode's opencode.json that setup created goes at uninstall although OpenCode added its $schema, and the report says so", async () => {
    sb = sandbox();
    await setup(sb, ['opencode']);
    const file = fileOf(sb, mcpRow('opencode')!);
    // What OpenCode 1.18 does to the file on its first start (seen in e2e/agents/).
    fs.writeFileSync(file, JSON.stringify({ $schema: 'https://opencode.ai/config.json', ...JSON.parse(fs.readFileSync(file, 'utf8')) }, null, 2));
    const u = await uninstallFrom(sb, { mode: 'skills-only' });
    expect(actionFor(u, file)).toMatchObject({ kind: 'removed', detail: expect.stringContaining('"$schema"') });
    expect(fs.existsSync(file)).toBe(false);
  });

  it('an opencode.json with anything of the user\'s beside OpenCode\'s $schema stays, without our server', async () => {
    sb = sandbox();
    await setup(sb, ['opencode']);
    const file = fileOf(sb, mcpRow('opencode')!);
    fs.writeFileSync(file, JSON.stringify({ $schema: 'https://opencode.ai/config.json', theme: 'mine', ...JSON.parse(fs.readFileSync(file, 'utf8')) }, null, 2));
    const u = await uninstallFrom(sb, { mode: 'skills-only' });
    expect(actionFor(u, file)?.kind).toBe('updated');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ $schema: 'https://opencode.ai/config.json', theme: 'mine' });
  });
});

describe('MCP servers: the terminal command', () => {
  const cli = (args: string[], root: string, home: string) =>
    spawnSync(process.execPath, [SETUP_CLI, ...args, '--root', root], { encoding: 'utf8', env: { ...process.env, HOME: home } });

  it('consider-setup setup --mcp AGENT registers it; status lists it; a home scope or unknown agent is a usage error', () => {
    sb = sandbox();
    const ok = cli(['setup', '--no-gitignore', '--mcp', 'claude', '--mcp', 'codex'], sb.root, sb.home);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/created\s+\.mcp\.json/);
    expect(ok.stdout).toMatch(/created\s+\.codex\/config\.toml/);
    const status = cli(['status'], sb.root, sb.home);
    expect(status.stdout).toMatch(/Claude Code MCP server\s+project: \.mcp\.json/);
    expect(status.stdout).toMatch(/Cursor MCP server\s+-/);
    for (const bad of ['claude:home', 'roo']) {
      const r = cli(['setup', '--mcp', bad], sb.root, sb.home);
      expect(r.status).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('MCP servers: the contract in docs/agent-loop.md', () => {
  it('shows the exact command line and every agent\'s file', () => {
    const doc = fs.readFileSync(path.join(__dirname, '..', 'docs', 'agent-loop.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## MCP servers: what setup registers'), doc.indexOf('## The board'));
    const { args } = (mcpRow('claude') as Extract<McpRow, { kind: 'json' }>).entry as { args: string[] };
    expect(section).toContain(`sh -c '${args[1]}' consider-mcp .`);
    for (const row of MCP_ROWS) {
      const line = section.split('\n').find((l) => l.startsWith(`| \`${row.target}\` |`));
      expect(line, row.target).toContain(`\`${row.file}\``);
    }
  });
});
