import WebSocket from 'ws';
import type { VendorConnector } from './deps.ts';

/**
 * The plain connector: Node's fetch and the `ws` client, no address checks. Production wraps it with
 * the outbound-address guard (private and loopback addresses refused); tests use it as is to reach
 * their loopback fakes.
 */
export function directConnector(): VendorConnector {
  return {
    fetch: (url, init) => fetch(url, init),
    websocket: async (url, headers) => new WebSocket(url, { headers, handshakeTimeout: 10_000 }),
  };
}
