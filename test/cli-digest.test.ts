/**
 * `consider-cli digest` as a process (issue 30): the open threads in the order an agent should
 * take them, the size cap with what was left out counted, untrusted text kept inert in the
 * Markdown (checked by parsing the page with markdown-it, HTML and linkify on), the files
 * changed since a git baseline, and the command line's mistakes.
 */
import fs from 'node:fs';
import MarkdownIt from 'markdown-it';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addThread, readStore, replyToThread, setWorkflowState, submitReview, markSeenByAgent, type Comment } from '../shared';
import { ensureBuilt, makeWorkspace, numberedLines, runCli, type Workspace } from './helpers/cli';
import { submitReviewWithBaseline } from '../shared/changes';
import { commitAll, git } from './helpers/git-repo';

let ws: Workspace;
beforeAll(() => ensureBuilt());
afterEach(() => ws?.cleanup());

function repo(files: Record<string, string>): Workspace {
  ws = makeWorkspace(files);
  commitAll(ws.root, {}, 'start');
  return ws;
}

interface DigestJson {
  markdown: string; chars: number; maxChars: number; baseline: Record<string, unknown>;
  threads: { id: string; group: string; shown: boolean }[]; shown: Record<string, number>; omitted: Record<string, number>;
}
const digestJson = (...args: string[]): DigestJson => {
  const r = runCli(ws.root, ['digest', '--json', ...args]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.json();
};

const human = (file: string, line: number, body: string, extra: { pending?: boolean } = {}) =>
  addThread(ws.root, { file, startLine: line, endLine: line, body, author: 'human', ...extra });
const agentReply = (id: string, body: string, disposition?: 'addressed' | 'declined' | 'question') =>
  replyToThread(ws.root, id, { body, author: 'agent', ...(disposition ? { disposition } : {}) });
const humanReply = (id: string, body: string) => replyToThread(ws.root, id, { body, author: 'human' });

/** The headings of a Markdown page, as a renderer shows them (level and text, without the code spans' backticks). */
function headings(tokens: ReturnType<InstanceType<typeof MarkdownIt>['parse']>): string[] {
  const out: string[] = [];
  tokens.forEach((t, i) => {
    if (t.type === 'heading_open') out.push(`${t.tag} ${(tokens[i + 1]!.children ?? []).map((c) => c.content).join('')}`);
  });
  return out;
}

describe('consider-cli digest: the order', () => {
  it('takes the threads to answer first (unseen, answers to the agent\'s questions first), then its questions, then addressed, then stale/orphaned, then the rest', async () => {
    repo({ 'a.ts': numberedLines(40), 'b.ts': numberedLines(40), 'gone.ts': numberedLines(10) });
    // Created in an order unlike the expected one, on files/lines that would sort otherwise.
    const declined = await human('a.ts', 1, 'declined one');
    await agentReply(declined.id, 'No: it is on purpose.', 'declined');
    const addressed = await human('a.ts', 2, 'addressed one');
    await agentReply(addressed.id, 'Done.', 'addressed');
    const orphan = await human('gone.ts', 3, 'orphaned, the agent answered');
    await agentReply(orphan.id, 'Looking.');
    const ownQuestion = await addThread(ws.root, { file: 'b.ts', startLine: 5, endLine: 5, body: 'Should this retry?', author: 'agent' });
    const askedBack = await human('a.ts', 3, 'the agent asked back');
    await agentReply(askedBack.id, 'Which error names?', 'question');
    const readNotAnswered = await human('a.ts', 4, 'read, not answered yet');
    await markSeenByAgent(ws.root, [readNotAnswered.id]);
    const unseenLater = await human('b.ts', 1, 'plain unseen');
    await humanReply(askedBack.id, 'AuthError and NotFound.'); // now unseen, answering the agent's question
    const unseenEarly = await human('a.ts', 30, 'plain unseen, earlier file');
    const resolved = await human('a.ts', 5, 'done');
    await setWorkflowState(ws.root, resolved.id, 'resolved', 'human');
    await human('a.ts', 6, 'still in the pending review', { pending: true });
    fs.rmSync(ws.file('gone.ts'));

    const d = digestJson();
    expect(d.threads.map((t) => [t.id, t.group])).toEqual([
      [askedBack.id, 'to-answer'],
      [unseenEarly.id, 'to-answer'],
      [unseenLater.id, 'to-answer'],
      [readNotAnswered.id, 'to-answer'],
      [ownQuestion.id, 'questions'],
      [addressed.id, 'to-check'],
      [orphan.id, 'stale-orphaned'],
      [declined.id, 'answered'],
    ]);
    const page = d.markdown;
    // The page shows them in that order, under their groups; pending threads are not the agent's.
    const positions = d.threads.map((t) => page.indexOf(`\`${t.id}\``));
    expect(positions.every((p, i) => p > 0 && (i === 0 || p > positions[i - 1]!))).toBe(true);
    expect(headings(new MarkdownIt().parse(page, {})).filter((h) => h.startsWith('h3'))).toEqual([
      'h3 To answer: the developer wrote last',
      'h3 The agent\'s questions, waiting for the developer',
      'h3 Addressed, waiting for the developer\'s check',
      'h3 Stale or orphaned: compare with the code they were written about',
      'h3 Declined or answered, still open',
    ]);
    expect(page).not.toContain('still in the pending review');
    expect(page).toContain(`\`${resolved.id}\``); // in the resolved section
    expect(page).toMatch(/8 open threads: 4 to answer \(3 unseen\), 1 question waiting, 1 awaiting check, 1 stale or orphaned, 1 answered · 1 resolved/);
    // The orphaned thread shows the code it was written about.
    expect(page.slice(page.indexOf(`\`${orphan.id}\``))).toMatch(/Written about[^\n]*\n\n```\nline 3\n```/);
  });

  it('reads nothing as read: the seen marks and the rounds\' read marks stay as they were', async () => {
    repo({ 'a.ts': numberedLines(5) });
    await human('a.ts', 1, 'x', { pending: true });
    await submitReview(ws.root, { message: 'overall' });
    const before = readStore(ws.root).store;
    const page = runCli(ws.root, ['digest']);
    expect(page.code).toBe(0);
    expect(page.stdout).toContain('message **not read by the agent yet**');
    const after = readStore(ws.root).store;
    expect(after.comments.map((c) => c.agentLastSeenAt)).toEqual(before.comments.map((c) => c.agentLastSeenAt));
    expect(after.reviews).toEqual(before.reviews);
  });
});

describe('consider-cli digest: the size cap', () => {
  async function manyThreads(n: number): Promise<Comment[]> {
    repo({ 'a.ts': numberedLines(n + 5) });
    const threads: Comment[] = [];
    for (let i = 0; i < n; i++) threads.push(await human('a.ts', i + 1, `thread ${i}: ${'why is this so? '.repeat(30)}`));
    for (let i = 0; i < 12; i++) fs.writeFileSync(ws.file(`new-${i}.ts`), numberedLines(i + 1));
    for (const t of threads.slice(0, 5)) await setWorkflowState(ws.root, t.id, 'resolved', 'human');
    return threads;
  }

  it('holds every cap, and counts what it left out with the command that shows it', async () => {
    await manyThreads(40);
    for (const maxChars of [2_000, 3_333, 5_000, 12_000, 30_000]) {
      const d = digestJson('--max-chars', String(maxChars));
      expect(d.markdown.length).toBeLessThanOrEqual(maxChars);
      expect(d.chars).toBe(d.markdown.length);
      // Nothing lost without a word: each section shows some items and counts the rest.
      expect(d.shown.threads! + d.omitted.threads!).toBe(35);
      expect(d.shown.files! + d.omitted.files!).toBe(12);
      expect(d.shown.resolved! + d.omitted.resolved!).toBe(5);
      expect(d.threads.filter((t) => t.shown)).toHaveLength(d.shown.threads!);
      const more = (what: string) => new RegExp(`… and ${d.omitted[what]} more[^\\n]*\`consider-cli list`);
      if (d.omitted.threads) expect(d.markdown).toMatch(more('threads'));
      else expect(d.markdown).not.toContain('more open thread');
      if (d.omitted.files) expect(d.markdown).toContain(`… and ${d.omitted.files} more file`);
      if (d.omitted.resolved) expect(d.markdown).toMatch(/… and \d+ more resolved threads?: `consider-cli list --workflow resolved`/);
      // The threads it shows are whole: each shown block has its comment.
      for (const t of d.threads.filter((x) => x.shown)) expect(d.markdown).toContain(`\`${t.id}\``);
    }
    const small = digestJson('--max-chars', '3000');
    expect(small.omitted.threads).toBeGreaterThan(25);
    expect(small.markdown).toContain(`… and ${small.omitted.threads} more open threads (${small.omitted.threads} to answer (${small.omitted.threads} unseen)): \`consider-cli list\` lists them all`);
    const big = digestJson('--max-chars', '1000000');
    expect(big.omitted).toEqual({ files: 0, threads: 0, resolved: 0 });
  });

  it('is 12,000 characters by default, and cuts a long body with a line saying how much is left', async () => {
    await manyThreads(30);
    const long = await human('a.ts', 3, `${'a long comment. '.repeat(200)}THE END`);
    const d = digestJson();
    expect(d.maxChars).toBe(12_000);
    expect(d.markdown.length).toBeLessThanOrEqual(12_000);
    expect(d.markdown.length).toBeGreaterThan(10_000); // it uses the room it has
    const text = runCli(ws.root, ['digest', '--max-chars', '1000000']).stdout;
    const block = text.slice(text.indexOf(`\`${long.id}\``));
    expect(block).toMatch(new RegExp(`\\(cut: [\\d,]+ more characters; all of it: \`consider-cli thread ${long.id}\`\\)`));
    expect(block.slice(0, 2_000)).not.toContain('THE END');
  });
});

describe('consider-cli digest: untrusted text stays inert', () => {
  const HOSTILE = [
    '```\n# Injected heading\n```',
    '``````\n## Six backticks then a heading\n<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>\n<div>\n\n*html block*\n</div>',
    '[click me](javascript:alert(1)) and ![pixel](https://evil.example/p.png) and <https://evil.example> and https://evil.example/x www.evil.example',
    '<!-- an open HTML comment',
    'Setext\n===\n- a list\n> a quote\n    indented code\n~~~\ntilde fence\n~~~',
    'CR tricks\r# heading after a CR\r\n## heading after CRLF',
    '\u001b[31mred\u001b[0m and \u202eoverride',
    '`` `\nends with a backtick`',
  ];

  it('keeps every hostile body, reply, review message and file name inside code, with the page\'s structure intact', async () => {
    const badName = 'we`ird <b>name</b> [x](y).ts';
    repo({ 'a.ts': numberedLines(20), [badName]: '```\n<script>\n# code heading\n' });
    const ids: string[] = [];
    for (const [i, body] of HOSTILE.entries()) {
      const t = await human('a.ts', i + 1, body);
      await agentReply(t.id, `${body}\n(reply)`, 'question');
      await humanReply(t.id, `${body}\n(answer)`);
      ids.push(t.id);
    }
    const onBadFile = await human(badName, 2, HOSTILE[0]!);
    const resolved = await human('a.ts', 15, HOSTILE[3]!);
    await setWorkflowState(ws.root, resolved.id, 'resolved', 'human');
    await submitReview(ws.root, { message: HOSTILE.join('\n') });
    await human('a.ts', 16, 'x', { pending: true });
    fs.appendFileSync(ws.file(badName), '[changed](javascript:x)\n');

    const page = digestJson('--max-chars', '1000000').markdown;
    const md = new MarkdownIt({ html: true, linkify: true });
    const tokens = md.parse(page, {});
    const all = tokens.flatMap((t) => [t, ...(t.children ?? [])]);
    expect(all.filter((t) => t.type.startsWith('html'))).toEqual([]);
    expect(all.filter((t) => t.type === 'link_open' || t.type === 'image')).toEqual([]);
    // Exactly the page's own headings: the title, the sections, the groups, one per thread, one per round.
    expect(headings(tokens)).toEqual([
      'h1 Review digest: ' + ws.root.split('/').pop(),
      `h2 Files changed since the last commit (main, ${git(ws.root, 'rev-parse', '--short=7', 'HEAD').trim()})`,
      'h2 Open threads, in the order to take them',
      'h3 To answer: the developer wrote last',
      ...[...ids, onBadFile.id].map((id, i) => expect.stringMatching(new RegExp(`^h4 ${i + 1}\\. .* · ${id}$`))),
      'h2 Review rounds, newest first',
      expect.stringMatching(/^h3 Round 1 · /),
      'h2 Resolved: what was addressed or declined, newest first',
    ]);
    // Nothing but the page's own text outside code: every hostile text is in a fence or a code span.
    const prose = all.filter((t) => t.type === 'text').map((t) => t.content).join('\n');
    for (const marker of ['Injected', 'script', 'onerror', 'javascript', 'evil', 'Setext', 'tilde', 'CR tricks', 'weird', 'we`ird']) expect(prose).not.toContain(marker);
    const fences = tokens.filter((t) => t.type === 'fence').map((t) => t.content);
    for (const body of HOSTILE.slice(0, 6)) expect(fences).toContain(`${body}\n`);
    expect(fences).toContain(`${HOSTILE.join('\n').replace(/\r\n?/g, '\n').replace('\u001b[31mred\u001b[0m', '\\u{1b}[31mred\\u{1b}[0m').replace('\u202e', '\\u{202e}')}\n`);
    // Control characters are shown escaped, never sent to the terminal.
    for (const ch of ['\u001b', '\u202e', '\r']) expect(page).not.toContain(ch);
    // The file name is shown whole, in code.
    expect(all.filter((t) => t.type === 'code_inline').map((t) => t.content)).toContain(`${badName}:2`);
  });
});

describe('consider-cli digest: files changed', () => {
  it('lists changes since the last commit with +/− counts: modified, new (untracked), deleted, renamed, binary', async () => {
    repo({ 'keep.ts': numberedLines(10), 'drop.ts': numberedLines(4), 'old-name.ts': numberedLines(30), 'img.bin': 'x' });
    await human('keep.ts', 2, 'look');
    fs.writeFileSync(ws.file('keep.ts'), numberedLines(10).replace('line 3\n', 'line three\nline 3b\n'));
    fs.writeFileSync(ws.file('new.ts'), 'a\nb\nc\n');
    fs.rmSync(ws.file('drop.ts'));
    git(ws.root, 'mv', 'old-name.ts', 'new-name.ts');
    fs.writeFileSync(ws.file('img.bin'), Buffer.from([0, 1, 2, 0]));
    fs.writeFileSync(ws.file('.gitignore'), 'ignored.log\n');
    fs.writeFileSync(ws.file('ignored.log'), 'noise\n');
    const d = digestJson();
    expect(d.baseline).toMatchObject({ since: 'head', files: 6 });
    const section = d.markdown.slice(d.markdown.indexOf('## Files changed'), d.markdown.indexOf('## Open threads'));
    expect(section.split('\n').filter((l) => l.startsWith('- '))).toEqual([
      '- `.gitignore` +1 −0 · new',
      '- `drop.ts` +0 −4 · deleted',
      '- `img.bin` binary',
      '- `keep.ts` +2 −1 · 1 open thread',
      '- `new-name.ts` +0 −0 · renamed from `old-name.ts`',
      '- `new.ts` +3 −0 · new',
    ]);
    expect(d.markdown).toContain('Files changed since `the last commit (main, ');
    expect(d.markdown).toMatch(/: 6 files, \+6 −5\./);
  });

  it('counts from the merge-base with a branch (branch:<ref>), and says so', async () => {
    repo({ 'a.ts': numberedLines(3) });
    git(ws.root, 'checkout', '-qb', 'feature');
    fs.writeFileSync(ws.file('a.ts'), numberedLines(5));
    git(ws.root, 'commit', '-qam', 'two more lines');
    const base = git(ws.root, 'rev-parse', 'main').trim();
    const head = digestJson();
    expect(head.baseline).toMatchObject({ since: 'head', files: 0 });
    expect(head.markdown).toContain('Files changed since `the last commit (feature, ');
    expect(head.markdown).toContain(': none.');
    const branch = digestJson('--since', 'branch:main');
    expect(branch.baseline).toMatchObject({ since: 'branch:main', sha: base, files: 1 });
    expect(branch.markdown).toContain(`## Files changed since \`merge-base with main (${base.slice(0, 7)})\``);
    expect(branch.markdown).toContain('- `a.ts` +2 −0');
  });

  it('counts a review round from the last commit while rounds carry no baseline it reads, and says so', async () => {
    repo({ 'a.ts': numberedLines(3) });
    await human('a.ts', 1, 'x', { pending: true });
    await submitReview(ws.root, {});
    for (const args of [['--round', '1'], ['--since', 'round:1'], ['--since', '1']]) {
      const d = digestJson(...args);
      expect(d.baseline).toMatchObject({ since: 'round:1', label: expect.stringMatching(/^the last commit/), note: 'review round 1 has no captured baseline, so they are counted from the last commit' });
      expect(d.markdown).toContain('(review round 1 has no captured baseline, so they are counted from the last commit).');
    }
  });

  it('counts from the newest review round\'s capture by default, as the Changes view does: only what changed since that submit', async () => {
    repo({ 'a.ts': numberedLines(3), 'b.ts': numberedLines(3) });
    fs.writeFileSync(`${ws.root}/a.ts`, numberedLines(4)); // before the round: in HEAD's diff, not in the round's
    await human('a.ts', 1, 'x', { pending: true });
    await submitReviewWithBaseline(ws.root, {});
    fs.writeFileSync(`${ws.root}/b.ts`, `${numberedLines(3)}one more\n`); // the agent's work after the round
    fs.writeFileSync(`${ws.root}/c.ts`, 'new\n');
    for (const args of [[], ['--round', '1']]) {
      const d = digestJson(...args);
      expect(d.baseline, args.join(' ')).toMatchObject({ since: 'round:1', label: 'review round 1', files: 2 });
      expect(d.baseline.note).toBeUndefined();
      expect(d.markdown).toContain('## Files changed since `review round 1`');
      expect(d.markdown).toContain('- `b.ts` +1 −0');
      expect(d.markdown).toContain('`c.ts`');
      expect(d.markdown).not.toContain('`a.ts` +');
    }
    expect(digestJson('--since', 'head').baseline).toMatchObject({ since: 'head', files: 3 });
  });

  it('names a detached HEAD, says when the repository has no commit yet, and refuses a branch with no common history', async () => {
    repo({ 'a.ts': numberedLines(3) });
    const sha = git(ws.root, 'rev-parse', 'HEAD').trim();
    git(ws.root, 'checkout', '-q', '--detach');
    expect(digestJson().markdown).toContain(`Files changed since \`the last commit (detached at ${sha.slice(0, 7)})\`: none.`);
    git(ws.root, 'checkout', '-q', '--orphan', 'other');
    git(ws.root, 'commit', '-qm', 'unrelated');
    const unrelated = runCli(ws.root, ['digest', '--since', 'branch:main']);
    expect([unrelated.code, unrelated.stderr.trim()]).toEqual([2, expect.stringContaining('HEAD and "main" have no common ancestor')]);
    ws.cleanup();
    ws = makeWorkspace({ 'a.ts': numberedLines(3) });
    git(ws.root, 'init', '-q', '-b', 'main');
    expect(digestJson().markdown).toContain('- Files changed: not shown, the repository has no commit yet.');
  });

  it('says why there is no file list outside a git repository, and still shows the threads', async () => {
    ws = makeWorkspace({ 'a.ts': numberedLines(3) });
    const t = await human('a.ts', 2, 'no git here');
    const d = digestJson();
    expect(d.markdown).toContain('- Files changed: not shown, this folder is not in a git repository.');
    expect(d.markdown).not.toContain('## Files changed');
    expect(d.markdown).toContain(`\`${t.id}\``);
    expect(d.baseline).toMatchObject({ since: 'head', unavailable: 'this folder is not in a git repository' });
  });
});

describe('consider-cli digest: mistakes on the command line', () => {
  it.each([
    [['--max-chars', '1999'], 1, '--max-chars must be a whole number from 2000 to 1000000 (got "1999")'],
    [['--max-chars', 'lots'], 1, '--max-chars must be a whole number'],
    [['--round', '1', '--since', 'head'], 1, '--round and --since cannot be combined'],
    [['--round', 'two'], 1, '--round takes a review round\'s number (got "two")'],
    [['--since', 'yesterday'], 1, '--since must be head, branch:<ref>, round:<N> or mark (got "yesterday")'],
    [['--round', '3'], 2, 'no review round 3'],
    [['--since', 'branch:nope'], 2, 'there is no branch or commit named "nope"'],
    [['--since=branch:--output=/tmp/x'], 2, 'there is no branch or commit named "--output=/tmp/x"'],
  ])('digest %j: exit %i, one line, the store untouched', async (args, code, message) => {
    repo({ 'a.ts': numberedLines(3) });
    await human('a.ts', 1, 'x');
    const before = ws.storeBytes();
    const r = runCli(ws.root, ['digest', ...args]);
    expect(r.code).toBe(code);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(ws.storeBytes()!.equals(before!)).toBe(true);
  });
});
