import type { DbOrTx } from '@dialwise/server/src/db/client.ts';
import { companies, companyGrants, projects, scenarios, sessions, tasks, users, voices } from '@dialwise/server/src/db/schema.ts';
import { hashSessionToken, newSessionToken } from '@dialwise/server/src/auth/session-tokens.ts';
import { officeHoursTask } from './task-row.ts';

/**
 * The company the upload and API benches work in, written straight into their own database: an ADMIN with a
 * live session (its token, for `Authorization: Bearer`), a scenario and a voice granted to the company, a
 * PLAIN_TEXT project, and one not-started office-hours task per name. Answers the ids and the token.
 */
export async function seedBenchCompany<Name extends string>(db: DbOrTx, taskNames: readonly Name[]) {
  const token = newSessionToken();
  const [company] = await db.insert(companies).values({ name: 'Bench', suffix: 'bench', adminEmail: 'bench@x.test' }).returning();
  const [user] = await db
    .insert(users)
    .values({ companyId: company!.id, username: 'bench', alias: 'Bench', authLevel: 'ADMIN', passwordHash: 'x' })
    .returning();
  await db.insert(sessions).values({ userId: user!.id, tokenHash: hashSessionToken(token), expiresAt: new Date(Date.now() + 86_400_000) });
  const [scenario] = await db.insert(scenarios).values({ name: 'Bench scenario' }).returning();
  const [voice] = await db.insert(voices).values({ nickname: 'Bench', vendor: 'volcano', originalVoiceId: 'bench01' }).returning();
  await db.insert(companyGrants).values([
    { companyId: company!.id, kind: 'scenario', refId: scenario!.id },
    { companyId: company!.id, kind: 'voice', refId: voice!.id },
  ]);
  const [project] = await db
    .insert(projects)
    .values({ companyId: company!.id, name: 'Bench', encryptionType: 'PLAIN_TEXT', createdBy: user!.id })
    .returning();
  const taskIds = {} as Record<Name, string>;
  for (const name of taskNames) {
    const [task] = await db
      .insert(tasks)
      .values({ ...officeHoursTask(project!, { scenarioId: scenario!.id, voiceId: voice!.id }, name, 'pending'), createdBy: user!.id })
      .returning({ id: tasks.id });
    taskIds[name] = task!.id;
  }
  return { companyId: company!.id, projectId: project!.id, token, taskIds };
}
