import fp from 'fastify-plugin';
import { join } from 'node:path';
import { lazySpeechEngines } from '../speech/speech-engines.ts';
import { SimulatedTrunk, SipTrunk, recordingsDirOf } from '../telephony/index.ts';
import { Dialer } from './dialer.ts';

/**
 * Runs the dialer inside the server process: one SIP trunk (a UDP socket for SIP, a port range for RTP)
 * and the simulated trunk of the demo, a scheduler over them, started when the server is ready and
 * stopped (live calls hung up, records closed) when it closes. On the embedded database this process is
 * the only dialer, so it closes its predecessor's open calls at once.
 */
export const dialerPlugin = fp(
  async (app) => {
    const recordingsDir = recordingsDirOf(app.config.dataDir);
    // Fastify's own pino logger: each call logs through a child carrying its call id, task and line.
    const sip = new SipTrunk({
      recordingsDir,
      bindAddress: app.config.sipBindAddress,
      sipPort: app.config.sipPort,
      logger: app.log.child({ component: 'telephony', trunk: 'sip' }),
    });
    const simulated = new SimulatedTrunk({
      recordingsDir,
      timeScale: app.config.simulatedTimeScale,
      logger: app.log.child({ component: 'telephony', trunk: 'simulated' }),
    });
    const dialer = new Dialer(
      {
        db: app.db.db,
        secrets: app.secrets,
        now: () => app.clock.now(),
        trunks: { sip, simulated },
        log: app.log.child({ component: 'dialer' }),
        speech: lazySpeechEngines({ workDir: join(app.config.dataDir, 'speech'), endpointingMs: app.config.speechEndpointingMs }, (error) =>
          app.log.error({ err: error }, 'offline speech engines failed to load: SIP calls use stand-in audio'),
        ),
      },
      { recordingsDir, soleDialer: app.db.kind === 'pglite', simulatedTimeScale: app.config.simulatedTimeScale },
    );
    app.decorate('dialer', dialer);
    app.addHook('onReady', async () => {
      await dialer.start();
    });
    app.addHook('onClose', async () => {
      await dialer.stop();
      await Promise.all([sip.close(), simulated.close()]);
    });
  },
  { name: 'dialer', dependencies: ['core'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    dialer: Dialer;
  }
}
