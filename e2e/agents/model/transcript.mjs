// The one shape every model API is read into, so the scripted turn (../script.mjs) is written
// once for all of them. Each API module (anthropic.mjs, openai.mjs, gemini.mjs) turns a request
// body into a Transcript and a Reply back into that API's answer.
//
// Transcript: {
//   api: 'anthropic' | 'responses' | 'chat' | 'gemini',
//   model: string,
//   system: string,                    the system prompt / instructions, as text
//   tools: [{ name, description, parameters }],   parameters: a JSON schema
//   messages: [Message],               oldest first
//   schema?: object,                   a JSON schema the answer must follow (Gemini's side calls)
// }
// Message: { role: 'user' | 'assistant' | 'tool', text: string, calls?: [{ id, name, args }], callId?: string }
//   'user' carries every text the agent sent as the user's or the system's side of the
//   conversation (prompts, hook reasons, reminders); 'tool' is one tool result (text = its output).
//
// Reply: { text } ends the turn with that text; { calls: [{ name, args }] } asks for tool calls.

let counter = 0;
/** An id unique within this process, with an API's prefix (toolu_, call_, msg_…). */
export function newId(prefix) {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter.toString(36).padStart(4, '0')}`;
}

/** Text of a content value that may be a string, an array of parts, or absent. */
export function textOf(content) {
  if (content === undefined || content === null) return '';
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map(textOf).filter(Boolean).join('\n');
  if (typeof content === 'object') {
    if (typeof content.text === 'string') return content.text;
    if ('content' in content) return textOf(content.content);
    if ('output' in content) return textOf(content.output);
  }
  return '';
}

/** A rough token count for usage fields (agents show it, some check it is a number). */
export function roughTokens(text) {
  return Math.max(1, Math.ceil(String(text).length / 4));
}

/**
 * A value that satisfies a JSON schema, for side calls that want structured output (Gemini's
 * "who speaks next" check, its model router). Known fields get the answer that keeps the agent
 * quiet: the user speaks next, the flash model is enough.
 */
export function valueForSchema(schema, name = '') {
  if (!schema || typeof schema !== 'object') return null;
  const type = String(Array.isArray(schema.type) ? schema.type[0] : schema.type ?? (schema.properties ? 'object' : 'string')).toLowerCase();
  if (Array.isArray(schema.enum) && schema.enum.length) {
    const preferred = { next_speaker: 'user', model_choice: 'flash' }[name];
    return schema.enum.includes(preferred) ? preferred : schema.enum[0];
  }
  switch (type) {
    case 'object': {
      const out = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {})) out[key] = valueForSchema(sub, key);
      return out;
    }
    case 'array': return [];
    case 'boolean': return false;
    case 'number': case 'integer': return 0;
    default: return name === 'reasoning' ? 'The turn is complete.' : '';
  }
}
