import type WebSocket from 'ws';

/**
 * Everything a vendor engine reaches outside itself, passed in: the unsealed credentials of the
 * company the call belongs to, the outbound connector (so the outbound-address guard can wrap it, and
 * tests can reach loopback fakes), and a logger that never receives a credential.
 */
export interface VendorConnector {
  fetch(url: URL, init: RequestInit): Promise<Response>;
  /** Opens (starts opening) a WebSocket; the caller waits for `open` or `unexpected-response`. */
  websocket(url: URL, headers: Record<string, string>): Promise<WebSocket>;
}

export interface VendorLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** The credentials of one provider (field → value), or null when none are stored. */
export type CredentialsLookup = (provider: string) => Promise<Readonly<Record<string, string>> | null>;

export interface VendorDeps {
  credentials: CredentialsLookup;
  connector: VendorConnector;
  logger: VendorLogger;
  /**
   * Where Alibaba's CreateToken is called, per provider; defaults to the public NLS meta endpoints.
   * For a private deployment, or the local fake in tests.
   */
  aliTokenUrl?: (provider: string) => string;
}
