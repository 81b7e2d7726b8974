// Gemini API (ai.google.dev/api/generate-content): POST /v1beta/models/{model}:generateContent,
// and :streamGenerateContent (?alt=sse: server-sent events, each a GenerateContentResponse).
// Gemini CLI speaks it, and asks side questions through it with a response schema.
import { roughTokens, textOf, valueForSchema } from './transcript.mjs';

/** Request body → Transcript (`model` comes from the URL). */
export function readGemini(body, model) {
  const messages = [];
  for (const c of body.contents ?? []) {
    const parts = c.parts ?? [];
    if (c.role === 'model') {
      const calls = parts.filter((p) => p.functionCall).map((p) => ({ id: p.functionCall.id, name: p.functionCall.name, args: p.functionCall.args ?? {} }));
      messages.push({ role: 'assistant', text: parts.filter((p) => typeof p.text === 'string' && !p.thought).map((p) => p.text).join('\n'), ...(calls.length ? { calls } : {}) });
      continue;
    }
    for (const p of parts.filter((x) => x.functionResponse)) {
      const r = p.functionResponse.response;
      messages.push({ role: 'tool', callId: p.functionResponse.id, name: p.functionResponse.name, text: typeof r === 'string' ? r : textOf(r?.output ?? r?.content ?? r) || JSON.stringify(r ?? {}) });
    }
    const text = parts.filter((p) => typeof p.text === 'string').map((p) => p.text).join('\n');
    if (text) messages.push({ role: 'user', text });
  }
  const tools = [];
  for (const t of body.tools ?? []) {
    for (const f of t.functionDeclarations ?? []) tools.push({ name: f.name, description: f.description ?? '', parameters: f.parametersJsonSchema ?? f.parameters ?? {} });
  }
  const config = body.generationConfig ?? {};
  const schema = config.responseJsonSchema ?? config.responseSchema;
  return { api: 'gemini', model, system: textOf(body.systemInstruction?.parts ?? body.systemInstruction), tools, messages, ...(schema ? { schema } : {}) };
}

/** Reply → a GenerateContentResponse, streamed as one event when asked. */
export function writeGemini(reply, body, { stream, schema }) {
  const parts = reply.calls?.length
    ? reply.calls.map((c) => ({ functionCall: { name: c.name, args: c.args } }))
    : [{ text: schema ? JSON.stringify(valueForSchema(schema)) : reply.text ?? '' }];
  const promptTokenCount = roughTokens(JSON.stringify(body.contents ?? ''));
  const candidatesTokenCount = roughTokens(JSON.stringify(parts));
  const response = {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount, candidatesTokenCount, totalTokenCount: promptTokenCount + candidatesTokenCount },
    modelVersion: 'stand-in',
  };
  return stream ? { sse: [{ data: response }] } : { json: response };
}
