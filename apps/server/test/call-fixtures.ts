import { calls } from '../src/db/schema.ts';
import type { TestServer } from './helper.ts';

export interface CallTarget { companyId: string; projectId: string; taskId: string; lineId: string }

let serial = 0;

/** One call record written straight into `calls` (the dialer's insert path), finished unless `endedAt` is null. */
export async function insertCall(server: TestServer, target: CallTarget, fields: Partial<typeof calls.$inferInsert> & { placedAt: Date }) {
  serial += 1;
  const finished = fields.endedAt !== null;
  const [row] = await server.database.db.insert(calls).values({
    companyId: target.companyId, projectId: target.projectId, taskId: target.taskId, sipLineId: target.lineId,
    subtaskId: serial, phone: `1380${String(serial).padStart(7, '0')}`, attempt: 1, node: 'test',
    ...(finished ? { endedAt: new Date(fields.placedAt.getTime() + 30_000), status: 'missed', outcome: 'no_answer' } : {}),
    ...fields,
  }).returning({ id: calls.id });
  return row!.id;
}
