/**
 * What each agent still needs from the user, once (setup/prerequisites.ts, issue 24): setup's
 * report and `consider-setup status` say it per agent set up in the workspace, checked in the
 * agents' own files. Those files are written here as each agent writes them when the user says
 * yes (the shapes seen in e2e/agents/, which runs the real agents and checks the same report).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeSetup, runSetup, type AgentNeed, type HookAgent, type McpAgent } from '../setup/index';
import { ensureBuilt, RUNTIME_DIR, SETUP_CLI, SKILLS_DIR, sandbox, type Sandbox } from './helpers/setup-env';

beforeAll(ensureBuilt);
let sb: Sandbox;
afterEach(() => sb?.cleanup());

function put(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

const setup = (s: Sandbox, agents: { hooks?: HookAgent[]; mcp?: McpAgent[]; skills?: HookAgent[] }) => runSetup({
  root: s.root, home: s.home, gitignore: false, runtimeDir: RUNTIME_DIR, skillsDir: SKILLS_DIR,
  integrations: (agents.skills ?? []).map((target) => ({ target, scope: 'project' as const })),
  hooks: (agents.hooks ?? []).map((target) => ({ target, scope: 'project' as const })),
  mcpServers: (agents.mcp ?? []).map((target) => ({ target })),
});

/** The states of one agent's needs, by a word of their step. */
const states = (needs: AgentNeed[], agent: string) => needs.filter((n) => n.agent === agent).map((n) => `${n.state}: ${n.step.split(' ').slice(0, 3).join(' ')}`);

