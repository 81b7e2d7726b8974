/**
 * Host → webview messages for the fake host, the way code-server carries them: the host
 * serialises each message to JSON and sends it over a WebSocket; the page's VS Code stand-in
 * parses it and `window.postMessage`s the object to the app (a structured clone, as VS Code's
 * webview frame does). Playwright's `page.evaluate` was the previous carrier: for a 2.3 MB
 * snapshot it spent ~250 ms of the page's main thread in DevTools-protocol handling that no
 * VS Code has, and hid the app's own cost behind it.
 *
 * A minimal server side of RFC 6455 (no dependency): upgrade handshake, unmasked text frames
 * out; nothing is read from the page this way (page → host goes through a Playwright binding).
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import type { Duplex } from 'node:stream';

const PATH = '/host-channel';
const channels = new Map<string, HostChannel>();

/** One fake host's outbound channel; a page (re)connecting takes it over, messages wait until then. */
export class HostChannel {
  readonly id = crypto.randomBytes(12).toString('hex');
  private socket: Duplex | undefined;
  private pending: string[] = [];

  constructor() { channels.set(this.id, this); }

  send(json: string): void {
    if (this.socket) this.socket.write(frame(json));
    else this.pending.push(json);
  }

  /**
   * The page is loading again (a reload): its old socket is of no more use, and what is sent
   * until the new page connects waits for it, as VS Code holds messages for a loading webview.
   * Without this, an answer to the new page's `ready` (which comes by another path, a
   * Playwright binding) could go to the old page's socket before the server saw it close.
   */
  detach(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  attach(socket: Duplex): void {
    this.socket?.destroy(); // a reload: the old page is gone
    this.socket = socket;
    socket.on('close', () => { if (this.socket === socket) this.socket = undefined; });
    socket.on('error', () => socket.destroy());
    socket.on('data', () => undefined); // the page sends nothing but a close frame at the end
    for (const json of this.pending.splice(0)) socket.write(frame(json));
  }

  close(): void {
    channels.delete(this.id);
    this.socket?.destroy();
    this.socket = undefined;
  }
}

/** Handles `GET /host-channel?id=…` upgrades on the fake host's HTTP server; returns a closer for its sockets. */
export function acceptHostChannels(server: http.Server): () => void {
  const open = new Set<Duplex>();
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const channel = url.pathname === PATH ? channels.get(url.searchParams.get('id') ?? '') : undefined;
    const key = req.headers['sec-websocket-key'];
    if (!channel || typeof key !== 'string') { socket.destroy(); return; }
    const accept = crypto.createHash('sha1').update(key + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    channel.attach(socket);
  });
  // Upgraded sockets keep an http.Server from closing.
  return () => { for (const s of open) s.destroy(); };
}

/** The CSP source a page needs to open its channel to `origin` (http://host:port). */
export const channelSource = (origin: string): string => origin.replace(/^http/, 'ws');

/** The page-side URL of a channel. */
export const channelPath = (id: string): string => `${PATH}?id=${id}`;

/** One unmasked, unfragmented text frame. */
function frame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const n = payload.length;
  const header = n < 126 ? Buffer.from([0x81, n])
    : n < 65536 ? Buffer.from([0x81, 126, n >> 8, n & 0xff])
    : Buffer.concat([Buffer.from([0x81, 127]), bigLength(n)]);
  return Buffer.concat([header, payload]);
}

function bigLength(n: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
}
