import { createServer, type IncomingMessage, STATUS_CODES, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A local stand-in for a speech vendor (an external service, faked as a real HTTP + WebSocket server on
 * loopback, never a mock of our code). Each fake handles plain HTTP requests and WebSocket upgrades;
 * `authorize` decides whether an upgrade or request is accepted (a refusal answers HTTP 401), `refuse`
 * answers another refusal in the vendor's own words. It counts the connections that closed, so tests can see a cancel reach the vendor.
 */
export interface FakeVendorHandlers {
  authorize?(request: IncomingMessage): boolean;
  /** A refusal with the vendor's own status and body (checked after `authorize`); null lets the request in. */
  refuse?(request: IncomingMessage): { status: number; body: string } | null;
  /** Extra header lines of a WebSocket upgrade answer (a vendor's log id). */
  upgradeHeaders?(request: IncomingMessage): string[];
  http?(request: IncomingMessage, body: Buffer, response: ServerResponse): void | Promise<void>;
  ws?(socket: WebSocket, request: IncomingMessage): void;
}

export interface FakeVendor {
  /** `http://127.0.0.1:<port><path>` or `ws://…` */
  url(path: string, scheme?: 'http' | 'ws'): string;
  /**
   * Resolves once `count` more connections (HTTP responses or WebSockets) close, by the client or us, after
   * this call: ask before the action whose close you wait for (connections of earlier tests do not count).
   */
  closed(count?: number): Promise<void>;
  requests: IncomingMessage[];
  close(): Promise<void>;
}

export async function startFakeVendor(handlers: FakeVendorHandlers): Promise<FakeVendor> {
  const requests: IncomingMessage[] = [];
  const sockets = new Set<Socket>();
  let closedCount = 0;
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const noteClosed = () => {
    closedCount++;
    for (const waiter of waiters.filter((w) => closedCount >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const refuse = (request: IncomingMessage): { status: number; body: string } | null =>
    handlers.authorize && !handlers.authorize(request)
      ? { status: 401, body: '{"message":"invalid credentials"}' }
      : (handlers.refuse?.(request) ?? null);

  const server = createServer((request, response) => {
    requests.push(request);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.on('close', noteClosed);
      const refused = refuse(request);
      if (refused) {
        response.writeHead(refused.status, { 'content-type': 'application/json' }).end(refused.body);
        return;
      }
      void handlers.http?.(request, Buffer.concat(chunks), response);
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  wss.on('headers', (lines: string[], request: IncomingMessage) => lines.push(...(handlers.upgradeHeaders?.(request) ?? [])));
  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    requests.push(request);
    const refused = refuse(request);
    if (refused) {
      const reason = STATUS_CODES[refused.status] ?? 'Refused';
      const length = Buffer.byteLength(refused.body);
      socket.end(
        `HTTP/1.1 ${refused.status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n${refused.body}`,
      );
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.on('close', noteClosed);
      handlers.ws?.(ws, request);
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: (path, scheme = 'http') => `${scheme}://127.0.0.1:${port}${path}`,
    closed: (count = 1) => new Promise((resolve) => waiters.push({ count: closedCount + count, resolve })),
    requests,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A 440 Hz tone at 8 kHz: recognisable samples to compare end to end. */
export function tone(samples: number, rate = 8000, from = 0): Int16Array {
  return Int16Array.from({ length: samples }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * (from + i)) / rate)));
}

export function pcmLe(samples: Int16Array): Buffer {
  const out = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => out.writeInt16LE(s, i * 2));
  return out;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The client end a fake streams to: whether it has gone away, and how to cut it (the `drop` mode). */
export interface StreamPeer {
  gone(): boolean;
  cut(): void | Promise<void>;
}

/** An HTTP answer as a stream peer: cut 10 ms after the first chunk, by destroying the socket. */
export function httpPeer(response: ServerResponse): StreamPeer {
  return {
    gone: () => response.destroyed,
    cut: async () => {
      await sleep(10);
      response.socket?.destroy();
    },
  };
}

/**
 * Streams a fake TTS answer the way the test's URL path (`mode`) asks: four chunks 5 ms apart; `slow`, chunks
 * 20 ms apart until the client goes away; `drop`, one chunk and then the connection cut. `send(i)` sends the
 * i-th quarter of the audio. True when the answer was sent whole (the caller then ends it).
 */
export async function streamTtsChunks(mode: string | undefined, peer: StreamPeer, send: (quarter: number) => void): Promise<boolean> {
  for (let i = 0; i < 4 || mode === 'slow'; i++) {
    if (peer.gone()) return false;
    send(i % 4);
    if (mode === 'drop') {
      await peer.cut();
      return false;
    }
    await sleep(mode === 'slow' ? 20 : 5);
  }
  return true;
}
