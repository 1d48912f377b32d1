import fp from 'fastify-plugin';
import { join } from 'node:path';
import { lazySpeechEngines } from '../speech/speech-engines.ts';
import { createVendorEngines } from '../speech/vendors/index.ts';
import { guardedConnector } from '../speech/vendors/shared/connector.ts';
import { companySpeechCredentials } from '../operation/speech-credentials/company-speech-credentials.ts';
import { offlineVoice, wholeClip } from '../speech/whole-clip.ts';
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
    const simulated = new SimulatedTrunk({
      recordingsDir,
      timeScale: app.config.simulatedTimeScale,
      // The simulated callees speak in espeak-ng's female voice (ours is the default male one).
      calleeVoice: async (text) => {
        const engines = await speech();
        return engines ? wholeClip(engines.offlineTts, text, offlineVoice('en-US', 'en-us+f3')) : null;
      },
      logger: app.log.child({ component: 'telephony', trunk: 'simulated' }),
    });
    const dialer = new Dialer(
      {
        db: app.db.db,
        secrets: app.secrets,
        now: () => app.clock.now(),
        trunks: { sip, simulated },
        log: app.log.child({ component: 'dialer' }),
        callbacks: app.hasDecorator('callbacks') ? app.callbacks.enqueue : null,
        seats: app.seats,
        // One set of engines for both trunks (the callees' voices above and the SIP calls' speech).
        speech,
      },
      {
        recordingsDir,
        soleDialer: app.db.kind === 'pglite',
        simulatedTimeScale: app.config.simulatedTimeScale,
        leaseMs: app.config.dialerLeaseMs,
      },
    );
    app.decorate('dialer', dialer);
    app.addHook('onReady', async () => {
      await dialer.start();
    });
    app.addHook('onClose', async () => {
      await dialer.stop();
      await Promise.all([sip.close(), simulated.close()]);
      await speech.close();
    });
  },
  { name: 'dialer', dependencies: ['core', 'seat'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    dialer: Dialer;
  }
}
