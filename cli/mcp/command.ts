/**
 * The `mcp` command as main.ts lists it: starts the MCP server (server.ts), which is built into
 * its own file beside this CLI and loaded only here, so no other command pays for it.
 */
import path from 'node:path';
import type { Command } from '../command';

export const mcp: Command = {
  name: 'mcp',
  summary: 'serve these commands as MCP tools over stdio (for agents that prefer typed tools to a shell)',
  usage: 'consider-cli mcp [--root DIR]',
  options: {},
  optionHelp: [['(tools)', 'summary, digest, list, review, get, context, reply, resolve, unresolve, add, wait: each the command of that name (digest answers its Markdown page, the others compact JSON); plan, plan_wait: plan submit --wait, plan wait']],
  examples: ['consider-cli mcp', 'claude mcp add consider -- .consider/bin/consider-cli mcp'],
  positionals: [0, 0, ''],
  async run(ctx) {
    // Not bundled into this file: a path esbuild cannot follow keeps the server out of every other command.
    const file = path.join(__dirname, 'consider-mcp.cjs');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at run time, by design (see above)
    const { serveMcp } = require(file) as typeof import('./server');
    await serveMcp(ctx.root);
  },
};