describe('what each agent still needs, once', () => {
  it('nothing for an agent not set up, nothing at all for OpenCode', async () => {
    sb = sandbox();
    const r = await setup(sb, { hooks: ['opencode'], mcp: ['opencode'], skills: ['opencode'] });
    expect(r.needs).toEqual([]);
    expect((await describeSetup(sb.root, sb.home)).needs).toEqual([]);
  });

  it('Codex: trust the project and its hooks; done once ~/.codex/config.toml says so for these very hooks', async () => {
    sb = sandbox();
    const r = await setup(sb, { hooks: ['codex'], mcp: ['codex'] });
    expect(states(r.needs!, 'codex')).toEqual(['todo: trust this project', "todo: trust Consider's hooks"]);
    const config = path.join(sb.home, '.codex', 'config.toml');
    put(config, `[projects.${JSON.stringify(sb.root)}]\ntrust_level = "trusted"\n`);
    expect(states((await describeSetup(sb.root, sb.home)).needs, 'codex')).toEqual(['done: trust this project', "todo: trust Consider's hooks"]);
    // What Codex's /hooks screen writes: one trusted hash per hook, keyed by file, event, group and handler.
    const hooksFile = path.join(sb.root, '.codex', 'hooks.json');
    const keys = ['session_start', 'user_prompt_submit', 'stop'].map((e) => `${hooksFile}:${e}:0:0`);
    fs.appendFileSync(config, keys.slice(0, 2).map((k) => `\n[hooks.state.${JSON.stringify(k)}]\ntrusted_hash = "sha256:00"\n`).join(''));
    expect(states((await describeSetup(sb.root, sb.home)).needs, 'codex')[1]).toBe("todo: trust Consider's hooks"); // the Stop hook is not trusted yet
    fs.appendFileSync(config, `\n[hooks.state.${JSON.stringify(keys[2])}]\ntrusted_hash = "sha256:00"\n`);
    expect(states((await describeSetup(sb.root, sb.home)).needs, 'codex')).toEqual(['done: trust this project', "done: trust Consider's hooks"]);
  });

  it('Codex: a hook of the user\'s before ours moves our key; the check follows it', async () => {
    sb = sandbox();
    put(path.join(sb.root, '.codex', 'hooks.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'my-linter' }] }] } }));
    await setup(sb, { hooks: ['codex'] });
    const hooksFile = path.join(sb.root, '.codex', 'hooks.json');
    const trusted = ['session_start:0:0', 'user_prompt_submit:0:0', 'stop:1:0'].map((k) => `\n[hooks.state.${JSON.stringify(`${hooksFile}:${k}`)}]\ntrusted_hash = "sha256:00"\n`);
    put(path.join(sb.home, '.codex', 'config.toml'), trusted.join(''));
    expect(states((await describeSetup(sb.root, sb.home)).needs, 'codex')).toEqual([expect.stringMatching(/^todo: trust this project/), "done: trust Consider's hooks"]);
  });

  it('Gemini CLI: start it in the root, trust the folder (a parent trusted, or folder trust off, counts; the longest rule wins)', async () => {
    sb = sandbox();
    const r = await setup(sb, { hooks: ['gemini'] });
    expect(states(r.needs!, 'gemini')).toEqual(['info: start `gemini` in', 'todo: trust this folder']);
    const trusted = () => states(describeSetupSync(), 'gemini')[1];
    const folders = path.join(sb.home, '.gemini', 'trustedFolders.json');
    put(folders, JSON.stringify({ [path.dirname(sb.root)]: 'TRUST_FOLDER' }));
    expect(trusted()).toBe('done: trust this folder');
    put(folders, JSON.stringify({ [path.dirname(sb.root)]: 'TRUST_FOLDER', [sb.root]: 'DO_NOT_TRUST' }));
    expect(trusted()).toBe('todo: trust this folder');
    put(folders, JSON.stringify({ [path.join(sb.root, 'src')]: 'TRUST_PARENT' }));
    expect(trusted()).toBe('done: trust this folder');
    put(folders, '{}');
    put(path.join(sb.home, '.gemini', 'settings.json'), JSON.stringify({ security: { folderTrust: { enabled: false } } }));
    expect(trusted()).toBe('done: trust this folder');
  });

  it('Copilot CLI: start it in the root, trust the folder (its config.json has comment lines)', async () => {
    sb = sandbox();
    const r = await setup(sb, { hooks: ['copilot'], mcp: ['copilot'] });
    expect(states(r.needs!, 'copilot')).toEqual(['info: start `copilot` in', 'todo: trust this folder']);
    put(path.join(sb.home, '.copilot', 'config.json'), `// User settings belong in settings.json.\n// This file is managed automatically.\n${JSON.stringify({ trustedFolders: [sb.root] }, null, 2)}\n`);
    expect(states(describeSetupSync(), 'copilot')[1]).toBe('done: trust this folder');
  });

  it('Claude Code: start it in the root, trust the folder, approve the MCP server (settings.local.json or ~/.claude.json)', async () => {
    sb = sandbox();
    const r = await setup(sb, { hooks: ['claude'], mcp: ['claude'] });
    expect(states(r.needs!, 'claude')).toEqual(['info: start `claude` in', 'todo: trust this folder', 'todo: approve the `consider`']);
    put(path.join(sb.home, '.claude.json'), JSON.stringify({ projects: { [sb.root]: { hasTrustDialogAccepted: true, enabledMcpjsonServers: ['consider'] } } }));
    expect(states(describeSetupSync(), 'claude')).toEqual(['info: start `claude` in', 'done: trust this folder', 'done: approve the `consider`']);
    put(path.join(sb.home, '.claude.json'), JSON.stringify({ projects: { [sb.root]: { hasTrustDialogAccepted: true } } }));
    put(path.join(sb.root, '.claude', 'settings.local.json'), JSON.stringify({ enableAllProjectMcpServers: true }));
    expect(states(describeSetupSync(), 'claude')[2]).toBe('done: approve the `consider`');
  });

  it('consider-setup prints what is left after setup, and status every step with its state', () => {
    sb = sandbox();
    const run = (...args: string[]) => spawnSync(process.execPath, [SETUP_CLI, ...args, '--root', sb.root], { encoding: 'utf8', env: { ...process.env, HOME: sb.home } });
    const s = run('setup', '--hook', 'gemini:project', '--no-gitignore');
    expect(s.status).toBe(0);
    expect(s.stdout).toMatch(/Once per agent[^\n]*\nnote {6}Gemini CLI: start `gemini` in [^\n]+\nto do {5}Gemini CLI: trust this folder[^\n]*\[~\/\.gemini\/trustedFolders\.json\]/);
    put(path.join(sb.home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [sb.root]: 'TRUST_FOLDER' }));
    expect(run('status').stdout).toMatch(/done {6}Gemini CLI: trust this folder/);
    expect(JSON.parse(run('status', '--json').stdout).needs).toContainEqual(expect.objectContaining({ agent: 'gemini', state: 'done' }));
  });
});

/** describeSetup, for checks that do not need to await between file writes. */
function describeSetupSync(): AgentNeed[] {
  const r = spawnSync(process.execPath, [SETUP_CLI, 'status', '--json', '--root', sb.root], { encoding: 'utf8', env: { ...process.env, HOME: sb.home } });
  return JSON.parse(r.stdout).needs;
}
