/**
 * Consider's tools for agents that take typed tools: one table, used by the MCP server
 * (`consider-cli mcp`, cli/mcp/server.ts) and by the VS Code language-model tools
 * (extension/lm-tools.ts, declared in package.json's `languageModelTools`, which a test keeps
 * equal to these schemas). Each tool is the CLI command of the same name: `args` turns its
 * input into that command's arguments, and the CLI (with `--lean`, the agent view of
 * docs/agent-loop.md) does the work.
 *
 * The input schemas are written as the JSON Schema that MCP and VS Code announce, checked by
 * the small validator below (checkInput) for the few keywords they use. No schema library:
 * loading one cost the MCP server most of its start-up (bench/mcp-bench.mjs).
 */

/** The JSON Schema keywords the tables use. */
export interface JsonSchema {
  type: 'object' | 'string' | 'integer' | 'boolean';
  description?: string;
  enum?: readonly string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: false;
}

/** One input property: its schema, whether it may be left out, and (for TypeScript) its value's type. */
interface Prop<T, Optional extends boolean> {
  readonly schema: JsonSchema;
  readonly optional: Optional;
  /** Never set: carries the value's type. */
  readonly value?: T;
}
type AnyProp = Prop<unknown, boolean>;
type Shape = Record<string, AnyProp>;

/** The input object a shape describes: `{ id: string; around?: number }`. */
export type InputOf<S extends Shape> =
  { [K in keyof S as S[K]['optional'] extends true ? never : K]: NonNullable<S[K]['value']> } &
  { [K in keyof S as S[K]['optional'] extends true ? K : never]?: NonNullable<S[K]['value']> };

const prop = <T>(schema: JsonSchema): Prop<T, false> => ({ schema, optional: false });
const optional = <T>(p: Prop<T, false>): Prop<T, true> => ({ schema: p.schema, optional: true });
const described = (description: string | undefined): { description?: string } => (description === undefined ? {} : { description });
const text = (minLength: number, maxLength: number, description?: string) => prop<string>({ type: 'string', minLength, maxLength, ...described(description) });
const whole = (minimum: number, maximum = Number.MAX_SAFE_INTEGER, description?: string) => prop<number>({ ...described(description), type: 'integer', minimum, maximum });
const oneOf = <T extends string>(values: readonly T[], description: string) => prop<T>({ description, type: 'string', enum: values });
const flag = (description: string) => prop<boolean>({ description, type: 'boolean' });

/**
 * The longest a plan tool call waits for the verdict, under the shortest budget of the MCP
 * clients: OpenCode ends a tool call at 60 s ("MCP error -32001: Request timed out"), Codex at
 * 300 s, and either way the agent got neither the plan id nor a verdict. Answered within 45 s, the
 * agent always has the id and calls plan_wait until the developer decides (docs/plan-gate.md).
 */
export const PLAN_TOOL_WAIT_S = 45;

const id = text(1, 200, 'thread id, or a unique prefix of it (the c_ may be left out)');
const message = text(1, 100_000, 'the text (Markdown)');
/** Your agent session (the MCP protocol does not carry it): rounds the developer addressed to another session are left out. */
const session = text(1, 200, 'your agent session id (as your hooks receive it, e.g. session_id); without it, rounds the developer addressed to one session are not shown to you');
const sessionArg = (s: string | undefined): string[] => (s ? [`--session=${s}`] : []);

/** One tool: its input and the CLI arguments it stands for. */
export interface ToolSpec<S extends Shape = Shape> {
  readonly title: string;
  readonly description: string;
  readonly input: S;
  /**
   * The command line after `consider-cli`: the command, its options, then `--` and the
   * positional arguments, so an id or a file name is never read as an option (`--help`).
   */
  readonly args: (input: InputOf<S>) => string[];
  /** How long the command may run (wait: its own timeout and some). */
  readonly timeoutMs?: (input: InputOf<S>) => number;
  /** The command's agent view is a text page (Markdown), passed on as it is, not JSON. */
  readonly answersText?: true;
}

