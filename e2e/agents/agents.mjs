// The agents the suite runs, each at a pinned version: how to set a workspace up for it, the
// one-time trust step a user does, and how to run one non-interactive turn against the stand-in
// model server. What each needs was read from the agent's own package (its --help, its bundled
// source) at the version named here; docs/agent-loop.md's table says the same to users.
//
// The trust steps are what the agent's own first-run question writes when the user says yes,
// written into the run's throwaway HOME (or, where the agent keeps that answer in the project,
// there):
// - Claude Code: "Do you trust the files in this folder?" (its first interactive start; `claude -p`
//   does not ask) writes hasTrustDialogAccepted to the project's entry in ~/.claude.json; "New MCP
//   server found in .mcp.json → Use this MCP server" and "Yes, and don't ask again for
//   consider-cli commands" write .claude/settings.local.json (enabledMcpjsonServers, permissions.allow).
// - Codex: "Do you trust this folder?" writes [projects."<dir>"] trust_level = "trusted" to
//   ~/.codex/config.toml; the /hooks screen trusts each new hook by writing its hash,
//   [hooks.state."<key>"] trusted_hash, which we ask Codex itself for (app-server hooks/list,
//   config/batchWrite: the calls its screen makes). `codex exec` runs no untrusted hook.
// - Gemini CLI: "Trust folder" writes ~/.gemini/trustedFolders.json; choosing "Use Gemini API
//   key" writes security.auth.selectedType to ~/.gemini/settings.json. Untrusted, it loads no
//   project hooks, MCP servers or skills (headless: exit 55).
// - GitHub Copilot CLI: "Yes, and remember this folder" adds the folder to trustedFolders in
//   ~/.copilot/config.json; untrusted, project hooks and MCP servers are not loaded.
// - OpenCode: no trust step (it loads project plugins and MCP servers as it finds them); the
//   user's permission rule lets consider-cli run without asking.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const PROMPT = 'Tidy the README.';
/** The model name every agent is told to use; the stand-in answers to any. */
export const MODEL = 'stand-in-model';

