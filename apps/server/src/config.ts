import { resolve } from 'node:path';
import { type IceServer, LIMITS, iceServersSchema } from '@dialwise/contracts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Serve the built console from this folder when it exists. */
  webDist: string;
  demoPassword: string;
  /**
   * The demo runs: demo data seeded on an empty database and the demo model served at /api/demo-llm. By default
   * only on the embedded database, or when --demo is given.
   */
  seedDemo: boolean;
  /**
   * Which peers may tell the client's address in X-Forwarded-For (TRUST_PROXY): off by default, so the
   * address is the socket's and a client cannot pick its own to dodge the sign-in limits or the audit log.
   * See trustProxyFrom for the accepted values.
   */
  trustProxy: boolean | number | string[];
  /**
   * Hosts, addresses or CIDR ranges the server may call although they are loopback/private (OUTBOUND_ALLOW_HOSTS,
   * comma-separated): e.g. an LLM or decryption API on the company network. See net/outbound-guard.ts.
   */
  outboundAllowHosts: string[];
  /** Cookies get `Secure` when the console is served over HTTPS. */
  secureCookies: boolean;
  logLevel: string;
  /** Base64 32-byte key for secrets at rest; unset = `<dataDir>/secret.key`, generated on first start. */
  secretKey: string | undefined;
  /** Largest subtask CSV accepted: the spec's 200 MB (tests lower it to exercise the refusal). */
  uploadMaxBytes: number;
  /** Run the dialer in this process (DIALER=off for a console-only or API-only process). */
  dialer: boolean;
  /**
   * How long a claimed subtask stays leased to this process without a renewal (DIALER_LEASE_MS, default 60 s;
   * renewed every half second while its call lives): after a crash, other processes redial its numbers this
   * long after the last renewal. The fault tests shorten it.
   */
  dialerLeaseMs: number;
  /** Local address and port of the SIP trunk's UDP socket (SIP_BIND, SIP_PORT; default every interface, any free port: a UAC's port is carried in Via/Contact). */
  sipBindAddress: string | undefined;
  sipPort: number;
  /**
   * Test-only: multiplies every duration of the simulated trunk's callees (SIMULATED_TIME_SCALE, default 1).
   * The browser tests set 0.1 so a simulated call rings and talks for seconds, not minutes.
   */
  simulatedTimeScale: number;
  /**
   * The domain-not-filed notice in the console's footer (FOOTER_NOTICE, with an optional FOOTER_NOTICE_LINK,
   * e.g. the filing registry); unset, the default, shows none. See docs/templates.md.
   */
  footerNotice: { text: string; link: string | null } | null;
  /** The server's address as outside systems reach it (PUBLIC_URL): callbacks' recording links point there. */
  publicUrl: string;
  /**
   * Origins besides the console's own (the host it is served from, and PUBLIC_URL's) whose pages may open the
   * WebSockets (ALLOWED_ORIGINS, comma-separated, e.g. `https://console.example.com`). See http/allowed-origins.ts.
   */
  allowedOrigins: string[];
  /** The seats' clocks (SEAT_HEARTBEAT_MS, SEAT_HEARTBEAT_TIMEOUT_MS, SEAT_OFFER_SECONDS, SEAT_MEDIA_SECONDS; defaults in contracts). */
  seat: {
    heartbeatIntervalMs?: number;
    heartbeatTimeoutMs?: number;
    offerSeconds?: number;
    mediaSeconds?: number;
    /** Extra host addresses for the seats' ICE (SEAT_ICE_ADDRESSES, comma-separated). */
    iceAddresses?: string[];
  };
  /** Silence after the callee's speech that ends their turn on a speaking call (SPEECH_ENDPOINTING_MS, default 600). */
  speechEndpointingMs: number;
  /**
   * STUN/TURN servers for voice test calls in the browser (ICE_SERVERS, a JSON array as RTCPeerConnection takes
   * it), given to both the browser and our WebRTC peer. Empty by default: on localhost host candidates suffice.
   */
  iceServers: IceServer[];
  /** Requests one API key may make per minute in this process (API_KEY_RATE_LIMIT, default 600). */
  apiKeyRateLimit: number;
}

function positive(value: string | undefined): number | undefined {
  const number = Number(value);
  return value && number > 0 ? number : undefined;
}

