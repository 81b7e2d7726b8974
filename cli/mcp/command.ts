/**
 * The `mcp` command as main.ts lists it: starts the MCP server (server.ts), which is built into
 * its own file beside this CLI and loaded only here, so no other command pays for it.
 */
import path from 'node:path';
import { ConsiderError } from '../../shared';
import type { Command } from '../command';
import { mayAnswerIn } from '../set-up-guard';

export const mcp: Command = {
  name: 'mcp',
  summary: 'serve these commands as MCP tools over stdio (for agents that prefer typed tools to a shell)',
  usage: 'consider-cli mcp [--if-set-up] [--root DIR]',
  options: { 'if-set-up': { type: 'boolean' } },
  optionHelp: [
    ['--if-set-up', 'serve only a project you set Consider up in on this machine (every MCP entry setup writes passes it; your copy of the CLI in ~/.local/share/consider/ always checks); elsewhere exit 2 before serving'],['(tools)', 'summary, digest, list, review, get, context, reply, resolve, unresolve, add, wait: each the command of that name (digest answers its Markdown page, the others compact JSON); plan, plan_wait: plan submit --wait, plan wait']],
  examples: ['consider-cli mcp', 'claude mcp add consider -- .consider/bin/consider-cli mcp'],
  positionals: [0, 0, ''],
  async run(ctx) {
    // A repository's `.mcp.json` is meant to be committed: it must not make the developer's copy serve the repository's own threads.
    if (!mayAnswerIn(ctx.root, ctx.values['if-set-up'] === true)) {
      throw new ConsiderError('not_found', `${ctx.root} is not a project you set up on this machine, so its .consider/ is not served`,
        'if it is yours, run consider-setup (or Set Up in VS Code) in it');
    }
    // Not bundled into this file: a path esbuild cannot follow keeps the server out of every other command.
    const file = path.join(__dirname, 'consider-mcp.cjs');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at run time, by design (see above)
    const { serveMcp } = require(file) as typeof import('./server');
    await serveMcp(ctx.root);
  },
};
