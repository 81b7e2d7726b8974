// What the model server's log says about one agent's turn: the figures the suite asserts on and
// reports. Everything here reads Transcripts (model/transcript.mjs), whichever API carried them.
import { CLI_REPLY, CONTEXT_MARK, MCP_REPLY, STOP_MARK, findMcpReplyTool } from './script.mjs';

/** The skill's description, as setup renders it (skills/SKILL.template.md), without its apostrophe. */
const SKILL_MARK = 'inline code-review threads (Consider)';

/** The requests that are turns of the agent (it offers tools), not side calls (titles, classifiers). */
export function turnRequests(requests) {
  return requests.filter((r) => r.transcript && r.transcript.tools.length > 0 && !r.transcript.schema);
}

const count = (text, mark) => (typeof mark === 'string' ? text.split(mark).length - 1 : [...text.matchAll(new RegExp(mark.source, 'g'))].length);

/**
 * How many times the stop hook's reason reached the model: runs of consecutive user-side
 * messages carrying it (Claude Code sends one block as two messages, its reminder and its
 * "Stop hook blocking error" line: one delivery). `copies` counts the messages.
 */
export function stopDeliveries(transcript) {
  let deliveries = 0;
  let copies = 0;
  let inRun = false;
  for (const m of transcript.messages) {
    const has = m.role === 'user' && m.text.includes(STOP_MARK);
    if (has) copies += count(m.text, STOP_MARK);
    if (has && !inRun) deliveries += 1;
    if (m.role !== 'user') inRun = false;
    else if (has) inRun = true;
  }
  return { deliveries, copies };
}

/** How many times the context line is in the conversation (user-side messages and the system prompt). */
export function contextLines(transcript) {
  return [transcript.system, ...transcript.messages.filter((m) => m.role === 'user').map((m) => m.text)]
    .reduce((n, text) => n + count(text ?? '', CONTEXT_MARK), 0);
}

/** How many times the Consider skill is offered to the model (system prompt, tool descriptions, reminders). */
export function skillListings(transcript) {
  const texts = [transcript.system, ...transcript.tools.map((t) => t.description), ...transcript.messages.filter((m) => m.role === 'user').map((m) => m.text)];
  return texts.reduce((n, text) => n + count((text ?? '').replace(/&apos;|&#39;/g, "'"), SKILL_MARK), 0);
}

/** The agent's replies in the store, by how they were sent (the script's two texts). */
export function repliesInStore(threads) {
  const agentReplies = threads.flatMap((c) => c.thread.filter((r) => r.author === 'agent').map((r) => ({ thread: c.id, body: r.body, disposition: r.disposition })));
  return {
    all: agentReplies,
    viaCli: agentReplies.filter((r) => r.body === CLI_REPLY),
    viaMcp: agentReplies.filter((r) => r.body === MCP_REPLY),
  };
}

/** One line of figures for the report. */
export function summarize(requests) {
  const turns = turnRequests(requests);
  const last = turns.at(-1)?.transcript;
  return {
    requests: requests.length,
    turns: turns.length,
    stop: last ? stopDeliveries(last) : { deliveries: 0, copies: 0 },
    contextLines: last ? contextLines(last) : 0,
    firstContextLines: turns[0] ? contextLines(turns[0].transcript) : 0,
    skillListings: turns[0] ? skillListings(turns[0].transcript) : 0,
    mcpTool: turns.some((r) => findMcpReplyTool(r.transcript.tools)),
    endedWithText: !!turns.at(-1)?.reply?.text,
  };
}
