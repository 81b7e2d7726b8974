// The scripted model of the suite: what a sensible model does with a Consider review, written
// against the one Transcript shape (model/transcript.mjs), so every agent gets the same turn.
//
// - The developer's prompt: do the task (here: nothing to change) and end the turn. A context
//   line that says feedback waits is seen but not acted on, as a model busy with the user's task
//   would: the stop hook is what must bring the review in.
// - The stop hook's reason (a user-side message naming "from the developer (Consider)"), or, in
//   the variant made by reviewTurnOn(CONTEXT_MARK), the context line (for `opencode run`, which
//   ends at its first stop and so can only be told at the prompt): read the
//   unseen threads with the shell (`consider-cli list --unseen`), answer the first through the
//   shell (`reply … --addressed`), the second through the MCP server's `reply` tool (declined),
//   then end the turn. Each step is decided from what the conversation already holds, not from
//   a counter, so a retried or repeated request gets the same answer.
// - Side calls without tools (titles, summaries, classifiers): a short text.

export const CLI = '.consider/bin/consider-cli';
/** In the stop reason (cli/hook/feedback.ts stopReason). */
export const STOP_MARK = 'from the developer (Consider)';
/** In the context line (cli/hook/feedback.ts contextLine). */
export const CONTEXT_MARK = /Consider: [^\n]*from the developer waiting/;
/** The replies the script writes, so the suite knows them in the store. */
export const CLI_REPLY = 'Fixed as asked (answered through the shell).';
export const MCP_REPLY = 'Not changing this one: it is intended (answered through the MCP tool).';
/** The MCP reply tool, by its description in shared/agent-tools.ts (agents name MCP tools their own way). */
const MCP_REPLY_DESCRIPTION = 'Answer a thread (as the agent)';

const SHELL_TOOLS = ['Bash', 'bash', 'run_shell_command', 'shell', 'exec_command', 'shell_command'];

export function findShellTool(tools) {
  for (const name of SHELL_TOOLS) {
    const tool = tools.find((t) => t.name === name);
    if (tool) return tool;
  }
  return undefined;
}

export function findMcpReplyTool(tools) {
  return tools.find((t) => t.description?.startsWith(MCP_REPLY_DESCRIPTION));
}

/** Arguments for one string-valued tool parameter the script has no reason to set itself. */
function filler(name, schema) {
  if (Array.isArray(schema?.enum)) return schema.enum[0];
  if (schema?.type === 'boolean') return false;
  if (schema?.type === 'number' || schema?.type === 'integer') return schema.default ?? 30_000;
  return name === 'description' ? 'Consider review command' : '';
}

/** A call of the agent's shell tool running `command`, whatever its parameters are called. */
export function shellCall(tool, command) {
  const props = tool.parameters?.properties ?? {};
  const args = props.command?.type === 'array' ? { command: ['bash', '-lc', command] } : props.cmd ? { cmd: command } : { command };
  for (const name of tool.parameters?.required ?? []) if (!(name in args)) args[name] = filler(name, props[name]);
  return { name: tool.name, ...(tool.namespace ? { namespace: tool.namespace } : {}), args };
}

const commandOf = (call) => {
  const a = call.args ?? {};
  return [a.command, a.cmd, a.input].flat().filter((x) => typeof x === 'string').join(' ');
};

/** Thread ids in the order the tool outputs name them (`[c_…]` in `list`'s output). */
function threadIds(messages) {
  const ids = [];
  for (const m of messages) {
    if (m.role !== 'tool') continue;
    for (const [, id] of m.text.matchAll(/\[(c_[a-z0-9]+)\]/g)) if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** A tool the agent names in its prompt without a schema yet (Claude Code's deferred tools). */
function deferredToolName(t, pattern) {
  const texts = [t.system, ...t.messages.filter((m) => m.role !== 'assistant').map((m) => m.text)];
  for (const text of texts) {
    const m = pattern.exec(text);
    if (m) return m[0];
  }
  return undefined;
}

/** Index of the last user-side message holding `mark` (a string or a RegExp), or -1. */
export function lastUserMessageWith(messages, mark) {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i];
    if (m.role === 'user' && (typeof mark === 'string' ? m.text.includes(mark) : mark.test(m.text))) return i;
  }
  return -1;
}

/** The next Reply for a model request (see the module comment): acting on the stop reason. */
export const reviewTurn = reviewTurnOn(STOP_MARK);

/** The script acting on the user-side message that carries `trigger` (STOP_MARK or CONTEXT_MARK). */
export function reviewTurnOn(trigger) {
  return (t) => nextStep(t, trigger);
}

function nextStep(t, trigger) {
  if (!t.tools.length || t.schema) return { text: 'OK.' };
  const at = lastUserMessageWith(t.messages, trigger);
  if (at < 0) return { text: 'Done: the task needed no change.' };
  const after = t.messages.slice(at + 1);
  const calls = after.flatMap((m) => (m.role === 'assistant' ? m.calls ?? [] : []));
  const shell = findShellTool(t.tools);
  const mcpReply = findMcpReplyTool(t.tools);
  const ids = threadIds(after);
  const deferredReply = t.tools.some((x) => x.name === 'ToolSearch') ? deferredToolName(t, /\bmcp__consider__reply\b/) : undefined;
  if (!shell) return { text: 'I have no shell tool to run consider-cli with.' };
  if (!calls.some((c) => /consider-cli list/.test(commandOf(c)))) return { calls: [shellCall(shell, `${CLI} list --unseen`)] };
  if (ids.length < 2) return { text: `The review should hold two threads; list showed ${ids.length}.` };
  if (!calls.some((c) => /consider-cli reply/.test(commandOf(c)))) {
    return { calls: [shellCall(shell, `${CLI} reply ${ids[0]} --message "${CLI_REPLY}" --addressed`)] };
  }
  if (!mcpReply && deferredReply && !calls.some((c) => c.name === 'ToolSearch')) {
    // Claude Code lists MCP tools by name only ("deferred") until the model fetches their schemas.
    return { calls: [{ name: 'ToolSearch', args: { query: `select:${deferredReply}` } }] };
  }
  if (mcpReply && !calls.some((c) => c.name === mcpReply.name)) {
    return { calls: [{ name: mcpReply.name, ...(mcpReply.namespace ? { namespace: mcpReply.namespace } : {}), args: { id: ids[1], message: MCP_REPLY, disposition: 'declined' } }] };
  }
  return { text: mcpReply ? 'Answered both review threads.' : 'Answered one thread; there is no Consider MCP tool to answer the other with.' };
}
