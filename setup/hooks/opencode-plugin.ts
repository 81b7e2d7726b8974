/**
 * OpenCode has no command hooks: its equivalent is a plugin file it loads at startup. Ours
 * listens for `session.idle` (a turn ended), runs the user's own copy of consider-cli
 * (command.ts says why never a project's) with `hook stop --agent opencode --if-set-up`
 * with the event on stdin exactly like the other agents' stop hooks, and when that prints
 * `{"message": "…"}` sends the text to the session as the next prompt (the contract is in
 * docs/agent-loop.md). Plain ESM with Node built-ins only: OpenCode (Bun) loads .js plugins
 * without installing anything.
 */

import { USER_DATA_REL } from '../../shared/user-data';

/** First line of the file: how setup recognises its own plugin. */
export const PLUGIN_MARKER = '// Installed by Consider';

const PLUGIN = `${PLUGIN_MARKER}: delivers the developer's review threads to this session when it goes idle.
// Runs your own copy of consider-cli (~/${USER_DATA_REL}/bin/consider-cli, installed by Consider's
// setup) with \`hook stop --agent opencode --if-set-up\` for the nearest folder up from the
// session's directory that holds .consider/ — never a program found in a project. It does
// nothing in a project you did not set Consider up in. Consider's uninstall removes this file
// unless you edited it.
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

function findRoot(start) {
  for (let d = path.resolve(start); ; d = path.dirname(d)) {
    try {
      if (fs.statSync(path.join(d, '.consider')).isDirectory()) return d;
    } catch { /* not here */ }
    if (path.dirname(d) === d) return undefined;
  }
}

function runHook(root, input) {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(CLI, ['hook', 'stop', '--agent', 'opencode', '--if-set-up', '--root', root], { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] });
    const timer = setTimeout(() => child.kill(), 30000);
    child.stdout.on('data', (b) => { out += b; });
    child.on('error', () => resolve(''));
    child.on('close', () => { clearTimeout(timer); resolve(out); });
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify(input));
  });
}

export const ConsiderReview = async ({ client, directory }) => ({
  event: async ({ event }) => {
    if (event?.type !== 'session.idle') return;
    const sessionID = event.properties?.sessionID;
    const root = installed() ? findRoot(directory) : undefined;
    if (!root || !sessionID) return;
    let message;
    try {
      message = JSON.parse((await runHook(root, { hook_event_name: 'session.idle', session_id: sessionID, cwd: directory, event })) || 'null')?.message;
    } catch {
      return;
    }
    if (typeof message !== 'string' || !message.trim()) return;
    client.session.prompt({ path: { id: sessionID }, body: { parts: [{ type: 'text', text: message }] } }).catch(() => {});
  },
});
`;

export function renderOpencodePlugin(): string {
  return PLUGIN;
}
