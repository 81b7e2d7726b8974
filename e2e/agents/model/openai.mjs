// OpenAI's two APIs: Responses (POST /v1/responses, platform.openai.com/docs/api-reference/responses,
// streamed as typed server-sent events; Codex speaks it) and Chat Completions
// (POST /v1/chat/completions, streamed as `chat.completion.chunk` lines ending in [DONE]; OpenCode's
// and Copilot's OpenAI-compatible providers speak it).
import { newId, roughTokens, textOf } from './transcript.mjs';

const parseArgs = (s) => {
  if (s && typeof s === 'object') return s;
  try { return JSON.parse(s || '{}'); } catch { return { raw: s }; }
};

// ---- Responses -------------------------------------------------------------------------------

/** Request body → Transcript. */
export function readResponses(body) {
  const messages = [];
  const input = typeof body.input === 'string' ? [{ type: 'message', role: 'user', content: body.input }] : body.input ?? [];
  for (const item of input) {
    const type = item.type ?? (item.role ? 'message' : undefined);
    if (type === 'message') {
      const text = textOf(item.content);
      if (item.role === 'assistant') messages.push({ role: 'assistant', text });
      else if (text) messages.push({ role: 'user', text });
    } else if (type === 'function_call' || type === 'custom_tool_call' || type === 'local_shell_call') {
      const call = { id: item.call_id, name: item.name ?? 'local_shell', args: type === 'function_call' ? parseArgs(item.arguments) : type === 'custom_tool_call' ? { input: item.input } : item.action ?? {} };
      const last = messages.at(-1);
      if (last?.role === 'assistant' && !last.text) (last.calls ??= []).push(call);
      else messages.push({ role: 'assistant', text: '', calls: [call] });
    } else if (type?.endsWith('_call_output')) {
      messages.push({ role: 'tool', callId: item.call_id, text: textOf(item.output) });
    }
  }
  const tools = [];
  for (const t of body.tools ?? []) {
    if (t.type === 'function') tools.push({ name: t.name, description: t.description ?? '', parameters: t.parameters ?? {} });
    else if (t.type === 'namespace' || Array.isArray(t.tools)) {
      for (const sub of t.tools ?? []) tools.push({ name: sub.name, namespace: t.name, description: sub.description ?? '', parameters: sub.parameters ?? {} });
    }
  }
  return { api: 'responses', model: body.model ?? '', system: textOf(body.instructions), tools, messages };
}

/** Reply → the Responses API's answer (a `response` object, or its event stream). */
export function writeResponses(reply, body) {
  const functionCall = (c) => ({
    type: 'function_call', id: newId('fc_'), call_id: newId('call_'), name: c.name,
    ...(c.namespace ? { namespace: c.namespace } : {}), arguments: JSON.stringify(c.args), status: 'completed',
  });
  const output = reply.calls?.length
    ? reply.calls.map(functionCall)
    : [{ type: 'message', id: newId('msg_'), role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: reply.text ?? '', annotations: [] }] }];
  const inputTokens = roughTokens(JSON.stringify(body.input ?? ''));
  const outputTokens = roughTokens(JSON.stringify(output));
  const usage = {
    input_tokens: inputTokens, input_tokens_details: { cached_tokens: 0 },
    output_tokens: outputTokens, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: inputTokens + outputTokens,
  };
  const response = { id: newId('resp_'), object: 'response', created_at: Math.floor(Date.now() / 1000), status: 'completed', model: body.model, output, usage };
  if (!body.stream) return { json: response };
  let seq = 0;
  const ev = (type, data) => ({ event: type, data: { type, sequence_number: seq++, ...data } });
  const events = [ev('response.created', { response: { ...response, status: 'in_progress', output: [], usage: null } })];
  output.forEach((item, output_index) => {
    if (item.type === 'message') {
      events.push(ev('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', content: [] } }));
      events.push(ev('response.content_part.added', { output_index, item_id: item.id, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } }));
      events.push(ev('response.output_text.delta', { output_index, item_id: item.id, content_index: 0, delta: item.content[0].text }));
      events.push(ev('response.output_text.done', { output_index, item_id: item.id, content_index: 0, text: item.content[0].text }));
      events.push(ev('response.content_part.done', { output_index, item_id: item.id, content_index: 0, part: item.content[0] }));
    } else {
      events.push(ev('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', arguments: '' } }));
      events.push(ev('response.function_call_arguments.delta', { output_index, item_id: item.id, delta: item.arguments }));
      events.push(ev('response.function_call_arguments.done', { output_index, item_id: item.id, arguments: item.arguments }));
    }
    events.push(ev('response.output_item.done', { output_index, item }));
  });
  events.push(ev('response.completed', { response }));
  return { sse: events };
}

// ---- Chat Completions ------------------------------------------------------------------------

/** Request body → Transcript. */
export function readChat(body) {
  const messages = [];
  const system = [];
  for (const m of body.messages ?? []) {
    const text = textOf(m.content);
    if (m.role === 'system' || m.role === 'developer') system.push(text);
    else if (m.role === 'assistant') {
      const calls = (m.tool_calls ?? []).map((c) => ({ id: c.id, name: c.function?.name, args: parseArgs(c.function?.arguments) }));
      messages.push({ role: 'assistant', text, ...(calls.length ? { calls } : {}) });
    } else if (m.role === 'tool') messages.push({ role: 'tool', callId: m.tool_call_id, text });
    else if (text) messages.push({ role: 'user', text });
  }
  return {
    api: 'chat',
    model: body.model ?? '',
    system: system.join('\n'),
    tools: (body.tools ?? []).filter((t) => t.function?.name).map((t) => ({ name: t.function.name, description: t.function.description ?? '', parameters: t.function.parameters ?? {} })),
    messages,
  };
}

/** Reply → a chat.completion, or its chunks (the last carries usage, then `[DONE]`). */
export function writeChat(reply, body) {
  const id = newId('chatcmpl-');
  const created = Math.floor(Date.now() / 1000);
  const toolCalls = (reply.calls ?? []).map((c, index) => ({ index, id: newId('call_'), type: 'function', function: { name: c.name, arguments: JSON.stringify(c.args) } }));
  const finish = toolCalls.length ? 'tool_calls' : 'stop';
  const promptTokens = roughTokens(JSON.stringify(body.messages ?? ''));
  const completionTokens = roughTokens(JSON.stringify(reply));
  const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
  if (!body.stream) {
    const message = { role: 'assistant', content: toolCalls.length ? null : reply.text ?? '', ...(toolCalls.length ? { tool_calls: toolCalls.map(({ index: _i, ...c }) => c) } : {}) };
    return { json: { id, object: 'chat.completion', created, model: body.model, choices: [{ index: 0, message, finish_reason: finish }], usage } };
  }
  const chunk = (delta, finishReason = null, extra = {}) => ({ data: { id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra } });
  const events = [chunk({ role: 'assistant', content: '' })];
  if (toolCalls.length) events.push(chunk({ tool_calls: toolCalls }));
  else events.push(chunk({ content: reply.text ?? '' }));
  events.push(chunk({}, finish));
  events.push({ data: { id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage } });
  events.push({ data: '[DONE]' });
  return { sse: events };
}
