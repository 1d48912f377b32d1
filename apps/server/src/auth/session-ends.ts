import type { Database } from '../db/client.ts';
import { type FanOut, listenFanOut } from '../db/listen-fan-out.ts';
import { SESSIONS_ENDED_CHANNEL } from './end-sessions.ts';

/** Hears every session that ends, in any server process (`endSessions` announces them): listeners get the ids of sessions that have just ended. */
export type SessionEnds = FanOut<ReadonlySet<string>>;

/**
 * Listens on the ended-sessions channel for this process. Notifications sent while the PostgreSQL LISTEN
 * session is being reopened are lost (see db/listen.ts): holders of long-lived connections also check their
 * sessions now and then (`findEndedSessions`).
 */
export async function watchSessionEnds(database: Database, onError: (error: unknown) => void): Promise<SessionEnds> {
  return listenFanOut(database, SESSIONS_ENDED_CHANNEL, (payload) => new Set(payload.split(',')), onError);
}
