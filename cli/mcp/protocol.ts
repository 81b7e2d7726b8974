/**
 * The server side of MCP's stdio transport, for the few methods Consider serves: JSON-RPC 2.0
 * messages, one a line, on stdin and stdout (modelcontextprotocol.io, specification: "Base
 * protocol", "Transports", "Lifecycle", "Cancellation").
 *
 * Written here instead of taken from the official SDK: the SDK builds its protocol's schemas
 * (zod) when it loads, ~100 ms of every server start, which made `initialize` take 2.4× a bare
 * `node -e 0` (issue 24; bench/mcp-bench.mjs). The tests speak to this server with the SDK's
 * own client (test/mcp.test.ts).
 *
 * - A request is answered once, with its result or a JSON-RPC error; a notification never is.
 * - `notifications/cancelled` aborts the request it names (its handler's `signal`), and that
 *   request gets no answer, as the specification asks.
 * - When stdin ends (the client went) every request still running is aborted and `onClose` runs.
 */

/** The protocol versions this server speaks, newest first (as the SDK 1.32 lists them). */
export const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'] as const;

/** JSON-RPC error codes (JSON-RPC 2.0 §5.1). */
export const RPC = { parseError: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602, internalError: -32603 } as const;

/** An error answered to the client as a JSON-RPC error. */
export class RpcError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

export type Params = Record<string, unknown>;
export type Handler = (params: Params, signal: AbortSignal) => unknown;

type Id = string | number;
type Message = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };

/** The version to answer `initialize` with: the client's when this server speaks it, else the newest. */
export function negotiateVersion(requested: unknown): string {
  return (PROTOCOL_VERSIONS as readonly unknown[]).includes(requested) ? (requested as string) : PROTOCOL_VERSIONS[0];
}

/**
 * Serves `handlers` (method name → result, or a promise of it) on stdin/stdout until stdin
 * ends. `write` sends one line to the client.
 */
export function serveJsonRpc(handlers: Record<string, Handler>, io: { write: (line: string) => void; onClose: () => void }): void {
  const running = new Map<Id, AbortController>();
  const send = (message: object): void => io.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
  const fail = (id: Id | null, code: number, message: string): void => send({ id, error: { code, message } });

  const answer = async (id: Id, method: string, params: Params): Promise<void> => {
    const handler = Object.prototype.hasOwnProperty.call(handlers, method) ? handlers[method] : undefined;
    if (!handler) return fail(id, RPC.methodNotFound, `Method not found: ${method}`);
    const controller = new AbortController();
    running.set(id, controller);
    try {
      const result = await handler(params, controller.signal);
      if (!controller.signal.aborted) send({ id, result });
    } catch (e) {
      if (controller.signal.aborted) return;
      if (e instanceof RpcError) fail(id, e.code, e.message);
      else fail(id, RPC.internalError, e instanceof Error ? e.message : String(e));
    } finally {
      if (running.get(id) === controller) running.delete(id);
    }
  };

  const onMessage = (m: Message): void => {
    const params = m.params && typeof m.params === 'object' && !Array.isArray(m.params) ? (m.params as Params) : {};
    const hasId = typeof m.id === 'string' || typeof m.id === 'number';
    if (typeof m.method !== 'string') {
      // A response to a request of ours (there are none) is ignored; anything else is refused.
      if (!('result' in m) && !('error' in m)) fail(hasId ? (m.id as Id) : null, RPC.invalidRequest, 'Invalid Request: no method');
      return;
    }
    if (!hasId) {
      if (m.method === 'notifications/cancelled') running.get(params.requestId as Id)?.abort();
      return; // other notifications (initialized, roots changed, …) need nothing from this server
    }
    void answer(m.id as Id, m.method, params);
  };

  let buffered = '';
  const onLine = (line: string): void => {
    if (line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return fail(null, RPC.parseError, 'Parse error: not JSON');
    }
    if (!message || typeof message !== 'object' || Array.isArray(message)) return fail(null, RPC.invalidRequest, 'Invalid Request: one JSON-RPC object a line (batches are not supported)');
    onMessage(message as Message);
  };
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    buffered += chunk;
    for (let nl = buffered.indexOf('\n'); nl !== -1; nl = buffered.indexOf('\n')) {
      onLine(buffered.slice(0, nl).replace(/\r$/, ''));
      buffered = buffered.slice(nl + 1);
    }
  });
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    for (const controller of running.values()) controller.abort();
    running.clear();
    io.onClose();
  };
  process.stdin.on('end', close);
  process.stdin.on('error', close);
}
