import type { tasks } from '@dialwise/server/src/db/schema.ts';

/**
 * A task row for a bench's own database: in `project`, speaking the granted scenario and voice, calling on
 * weekdays 09:00–18:00 with no prologue.
 */
export function officeHoursTask(
  project: { id: string; companyId: string },
  catalogue: { scenarioId: string; voiceId: string },
  name: string,
  status: (typeof tasks.$inferInsert)['status'],
) {
  return {
    projectId: project.id,
    companyId: project.companyId,
    name,
    status,
    ...catalogue,
    callStart: '09:00',
    callEnd: '18:00',
    weekdays: [1, 2, 3, 4, 5],
    advanced: { prologues: [] },
  } satisfies typeof tasks.$inferInsert;
}