/**
 * The folder relative paths are read from: where the user typed the command. `npm start` (and `npm run … -w`)
 * runs the server with `apps/server` as its working directory and passes the folder it was typed in as INIT_CWD,
 * so `DATA_DIR=mydata npm start` at the repository root means `<root>/mydata`, not `apps/server/mydata`.
 */
function userFolder(env: NodeJS.ProcessEnv): string {
  return env.INIT_CWD || process.cwd();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const here = userFolder(env);
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(here, env.DATA_DIR || '.data'),
    databaseUrl,
    webDist: env.WEB_DIST ? resolve(here, env.WEB_DIST) : new URL('../../web/dist', import.meta.url).pathname,
    demoPassword: env.DEMO_PASSWORD || 'Dialwise@2026',
    seedDemo: argv.includes('--demo') || !databaseUrl,
    secureCookies: env.SECURE_COOKIES === 'true',
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    outboundAllowHosts: (env.OUTBOUND_ALLOW_HOSTS ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL ?? 'info',
    secretKey: env.SECRET_KEY || undefined,
    dialer: env.DIALER !== 'off',
    dialerLeaseMs: positive(env.DIALER_LEASE_MS) ?? 60_000,
    sipBindAddress: env.SIP_BIND || undefined,
    sipPort: Number(env.SIP_PORT ?? 0),
    uploadMaxBytes: LIMITS.upload.maxBytes,
    simulatedTimeScale: Number(env.SIMULATED_TIME_SCALE) > 0 ? Number(env.SIMULATED_TIME_SCALE) : 1,
    publicUrl: env.PUBLIC_URL || `http://localhost:${Number(env.PORT ?? 3000)}`,
    allowedOrigins: allowedOriginsFrom(env.ALLOWED_ORIGINS),
    seat: {
      heartbeatIntervalMs: positive(env.SEAT_HEARTBEAT_MS),
      heartbeatTimeoutMs: positive(env.SEAT_HEARTBEAT_TIMEOUT_MS),
      offerSeconds: positive(env.SEAT_OFFER_SECONDS),
      mediaSeconds: positive(env.SEAT_MEDIA_SECONDS),
      iceAddresses: env.SEAT_ICE_ADDRESSES ? env.SEAT_ICE_ADDRESSES.split(',').map((a) => a.trim()) : undefined,
    },
    iceServers: iceServersFrom(env.ICE_SERVERS),
    speechEndpointingMs: Number(env.SPEECH_ENDPOINTING_MS) > 0 ? Number(env.SPEECH_ENDPOINTING_MS) : 600,
    apiKeyRateLimit: positive(env.API_KEY_RATE_LIMIT) ?? 600,
    footerNotice: env.FOOTER_NOTICE?.trim() ? { text: env.FOOTER_NOTICE.trim(), link: env.FOOTER_NOTICE_LINK?.trim() || null } : null,
  };
}

/** ICE_SERVERS: unset or empty is none; anything else must be a JSON array of `{urls, username?, credential?}`. */
export function iceServersFrom(value: string | undefined): IceServer[] {
  const text = value?.trim() ?? '';
  if (text === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('ICE_SERVERS must be JSON: an array like [{"urls":"stun:stun.example.com:3478"}]');
  }
  const servers = iceServersSchema.safeParse(parsed);
  if (!servers.success) {
    throw new Error('ICE_SERVERS must be an array of {urls: "stun:…" | "turn:…" (or a list of them), username?, credential?}');
  }
  return servers.data;
}

/**
 * TRUST_PROXY: unset, empty, `false` or `off` trusts no one (the default); a whole number trusts that many
 * proxy hops in front of the server; `true` trusts any peer (only when every request passes through a proxy
 * that overwrites X-Forwarded-For); anything else is a comma-separated list of proxy addresses or CIDR ranges
 * (also `loopback`, `linklocal`, `uniquelocal`), as Fastify's trustProxy (proxy-addr) reads it.
 */
export function trustProxyFrom(value: string | undefined): boolean | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === 'off') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** ALLOWED_ORIGINS: comma-separated origins (`scheme://host[:port]`); a value that is not one stops the start. */
export function allowedOriginsFrom(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      let url: URL;
      try {
        url = new URL(part);
      } catch {
        throw new Error(`ALLOWED_ORIGINS: "${part}" is not an origin (write scheme://host[:port], e.g. https://console.example.com)`);
      }
      if (url.origin === 'null') throw new Error(`ALLOWED_ORIGINS: "${part}" is not an http(s) origin`);
      return url.origin;
    });
}
