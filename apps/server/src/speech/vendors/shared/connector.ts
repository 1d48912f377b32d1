import WebSocket from 'ws';
import { outboundFetch, outboundOptions } from '../../../net/outbound-guard.ts';
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

/**
 * The production connector: every vendor connection goes through the outbound-address guard (no loopback,
 * private, link-local or metadata address unless the operator allows the host; redirects checked per hop).
 */
export function guardedConnector(): VendorConnector {
  return {
    fetch: (url, init) => outboundFetch(url, init),
    websocket: async (url, headers) => new WebSocket(url, { headers, handshakeTimeout: 10_000, ...outboundOptions(url) }),
  };
}
