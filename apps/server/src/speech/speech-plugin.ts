import fp from 'fastify-plugin';
import { join } from 'node:path';
import { companySpeechCredentials } from './company-speech-credentials.ts';
import { type LazySpeechEngines, lazySpeechEngines } from './speech-engines.ts';
import { createVendorEngines } from './vendors/index.ts';
import { guardedConnector } from './vendors/shared/connector.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The speech engines of this process (loaded on first use): SIP calls, simulated callees' voices, voice test calls. */
    speech: LazySpeechEngines;
  }
}

/**
 * One set of speech engines per process, shared by the dialer's calls and the browser's voice test calls.
 * Registered before both: onClose hooks run last-registered first, so the engines close after their calls.
 */
export const speechPlugin = fp(
  async (app) => {
    const speech = lazySpeechEngines(
      {
        workDir: join(app.config.dataDir, 'speech'),
        endpointingMs: app.config.speechEndpointingMs,
        // The vendor adapters, bound per company to its stored credentials (cheap: nothing connects until used).
        vendorEngines: (companyId) =>
          createVendorEngines({
            credentials: companySpeechCredentials(app.db.db, app.secrets, companyId),
            connector: guardedConnector(),
            logger: app.log.child({ component: 'speech-vendors' }),
          }),
        onVadError: (error) => app.log.error({ err: error }, 'the VAD worker thread died: restarting it'),
      },
      (error) => app.log.error({ err: error }, 'offline speech engines failed to load: calls use stand-in audio'),
    );
    app.decorate('speech', speech);
    app.addHook('onClose', async () => {
      await speech.close();
    });
  },
  { name: 'speech', dependencies: ['core'] },
);
