import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A customer's callback endpoint for tests (an external system, as a real HTTP server on loopback). Each
 * request is answered by the next scripted answer — a status, or `stall` (never answers) — then 200.
 */
export interface ReceivedCallback {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface CallbackReceiver {
  url: string;
  received: ReceivedCallback[];
  /** Resolves once `n` requests have arrived. */
  waitFor(n: number): Promise<void>;
  close(): Promise<void>;
}

export async function startCallbackReceiver(script: Array<number | 'stall'> = []): Promise<CallbackReceiver> {
  const received: ReceivedCallback[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const stalled = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      for (const waiter of waiters.filter((w) => received.length >= w.n)) waiter.resolve();
      const answer = script.shift() ?? 200;
      if (answer === 'stall') {
        stalled.add(res);
        return;
      }
      res.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/dialwise`,
    received,
    waitFor: (n) => (received.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    close: async () => {
      for (const res of stalled) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
