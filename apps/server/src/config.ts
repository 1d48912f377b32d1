import { resolve } from 'node:path';
import { LIMITS } from '@dialwise/contracts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Serve the built console from this folder when it exists. */
  webDist: string;
  demoPassword: string;
  /** Seed demo data on an empty database: by default only on the embedded database, or when --demo is given. */
  seedDemo: boolean;
  /** Cookies get `Secure` when the console is served over HTTPS. */
  secureCookies: boolean;
  logLevel: string;
  /** Base64 32-byte key for secrets at rest; unset = `<dataDir>/secret.key`, generated on first start. */
  secretKey: string | undefined;
  /** Largest subtask CSV accepted: the spec's 200 MB (tests lower it to exercise the refusal). */
  uploadMaxBytes: number;
  /** Run the dialer in this process (DIALER=off for a console-only or API-only process). */
  dialer: boolean;
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
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    databaseUrl,
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    demoPassword: env.DEMO_PASSWORD || 'Dialwise@2026',
    seedDemo: argv.includes('--demo') || !databaseUrl,
    secureCookies: env.SECURE_COOKIES === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
    secretKey: env.SECRET_KEY || undefined,
    dialer: env.DIALER !== 'off',
    sipBindAddress: env.SIP_BIND || undefined,
    sipPort: Number(env.SIP_PORT ?? 0),
    uploadMaxBytes: LIMITS.upload.maxBytes,
    simulatedTimeScale: Number(env.SIMULATED_TIME_SCALE) > 0 ? Number(env.SIMULATED_TIME_SCALE) : 1,
    footerNotice: env.FOOTER_NOTICE?.trim() ? { text: env.FOOTER_NOTICE.trim(), link: env.FOOTER_NOTICE_LINK?.trim() || null } : null,
  };
}
