/** reply, resolve, unresolve, add, archive: the commands that change the store. */
import type { Author, Disposition } from '../shared';
import { AUTHORS, DISPOSITIONS, ConsiderError, addThread, archiveResolved, changeWorkflowState, findThread, readStore, replyToThread } from '../shared';
import type { Command, Ctx } from './command';
import { messageOf, oneOfFlag } from './command';
import { threadItem } from './agent-view';
import { inert, location, plural, writeJson, writeLean, writeOut } from './output';

const ID_HELP: [string, string] = ['<id>', 'thread id, or a unique prefix of it (the c_ may be left out)'];
const MESSAGE_HELP: [string, string] = ['-m, --message TEXT', 'the text (Markdown). Use --message - to read it from stdin; use --message=TEXT when TEXT starts with "-"'];

/** `--addressed`, `--declined`, `--question`: at most one, says what the agent did (docs/agent-loop.md). */
function dispositionFlag(values: Ctx['values']): Disposition | undefined {
  const given = DISPOSITIONS.filter((d) => values[d] === true);
  if (given.length > 1) throw new ConsiderError('usage', `give at most one of --addressed, --declined, --question (got --${given.join(' --')})`);
  return given[0];
}

export const reply: Command = {
  name: 'reply',
  summary: 'add a reply to a thread (author: agent), optionally saying what you did about it',
  usage: 'consider-cli reply <id> --message TEXT [--addressed | --declined | --question] [--json]',
  options: {
    message: { type: 'string', short: 'm' },
    addressed: { type: 'boolean' },
    declined: { type: 'boolean' },
    question: { type: 'boolean' },
  },
  optionHelp: [
    ID_HELP,
    MESSAGE_HELP,
    ['--addressed', 'you made the change the thread asks for (the developer will check it)'],
    ['--declined', 'you will not make it; the message says why'],
    ['--question', 'you need an answer from the developer before acting'],
  ],
  examples: [
    'consider-cli reply c_k3j9x0ab --message "Done: it returns Result<Token, AuthError> now." --addressed',
    'consider-cli reply k3j9 --message "Should the callers in session.ts change too?" --question',
    'git diff --stat | consider-cli reply k3j9 --message -',
  ],
  positionals: [1, 1, '<id>'],
  async run(ctx) {
    const disposition = dispositionFlag(ctx.values);
    const body = messageOf(ctx.values);
    const { comment, reply: r } = await replyToThread(ctx.root, ctx.positionals[0]!, { body, author: 'agent', ...(disposition ? { disposition } : {}) });
    if (ctx.lean) return writeLean({ ...threadItem(comment), replyId: r.id });
    if (ctx.json) return writeJson({ comment, reply: r });
    writeOut(`Replied to [${inert(comment.id)}] ${location(comment)} as reply ${r.id}${disposition ? ` (${disposition})` : ''} (${plural(comment.thread.length, 'reply', 'replies')} now).`);
  },
};

function stateCommand(name: 'resolve' | 'unresolve'): Command {
  const target = name === 'resolve' ? 'resolved' : 'open';
  return {
    name,
    summary: name === 'resolve' ? 'mark a thread resolved (it no longer needs attention; can be reopened)' : 'reopen a resolved thread',
    usage: `consider-cli ${name} <id> [--json]`,
    options: {},
    optionHelp: [ID_HELP],
    examples: [`consider-cli ${name} c_k3j9x0ab`],
    positionals: [1, 1, '<id>'],
    async run(ctx: Ctx) {
      const { comment: c, changed } = await changeWorkflowState(ctx.root, ctx.positionals[0]!, target, 'agent');
      if (ctx.lean) return writeLean({ ...threadItem(c), ...(changed ? {} : { unchanged: true }) });
      if (ctx.json) return writeJson(c);
      const verb = name === 'resolve' ? 'Resolved' : 'Reopened';
      writeOut(changed ? `${verb} [${inert(c.id)}] ${location(c)}.` : `[${inert(c.id)}] was already ${target}; nothing changed.`);
    },
  };
}

export const resolve = stateCommand('resolve');
export const unresolve = stateCommand('unresolve');

function parseLines(values: Ctx['values']): [number, number] {
  const { line, lines } = values;
  if (line !== undefined && lines !== undefined) throw new ConsiderError('usage', 'give either --line or --lines, not both');
  const whole = (s: string, flag: string) => {
    if (!/^\d+$/.test(s.trim())) throw new ConsiderError('usage', `${flag} must be a line number from 1 (got ${JSON.stringify(s)})`);
    return Number(s);
  };
  if (typeof line === 'string') {
    const n = whole(line, '--line');
    return [n, n];
  }
  if (typeof lines === 'string') {
    const m = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(lines);
    if (!m) throw new ConsiderError('usage', `--lines must look like A-B (got ${JSON.stringify(lines)})`, 'for example --lines 10-14');
    return [Number(m[1]), Number(m[2])];
  }
  throw new ConsiderError('usage', 'missing --line or --lines', 'say which lines the comment is about, e.g. --line 12 or --lines 10-14');
}

export const add: Command = {
  name: 'add',
  summary: 'create a thread on lines of a file, anchored at their current content',
  usage: 'consider-cli add <file> (--line N | --lines A-B) --message TEXT [--author human|agent] [--json]',
  options: {
    line: { type: 'string' },
    lines: { type: 'string' },
    message: { type: 'string', short: 'm' },
    author: { type: 'string' },
  },
  optionHelp: [
    ['<file>', 'workspace-relative path of an existing file inside the workspace'],
    ['--line N', 'one line (1-based)'],
    ['--lines A-B', 'a range of lines, inclusive (1-based)'],
    MESSAGE_HELP,
    ['--author human|agent', 'who asks (default: agent)'],
  ],
  examples: [
    'consider-cli add src/auth/login.ts --lines 45-47 --message "Should this throw or return a Result?"',
    'consider-cli add README.md --line 3 --message "Is this still true?" --json',
  ],
  positionals: [1, 1, '<file>'],
  async run(ctx) {
    const [startLine, endLine] = parseLines(ctx.values);
    const body = messageOf(ctx.values);
    const author: Author = oneOfFlag(ctx.values, 'author', AUTHORS, 'agent');
    const c = await addThread(ctx.root, { file: ctx.positionals[0]!, startLine, endLine, body, author });
    if (ctx.lean) return writeLean(threadItem(c));
    if (ctx.json) return writeJson(c);
    writeOut(`Added [${c.id}] ${location(c)} (workflow=open, anchor=anchored).`);
  },
};

export const archive: Command = {
  name: 'archive',
  summary: 'move resolved threads out of the active store into .consider/archive.json (still readable with list --archived)',
  usage: 'consider-cli archive [<id>...] [--json]',
  options: {},
  optionHelp: [['<id>...', 'only these resolved threads (full ids or unique prefixes); default: every resolved thread']],
  examples: ['consider-cli archive', 'consider-cli archive c_k3j9x0ab'],
  positionals: [0, 1000, '<id>'],
  async run(ctx) {
    let ids: string[] | undefined;
    if (ctx.positionals.length) {
      const { store } = readStore(ctx.root);
      ids = ctx.positionals.map((p) => findThread(store, p, 'agent').id);
    }
    const moved = await archiveResolved(ctx.root, 'agent', ids ? { ids } : {});
    if (ctx.lean) return writeLean({ archived: moved.map((c) => c.id) });
    if (ctx.json) return writeJson({ archived: moved });
    writeOut(moved.length ? `Archived ${plural(moved.length, 'resolved thread')}.` : 'No resolved threads to archive.');
  },
};