function writeFile(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

export const AGENTS = [
  {
    id: 'claude',
    label: 'Claude Code',
    pkg: { name: '@anthropic-ai/claude-code', version: '2.1.332', bin: 'claude', allowScripts: { '@anthropic-ai/claude-code': true } },
    setup: ['--integration', 'claude:project', '--hook', 'claude:project', '--mcp', 'claude'],
    trust({ ws, home }) {
      writeFile(path.join(home, '.claude.json'), json({ projects: { [ws]: { hasTrustDialogAccepted: true } } }));
      writeFile(path.join(ws, '.claude/settings.local.json'), json({
        enabledMcpjsonServers: ['consider'],
        permissions: { allow: ['Bash(.consider/bin/consider-cli:*)', 'mcp__consider'] },
      }));
    },
    run: ({ bin, url }) => ({
      args: [bin, '-p', PROMPT],
      env: { ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: 'stand-in', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' },
    }),
  },
  {
    id: 'codex',
    label: 'Codex',
    pkg: { name: '@openai/codex', version: '0.169.0', bin: 'codex' },
    setup: ['--integration', 'codex:project', '--hook', 'codex:project', '--mcp', 'codex'],
    // `project`: the folder Codex keys trust by: for a git worktree, the repository's main checkout
    // (Codex asks git for the common directory; its question in a worktree trusts the repository).
    async trust({ ws, home, url, bin, env, project = ws }) {
      writeFile(path.join(home, '.codex/config.toml'), [
        `model = "${MODEL}"`, 'model_provider = "standin"', '',
        '[model_providers.standin]', 'name = "Stand-in"', `base_url = "${url}/v1"`, 'wire_api = "responses"', 'env_key = "STANDIN_API_KEY"', '',
        `[projects.${JSON.stringify(project)}]`, 'trust_level = "trusted"', '',
      ].join('\n'));
      await trustCodexHooks({ bin, ws, env });
    },
    run: ({ bin }) => ({
      args: [bin, 'exec', '--dangerously-bypass-approvals-and-sandbox', PROMPT],
      env: { STANDIN_API_KEY: 'stand-in' },
    }),
  },
  {
    id: 'gemini',
    label: 'Gemini CLI',
    pkg: { name: '@google/gemini-cli', version: '0.61.0', bin: 'gemini', allowScripts: { 'node-pty': false, '@github/keytar': false } },
    setup: ['--integration', 'gemini:project', '--hook', 'gemini:project', '--mcp', 'gemini'],
    trust({ ws, home }) {
      writeFile(path.join(home, '.gemini/trustedFolders.json'), json({ [ws]: 'TRUST_FOLDER' }));
      writeFile(path.join(home, '.gemini/settings.json'), json({ security: { auth: { selectedType: 'gemini-api-key' } } }));
    },
    run: ({ bin, url }) => ({
      args: [bin, '-p', PROMPT, '--yolo', '-m', 'gemini-2.5-flash'],
      env: { GEMINI_API_KEY: 'stand-in', GOOGLE_GEMINI_BASE_URL: url },
    }),
  },
  {
    id: 'opencode',
    label: 'OpenCode',
    pkg: { name: 'opencode-ai', version: '1.18.33', bin: 'opencode', allowScripts: { 'opencode-ai': true } },
    setup: ['--integration', 'opencode:project', '--hook', 'opencode:project', '--mcp', 'opencode'],
    trust({ home, url }) {
      writeFile(path.join(home, '.config/opencode/opencode.json'), json({
        $schema: 'https://opencode.ai/config.json',
        provider: { standin: { npm: '@ai-sdk/openai-compatible', name: 'Stand-in', options: { baseURL: `${url}/v1`, apiKey: 'stand-in' }, models: { [MODEL]: { name: 'Stand-in model', tool_call: true } } } },
        model: `standin/${MODEL}`,
        autoupdate: false,
        share: 'disabled',
        permission: { bash: { '*': 'ask', '.consider/bin/consider-cli *': 'allow' } },
      }));
    },
    // OpenCode installs its plugin SDK (and the provider's package) with npm into each config
    // folder it finds, the first time it starts there: the project's .opencode/ and the user's
    // ~/.config/opencode/ (15–35 s each here; Consider's plugin itself needs none of it). The suite
    // keeps what the first run installed and copies it into each later workspace and home.
    seed: [
      { in: 'ws', dir: '.opencode', files: ['node_modules', 'package.json', 'package-lock.json', 'bun.lock', '.gitignore'] },
      { in: 'home', dir: '.config/opencode', files: ['node_modules', 'package.json', 'package-lock.json', 'bun.lock', '.gitignore'] },
    ],
    run: ({ bin }) => ({
      args: [bin, 'run', PROMPT],
      env: { OPENCODE_DISABLE_MODELS_FETCH: 'true', OPENCODE_DISABLE_AUTOUPDATE: 'true' },
    }),
  },
  {
    id: 'copilot',
    label: 'GitHub Copilot CLI',
    pkg: { name: '@github/copilot', version: '1.0.102', bin: 'copilot' },
    setup: ['--integration', 'copilot:project', '--hook', 'copilot:project', '--mcp', 'copilot'],
    trust({ ws, home }) {
      writeFile(path.join(home, '.copilot/config.json'), json({ trustedFolders: [ws] }));
    },
    run: ({ bin, url }) => ({
      args: [bin, '-p', PROMPT, '--allow-all-tools'],
      env: { COPILOT_PROVIDER_BASE_URL: `${url}/v1`, COPILOT_PROVIDER_API_KEY: 'stand-in', COPILOT_MODEL: MODEL, COPILOT_OFFLINE: 'true', COPILOT_AUTO_UPDATE: 'false' },
    }),
  },
];

export function agentById(id) {
  const agent = AGENTS.find((a) => a.id === id);
  if (!agent) throw new Error(`unknown agent ${id}`);
  return agent;
}

/**
 * The suite's cases: each agent's turn, OpenCode twice. `opencode run` ends at the session's first
 * stop, so nothing said at a stop can reach it: there the review must come with the prompt, and
 * the model acts on the context line (`trigger: 'context'`). The server (the one its TUI runs)
 * goes on after a stop like the other agents.
 */
export const CASES = [
  ...AGENTS.filter((a) => a.id !== 'opencode').map((agent) => ({ id: agent.id, label: agent.label, agent, trigger: 'stop' })),
  { id: 'opencode-server', label: 'OpenCode (server, as its TUI runs it)', agent: agentById('opencode'), trigger: 'stop', server: true },
  { id: 'opencode-run', label: 'OpenCode (opencode run)', agent: agentById('opencode'), trigger: 'context' },
];

/** What install.mjs installs: each agent's npm package. */
export const AGENT_PACKAGES = AGENTS.map((a) => ({ ...a.pkg, label: a.label }));

/**
 * Codex's /hooks screen, without the screen: ask Codex (its app-server, over stdio JSON-RPC) which
 * hooks it found for `ws` and their current hashes, and record each as trusted in the user's
 * config (config/batchWrite), exactly the entries the screen writes.
 */
export async function trustCodexHooks({ bin, ws, env }) {
  const child = spawn(bin, ['app-server'], { cwd: ws, env, stdio: ['pipe', 'pipe', 'ignore'] });
  const pending = new Map();
  let buffer = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    buffer += chunk;
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      let message;
      try { message = JSON.parse(line); } catch { continue; }
      const done = pending.get(message.id);
      if (done) { pending.delete(message.id); done(message); }
    }
  });
  let nextId = 0;
  const call = (method, params) => new Promise((resolve, reject) => {
    nextId += 1;
    const id = nextId;
    const timer = setTimeout(() => reject(new Error(`codex app-server: no answer to ${method}`)), 30_000);
    pending.set(id, (m) => { clearTimeout(timer); if (m.error) reject(new Error(`codex app-server ${method}: ${JSON.stringify(m.error)}`)); else resolve(m.result); });
    child.stdin.write(`${JSON.stringify({ id, method, params })}\n`);
  });
  try {
    await call('initialize', { clientInfo: { name: 'consider-e2e', version: '1' } });
    child.stdin.write(`${JSON.stringify({ method: 'initialized' })}\n`);
    const listed = await call('hooks/list', { cwds: [ws] });
    const hooks = listed.data.flatMap((d) => d.hooks).filter((h) => h.source === 'project' && h.trustStatus !== 'trusted');
    if (!hooks.length) throw new Error(`Codex lists no untrusted project hooks in ${ws}: ${JSON.stringify(listed)}`);
    await call('config/batchWrite', { edits: hooks.map((h) => ({ keyPath: `hooks.state.${JSON.stringify(h.key)}.trusted_hash`, value: h.currentHash, mergeStrategy: 'upsert' })) });
    return hooks.map((h) => h.key);
  } finally {
    child.kill();
  }
}
