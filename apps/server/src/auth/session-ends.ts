import type { Database } from '../db/client.ts';
import { listen } from '../db/listen.ts';
import { SESSIONS_ENDED_CHANNEL } from './end-sessions.ts';

/** Hears every session that ends, in any server process (`endSessions` announces them). */
export interface SessionEnds {
  /** `listener` gets the ids of sessions that have just ended; answers how to stop. */
  subscribe(listener: (sessionIds: ReadonlySet<string>) => void): () => void;
  close(): Promise<void>;
}

/**
 * Listens on the ended-sessions channel for this process. Notifications sent while the PostgreSQL LISTEN
 * session is being reopened are lost (see db/listen.ts): holders of long-lived connections also check their
 * sessions now and then (`findEndedSessions`).
 */
export async function watchSessionEnds(database: Database, onError: (error: unknown) => void): Promise<SessionEnds> {
  const listeners = new Set<(sessionIds: ReadonlySet<string>) => void>();
  const stop = await listen(
    database,
    SESSIONS_ENDED_CHANNEL,
    (payload) => {
      if (!payload) return;
      const ids = new Set(payload.split(','));
      for (const listener of listeners) {
        try {
          listener(ids);
        } catch (error) {
          onError(error);
        }
      }
    },
    onError,
  );
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
