import fp from 'fastify-plugin';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { LoginThrottle } from './auth/login-throttle.ts';
import { SecretBox } from './secrets/secret-box.ts';

export interface Clock {
  now(): Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    clock: Clock;
    config: Config;
    loginThrottle: LoginThrottle;
    /** Seals and opens secrets at rest (SIP passwords, API keys). */
    secrets: SecretBox;
  }
}

/** Decorates the instance once with what every area uses: the database, the clock, the config, the secret box. */
export const corePlugin = fp(
  async (app, options: { db: Database; clock: Clock; config: Config }) => {
    app.decorate('db', options.db);
    app.decorate('clock', options.clock);
    app.decorate('config', options.config);
    app.decorate('loginThrottle', new LoginThrottle(() => options.clock.now().getTime()));
    app.decorate('secrets', SecretBox.load({ secretKey: options.config.secretKey, dataDir: options.config.dataDir }));
  },
  { name: 'core' },
);