export const tool = <S extends Shape>(spec: ToolSpec<S>): ToolSpec<S> => spec;

/** The tools, one per CLI command, in the order the skill teaches them. */
export const TOOLS = {
  summary: tool({
    title: 'Review summary',
    description: 'Counts of the developer\'s review threads: open/resolved, anchored/stale/orphaned, unseen, dispositions, unread review messages. Start here.',
    input: {},
    args: () => ['summary'],
  }),
  digest: tool({
    title: 'Review digest',
    description: 'The whole review on one Markdown page: the open threads in the order to take them (each with its place, code and last exchange), the review rounds\' overall messages, what was resolved, the files changed. Read it first when you pick up an unfinished review in a new session. Marks nothing as read.',
    input: {
      since: optional(text(1, 300, 'what the files changed are counted from: head (the last commit), branch:<ref>, round:<N> or mark (the last Mark All Reviewed); default: what the Changes view compares with (the newest round or mark, else the last commit)')),
      maxChars: optional(whole(2_000, 1_000_000, 'the page\'s size cap in characters (default 12000); what does not fit is counted')),
    },
    args: (i) => ['digest', ...(i.since ? [`--since=${i.since}`] : []), ...(i.maxChars ? ['--max-chars', String(i.maxChars)] : [])],
    answersText: true,
  }),
  list: tool({
    title: 'List review threads',
    description: 'The developer\'s review threads (default: open), each with its place in the code, states and first line. Re-anchors lazily first: line numbers are today\'s.',
    input: {
      workflow: optional(oneOf(['open', 'resolved', 'all'], 'conversation state (default open)')),
      anchor: optional(oneOf(['anchored', 'stale', 'orphaned', 'all'], 'location reliability (default all)')),
      unseen: optional(flag('only threads with developer activity you have not read')),
      file: optional(prop<string>({ description: 'only threads on this file or under this folder (workspace-relative)', type: 'string', maxLength: 4096 })),
      worktree: optional(text(1, 4096, 'the threads of another git worktree of this repository instead (its branch or folder name), or "all" for every worktree, grouped by worktree')),
      session: optional(session),
    },
    args: (i) => [
      'list', ...(i.workflow ? ['--workflow', i.workflow] : []), ...(i.anchor ? ['--anchor', i.anchor] : []), ...(i.unseen ? ['--unseen'] : []), ...(i.file ? [`--file=${i.file}`] : []),
      ...(i.worktree ? [`--worktree=${i.worktree}`] : []), ...sessionArg(i.session),
    ],
  }),
  review: tool({
    title: 'Show a review round',
    description: 'A submitted review round: its overall message and its threads (default: the oldest whose message you have not read, else the newest). Marks the message read, and says which other rounds still wait. A thread that rejects a change you made carries `rejected`: the change, and whether the developer reverted it.',
    input: { round: optional(whole(1, undefined, 'the round number')), session: optional(session) },
    args: (i) => ['review', ...sessionArg(i.session), '--', ...(i.round ? [String(i.round)] : [])],
  }),
  get: tool({
    title: 'Read a thread',
    description: 'One thread: the comment, every reply, and its place; for a rejected change, the change and what became of its revert. Marks it seen.',
    input: { id },
    args: (i) => ['get', '--', i.id],
  }),
  context: tool({
    title: 'Read a thread with its code',
    description: 'One thread with today\'s code around it (line numbers; the commented lines marked). Marks it seen.',
    input: { id, around: optional(whole(0, 10_000, 'lines of code before and after (default 10)')) },
    args: (i) => ['context', ...(i.around !== undefined ? ['--around', String(i.around)] : []), '--', i.id],
  }),
  reply: tool({
    title: 'Reply to a thread',
    description: 'Answer a thread (as the agent), saying what you did: addressed (you changed the code), declined (you will not; say why) or question (you need an answer first).',
    input: { id, message, disposition: optional(oneOf(['addressed', 'declined', 'question'], 'what you did about the thread')) },
    args: (i) => ['reply', `--message=${i.message}`, ...(i.disposition ? [`--${i.disposition}`] : []), '--', i.id],
  }),
  resolve: tool({
    title: 'Resolve a thread',
    description: 'Mark a thread resolved (it needs no more attention; it can be reopened). Usually the developer does this.',
    input: { id },
    args: (i) => ['resolve', '--', i.id],
  }),
  unresolve: tool({
    title: 'Reopen a thread',
    description: 'Reopen a resolved thread.',
    input: { id },
    args: (i) => ['unresolve', '--', i.id],
  }),
  add: tool({
    title: 'Ask about a place in the code',
    description: 'Create a thread on lines of a file (1-based, inclusive), to ask the developer a located question.',
    input: {
      file: text(1, 4096, 'workspace-relative path of an existing file'),
      startLine: whole(1),
      endLine: optional(whole(1, undefined, 'default: startLine')),
      message,
    },
    args: (i) => ['add', '--lines', `${i.startLine}-${i.endLine ?? i.startLine}`, `--message=${i.message}`, '--', i.file],
  }),
  wait: tool({
    title: 'Wait for the developer',
    description: 'Block until the developer has something new for you (a submitted review, a reply; with id, on that thread) and return what is new. Times out with error code "timeout".',
    input: { id: optional(id), timeoutSeconds: optional(whole(1, 3600, 'default 300')), session: optional(session) },
    args: (i) => ['wait', '--timeout', String(i.timeoutSeconds ?? 300), ...sessionArg(i.session), '--', ...(i.id ? [i.id] : [])],
    timeoutMs: (i) => ((i.timeoutSeconds ?? 300) + 30) * 1000,
  }),
  plan: tool({
    title: 'Submit a plan for review',
    description: 'Before a large change, submit your plan (Markdown) for the developer to review in VS Code, and wait for the verdict (docs/plan-gate.md). '
      + `Answers within ${PLAN_TOOL_WAIT_S} s with the plan id and a verdict: "approved": proceed, following its comments; "changes-requested": revise, then call plan again with revises; `
      + '"timeout": the developer is still reviewing: call plan_wait with the plan id (again until there is a verdict); "not-reviewed": ask the developer your usual way.',
    input: {
      plan: text(1, 100_000, 'the plan, in Markdown'),
      revises: optional(text(1, 20, 'the id of the plan this is a new version of (after changes were requested)')),
      timeoutSeconds: optional(whole(1, PLAN_TOOL_WAIT_S, `how long to wait for the verdict (default and most ${PLAN_TOOL_WAIT_S}: MCP clients end longer calls; then call plan_wait)`)),
    },
    args: (i) => ['plan', 'submit', '--wait', '--via=tools', '--timeout', String(i.timeoutSeconds ?? PLAN_TOOL_WAIT_S), ...(i.revises ? [`--revises=${i.revises}`] : []), `--text=${i.plan}`],
    timeoutMs: (i) => ((i.timeoutSeconds ?? PLAN_TOOL_WAIT_S) + 10) * 1000,
  }),
  plan_wait: tool({
    title: 'Wait for a plan verdict',
    description: `Wait again, up to ${PLAN_TOOL_WAIT_S} s, for the developer's verdict on a plan you submitted (after a "timeout"); answers at once when it is there. The same verdicts as the plan tool: after another "timeout", call plan_wait again.`,
    input: { id: text(1, 20, 'the plan id (p_…)'), timeoutSeconds: optional(whole(1, PLAN_TOOL_WAIT_S, `default and most ${PLAN_TOOL_WAIT_S}`)) },
    args: (i) => ['plan', 'wait', '--via=tools', '--timeout', String(i.timeoutSeconds ?? PLAN_TOOL_WAIT_S), '--', i.id],
    timeoutMs: (i) => ((i.timeoutSeconds ?? PLAN_TOOL_WAIT_S) + 10) * 1000,
  }),
} as const;

