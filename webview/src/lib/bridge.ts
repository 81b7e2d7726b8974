/**
 * The webview's end of the protocol (shared/board/protocol.ts): sends the `ready` handshake,
 * validates every inbound message (malformed ones are logged and ignored, never acted on),
 * and pairs requests with their `host/response` by correlation id (requests.ts: each result is
 * checked against its request, and a request the host never answers fails after a while).
 *
 * It starts before the app: the boot entry (main.tsx) says `ready` first, so the host builds
 * and sends the snapshot while the app's code is still loading; messages that arrive before
 * the app attaches its handler (`listen`) wait here, in order.
 */
import {
  PROTOCOL_VERSION, parseHostMessage,
  type HostMessage, type RequestParams, type RequestResult, type RequestType, type WebviewMessage, type WebviewRequest,
} from '../../../shared/board/protocol';
import { vscodeApi } from './vscodeApi';
import { PendingRequests } from './requests';

export { RequestError } from './requests';

type Notification = Exclude<WebviewMessage, WebviewRequest>;

export interface Bridge {
  /** Hands every non-response host message to `handler`, starting with those that arrived before. */
  listen(handler: (m: HostMessage) => void): void;
  /**
   * Shows `handler` each snapshot that arrives before anyone listens (the boot preview draws
   * the first one); the snapshots still wait for `listen` like every other message.
   */
  peekEarlySnapshots(handler: (m: Extract<HostMessage, { type: 'host/snapshot' }>) => void): void;
  notify(message: Notification): void;
  request<K extends RequestType>(type: K, params: RequestParams<K>, onProgress?: (done: number, total: number) => void): Promise<RequestResult<K>>;
}

let counter = 0;
const pending = new PendingRequests();

export function startBridge(): Bridge {
  const api = vscodeApi();
  let early: HostMessage[] | undefined = [];
  let peek: ((m: Extract<HostMessage, { type: 'host/snapshot' }>) => void) | undefined;
  let onMessage = (m: HostMessage) => {
    early?.push(m);
    if (m.type === 'host/snapshot') peek?.(m);
  };
  window.addEventListener('message', (event: MessageEvent) => {
    const parsed = parseHostMessage(event.data);
    if (!parsed.ok) {
      console.warn(`[consider] ignored malformed host message: ${parsed.error}`);
      return;
    }
    const m = parsed.message;
    if (m.type === 'host/response') return pending.settle(m);
    if (m.type === 'host/progress') return pending.progress(m.requestId, m.done, m.total);
    onMessage(m);
  });
  const bridge: Bridge = {
    peekEarlySnapshots: (handler) => { peek = handler; },
    listen: (handler) => {
      peek = undefined;
      onMessage = handler;
      const queued = early ?? [];
      early = undefined;
      for (const m of queued) handler(m);
    },
    notify: (message) => api.postMessage(message),
    request: (type, params, onProgress) => {
      const requestId = `r${++counter}-${Date.now().toString(36)}`;
      const answer = pending.track(requestId, type, onProgress);
      api.postMessage({ type, requestId, params });
      return answer;
    },
  };
  bridge.notify({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
  return bridge;
}
