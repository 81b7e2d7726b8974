// Anthropic Messages API (docs.anthropic.com/en/api/messages, /en/api/messages-streaming):
// POST /v1/messages, streamed as server-sent events when `stream` is true. Claude Code speaks it.
import { newId, roughTokens, textOf } from './transcript.mjs';

/** Request body → Transcript. */
export function readAnthropic(body) {
  const messages = [];
  for (const m of body.messages ?? []) {
    const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content ?? [];
    if (m.role === 'assistant') {
      const calls = blocks.filter((b) => b.type === 'tool_use').map((b) => ({ id: b.id, name: b.name, args: b.input ?? {} }));
      messages.push({ role: 'assistant', text: blocks.filter((b) => b.type === 'text').map((b) => b.text).join('\n'), ...(calls.length ? { calls } : {}) });
      continue;
    }
    // A user (or system) turn: tool results first, each its own message, then the text.
    for (const b of blocks.filter((x) => x.type === 'tool_result')) messages.push({ role: 'tool', callId: b.tool_use_id, text: textOf(b.content) });
    const text = blocks.filter((b) => b.type === 'text').map((b) => b.text).join('\n');
    if (text) messages.push({ role: 'user', text });
  }
  return {
    api: 'anthropic',
    model: body.model ?? '',
    system: textOf(body.system),
    tools: (body.tools ?? []).filter((t) => t.name && t.input_schema).map((t) => ({ name: t.name, description: t.description ?? '', parameters: t.input_schema })),
    messages,
  };
}

function contentBlocks(reply) {
  if (reply.calls?.length) return reply.calls.map((c) => ({ type: 'tool_use', id: newId('toolu_'), name: c.name, input: c.args }));
  return [{ type: 'text', text: reply.text ?? '' }];
}

/** Reply → the API's answer: { status, headers, body } or, streamed, { status, headers, events }. */
export function writeAnthropic(reply, body) {
  const content = contentBlocks(reply);
  const stopReason = reply.calls?.length ? 'tool_use' : 'end_turn';
  const usage = { input_tokens: roughTokens(JSON.stringify(body.messages ?? [])), output_tokens: roughTokens(JSON.stringify(content)) };
  const message = { id: newId('msg_'), type: 'message', role: 'assistant', model: body.model, content, stop_reason: stopReason, stop_sequence: null, usage };
  if (!body.stream) return { json: message };
  const events = [['message_start', { type: 'message_start', message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } } }]];
  content.forEach((block, index) => {
    if (block.type === 'text') {
      events.push(['content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }]);
      events.push(['content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } }]);
    } else {
      events.push(['content_block_start', { type: 'content_block_start', index, content_block: { ...block, input: {} } }]);
      events.push(['content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } }]);
    }
    events.push(['content_block_stop', { type: 'content_block_stop', index }]);
  });
  events.push(['message_delta', { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: usage.output_tokens } }]);
  events.push(['message_stop', { type: 'message_stop' }]);
  return { sse: events.map(([event, data]) => ({ event, data })) };
}
