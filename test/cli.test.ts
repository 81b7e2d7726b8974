// Black-box tests of the built consider-cli: every command, spawned as a process in a temp workspace.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cliUnderTest, ensureBuilt, makeWorkspace, numberedLines, runCli } from './helpers/cli';
import type { Workspace } from './helpers/cli';
import { commitBefore } from './helpers/git-repo';

beforeAll(() => ensureBuilt());

let ws: Workspace;
afterEach(() => ws?.cleanup());

function fresh(): Workspace {
  ws = makeWorkspace({ 'src/auth/login.ts': numberedLines(60), 'README.md': numberedLines(40) });
  return ws;
}

function ok(args: string[], input?: string) {
  const r = runCli(ws.root, args, input === undefined ? {} : { input });
  expect(r.stderr, r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r;
}

function add(file: string, lines: string, body: string, author = 'human'): string {
  return ok(['add', file, '--lines', lines, '--message', body, '--author', author, '--json']).json().id;
}

describe('add', () => {
  it('creates a thread anchored at the current content and prints it with --json', () => {
    fresh();
    const c = ok(['add', 'src/auth/login.ts', '--lines', '45-47', '--message', 'Return a Result?', '--json']).json();
    expect(c).toMatchObject({
      file: 'src/auth/login.ts', workflowState: 'open', anchorState: 'anchored', author: 'agent', body: 'Return a Result?', thread: [],
      anchor: { startLine: 45, endLine: 47, targetContent: 'line 45\nline 46\nline 47', contextBefore: ['line 42', 'line 43', 'line 44'] },
    });
    expect(ws.store().comments).toEqual([c]);
    expect(fs.readFileSync(ws.file('.consider/.gitignore'), 'utf8')).toBe('*\n');
  });

  it('prints one line of text without --json, and takes --line and an absolute path inside the root', () => {
    fresh();
    const r = ok(['add', ws.file('README.md'), '--line', '3', '-m', 'Still true?']);
    expect(r.stdout).toMatch(/^Added \[c_[0-9a-z]{8}\] README\.md:3 \(workflow=open, anchor=anchored\)\.\n$/);
  });
});

describe('list', () => {
  it('prints the spec §6.3 format: header, id, location, both state axes, seen, first line, replies', () => {
    fresh();
    const a = add('src/auth/login.ts', '45-47', 'This should return a Result type instead of throwing.\nSecond line stays out.');
    ok(['reply', a, '-m', 'Agreed.']);
    runCli(ws.root, ['reply', a, '-m', 'One more thing'], {}); // agent again
    const b = add('README.md', '30-35', 'This section needs an update');
    const r = ok(['list']);
    expect(r.stdout).toBe([
      '2 comments (workflow=open, anchor=all):',
      '',
      `[${b}] README.md:30-35 (workflow=open, anchor=anchored, unseen)`,
      '  "This section needs an update"',
      '  0 replies',
      '',
      `[${a}] src/auth/login.ts:45-47 (workflow=open, anchor=anchored, seen)`,
      '  "This should return a Result type instead of throwing. Second line stays out."',
      '  2 replies, last reply from: agent',
      '',
    ].join('\n'));
  });

  it('shows a body on one line, cut at 100 characters, as the README says', () => {
    fresh();
    const body = `First line.\n\nThen ${'a long second paragraph '.repeat(6)}`;
    add('README.md', '1-1', body);
    const shown = ok(['list']).stdout.split('\n')[3]!;
    const flat = body.replace(/\n+/g, ' ');
    expect(shown).toBe(`  "${flat.slice(0, 99)}…"`);
    // README's CLI section says what list shows of a body: the same thing.
    const readme = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain('`list` does not (it shows each body on one line, cut at 100 characters)');
  });

  it('--json prints {"comments":[…]} in the store\'s own shape', () => {
    fresh();
    const a = add('README.md', '2-4', 'x');
    // The store as the read found it: a read that re-anchors nothing prints exactly that, and may
    // record refreshed file stats (lastAnchorCheck) after it has answered (cli/command.ts
    // afterSuccess), so the store after the read can be newer than what was printed.
    const asRead = ws.store();
    const out = ok(['list', '--json']).json();
    expect(Object.keys(out)).toEqual(['comments']);
    expect(out.comments).toEqual(asRead.comments);
    expect(out.comments[0]).toMatchObject({ id: a, anchor: { startLine: 2, endLine: 4 }, workflowState: 'open', anchorState: 'anchored' });
  });

  it('filters by workflow, anchor, unseen, file and the legacy --status', () => {
    fresh();
    const open = add('README.md', '1-1', 'open one');
    const done = add('src/auth/login.ts', '2-2', 'resolved one');
    ok(['resolve', done]);
    // A stale thread whose code is gone and an orphaned one whose file is gone, written by hand.
    const store = ws.store();
    const stale = { ...store.comments[0], id: 'c_stale000', anchorState: 'stale', anchor: { ...store.comments[0].anchor, targetContent: 'code that is gone', reason: 'the code changed' } };
    const orphan = { ...store.comments[0], id: 'c_orphan00', file: 'deleted.ts', anchorState: 'orphaned' };
    store.comments.push(stale, orphan);
    fs.writeFileSync(ws.storePath, JSON.stringify(store, null, 2));
    const ids = (args: string[]) => ok(['list', ...args, '--json']).json().comments.map((c: any) => c.id).sort();
    expect(ids([])).toEqual([open, 'c_orphan00', 'c_stale000'].sort());
    expect(ids(['--workflow', 'resolved'])).toEqual([done]);
    expect(ids(['--workflow', 'all'])).toHaveLength(4);
    expect(ids(['--anchor', 'stale'])).toEqual(['c_stale000']);
    expect(ids(['--anchor', 'orphaned', '--workflow', 'all'])).toEqual(['c_orphan00']);
    expect(ids(['--status', 'resolved'])).toEqual([done]);
    expect(ids(['--status', 'stale'])).toEqual(['c_stale000']);
    expect(ids(['--file', 'src'])).toEqual([]);
    expect(ids(['--file', 'src/auth/login.ts', '--workflow', 'all'])).toEqual([done]);
    expect(ok(['list', '--anchor', 'stale']).stdout).toContain('stale: the code changed');
  });

  it('--unseen lists open threads with unread human activity; list itself marks nothing seen, get does', () => {
    fresh();
    const a = add('README.md', '1-1', 'human asks');
    add('README.md', '2-2', 'agent asks', 'agent');
    const unseen = () => ok(['list', '--unseen', '--json']).json().comments.map((c: any) => c.id);
    expect(unseen()).toEqual([a]);
    ok(['list']);
    expect(unseen()).toEqual([a]);
    ok(['get', a]);
    expect(unseen()).toEqual([]);
    expect(ok(['list', '--unseen']).stdout).toBe('0 comments (workflow=open, anchor=all, unseen).\n');
  });

  it('--archived lists the archive', () => {
    fresh();
    const a = add('README.md', '1-1', 'done soon');
    ok(['resolve', a]);
    expect(ok(['archive']).stdout).toBe('Archived 1 resolved thread.\n');
    expect(ok(['list', '--workflow', 'all', '--json']).json().comments).toEqual([]);
    expect(ok(['list', '--archived', '--workflow', 'all', '--json']).json().comments.map((c: any) => c.id)).toEqual([a]);
  });

  it('works without a store (nothing created) and finds the root from a subfolder', () => {
    fresh();
    expect(ok(['list']).stdout).toBe('0 comments (workflow=open, anchor=all).\n');
    expect(fs.existsSync(ws.file('.consider'))).toBe(false);
    add('README.md', '1-1', 'x');
    const r = runCli(ws.root, ['list', '--json'], { cwd: ws.file('src/auth') });
    expect(r.json().comments).toHaveLength(1);
    const viaRoot = runCli(ws.root, ['list', '--json', '--root', ws.root], { cwd: '/' });
    expect(viaRoot.json().comments).toHaveLength(1);
  });
});

describe('get / thread / context', () => {
  it('get shows the comment, every reply and the current code with the commented lines marked', () => {
    fresh();
    const a = add('src/auth/login.ts', '45-46', 'Why throw?\nSecond paragraph.');
    ok(['reply', a, '-m', 'Because of the API.']);
    const out = ok(['get', a]).stdout;
    expect(out).toContain(`[${a}] src/auth/login.ts:45-46 (workflow=open, anchor=anchored, seen)`);
    expect(out).toContain('  Why throw?\n  Second paragraph.');
    expect(out).toMatch(/1 reply:\n\n {2}\[r_[0-9a-z]{8}\] agent · \S+\n {4}Because of the API\./);
    expect(out).toContain('    43 | line 43\n    44 | line 44\n  > 45 | line 45\n  > 46 | line 46\n    47 | line 47\n    48 | line 48');
    expect(ok(['thread', a]).stdout).toBe(out);
  });

  it('get --json prints the thread in the store shape with the code snippet the text shows; a unique id prefix works', () => {
    fresh();
    const a = add('README.md', '4-5', 'x');
    const got = ok(['get', a.slice(2, 6), '--json']).json();
    expect(got.id).toBe(a);
    expect(got.anchor).toMatchObject({ startLine: 4, endLine: 5 });
    // spec §6.2: get gives "a snippet of the surrounding code", in --json as in text (2 lines around).
    expect(got.context).toEqual(ok(['context', a, '--around', '2', '--json']).json().context);
    expect(got.context.lines.map((l: any) => [l.number, l.text, l.target])).toEqual([
      [2, 'line 2', false], [3, 'line 3', false], [4, 'line 4', true], [5, 'line 5', true], [6, 'line 6', false], [7, 'line 7', false],
    ]);
    fs.rmSync(ws.file('README.md'));
    ok(['list']); // re-anchors: the file is gone
    expect(ok(['get', a, '--json']).json()).toMatchObject({ id: a, context: null, noContextReason: expect.stringMatching(/no longer exists/) });
  });

  it('names a one-line thread file:N everywhere, never file:N-N', () => {
    fresh();
    const a = add('README.md', '3-3', 'one line');
    for (const cmd of [['list'], ['get', a], ['context', a], ['review']]) {
      const out = runCli(ws.root, cmd).stdout;
      expect(out, cmd.join(' ')).not.toContain('README.md:3-3');
    }
    expect(ok(['get', a]).stdout).toContain('Code at README.md:3 (current file');
    expect(ok(['context', a]).stdout).toContain('Code at README.md:3 (current file');
    expect(ok(['get', a, '--lean']).json()).toMatchObject({ file: 'README.md', lines: '3' });
  });

  it('--lean prints the agent view: what the text says, without the store\'s anchoring internals', () => {
    fresh();
    const a = add('src/auth/login.ts', '45-46', 'Why throw?\nSecond paragraph.');
    ok(['reply', a, '-m', 'Because of the API.', '--declined']);
    const listed = ok(['list', '--lean']);
    expect(listed.stdout.trim().split('\n')).toHaveLength(1); // compact
    expect(listed.json()).toEqual({ threads: [{ id: a, file: 'src/auth/login.ts', lines: '45-46', workflow: 'open', anchor: 'anchored', disposition: 'declined', excerpt: 'Why throw? Second paragraph.', replies: 1, lastReplyFrom: 'agent' }] });
    const got = ok(['get', a, '--lean']).json();
    expect(got).toMatchObject({ id: a, author: 'human', body: 'Why throw?\nSecond paragraph.', replies: [{ author: 'agent', disposition: 'declined', body: 'Because of the API.' }] });
    expect(got.code).toBe('  43 | line 43\n  44 | line 44\n> 45 | line 45\n> 46 | line 46\n  47 | line 47\n  48 | line 48');
    for (const internal of ['contextBefore', 'contentHash', 'snapshot', 'lastAnchorCheck', 'mtimeMs', 'agentLastSeenAt']) {
      expect(listed.stdout + JSON.stringify(got)).not.toContain(internal);
    }
    // Errors as with --json.
    const missing = runCli(ws.root, ['get', 'c_nothere', '--lean']);
    expect([missing.code, missing.json().error.code]).toEqual([2, 'not_found']);
  });

  it('context shows ~10 lines around the anchor with line numbers and markers', () => {
    fresh();
    const a = add('src/auth/login.ts', '30-31', 'look here');
    const out = ok(['context', a]).stdout;
    const code = out.split('\n').filter((l) => / \| /.test(l));
    expect(code[0]).toBe('    20 | line 20');
    expect(code.at(-1)).toBe('    41 | line 41');
    expect(code.filter((l) => l.startsWith('  >'))).toEqual(['  > 30 | line 30', '  > 31 | line 31']);
    const j = ok(['context', a, '--around', '2', '--json']).json();
    expect(j.comment.id).toBe(a);
    expect(j.context.lines.map((l: any) => [l.number, l.target])).toEqual([[28, false], [29, false], [30, true], [31, true], [32, false], [33, false]]);
  });

  it('context clips at the start of the file', () => {
    fresh();
    const a = add('README.md', '2-2', 'top');
    const code = ok(['context', a]).stdout.split('\n').filter((l) => / \| /.test(l));
    expect(code[0]).toBe('     1 | line 1');
    expect(code.at(-1)).toBe('    12 | line 12');
  });

  it('a thread whose file became a symlink out of the workspace shows no code from outside', () => {
    fresh();
    const outside = makeWorkspace({ 'secret.txt': 'TOP SECRET\n' }, 'consider-outside-');
    try {
      ws.write('notes.txt', 'a\nb\n');
      const a = add('notes.txt', '1-1', 'about a');
      fs.rmSync(ws.file('notes.txt'));
      fs.symlinkSync(outside.file('secret.txt'), ws.file('notes.txt'));
      for (const cmd of ['get', 'context']) {
        const out = ok([cmd, a]).stdout;
        expect(out).not.toContain('TOP SECRET');
        expect(out).toContain('notes.txt leads outside the workspace; it is not shown');
      }
    } finally {
      outside.cleanup();
    }
  });

  it('an orphaned thread is listed, but context says there is no file', () => {
    fresh();
    const a = add('src/auth/login.ts', '5-5', 'about to vanish');
    const store = ws.store();
    store.comments[0].anchorState = 'orphaned';
    fs.writeFileSync(ws.storePath, JSON.stringify(store));
    fs.rmSync(ws.file('src/auth/login.ts'));
    expect(ok(['list']).stdout).toContain(`[${a}] src/auth/login.ts:5 (workflow=open, anchor=orphaned, unseen)`);
    const out = ok(['context', a]).stdout;
    expect(out).toContain('No code context: there is no file to show: src/auth/login.ts no longer exists (the thread is orphaned).');
    expect(out).toContain('  | line 5');
    const j = ok(['context', a, '--json']).json();
    expect(j.context).toBeNull();
    expect(j.noContextReason).toMatch(/no longer exists/);
  });
});

describe('a stale thread on lines rewritten in place (issue 22, the demo\'s discount cap)', () => {
  it('context marks the lines that replaced its code, not the signature above them', () => {
    const cart = ['export function total(items: number[]): number {', '  return items.reduce((a, b) => a + b, 0);', '}', '',
      'export function discount(sum: number, percent: number): number {', '  const capped = Math.min(percent, 50);', '  return sum - (sum * capped) / 100;', '}', ''].join('\n');
    ws = makeWorkspace({ 'src/cart.ts': cart });
    const id = add('src/cart.ts', '6-7', 'Why is the discount capped at 50%?');
    fs.writeFileSync(ws.file('src/cart.ts'), cart
      .replace('  const capped = Math.min(percent, 50);\n  return sum - (sum * capped) / 100;', '  const rate = Math.max(0, Math.min(percent, maxPercent)) / 100;\n  return Math.round(sum * (1 - rate));')
      .replace('percent: number): number', 'percent: number, maxPercent = 50): number'));
    expect(ok(['list']).stdout).toContain(`[${id}] src/cart.ts:6-7 (workflow=open, anchor=stale,`);
    const marked = ok(['context', id, '--json']).json().context.lines.filter((l: { target: boolean }) => l.target).map((l: { number: number }) => l.number);
    expect(marked).toEqual([6, 7]);
  });
});

describe('a thread whose code moved into another file (issue 26)', () => {
  it('list, get and context say where it came from; --json carries movedFrom', () => {
    const fn = ['export function normalizeArguments(options: Options): Normalized {', '  const timeout = options.timeout ?? DEFAULT_TIMEOUT;',
      '  const retries = Math.max(0, options.retries ?? 2);', '  return { timeout, retries };', '}'];
    ws = makeWorkspace({ 'src/a.ts': ['// a', '', ...fn, ''].join('\n') });
    commitBefore(ws.root); // git's history tells the copy is new: followed (without it, only offered: cli-twins.test.ts)
    const id = add('src/a.ts', '4-5', 'Why two retries by default?');
    fs.writeFileSync(ws.file('src/args.ts'), ['// moved here', ...fn, ''].join('\n'));
    fs.writeFileSync(ws.file('src/a.ts'), '// a\n');
    const listed = ok(['list']).stdout;
    expect(listed).toContain(`[${id}] src/args.ts:3-4 (workflow=open, anchor=anchored, unseen)\n  "Why two retries by default?"\n  0 replies\n  moved from src/a.ts:4-5\n`);
    const json = ok(['list', '--json']).json().comments[0];
    expect(json).toMatchObject({ file: 'src/args.ts', anchorState: 'anchored', movedFrom: { file: 'src/a.ts', startLine: 4, endLine: 5 } });
    expect(ok(['get', id]).stdout).toMatch(/\n\nmoved from src\/a\.ts:4-5 \(its code moved into src\/args\.ts; followed \d{4}-/);
    const context = ok(['context', id, '--json']).json();
    expect(context.comment.movedFrom.file).toBe('src/a.ts');
    // The agent view (MCP tools) says it too.
    expect(ok(['list', '--lean']).json().threads[0]).toMatchObject({ file: 'src/args.ts', lines: '3-4', movedFrom: 'src/a.ts:4-5' });
    expect(ok(['get', id, '--lean']).json()).toMatchObject({ movedFrom: 'src/a.ts:4-5' });
    expect(context.context.lines.filter((l: { target: boolean }) => l.target).map((l: { text: string }) => l.text)).toEqual(fn.slice(1, 3));
  });
});

describe('reply / resolve / unresolve / summary', () => {
  it('reply appends an agent reply; --message - reads stdin', () => {
    fresh();
    const a = add('README.md', '1-1', 'q');
    expect(ok(['reply', a, '-m', 'first']).stdout).toMatch(new RegExp(`^Replied to \\[${a}\\] README\\.md:1 as reply r_[0-9a-z]{8} \\(1 reply now\\)\\.\\n$`));
    const j = ok(['reply', a, '--message', '-', '--json'], 'from\nstdin\n').json();
    expect(j.reply).toMatchObject({ author: 'agent', body: 'from\nstdin\n' });
    expect(j.comment.thread).toHaveLength(2);
    expect(ws.store().comments[0].thread.map((r: any) => r.body)).toEqual(['first', 'from\nstdin\n']);
  });

  it('resolve and unresolve switch the workflow state; repeating says nothing changed', () => {
    fresh();
    const a = add('README.md', '1-1', 'q');
    expect(ok(['resolve', a]).stdout).toBe(`Resolved [${a}] README.md:1.\n`);
    expect(ws.store().comments[0]).toMatchObject({ workflowState: 'resolved', resolvedBy: 'agent' });
    expect(ok(['resolve', a]).stdout).toBe(`[${a}] was already resolved; nothing changed.\n`);
    expect(ok(['unresolve', a, '--json']).json()).toMatchObject({ id: a, workflowState: 'open' });
    expect(ws.store().comments[0].resolvedAt).toBeUndefined();
  });

  it('summary counts open threads across files, unseen, and both axes', () => {
    fresh();
    add('README.md', '1-1', 'a');
    add('README.md', '2-2', 'b', 'agent');
    const c = add('src/auth/login.ts', '1-1', 'c');
    ok(['resolve', c]);
    expect(ok(['summary']).stdout).toBe('2 open comments across 1 file (1 unseen).\nworkflow: 2 open, 1 resolved\nanchor: 3 anchored, 0 stale, 0 orphaned\n');
    expect(ok(['summary', '--json']).json()).toEqual({ open: 2, resolved: 1, anchored: 3, stale: 0, orphaned: 0, unseenOpen: 1, unseenReviews: 0, addressed: 0, declined: 0, question: 0, files: 1, total: 3 });
  });
});

describe('help and version', () => {
  const commands = ['list', 'get', 'thread', 'context', 'summary', 'reply', 'resolve', 'unresolve', 'add', 'archive'];
  it.each(commands)('%s --help has Usage, Options and Examples', (cmd) => {
    fresh();
    const r = ok([cmd, '--help']);
    expect(r.stdout).toMatch(new RegExp(`^consider-cli ${cmd}: `));
    for (const section of ['Usage:', 'Options:', 'Examples:']) expect(r.stdout).toContain(`\n${section}\n`);
    expect(r.stdout).toContain(`consider-cli ${cmd}`);
  });

  it('the main help lists every command and the exit codes; list --help documents what "seen" means', () => {
    fresh();
    const main = ok(['--help']).stdout;
    for (const cmd of commands) expect(main).toContain(`  ${cmd} `);
    expect(main).toContain('Exit codes: 0 ok, 1 usage, 2 not found, 3 store busy (retry), 4 store unreadable or too new, 5 other I/O failure, 6 wait timed out;');
    expect(main).toContain('plan: 7 changes requested, 8 not reviewed in VS Code');
    expect(ok(['list', '--help']).stdout).toMatch(/--unseen.*get, thread or context.*list does not/);
    expect(ok(['--version']).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});

describe('runtime layout (spec §4.1)', () => {
  it('the sh wrapper and the .js copy run with plain node, no node_modules, even inside a "type":"module" project', () => {
    fresh();
    const runtime = path.dirname(path.dirname(cliUnderTest()));
    const deployed = ws.file('.consider');
    fs.mkdirSync(deployed, { recursive: true });
    fs.cpSync(runtime, deployed, { recursive: true });
    ws.write('package.json', JSON.stringify({ type: 'module' }));
    add('README.md', '1-1', 'deployed');
    for (const cmd of [[path.join(deployed, 'bin', 'consider-cli')], [process.execPath, path.join(deployed, 'bin', 'consider-cli.js')]]) {
      const r = spawnSync(cmd[0]!, [...cmd.slice(1), 'summary', '--json'], { cwd: ws.file('src'), encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).open).toBe(1);
    }
  });
});

describe('untrusted text', () => {
  it('control characters and emoji round-trip exactly through --json and stay inert in text output', () => {
    fresh();
    const body = 'red \u001b[31mALERT\u001b[0m bell\u0007 cr\rlf\n tab\t nul-free 😀👩‍💻 \u202eevil\u202c é';
    const a = ok(['add', 'README.md', '--line', '1', '--message', '-', '--json'], body).json().id;
    ok(['reply', a, '--message', '-'], body);
    const got = ok(['get', a, '--json']).json();
    expect(got.body).toBe(body);
    expect(got.thread[0].body).toBe(body);
    const text = ok(['get', a]).stdout + ok(['list']).stdout;
    // eslint-disable-next-line no-control-regex -- no control character may reach the terminal
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);
    expect(text).toContain('\\u{1b}[31mALERT');
    expect(text).toContain('😀👩‍💻');
  });
});

describe('recording fresh file stats after a read', () => {
  it('a read that fails leaves the store byte for byte; one that succeeds records the stats once', async () => {
    fresh();
    const id = add('src/auth/login.ts', '3-4', 'why?');
    const abs = ws.file('src/auth/login.ts');
    fs.writeFileSync(`${abs}.copy`, fs.readFileSync(abs)); // a checkout: same bytes, new file
    fs.renameSync(`${abs}.copy`, abs);
    await new Promise((r) => setTimeout(r, 2_200)); // out of the racy window: the stat can be trusted now
    const before = ws.storeBytes()!;
    expect(runCli(ws.root, ['get', 'c_nosuchthread']).code).toBe(2);
    expect(ws.storeBytes()!.equals(before), 'a failed command changed store.json').toBe(true);

    ok(['list', '--json']);
    const fp = ws.store().comments.find((c: { id: string }) => c.id === id).anchor.file;
    expect(fp.ino).toBe(fs.statSync(abs).ino);
    const after = ws.storeBytes()!;
    ok(['list', '--json']);
    expect(ws.storeBytes()!.equals(after)).toBe(true); // trusted now: nothing more to record
  });
});

describe('list --json and summary from the list index (.consider/store.json.index)', () => {
  it('print what the full read prints, and an edit since is re-anchored, not listed from the index', async () => {
    fresh();
    add('src/auth/login.ts', '30-31', 'late in login');
    add('README.md', '5-5', 'readme 🎉');
    const early = add('src/auth/login.ts', '3-4', 'early in login');
    ok(['resolve', add('README.md', '9-9', 'resolved one')]);
    await new Promise((r) => setTimeout(r, 2_200)); // out of the racy window: the next read records the stats...
    ok(['list']);
    const index = path.join(ws.root, '.consider', 'store.json.index');
    expect(fs.existsSync(index)).toBe(true); // ...and rewrites the index with them
    const filters = [[], ['--workflow', 'all'], ['--workflow', 'resolved'], ['--unseen'], ['--file', 'src'], ['--anchor', 'stale']];
    const outputs = () => [...filters.map((f) => ok(['list', '--json', ...f]).stdout), ok(['summary', '--json']).stdout, ok(['summary']).stdout];
    const withIndex = outputs();
    const saved = fs.readFileSync(index);
    fs.rmSync(index);
    expect(outputs()).toEqual(withIndex);
    expect(JSON.parse(withIndex[0]!).comments.map((c: { body: string }) => c.body)).toEqual(['readme 🎉', 'early in login', 'late in login']);

    fs.writeFileSync(index, saved);
    fs.writeFileSync(ws.file('src/auth/login.ts'), 'one line added above\n' + numberedLines(60));
    const moved = JSON.parse(ok(['list', '--json', '--file', 'src']).stdout).comments;
    expect(moved.map((c: { id: string; anchor: { startLine: number } }) => [c.id, c.anchor.startLine])).toEqual([[early, 4], [expect.any(String), 31]]);
  });
});
