import { count } from 'drizzle-orm';
import type { Role } from '@dialwise/contracts';
import { hashPassword } from '../auth/passwords.ts';
import { seedAccountsDemo } from '../accounts/seed-accounts-demo.ts';
import { seedSipLinesDemo } from '../sip-lines/seed-sip-lines-demo.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { DemoIds } from './demo-ids.ts';
import type { Db } from '../db/client.ts';
import { companies, companyGrants, projectOperators, users } from '../db/schema.ts';
import { seedOperationDemo } from '../operation/seed-demo.ts';
import { seedScenariosDemo } from '../operation/scenarios/seed-demo.ts';
import { seedProjectsDemo } from './seed-projects-demo.ts';
import { seedAnyHourTask } from '../projects/seed-any-hour-task.ts';
import { seedBoardsDemo } from '../boards/seed-boards-demo.ts';
import { notifyUpload } from '../messages/notify-task.ts';
import { seedTemplatesDemo } from '../templates/seed-templates-demo.ts';

export interface SeededAccount {
  username: string;
  role: Role;
  password: string;
  company: string;
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  return (row?.n ?? 0) === 0;
}

/**
 * Demo seeding sits above the product areas: it calls each area's `seed<Area>Demo`, so the data layer
 * (`db/`) depends on nothing above it.
 *
 * Demo data for the embedded quick start: the provider's company with a DEV account, and one customer
 * company with an ADMIN and an operator. Later areas add their demo rows here.
 *
 * Its project "Spring renewal" holds two tasks to start: "Renewal calls" calls at realistic hours (09:00–20:00,
 * Monday to Saturday, Shanghai time), and outside them the task list says when it will; "Any-hour demo"
 * calls 00:00–23:59 every day (the widest window the task rules allow), so the demo shows calls whenever it
 * is started.
 */
/** Where the server answers as the demo model (the outbound guard lets the server call itself only there). */
export const DEMO_MODEL_PATH = '/api/demo-llm/';

/** The demo model's address on a server listening on `port` (what the demo's processors call). */
export function demoModelUrl(port: number): string {
  return `http://127.0.0.1:${port}${DEMO_MODEL_PATH}v1`;
}

export async function seedDemo(db: Db, password: string, secrets: SecretBox, port = 3000): Promise<SeededAccount[]> {
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [provider] = await tx
      .insert(companies)
      .values({
        name: 'Dialwise',
        suffix: 'dialwise',
        adminEmail: 'ops@dialwise.example',
        isProvider: true,
      })
      .returning();
    const [customer] = await tx
      .insert(companies)
      .values({
        name: 'AcmeOutreach',
        suffix: 'acme',
        adminEmail: 'admin@acme.example',
        timezone: 'Asia/Shanghai',
      })
      .returning();
    const accounts = [
      {
        username: 'admin',
        alias: 'Acme Admin',
        authLevel: 'ADMIN',
        companyId: customer!.id,
        email: 'admin@acme.example',
        phoneNumber: '13800000001',
      },
      {
        username: 'dev',
        alias: 'Ops Wang',
        authLevel: 'DEV',
        companyId: provider!.id,
        email: 'ops@dialwise.example',
        phoneNumber: '13800000002',
      },
      {
        username: 'agent',
        alias: 'Agent Lin',
        authLevel: 'OPR',
        companyId: customer!.id,
        email: 'agent@acme.example',
        phoneNumber: '13800000003',
      },
    ] as const;
    const inserted = await tx
      .insert(users)
      .values(accounts.map((a) => ({ ...a, passwordHash: hash })))
      .returning();
    const idOf = (username: string) => inserted.find((u) => u.username === username)!.id;
    const ids: DemoIds = {
      providerId: provider!.id,
      customerId: customer!.id,
      adminId: idOf('admin'),
      devId: idOf('dev'),
      agentId: idOf('agent'),
      passwordHash: hash,
      secrets,
    };
    await seedAccountsDemo(tx, ids);
    await seedSipLinesDemo(tx, ids);
    await seedOperationDemo(tx, { customerId: ids.customerId, devUserId: ids.devId });
    const catalogue = await seedScenariosDemo(tx, { devUserId: ids.devId, secrets, demoModelUrl: demoModelUrl(port) });
    // The customer may use the demo scenario and its processors (the voices are granted by the operation seed).
    await tx
      .insert(companyGrants)
      .values([
        { companyId: ids.customerId, kind: 'scenario', refId: catalogue.scenarioId },
        ...Object.values(catalogue.processorIds).map((refId) => ({ companyId: ids.customerId, kind: 'processor' as const, refId })),
      ])
      .onConflictDoNothing();
    const demoProject = await seedProjectsDemo(tx, { companyId: ids.customerId, adminId: ids.adminId });
    // The demo agent works on the demo project: its seat is offered the demo calls' transfers.
    await tx
      .insert(projectOperators)
      .values({ projectId: demoProject.projectId, userId: ids.agentId, companyId: ids.customerId })
      .onConflictDoNothing();
    // An earlier upload of a spreadsheet that was not a CSV: the message box and the error result page show why it failed.
    await notifyUpload(tx, { taskId: demoProject.taskId, userId: ids.adminId, ok: false, reasonKey: 'e.upload.wrongType' });
    await seedBoardsDemo(tx, { companyId: ids.customerId });
    // After the boards' history: the any-hour task has none, its calls are the ones the user starts.
    await seedAnyHourTask(tx, { taskId: demoProject.taskId, adminId: ids.adminId });
    await seedTemplatesDemo(tx, { companyId: ids.customerId, adminId: ids.adminId });
    return accounts.map((a) => ({
      username: a.username,
      role: a.authLevel,
      password,
      company: a.companyId === provider!.id ? provider!.name : customer!.name,
    }));
  });
}
