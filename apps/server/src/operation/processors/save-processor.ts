import { and, eq, ne, sql } from 'drizzle-orm';
import { ErrorCode, parseExtraOptions, type Processor, type ProcessorInput, type ProcessorUpdate } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, diffChanges, recordAudit } from '../../db/record-audit.ts';
import type { Tx } from '../../db/client.ts';
import { llms, processors } from '../../db/schema.ts';
import { nextEditVersion } from '../../db/edit-version.ts';
import { AppError } from '../../http/app-error.ts';
import { findProcessor } from './list-processors.ts';
import { scenariosUsing } from './scenarios-using.ts';

/** The chosen model must exist and belong to the chosen vendor (the form picks the vendor, then the model). */
async function checkModel(tx: Tx, input: ProcessorInput): Promise<void> {
  const [llm] = await tx.select({ vendor: llms.vendor }).from(llms).where(eq(llms.id, input.llmId));
  if (!llm) throw AppError.onField('llmId', 'e.processor.llmMissing');
  if (llm.vendor.toLowerCase() !== input.llmVendor.toLowerCase())
    throw AppError.onField('llmId', 'e.processor.llmVendor', { vendor: input.llmVendor });
}

async function checkAliasFree(tx: Tx, alias: string, exceptId?: string): Promise<void> {
  const same = sql`lower(${processors.alias}) = lower(${alias})`;
  const [clash] = await tx
    .select({ id: processors.id })
    .from(processors)
    .where(exceptId ? and(same, ne(processors.id, exceptId)) : same);
  if (clash) throw new AppError(ErrorCode.CONFLICT, 'e.processor.aliasExists');
}

function columns(input: ProcessorInput) {
  const extra = parseExtraOptions(input.extraOptions);
  return {
    alias: input.alias,
    state: input.state,
    type: input.type,
    isPublic: input.isPublic,
    llmId: input.llmId,
    systemPrompt: input.systemPrompt,
    temperature: input.temperature,
    topP: input.topP ?? null,
    // The schema has refused anything but an object already.
    extraOptions: extra.ok ? extra.value : {},
  };
}

export async function createProcessor(ctx: ActionContext, input: ProcessorInput): Promise<Processor> {
  return ctx.db.transaction(async (tx) => {
    await checkAliasFree(tx, input.alias);
    await checkModel(tx, input);
    const values = columns(input);
    const [row] = await tx
      .insert(processors)
      .values({ ...values, createdBy: ctx.actor.userId, updatedBy: ctx.actor.userId })
      .returning({ id: processors.id });
    await recordAudit(tx, auditWho(ctx), { action: 'create', entity: 'processor', entityId: row!.id, changes: values });
    return (await findProcessor(tx, row!.id))!;
  });
}

/** Edits a processor. Its type cannot change while a scenario uses it: the scenario's slots need that type. */
export async function updateProcessor(ctx: ActionContext, input: ProcessorUpdate): Promise<Processor> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(processors).where(eq(processors.id, input.id)).for('update');
    if (!before) throw AppError.notFound();
    const version = nextEditVersion(before, input.version);
    await checkAliasFree(tx, input.alias, input.id);
    await checkModel(tx, input);
    if (before.type !== input.type) {
      const names = await scenariosUsing(tx, input.id);
      if (names.length > 0) throw new AppError(ErrorCode.CONFLICT, 'e.processor.typeInUse', { scenarios: names.join(', ') });
    }
    const values = columns(input);
    const changes = diffChanges(before, values);
    if (Object.keys(changes).length === 0) return (await findProcessor(tx, input.id))!;
    await tx
      .update(processors)
      .set({ ...values, version, updatedBy: ctx.actor.userId, updatedAt: new Date() })
      .where(eq(processors.id, input.id));
    await recordAudit(tx, auditWho(ctx), { action: 'update', entity: 'processor', entityId: input.id, changes });
    return (await findProcessor(tx, input.id))!;
  });
}