export type ToolName = keyof typeof TOOLS;

/** A CLI run's outcome, as the tools see it. */
export interface CliAnswer { code: number | null; stdout: string; stderr: string }

/** A tool call turned into a CLI run, or why its input was refused. */
export type PreparedCall = { args: string[]; timeoutMs: number } | { error: string };

/**
 * What the MCP server's bundle (cli/mcp/server.ts, `consider-mcp.cjs`) offers VS Code's
 * language-model tools (extension/lm-tools.ts), which load it at run time: the contract
 * lives here so neither side imports the other.
 */
export interface AgentToolRunner {
  /** Checks a tool's input against its schema: the CLI arguments and time limit, or a usage message. */
  prepareCall(name: string, input: unknown): PreparedCall;
  /**
   * Runs the CLI next to the bundle, in the workspace `root`, in the agent view (`--lean`).
   * `signal` stops it (the child is killed): a cancelled call leaves nothing running.
   */
  runCli(root: string, args: string[], timeoutMs?: number, env?: Record<string, string | undefined>, signal?: AbortSignal): Promise<CliAnswer>;
}

/** How long a command may run unless its tool says otherwise (wait does). */
export const CLI_TIMEOUT_MS = 60_000;

const toolSpec = (name: string): ToolSpec | undefined =>
  Object.prototype.hasOwnProperty.call(TOOLS, name) ? (TOOLS as unknown as Record<string, ToolSpec>)[name] : undefined;

