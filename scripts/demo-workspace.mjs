// Builds the demo workspace: a small sample project in a git repo, Consider set up with the
// terminal setup command (the same implementation as the wizard), and review threads in
// every state — open (with an agent/human conversation), unseen, resolved, moved, stale,
// orphaned, a question from the agent, the agent's dispositions (addressed, declined,
// question), a submitted review round with an overall message, and a pending review. Threads are made the real way: the deployed
// consider-cli for what an agent does, the store module for the human's replies, then real
// file edits and `consider-cli list` (lazy re-anchoring) for moved/stale/orphaned.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const LOGIN = `import { findUser, verifyPassword } from './users';
import { createSession, type Session } from './session';

export interface Credentials {
  email: string;
  password: string;
}

/** Signs a user in and opens a session. */
export async function login(creds: Credentials): Promise<Session> {
  const user = await findUser(creds.email);
  if (!user) {
    throw new Error('unknown user');
  }
  if (!(await verifyPassword(user, creds.password))) {
    throw new Error('bad password');
  }
  return createSession(user.id);
}
`;

const SESSION = `export interface Session {
  id: string;
  userId: string;
  expiresAt: number;
}

const sessions = new Map<string, Session>();

export function createSession(userId: string): Session {
  const session = { id: crypto.randomUUID(), userId, expiresAt: Date.now() + 3600_000 };
  sessions.set(session.id, session);
  return session;
}

export function touch(id: string): void {
  const session = sessions.get(id);
  session.expiresAt = Date.now() + 3600_000;
}
`;

const USERS = `export interface User {
  id: string;
  email: string;
  hash: string;
}

export async function findUser(email: string): Promise<User | undefined> {
  return undefined; // TODO: database
}

export async function verifyPassword(user: User, password: string): Promise<boolean> {
  return user.hash === password; // TODO: bcrypt
}
`;

const CART = `export interface Item {
  name: string;
  price: number;
  quantity: number;
}

export function total(items: Item[]): number {
  let sum = 0;
  for (const item of items) sum += item.price * item.quantity;
  return sum;
}

export function discount(sum: number, percent: number): number {
  const capped = Math.min(percent, 50);
  return sum - (sum * capped) / 100;
}
`;

const REPORT = `import { total, type Item } from '../cart';

