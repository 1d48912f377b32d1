import type { Database } from './client.ts';
import { listen } from './listen.ts';

/** One channel heard once per process and handed on to any number of listeners. */
export interface FanOut<T> {
  /** `listener` gets every event from now on; answers how to stop. */
  subscribe(listener: (event: T) => void): () => void;
  close(): Promise<void>;
}

/**
 * Listens on `channel` and gives each notification, read by `read`, to every listener. A payload that `read`
 * refuses (throws) goes to `onError`, one that it skips (undefined) goes nowhere; a listener that throws goes to
 * `onError` without keeping the event from the others.
 */
export async function listenFanOut<T>(
  database: Database,
  channel: string,
  read: (payload: string) => T | undefined,
  onError: (error: unknown) => void,
): Promise<FanOut<T>> {
  const listeners = new Set<(event: T) => void>();
  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    let event: T | undefined;
    try {
      event = read(payload);
    } catch (error) {
      onError(error);
      return;
    }
    if (event === undefined) return;
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        onError(error);
      }
    }
  };
  const stop = await listen(database, channel, deliver, onError);
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await stop();
    },
  };
}
