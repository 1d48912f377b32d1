import type { IncomingMessage } from 'node:http';
import type WebSocket from 'ws';
import type { VendorConnector } from './deps.ts';
import { isAuthStatus, VendorError } from './vendor-error.ts';

export interface WsMessage {
  data: Buffer;
  binary: boolean;
}

/**
 * One vendor WebSocket as a pull queue: `next()` gives the next message, or null once the caller's
 * signal aborts (the socket is then closed). A close the caller did not ask for is a typed
 * `disconnected` error, so a call can fall back instead of waiting for audio that never comes.
 */
export class WsChannel {
  private readonly queue: WsMessage[] = [];
  private waiter: { resolve: (m: WsMessage | null) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;
  private closedByUs = false;

  private constructor(
    private readonly socket: WebSocket,
    private readonly provider: string,
    private readonly signal: AbortSignal | undefined,
  ) {
    // Listening starts before the upgrade completes: a vendor may send its first message in the same
    // packet as the upgrade answer, before any await returns.
    socket.on('message', (data: Buffer, binary: boolean) => this.deliver({ data, binary }));
    signal?.addEventListener('abort', () => this.close(), { once: true });
  }

  /** Connects; a refused upgrade (401/403) is an `auth` error, any other failure `network`. */
  static async open(connector: VendorConnector, url: URL, headers: Record<string, string>, provider: string, signal?: AbortSignal) {
    const socket = await connector.websocket(url, headers).catch((error: Error) => {
      throw new VendorError('network', provider, error.message);
    });
    const channel = new WsChannel(socket, provider, signal);
    // An abort that came before we listened: nothing to wait for.
    if (signal?.aborted) {
      // Terminating a connecting socket reports an error: expected here, so heard and dropped.
      socket.on('error', () => {});
      socket.terminate();
      channel.closedByUs = true;
      return channel;
    }
    await new Promise<void>((resolve, reject) => {
      let refused = false;
      const onAbort = () => {
        socket.terminate();
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      socket.once('open', () => {
        signal?.removeEventListener('abort', onAbort);
        channel.watch();
        resolve();
      });
      socket.once('unexpected-response', (_request: unknown, response: IncomingMessage) => {
        refused = true;
        const status = response.statusCode ?? 0;
        void readBody(response).then((body) => {
          socket.terminate();
          const kind = isAuthStatus(status) ? 'auth' : 'vendor';
          reject(new VendorError(kind, provider, `the upgrade was refused (HTTP ${status})${body ? `: ${body}` : ''}`, status));
        });
      });
      socket.on('error', (error: Error) => {
        if (!refused) reject(new VendorError('network', provider, error.message));
      });
    });
    return channel;
  }

  /** Once open, a close we did not ask for, or a socket error, fails the reader. */
  private watch() {
    const provider = this.provider;
    this.socket.on('close', (code: number, reason: Buffer) => {
      if (this.closedByUs) return this.settle(null);
      const why = reason.length ? `${code} ${reason.toString('utf8')}` : String(code);
      this.fail(new VendorError('disconnected', provider, `the connection closed mid-stream (${why})`, code));
    });
    this.socket.on('error', (error: Error) => this.fail(new VendorError('disconnected', provider, error.message)));
  }

  get aborted(): boolean {
    return this.signal?.aborted === true;
  }

  send(data: string | Buffer): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(data);
  }

  /** The next message; null when aborted or closed by us. */
  next(): Promise<WsMessage | null> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    if (this.failure) return Promise.reject(this.failure);
    if (this.closedByUs) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  close(): void {
    if (this.closedByUs) return;
    this.closedByUs = true;
    this.socket.close(1000);
    // A vendor that never answers the close handshake must not keep the socket.
    setTimeout(() => this.socket.terminate(), 2000).unref();
    this.settle(null);
  }

  private deliver(message: WsMessage) {
    if (this.closedByUs) return;
    if (this.waiter) {
      const { resolve } = this.waiter;
      this.waiter = null;
      resolve(message);
    } else this.queue.push(message);
  }

  private settle(value: null) {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.resolve(value);
  }

  private fail(error: Error) {
    if (this.closedByUs || this.failure) return;
    this.failure = error;
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.reject(error);
  }
}

async function readBody(response: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of response) {
    body += String(chunk);
    if (body.length > 300) break;
  }
  return body.trim().slice(0, 300);
}