/** Nightly sales report (legacy). */
export function report(orders: Item[][]): string {
  return orders.map((o, i) => \`order \${i}: \${total(o)}\`).join('\\n');
}
`;

const README = `# shop-demo

A tiny shop backend used to demo Consider.

- \`src/auth\`: sign-in and sessions
- \`src/cart.ts\`: prices and discounts
`;

function sh(cwd, cmd, args, input, env = {}) {
  const r = spawnSync(cmd, args, {
    cwd, encoding: 'utf8', input,
    env: { ...process.env, GIT_AUTHOR_NAME: 'Demo', GIT_AUTHOR_EMAIL: 'demo@example.com', GIT_COMMITTER_NAME: 'Demo', GIT_COMMITTER_EMAIL: 'demo@example.com', ...env },
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  return r.stdout;
}

function write(root, rel, text) {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
}

const lineOf = (text, needle) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

/**
 * Creates the demo workspace at `ws` (must not exist). `repo` is the Consider checkout whose
 * dist/ is built. Returns the threads by role and the final `list --json` of all threads.
 */
export async function createDemoWorkspace(ws, { repo, integrations = ['claude:project'], home }) {
  fs.mkdirSync(ws, { recursive: true });
  const files = { 'src/auth/login.ts': LOGIN, 'src/auth/session.ts': SESSION, 'src/auth/users.ts': USERS, 'src/cart.ts': CART, 'src/legacy/report.ts': REPORT, 'README.md': README };
  for (const [rel, text] of Object.entries(files)) write(ws, rel, text);
  write(ws, 'package.json', JSON.stringify({ name: 'shop-demo', version: '1.0.0', private: true, type: 'module' }, null, 2) + '\n');
  sh(ws, 'git', ['init', '-q', '-b', 'main']);
  sh(ws, 'git', ['add', '.']);
  sh(ws, 'git', ['commit', '-qm', 'Shop backend written by the agent']);

  // Setup, as a developer would from a terminal (the wizard calls the same function).
  // The skill and, for the same agents, the delivery hook (docs/agent-loop.md).
  const setupArgs = ['setup', '--root', ws, ...integrations.flatMap((i) => ['--integration', i, '--hook', i])];
  // `home`: the home folder setup installs into (the user's copy of the CLI, home-scope files); default the real one.
  sh(ws, process.execPath, [path.join(repo, 'dist/setup/consider-setup.cjs'), ...setupArgs], undefined, home ? { HOME: home } : {});
  sh(ws, 'git', ['add', '.']);
  sh(ws, 'git', ['commit', '-qm', 'Set up Consider (.gitignore entry, the agent skill and its hook)']);

  const cli = path.join(ws, '.consider/bin/consider-cli');
  const run = (...args) => sh(ws, cli, args);
  const add = (file, lines, message, author = 'human') => JSON.parse(run('add', file, '--lines', lines, '--message', message, '--author', author, '--json'));
  const store = createRequire(import.meta.url)(path.join(ws, '.consider/shared/store.js'));
  const humanReply = (id, body) => store.replyToThread(ws, id, { body, author: 'human' });

  // Review pass 1: the developer comments; the agent answers.
  const throwLine = lineOf(LOGIN, "throw new Error('bad password')");
  const result = add('src/auth/login.ts', `${throwLine}-${throwLine}`, 'This should return a `Result` instead of throwing: callers forget the try/catch.');
  run('reply', result.id, '--message', 'Agreed. Shall I change `login()` to return `Result<Session, AuthError>`? `session.ts` callers would change too.');
  await humanReply(result.id, 'Yes, but only after we agree on the error names. Keep this open.');

  const touchLine = lineOf(SESSION, 'const session = sessions.get(id);');
  const nullCheck = add('src/auth/session.ts', `${touchLine}-${touchLine + 1}`, 'Missing null check: `touch()` crashes on an expired id.');

  const totalLine = lineOf(CART, 'let sum = 0;');
  const cents = add('src/cart.ts', `${totalLine}-${totalLine + 2}`, 'Money as floats? Use integer cents.');
  run('reply', cents.id, '--message', 'Prices are already integer cents (see `Item.price` docs in the API). No change needed.', '--declined');
  await humanReply(cents.id, 'Right, thanks.');
  run('resolve', cents.id);

  const capLine = lineOf(CART, 'Math.min(percent, 50)');
  const cap = add('src/cart.ts', `${capLine}-${capLine + 1}`, 'Why is the discount capped at 50%?');
  run('reply', cap.id, '--message', 'Product asked for it. I can make the cap a parameter.');

  const legacy = add('src/legacy/report.ts', '4-6', 'Is this report still used anywhere?');
  run('reply', legacy.id, '--message', 'Only by the nightly job, which was removed last month. Shall I delete it?', '--question');
  await humanReply(legacy.id, 'Yes, delete it.');

  const question = add('README.md', '5-6', 'Should the README document the new error type once `login()` returns a Result?', 'agent');

  // The agent changes code: lines above the first thread (it moves), the discount rewritten
  // (its thread goes stale), the legacy report deleted (its thread is orphaned).
  write(ws, 'src/auth/login.ts', LOGIN.replace("import { createSession, type Session } from './session';\n",
    "import { createSession, type Session } from './session';\nimport { log } from '../log';\n\nconst MAX_ATTEMPTS = 5;\n"));
  write(ws, 'src/log.ts', 'export function log(message: string): void {\n  console.log(new Date().toISOString(), message);\n}\n');
  write(ws, 'src/cart.ts', CART.replace('  const capped = Math.min(percent, 50);\n  return sum - (sum * capped) / 100;',
    '  const rate = Math.max(0, Math.min(percent, maxPercent)) / 100;\n  return Math.round(sum * (1 - rate));').replace('percent: number): number', 'percent: number, maxPercent = 50): number'));
  fs.rmSync(path.join(ws, 'src/legacy'), { recursive: true });
  sh(ws, 'git', ['add', '-A']);
  sh(ws, 'git', ['commit', '-qm', 'Agent: logging, configurable discount cap, drop the legacy report']);
  // ...and says so in the threads (docs/agent-loop.md, dispositions).
  run('reply', cap.id, '--message', 'Done: the cap is a parameter now (`maxPercent`, default 50).', '--addressed');
  run('reply', legacy.id, '--message', 'Deleted `src/legacy/`.', '--addressed');

  // Review pass 2, as a pending review submitted in one go with an overall message (round 1),
  // then one more comment the developer has started but not sent yet (the pending review).
  const human = (file, text, body, pending = true) => {
    const line = lineOf(fs.readFileSync(path.join(ws, file), 'utf8'), text);
    return store.addThread(ws, { file, startLine: line, endLine: line, body, author: 'human', pending });
  };
  const logger = await human('src/log.ts', 'console.log', 'Use the project logger here, not `console.log`: it drops the request id.');
  const negative = await human('src/cart.ts', 'sum += item.price', '`total()` accepts negative quantities. Reject them?');
  // Submitted as the editor does: with a capture of the workspace, the Changes view's "since round 1".
  const { captureForRound } = createRequire(import.meta.url)(path.join(ws, '.consider/bin/consider-changes.cjs'));
  const captured = captureForRound(ws, store.readStore(ws).store);
  if (!captured.ok) throw new Error(`capturing round 1's baseline failed: ${captured.error}`);
  await store.submitReview(ws, { message: 'Second pass after your changes: two small things, otherwise this is good to merge.', baseline: captured.report.baseline.id });
  // The agent goes on after the round, and commits: "since the last commit" shows nothing, "since
  // review round 1" shows what it did since you looked.
  write(ws, 'src/cart.test.ts', "import { total } from './cart';\n\nif (total([{ price: 250, quantity: 2 }]) !== 500) throw new Error('total');\n");
  sh(ws, 'git', ['add', '-A']);
  sh(ws, 'git', ['commit', '-qm', 'Agent: a first test for the cart']);
  const pending = await human('src/auth/login.ts', 'const MAX_ATTEMPTS', 'Where is `MAX_ATTEMPTS` enforced?');

  // The agent's next read re-anchors lazily and writes the new states back.
  const all = JSON.parse(run('list', '--workflow', 'all', '--json')).comments;
  return { ws, threads: { result, nullCheck, cents, cap, legacy, question, logger, negative, pending }, all, status: sh(ws, 'git', ['status', '--porcelain']) };
}

/** Checks the demo has every state it promises; returns a list of problems (empty = fine). */
export function checkDemoStates(demo) {
  const by = (id) => demo.all.find((c) => c.id === id);
  const want = [
    ['result', 'open', 'anchored'], ['nullCheck', 'open', 'anchored'], ['cents', 'resolved', 'anchored'],
    ['cap', 'open', 'stale'], ['legacy', 'open', 'orphaned'], ['question', 'open', 'anchored'],
    ['logger', 'open', 'anchored'], ['negative', 'open', 'anchored'],
  ];
  const problems = [];
  for (const [role, workflow, anchor] of want) {
    const c = by(demo.threads[role].id);
    if (!c) problems.push(`${role}: missing`);
    else if (c.workflowState !== workflow || c.anchorState !== anchor) problems.push(`${role}: ${c.workflowState}/${c.anchorState}, expected ${workflow}/${anchor}`);
  }
  // The agent's list never shows the pending review; the submitted round is there.
  if (by(demo.threads.pending.id)) problems.push('pending: the agent can see a thread of the pending review');
  if (by(demo.threads.logger.id)?.round !== 1) problems.push('logger: not delivered in review round 1');
  const disposition = (role) => by(demo.threads[role].id)?.thread.filter((r) => r.disposition).pop()?.disposition;
  for (const [role, want] of [['cents', 'declined'], ['cap', 'addressed'], ['legacy', 'addressed']]) {
    if (disposition(role) !== want) problems.push(`${role}: disposition ${disposition(role)}, expected ${want}`);
  }
  const moved = by(demo.threads.result.id);
  if (moved && moved.anchor.startLine !== demo.threads.result.anchor.startLine + 3) problems.push(`result: at line ${moved.anchor.startLine}, expected it to move down by 3`);
  if (demo.status !== '') problems.push(`git status is not clean:\n${demo.status}`);
  return problems;
}
