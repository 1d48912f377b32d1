import { eq } from 'drizzle-orm';
import { maskSubtaskPhone, type SeatOffer } from '@dialwise/contracts';
import type { Db } from '../db/client.ts';
import { calls, projects, tasks } from '../db/schema.ts';
import type { TransferRequest } from '../conversation/seat-dispatcher.ts';
import { joinProjectAndTask } from '../db/join-project-and-task.ts';

/** What every offer of one transfer shares, read once: the seat's offer is this plus its id and deadline. */
export type OfferTemplate = Omit<SeatOffer, 'offerId' | 'deadline'>;

/**
 * The call as the seat reads it before accepting: project, task, the customer's number masked as the
 * project's encryption type allows (never in clear: revealing is a separate, logged permission) or that it is a
 * test call from a browser (no number), the
 * business info of the subtask, the conversation so far and its summary (null while it is being written).
 */
export async function loadOfferTemplate(db: Db, request: TransferRequest): Promise<OfferTemplate> {
  const [row] = await joinProjectAndTask(
    db
      .select({
        phone: calls.phone,
        test: calls.test,
        businessInfo: calls.businessInfo,
        projectName: projects.name,
        encryptionType: projects.encryptionType,
        taskName: tasks.name,
      })
      .from(calls)
      .$dynamic(),
  )
    .where(eq(calls.id, request.callId))
    .limit(1);
  return {
    type: 'offer',
    callId: request.callId,
    projectId: request.projectId,
    projectName: row?.projectName ?? '',
    taskId: request.taskId,
    taskName: row?.taskName ?? '',
    subtaskId: request.subtaskId,
    customerNumber: row ? maskSubtaskPhone(row.encryptionType, row.phone) : '',
    test: row?.test ?? false,
    encryptionType: row?.encryptionType ?? 'PLAIN_TEXT',
    businessInfo: row?.businessInfo ?? {},
    conversation: request.conversation.map((line) => ({ speaker: line.speaker, text: line.text, at: line.at.toISOString() })),
    summary: typeof request.summary === 'string' ? request.summary : null,
  };
}
