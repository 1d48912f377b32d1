import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode, type MessageKey, type TaskInput } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { companyGrants, scenarios, sipLines, voices } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

/** Whether catalogue entry `id` (of `table`) exists and is granted to the company. */
async function grantedEntry(
  db: DbOrTx,
  companyId: string,
  kind: 'scenario' | 'voice',
  table: typeof scenarios | typeof voices,
  id: string,
): Promise<boolean> {
  const [found] = await db
    .select({ id: table.id })
    .from(table)
    .innerJoin(companyGrants, and(eq(companyGrants.refId, table.id), eq(companyGrants.kind, kind), eq(companyGrants.companyId, companyId)))
    .where(eq(table.id, id))
    .limit(1);
  return found !== undefined;
}

/**
 * The scenario and voice must be granted to the caller's company, and every line must be one of its own.
 * A refusal is a validation error naming the field, like a schema failure, so the form shows it in place.
 */
export async function checkTaskChoices(
  db: DbOrTx,
  ctx: ActionContext,
  input: Pick<TaskInput, 'scenarioId' | 'voiceId' | 'sipLineIds'>,
): Promise<void> {
  const companyId = ctx.actor.companyId;
  // One after the other: `db` is the create/edit transaction, one connection, which takes one query at a time
  // (node-postgres queues overlapping ones with a deprecation warning, and pg 9 refuses them).
  const scenario = await grantedEntry(db, companyId, 'scenario', scenarios, input.scenarioId);
  const voice = await grantedEntry(db, companyId, 'voice', voices, input.voiceId);
  const lines = await db
    .select({ id: sipLines.id })
    .from(sipLines)
    .where(and(eq(sipLines.companyId, companyId), inArray(sipLines.id, input.sipLineIds)));
  // `data.fields` names the field; the envelope's message (in the caller's language) says why.
  const refuse = (path: string, key: MessageKey) => {
    throw new AppError(ErrorCode.VALIDATION, key, {}, { fields: [{ path }] });
  };
  if (!scenario) refuse('scenarioId', 'e.task.scenarioNotGranted');
  if (!voice) refuse('voiceId', 'e.task.voiceNotGranted');
  if (lines.length !== new Set(input.sipLineIds).size) refuse('sipLineIds', 'e.task.lineNotFound');
}
