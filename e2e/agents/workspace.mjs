// One agent's test workspace: a small git project set up by consider-setup for that agent
// (skill, delivery hook, MCP server), as a developer would from a terminal, and a submitted
// review of two threads waiting for the agent. Threads are made with the store module the
// deployed CLI uses (.consider/shared/store.js), the way the extension makes them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const FILES = {
  'src/cart.ts': `export interface Item {\n  name: string;\n  price: number;\n  quantity: number;\n}\n\nexport function total(items: Item[]): number {\n  let sum = 0;\n  for (const item of items) sum += item.price * item.quantity;\n  return sum;\n}\n`,
  'README.md': '# cart\n\nPrices and totals.\n',
};

const GIT_ENV = { GIT_AUTHOR_NAME: 'Dev', GIT_AUTHOR_EMAIL: 'dev@example.com', GIT_COMMITTER_NAME: 'Dev', GIT_COMMITTER_EMAIL: 'dev@example.com' };

export function sh(cwd, cmd, args, { env = process.env, input } = {}) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', input, env: { ...env, ...GIT_ENV } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal}): ${r.stderr || r.stdout}`);
  return r.stdout;
}

/**
 * Creates the project at `ws`, runs `consider-setup setup` with `setupArgs` (HOME = `home`, so a
 * home-scope install lands in the throwaway home) and returns helpers over its store.
 * `worktreeOf`: instead, `ws` is a new git worktree of that project (branch `worktree-<folder>`),
 * as an agent that works in its own worktree has it.
 */
export function createWorkspace(ws, { repo, home, setupArgs, worktreeOf }) {
  if (worktreeOf) {
    sh(worktreeOf, 'git', ['worktree', 'add', '-q', '-b', `worktree-${path.basename(path.dirname(ws))}`, ws]);
  } else {
    fs.mkdirSync(ws, { recursive: true });
    for (const [rel, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
      fs.writeFileSync(path.join(ws, rel), text);
    }
    sh(ws, 'git', ['init', '-q', '-b', 'main']);
    sh(ws, 'git', ['add', '.']);
    sh(ws, 'git', ['commit', '-qm', 'cart']);
  }
  const setupOutput = sh(ws, process.execPath, [path.join(repo, 'dist/setup/consider-setup.cjs'), 'setup', '--root', ws, ...setupArgs], { env: { ...process.env, HOME: home } });
  const store = createRequire(import.meta.url)(path.join(ws, '.consider/shared/store.js'));
  return {
    ws,
    setupOutput,
    store,
    /**
     * Two threads in a pending review, then submitted: round 1, waiting for the agent. `bodies`:
     * their texts (default: the suite's two); `forSession`: the agent session the round is for.
     */
    async submitReview({ bodies = ['Reject negative quantities here.', 'Should `sum` be integer cents?'], forSession } = {}) {
      const a = await store.addThread(ws, { file: 'src/cart.ts', startLine: 9, endLine: 9, body: bodies[0], author: 'human', pending: true });
      const b = await store.addThread(ws, { file: 'src/cart.ts', startLine: 8, endLine: 8, body: bodies[1], author: 'human', pending: true });
      await store.submitReview(ws, forSession ? { forSession } : {});
      return [a.id, b.id];
    },
    /** Every thread as the store has it now (the agent's replies included). */
    threads() {
      return store.readStore(ws).store.comments;
    },
  };
}
