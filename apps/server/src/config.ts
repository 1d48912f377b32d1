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
    logLevel: env.LOG_LEVEL ?? 'info',
    secretKey: env.SECRET_KEY || undefined,
    dialer: env.DIALER !== 'off',
    sipBindAddress: env.SIP_BIND || undefined,
    sipPort: Number(env.SIP_PORT ?? 0),
    uploadMaxBytes: LIMITS.upload.maxBytes,
    simulatedTimeScale: Number(env.SIMULATED_TIME_SCALE) > 0 ? Number(env.SIMULATED_TIME_SCALE) : 1,
  };
}