/** A tool's input schema as JSON Schema (what MCP and VS Code announce). */
export function inputJsonSchema(name: ToolName): JsonSchema {
  const input: Shape = TOOLS[name].input;
  const names = Object.keys(input);
  const required = names.filter((n) => !input[n]!.optional);
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((n) => [n, input[n]!.schema])),
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}

/** Checks a tool's input against its schema and gives the CLI arguments, or a usage message. */
export function prepareCall(name: string, input: unknown): PreparedCall {
  const spec = toolSpec(name);
  if (!spec) return { error: `unknown tool ${JSON.stringify(name)}` };
  const problems = checkInput(inputJsonSchema(name as ToolName), input ?? {});
  if (problems.length) return { error: problems.join('; ') };
  const valid = input as never;
  return { args: spec.args(valid), timeoutMs: spec.timeoutMs?.(valid) ?? CLI_TIMEOUT_MS };
}

/** What is wrong with `value` against `schema` (an object schema of the keywords above); empty when nothing is. */
export function checkInput(schema: JsonSchema, value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['input: expected an object'];
  const problems: string[] = [];
  const given = value as Record<string, unknown>;
  const properties = schema.properties ?? {};
  for (const name of schema.required ?? []) {
    if (given[name] === undefined) problems.push(`${name}: required`);
  }
  for (const [name, v] of Object.entries(given)) {
    const p = properties[name];
    if (!p) problems.push(`${name}: not an input of this tool (it takes ${Object.keys(properties).join(', ') || 'none'})`);
    else if (v !== undefined) problems.push(...checkValue(name, p, v));
  }
  return problems;
}

function checkValue(name: string, p: JsonSchema, v: unknown): string[] {
  switch (p.type) {
    case 'string': {
      if (typeof v !== 'string') return [`${name}: expected a string`];
      const length = [...v].length;
      if (p.enum && !p.enum.includes(v)) return [`${name}: expected one of ${p.enum.join(', ')}`];
      if (p.minLength !== undefined && length < p.minLength) return [p.minLength === 1 ? `${name}: must not be empty` : `${name}: shorter than ${p.minLength} characters`];
      if (p.maxLength !== undefined && length > p.maxLength) return [`${name}: longer than ${p.maxLength} characters`];
      return [];
    }
    case 'integer':
      if (typeof v !== 'number' || !Number.isInteger(v)) return [`${name}: expected a whole number`];
      if (p.minimum !== undefined && v < p.minimum) return [`${name}: must be at least ${p.minimum}`];
      if (p.maximum !== undefined && v > p.maximum) return [`${name}: must be at most ${p.maximum}`];
      return [];
    case 'boolean':
      return typeof v === 'boolean' ? [] : [`${name}: expected true or false`];
    default:
      return [`${name}: unexpected value`];
  }
}
