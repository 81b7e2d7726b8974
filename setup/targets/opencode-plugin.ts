/**
 * OpenCode has no command hooks: its equivalent is a plugin file it loads at startup. Ours runs
 * the user's own copy of consider-cli (command.ts says why never a project's) with
 * `hook <event> --agent opencode --if-set-up` (the contract is in docs/agent-loop.md) at two
 * places:
 * - `chat.message` (a prompt goes into a session): `hook prompt`; a `{"context": …}` answer is
 *   added to the message as a synthetic text part, so the review comes with the prompt. This is
 *   the only way to reach `opencode run`, which exits at the session's first idle.
 * - `session.idle` (a turn ended): `hook stop`, saying in `stop_hook_active` whether its own
 *   prompt after the last block reached this session in this process; a `{"message": …}` answer
 *   is sent to the session as the next prompt.
 * Plain ESM with Node built-ins only: OpenCode (Bun) loads .js plugins without installing anything.
 */

import { USER_DATA_REL } from '../../shared/user-data';

/** First line of the file: how setup recognises its own plugin. */
export const PLUGIN_MARKER = '// Installed by Consider';

const PLUGIN = `${PLUGIN_MARKER}: delivers the developer's review threads to this session with a
// prompt and when it goes idle. Runs your own copy of consider-cli (~/${USER_DATA_REL}/bin/consider-cli,
// installed by Consider's setup) with \`hook prompt|stop --agent opencode --if-set-up\` for the
// nearest folder up from the session's directory that holds .consider/ — never a program found in
// a project. It does nothing in a project you did not set Consider up in. Consider's uninstall
// removes this file unless you edited it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CLI = path.join(os.homedir(), ${JSON.stringify(USER_DATA_REL.split('/'))}.join(path.sep), 'bin', 'consider-cli');

function installed() {
  try {
    fs.accessSync(CLI, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// Never past the top of a linked git worktree (its .git is a file naming .../worktrees/...):
// an agent in a worktree nested in the main checkout must not get the main checkout's review.
function isLinkedWorktreeTop(d) {
  try {
    return /^gitdir:.*[\\\\/]worktrees[\\\\/]/.test(fs.readFileSync(path.join(d, '.git'), 'utf8').split('\\n', 1)[0]);
  } catch {
    return false;
  }
}

function findRoot(start) {
  for (let d = path.resolve(start); ; d = path.dirname(d)) {
    try {
      if (fs.statSync(path.join(d, '.consider')).isDirectory()) return d;
    } catch { /* not here */ }
    if (isLinkedWorktreeTop(d) || path.dirname(d) === d) return undefined;
  }
}

function runHook(root, event, input) {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(CLI, ['hook', event, '--agent', 'opencode', '--if-set-up', '--root', root], { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] });
    const timer = setTimeout(() => child.kill(), 30000);
    child.stdout.on('data', (b) => { out += b; });
    child.on('error', () => resolve(''));
    child.on('close', () => { clearTimeout(timer); resolve(out); });
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify(input));
  });
}

/** The one string field \`key\` of the hook's JSON answer, if it printed one. */
async function answer(root, event, input, key) {
  try {
    const value = JSON.parse((await runHook(root, event, input)) || 'null')?.[key];
    return typeof value === 'string' && value.trim() ? value : undefined;
  } catch {
    return undefined;
  }
}

// Part ids as OpenCode makes them: "prt_", 12 hex digits of time, 14 random characters.
const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
let partCounter = 0;
function partId() {
  partCounter = (partCounter + 1) % 4096;
  const time = (BigInt(Date.now()) * 4096n + BigInt(partCounter)).toString(16).padStart(12, '0').slice(-12);
  let random = '';
  for (let i = 0; i < 14; i++) random += B62[Math.floor(Math.random() * 62)];
  return \`prt_\${time}\${random}\`;
}

export const ConsiderReview = async ({ client, directory }) => {
  // Sessions whose last blocked stop was followed by our prompt, accepted by this process.
  const prompted = new Set();
  return {
    'chat.message': async (input, output) => {
      const sessionID = input?.sessionID;
      const root = installed() ? findRoot(directory) : undefined;
      if (!root || !sessionID || !Array.isArray(output?.parts)) return;
      const prompt = output.parts.filter((p) => p?.type === 'text' && typeof p.text === 'string').map((p) => p.text).join('\\n');
      const context = await answer(root, 'prompt', { hook_event_name: 'chat.message', session_id: sessionID, cwd: directory, prompt }, 'context');
      if (!context) return;
      output.parts.push({ id: partId(), sessionID, messageID: output.message?.id ?? input.messageID, type: 'text', text: context, synthetic: true });
    },
    event: async ({ event }) => {
      if (event?.type !== 'session.idle') return;
      const sessionID = event.properties?.sessionID;
      const root = installed() ? findRoot(directory) : undefined;
      if (!root || !sessionID) return;
      const continuing = prompted.delete(sessionID);
      const message = await answer(root, 'stop', { hook_event_name: 'session.idle', session_id: sessionID, cwd: directory, stop_hook_active: continuing, event }, 'message');
      if (!message) return;
      prompted.add(sessionID);
      const send = client.session.promptAsync ?? client.session.prompt;
      Promise.resolve(send.call(client.session, { path: { id: sessionID }, body: { parts: [{ type: 'text', text: message }] } }))
        .then((r) => { if (r?.error) prompted.delete(sessionID); }, () => prompted.delete(sessionID));
    },
  };
};
`;

export function renderOpencodePlugin(): string {
  return PLUGIN;
}
