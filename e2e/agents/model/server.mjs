// A stand-in for the model providers, on 127.0.0.1: one plain node:http server that speaks
// Anthropic Messages, OpenAI Responses and Chat Completions, and Gemini generateContent /
// streamGenerateContent (streaming where the client asks), logs every request it receives, and
// answers each from a script: `respond(transcript, request)` → Reply (transcript.mjs).
//
// The suite asserts from this log what reached "the model": each agent's request is read into
// one Transcript shape, so the assertions do not care which API carried it.
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import { readAnthropic, writeAnthropic } from './anthropic.mjs';
import { readChat, readResponses, writeChat, writeResponses } from './openai.mjs';
import { readGemini, writeGemini } from './gemini.mjs';
import { roughTokens } from './transcript.mjs';

const MODELS = ['stand-in-model'];

/** Which API a request is for, from its method and path (any prefix before the API's own path). */
export function routeOf(method, pathname) {
  if (method !== 'POST') return /\/models\/?$/.test(pathname) ? 'models' : 'other';
  if (/\/messages\/count_tokens$/.test(pathname)) return 'anthropic-count';
  if (/\/messages$/.test(pathname)) return 'anthropic';
  if (/\/responses$/.test(pathname)) return 'responses';
  if (/\/chat\/completions$/.test(pathname)) return 'chat';
  const g = /\/models\/([^/:]+):(generateContent|streamGenerateContent|countTokens)$/.exec(pathname);
  if (g) return g[2] === 'countTokens' ? 'gemini-count' : 'gemini';
  return 'other';
}

function decodeBody(buffer, encoding) {
  switch ((encoding ?? '').toLowerCase()) {
    case 'gzip': return zlib.gunzipSync(buffer);
    case 'deflate': return zlib.inflateSync(buffer);
    case 'br': return zlib.brotliDecompressSync(buffer);
    case 'zstd': return zlib.zstdDecompressSync(buffer); // Node ≥ 22.15
    default: return buffer;
  }
}

function send(res, { json, sse }, status = 200) {
  if (sse) {
    res.writeHead(status, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    for (const e of sse) res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}\n\n`);
    res.end();
    return;
  }
  const text = JSON.stringify(json);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Starts the server. `respond(transcript, { route, seq })` gives each model request's Reply.
 * `logFile`, if given, gets one JSON line per request (the raw body too), for reading a failure.
 * Resolves to { url, requests, close() }; `requests` grows as they arrive:
 * { seq, method, path, route, transcript?, reply?, error? }.
 */
export function startModelServer({ respond, logFile } = {}) {
  const requests = [];
  const log = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : undefined;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const route = routeOf(req.method, url.pathname);
      const entry = { seq: requests.length + 1, at: new Date().toISOString(), method: req.method, path: url.pathname + url.search, route };
      requests.push(entry);
      let body;
      try {
        const raw = decodeBody(Buffer.concat(chunks), req.headers['content-encoding']).toString('utf8');
        body = raw ? JSON.parse(raw) : {};
        answer(route, url, body, entry, res);
      } catch (e) {
        entry.error = e.stack ?? String(e);
        send(res, { json: { error: { type: 'stand_in_error', message: String(e.message ?? e) } } }, 500);
      } finally {
        log?.write(`${JSON.stringify({ ...entry, headers: req.headers, body })}\n`);
      }
    });
  });

  function answer(route, url, body, entry, res) {
    switch (route) {
      case 'anthropic-count': return send(res, { json: { input_tokens: roughTokens(JSON.stringify(body)) } });
      case 'gemini-count': return send(res, { json: { totalTokens: roughTokens(JSON.stringify(body)) } });
      case 'models': return send(res, { json: { object: 'list', data: MODELS.map((id) => ({ id, object: 'model', created: 0, owned_by: 'stand-in', type: 'model', display_name: id })), models: MODELS.map((id) => ({ name: `models/${id}` })) } });
      case 'other': return send(res, { json: {} });
      default: break;
    }
    const gemini = route === 'gemini' ? /\/models\/([^/:]+):(\w+)$/.exec(url.pathname) : undefined;
    const transcript = route === 'anthropic' ? readAnthropic(body)
      : route === 'responses' ? readResponses(body)
        : route === 'chat' ? readChat(body)
          : readGemini(body, decodeURIComponent(gemini[1]));
    entry.transcript = transcript;
    const reply = respond(transcript, { route, seq: entry.seq });
    entry.reply = reply;
    const out = route === 'anthropic' ? writeAnthropic(reply, body)
      : route === 'responses' ? writeResponses(reply, body)
        : route === 'chat' ? writeChat(reply, body)
          : writeGemini(reply, body, { stream: gemini[2] === 'streamGenerateContent', schema: transcript.schema });
    send(res, out);
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () => new Promise((done) => { server.closeAllConnections?.(); server.close(() => { log?.end(); done(); }); }),
      });
    });
  });
}
