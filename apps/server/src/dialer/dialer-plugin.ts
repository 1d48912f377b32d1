import fp from 'fastify-plugin';
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
    const speech = app.speech;
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
        seatNotices: app.seats,
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
    });
  },
  { name: 'dialer', dependencies: ['core', 'seat', 'speech'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    dialer: Dialer;
  }
}
