import { eq } from 'drizzle-orm';
import type { CompanyPermissions } from '@dialwise/contracts';
import { calls, companies, projectOperators, subtasks, users } from '../src/db/schema.ts';
import type { TestServer } from './helper.ts';
import { createProject, createTask, grantCatalogue } from './task-fixtures.ts';

export type CallValues = Partial<typeof calls.$inferInsert>;

/** A project with one task of a company, made through the API, and the line its calls go out on. */
export async function projectWithTask(
  server: TestServer,
  token: string,
  companyId: string,
  name: string,
  encryptionType = 'PLAIN_TEXT',
  extra: Record<string, unknown> = {},
) {
  const catalogue = await grantCatalogue(server, companyId, name);
  const projectId = await createProject(server, token, name, encryptionType, extra);
  const taskId = await createTask(server, token, projectId, catalogue, { name: `${name}-t1`.slice(0, 20) });
  return { projectId, taskId, lineId: catalogue.lineId, catalogue };
}

let subtaskNo = 1_000_000;

/**
 * A finished call record written straight into `calls`, as the dialer would leave it (connected, 30 s,
 * one minute ago, unless told otherwise). Answers its id.
 */
export async function insertCall(
  server: TestServer,
  at: { companyId: string; projectId: string; taskId: string; lineId: string },
  values: CallValues = {},
): Promise<string> {
  subtaskNo += 1;
  const placedAt = values.placedAt ?? new Date(Date.now() - 60_000);
  const [row] = await server.database.db
    .insert(calls)
    .values({
      companyId: at.companyId,
      projectId: at.projectId,
      taskId: at.taskId,
      sipLineId: at.lineId,
      subtaskId: subtaskNo,
      phone: '13800000001',
      attempt: 1,
      node: 'test',
      placedAt,
      answeredAt: new Date(placedAt.getTime() + 5000),
      endedAt: new Date(placedAt.getTime() + 35_000),
      durationMs: 30_000,
      status: 'connected',
      outcome: 'answered',
      sipStatus: 200,
      ...values,
    })
    .returning({ id: calls.id });
  return row!.id;
}

/** A subtask row a call can point at (its remark and extra columns show in the customer info). */
export async function insertSubtask(server: TestServer, companyId: string, taskId: string, phone: string, remark: string) {
  const [row] = await server.database.db
    .insert(subtasks)
    .values({ companyId, taskId, phone, remark, extra: { city: 'Hangzhou' }, state: 'done' })
    .returning({ id: subtasks.id });
  return row!.id;
}

export async function setPermissions(server: TestServer, companyId: string, permissions: Partial<CompanyPermissions>) {
  const [row] = await server.database.db.select({ permissions: companies.permissions }).from(companies).where(eq(companies.id, companyId));
  await server.database.db
    .update(companies)
    .set({ permissions: { ...row!.permissions, ...permissions } })
    .where(eq(companies.id, companyId));
}

export async function assignOperator(server: TestServer, companyId: string, projectId: string, username: string) {
  const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  await server.database.db.insert(projectOperators).values({ companyId, projectId, userId: user!.id });
}

export interface CallTarget {
  companyId: string;
  projectId: string;
  taskId: string;
  lineId: string;
}

let serial = 0;

/**
 * One call record at a given time, written straight into `calls` (the dialer's insert path): finished as a
 * missed no-answer with its own number unless the fields say otherwise; live when `endedAt` is null. The
 * boards' tests build their traffic from it.
 */
export async function insertPlacedCall(
  server: TestServer,
  target: CallTarget,
  fields: Partial<typeof calls.$inferInsert> & { placedAt: Date },
) {
  serial += 1;
  const finished = fields.endedAt !== null;
  const [row] = await server.database.db
    .insert(calls)
    .values({
      companyId: target.companyId,
      projectId: target.projectId,
      taskId: target.taskId,
      sipLineId: target.lineId,
      subtaskId: serial,
      phone: `1380${String(serial).padStart(7, '0')}`,
      attempt: 1,
      node: 'test',
      ...(finished ? { endedAt: new Date(fields.placedAt.getTime() + 30_000), status: 'missed', outcome: 'no_answer' } : {}),
      ...fields,
    })
    .returning({ id: calls.id });
  return row!.id;
}
