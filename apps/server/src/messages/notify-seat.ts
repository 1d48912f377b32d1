import type { DbOrTx } from '../db/client.ts';
import { postMessage } from './post-message.ts';

/**
 * A seat dropped (heartbeat timeout, connection error): the company's administrators hear it. For the
 * seat area to call when it marks a seat disconnected; `reason` may be a message key (translated for
 * each reader) or plain text.
 */
export async function notifySeatDisconnected(
  db: DbOrTx,
  input: { companyId: string; seatName: string; reason: string; seatUserId?: string },
): Promise<void> {
  await postMessage(db, {
    companyId: input.companyId,
    kind: 'seatDisconnected',
    type: 'notice',
    titleKey: 'msg.seatDisconnected.title',
    contentKey: 'msg.seatDisconnected.content',
    params: { seat: input.seatName, reason: input.reason },
    link: '/dashboard/monitor',
    to: { roles: ['ADMIN'], userIds: [input.seatUserId] },
  });
}
