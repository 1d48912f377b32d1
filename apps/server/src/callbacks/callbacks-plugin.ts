import fp from 'fastify-plugin';
import type { CallbackEvent } from '@dialwise/contracts';
import { CallbackDelivery, fetchPost, type CallbackPost } from './deliver-callbacks.ts';
import { enqueueCallbacks } from './enqueue-callbacks.ts';

/**
 * The callback outbox in this process: `app.callbacks.enqueue` writes an event's deliveries (the dialer
 * calls it), and the delivery loop posts what is due — started with the server, stopped when it closes.
 * Every process that dials also delivers; the outbox's row leases keep them from posting a row twice.
 */
export const callbacksPlugin = fp<{ post?: CallbackPost }>(
  async (app, options) => {
    const ctx = { db: app.db.db, secrets: app.secrets, publicUrl: app.config.publicUrl, now: () => app.clock.now() };
    const delivery = new CallbackDelivery({ ...ctx, post: options.post ?? fetchPost, log: app.log.child({ component: 'callbacks' }) });
    app.decorate('callbacks', {
      enqueue: (callId: string, event: CallbackEvent, patch?: Readonly<Record<string, unknown>>) =>
        enqueueCallbacks(ctx, callId, event, patch),
      delivery,
    });
    app.addHook('onReady', async () => delivery.start());
    app.addHook('onClose', async () => delivery.stop());
  },
  { name: 'callbacks', dependencies: ['core'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    callbacks: {
      enqueue(callId: string, event: CallbackEvent, patch?: Readonly<Record<string, unknown>>): Promise<number>;
      delivery: CallbackDelivery;
    };
  }
}
