import fp from 'fastify-plugin';
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
    const logger = {
      info: (obj: object, msg: string) => app.log.info(obj, msg),
      warn: (obj: object, msg: string) => app.log.warn(obj, msg),
      error: (obj: object, msg: string) => app.log.error(obj, msg),
    };
    const sip = new SipTrunk({ recordingsDir, bindAddress: app.config.sipBindAddress, sipPort: app.config.sipPort });
    const simulated = new SimulatedTrunk({ recordingsDir, timeScale: app.config.simulatedTimeScale });
    const dialer = new Dialer(
      { db: app.db.db, secrets: app.secrets, now: () => app.clock.now(), trunks: { sip, simulated }, log: logger },
      { recordingsDir, soleDialer: app.db.kind === 'pglite' },
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
