/**
 * Consider's tools for agents that take typed tools: one table, used by the MCP server
 * (`consider-cli mcp`, cli/mcp/server.ts) and by the VS Code language-model tools
 * (extension/lm-tools.ts, declared in package.json's `languageModelTools`, which a test keeps
 * equal to these schemas). Each tool is the CLI command of the same name: `args` turns its
 * input into that command's arguments, and the CLI (with `--json`) does the work.
 */
import { z } from 'zod';

const id = z.string().min(1).max(200).describe('thread id, or a unique prefix of it (the c_ may be left out)');
const message = z.string().min(1).max(100_000).describe('the text (Markdown)');

/** One tool: its input schema and the CLI arguments it stands for. */
export interface ToolSpec<S extends z.ZodRawShape> {
  readonly title: string;
  readonly description: string;
  readonly input: S;
  readonly args: (input: z.infer<z.ZodObject<S>>) => string[];
  /** How long the command may run (wait: its own timeout and some). */
  readonly timeoutMs?: (input: z.infer<z.ZodObject<S>>) => number;
}

export const tool = <S extends z.ZodRawShape>(spec: ToolSpec<S>): ToolSpec<S> => spec;

/** The tools, one per CLI command, in the order the skill teaches them. */
export const TOOLS = {
  summary: tool({
    title: 'Review summary',
    description: 'Counts of the developer\'s review threads: open/resolved, anchored/stale/orphaned, unseen, dispositions, unread review messages. Start here.',
    input: {},
    args: () => ['summary'],
  }),
  list: tool({
    title: 'List review threads',
    description: 'The developer\'s review threads (default: open), each with its place in the code, states and first line. Re-anchors lazily first: line numbers are today\'s.',
    input: {
      workflow: z.enum(['open', 'resolved', 'all']).optional().describe('conversation state (default open)'),
      anchor: z.enum(['anchored', 'stale', 'orphaned', 'all']).optional().describe('location reliability (default all)'),
      unseen: z.boolean().optional().describe('only threads with developer activity you have not read'),
      file: z.string().max(4096).optional().describe('only threads on this file or under this folder (workspace-relative)'),
    },
    args: (i) => ['list', ...(i.workflow ? ['--workflow', i.workflow] : []), ...(i.anchor ? ['--anchor', i.anchor] : []), ...(i.unseen ? ['--unseen'] : []), ...(i.file ? ['--file', i.file] : [])],
  }),
  review: tool({
    title: 'Show a review round',
    description: 'A submitted review round: its overall message and its threads (default: the oldest whose message you have not read, else the newest). Marks the message read.',
    input: { round: z.number().int().min(1).optional().describe('the round number') },
    args: (i) => ['review', ...(i.round ? [String(i.round)] : [])],
  }),
  get: tool({
    title: 'Read a thread',
    description: 'One thread: the comment, every reply, and its place. Marks it seen.',
    input: { id },
    args: (i) => ['get', i.id],
  }),
  context: tool({
    title: 'Read a thread with its code',
    description: 'One thread with today\'s code around it (line numbers; the commented lines marked). Marks it seen.',
    input: { id, around: z.number().int().min(0).max(10_000).optional().describe('lines of code before and after (default 10)') },
    args: (i) => ['context', i.id, ...(i.around !== undefined ? ['--around', String(i.around)] : [])],
  }),
  reply: tool({
    title: 'Reply to a thread',
    description: 'Answer a thread (as the agent), saying what you did: addressed (you changed the code), declined (you will not; say why) or question (you need an answer first).',
    input: { id, message, disposition: z.enum(['addressed', 'declined', 'question']).optional().describe('what you did about the thread') },
    args: (i) => ['reply', i.id, `--message=${i.message}`, ...(i.disposition ? [`--${i.disposition}`] : [])],
  }),
  resolve: tool({
    title: 'Resolve a thread',
    description: 'Mark a thread resolved (it needs no more attention; it can be reopened). Usually the developer does this.',
    input: { id },
    args: (i) => ['resolve', i.id],
  }),
  unresolve: tool({
    title: 'Reopen a thread',
    description: 'Reopen a resolved thread.',
    input: { id },
    args: (i) => ['unresolve', i.id],
  }),
  add: tool({
    title: 'Ask about a place in the code',
    description: 'Create a thread on lines of a file (1-based, inclusive), to ask the developer a located question.',
    input: {
      file: z.string().min(1).max(4096).describe('workspace-relative path of an existing file'),
      startLine: z.number().int().min(1),
      endLine: z.number().int().min(1).optional().describe('default: startLine'),
      message,
    },
    args: (i) => ['add', i.file, '--lines', `${i.startLine}-${i.endLine ?? i.startLine}`, `--message=${i.message}`],
  }),
  wait: tool({
    title: 'Wait for the developer',
    description: 'Block until the developer has something new for you (a submitted review, a reply; with id, on that thread) and return it. Times out with error code "timeout".',
    input: { id: id.optional(), timeoutSeconds: z.number().int().min(1).max(3600).optional().describe('default 300') },
    args: (i) => ['wait', ...(i.id ? [i.id] : []), '--timeout', String(i.timeoutSeconds ?? 300)],
    timeoutMs: (i) => ((i.timeoutSeconds ?? 300) + 30) * 1000,
  }),
} as const;

export type ToolName = keyof typeof TOOLS;

/** A CLI run's outcome, as the tools see it. */
export interface CliAnswer { code: number | null; stdout: string; stderr: string }

/**
 * What the MCP server's bundle (cli/mcp/server.ts, `consider-mcp.cjs`) offers VS Code's
 * language-model tools (extension/lm-tools.ts), which load it at run time: the contract
 * lives here so neither side imports the other.
 */
export interface AgentToolRunner {
  /** Checks a tool's input against its schema: the CLI arguments and time limit, or a usage message. */
  prepareCall(name: string, input: unknown): { args: string[]; timeoutMs: number } | { error: string };
  /** Runs the CLI next to the bundle, in the workspace `root`, with --json. */
  runCli(root: string, args: string[], timeoutMs?: number, env?: Record<string, string | undefined>): Promise<CliAnswer>;
}

/** A tool's input schema as JSON Schema (what MCP and VS Code announce). */
export function inputJsonSchema(name: ToolName): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(z.object(TOOLS[name].input)) as Record<string, unknown>;
  return schema;
}
