/**
 * The webview's requests in flight: each waits for the one `host/response` with its id, whose
 * result is checked against the request's own result schema (shared/board/protocol.ts
 * parseResult) before anyone sees it, and gives up when the host does not answer in time, so
 * a button never spins forever. `host/progress` for a request shows the host is working on it
 * and starts its time again.
 */
import { parseResult, type HostResponse, type RequestResult, type RequestType } from '../../../shared/board/protocol';

export class RequestError extends Error {
  constructor(message: string, readonly code?: string) { super(message); }
}

/** How long the host may take to answer (or to report progress) before a request fails. */
export const REQUEST_TIMEOUT_MS = 60_000;

interface Waiting {
  readonly type: RequestType;
  resolve(v: unknown): void;
  reject(e: Error): void;
  onProgress?: (done: number, total: number) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class PendingRequests {
  private readonly waiting = new Map<string, Waiting>();

  constructor(private readonly timeoutMs = REQUEST_TIMEOUT_MS) {}

  /** Registers request `requestId` of `type`; the promise settles with its checked result, its error, or a timeout. */
  track<K extends RequestType>(requestId: string, type: K, onProgress?: (done: number, total: number) => void): Promise<RequestResult<K>> {
    return new Promise((resolve, reject) => {
      const w: Waiting = { type, resolve: resolve as (v: unknown) => void, reject, onProgress, timer: this.timer(requestId) };
      this.waiting.set(requestId, w);
    });
  }

  /** A response arrived: settles its request (an unknown or late id is ignored). */
  settle(m: HostResponse): void {
    const w = this.take(m.requestId);
    if (!w) return;
    if (!m.ok) return w.reject(new RequestError(m.error.message, m.error.code));
    const parsed = parseResult(w.type, m.result);
    if (parsed.ok) w.resolve(parsed.message);
    else w.reject(new RequestError(`the extension answered with a malformed result (${parsed.error})`, 'malformed'));
  }

  /** The host reported progress on a request: shows it, and restarts the request's time. */
  progress(requestId: string, done: number, total: number): void {
    const w = this.waiting.get(requestId);
    if (!w) return;
    clearTimeout(w.timer);
    w.timer = this.timer(requestId);
    w.onProgress?.(done, total);
  }

  get size(): number {
    return this.waiting.size;
  }

  private timer(requestId: string): ReturnType<typeof setTimeout> {
    return setTimeout(() => {
      const w = this.take(requestId);
      w?.reject(new RequestError(`the extension did not answer in ${Math.round(this.timeoutMs / 1000)} s; try again`, 'timeout'));
    }, this.timeoutMs);
  }

  private take(requestId: string): Waiting | undefined {
    const w = this.waiting.get(requestId);
    if (!w) return undefined;
    clearTimeout(w.timer);
    this.waiting.delete(requestId);
    return w;
  }
}
