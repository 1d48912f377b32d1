import { eq } from 'drizzle-orm';
import type { Llm, LlmInput, LlmUpdate } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, diffChanges, recordAudit } from '../../db/record-audit.ts';
import { llms } from '../../db/schema.ts';
import { nextEditVersion } from '../../db/edit-version.ts';
import { AppError } from '../../http/app-error.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { checkOutboundField } from '../../net/check-outbound-field.ts';
import { findLlm } from './list-llms.ts';

function columns(input: LlmInput) {
  return {
    vendor: input.vendor,
    modelType: input.modelType,
    modelName: input.modelName,
    calledName: input.calledName,
    tag: input.tag ?? '',
    url: input.url,
    keyName: input.keyName,
  };
}

/** Adds a model; the key (if any) is sealed before it touches the database. */
export async function createLlm(ctx: ActionContext, secrets: SecretBox, input: LlmInput): Promise<Llm> {
  await checkOutboundField(input.url, 'url');
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(llms)
      .values({
        ...columns(input),
        apiKeySealed: input.apiKey ? secrets.seal(input.apiKey) : null,
        createdBy: ctx.actor.userId,
        updatedBy: ctx.actor.userId,
      })
      .returning({ id: llms.id });
    // The audit entry records that a key was set, never the key.
    await recordAudit(tx, auditWho(ctx), {
      action: 'create',
      entity: 'llm',
      entityId: row!.id,
      changes: { ...columns(input), keySet: Boolean(input.apiKey) },
    });
    return (await findLlm(tx, row!.id))!;
  });
}

/** Edits a model: a blank key keeps the stored one, `clearApiKey` removes it. */
export async function updateLlm(ctx: ActionContext, secrets: SecretBox, input: LlmUpdate): Promise<Llm> {
  await checkOutboundField(input.url, 'url');
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(llms).where(eq(llms.id, input.id)).for('update');
    if (!before) throw AppError.notFound();
    const version = nextEditVersion(before, input.version);
    const next = columns(input);
    const apiKeySealed = input.apiKey ? secrets.seal(input.apiKey) : input.clearApiKey ? null : before.apiKeySealed;
    const changes: Record<string, unknown> = diffChanges({ ...columns({ ...before, tag: before.tag }) }, next);
    if (input.apiKey) changes.keyChanged = true;
    else if (input.clearApiKey && before.apiKeySealed) changes.keyRemoved = true;
    if (Object.keys(changes).length === 0) return (await findLlm(tx, input.id))!;
    await tx
      .update(llms)
      .set({ ...next, apiKeySealed, version, updatedBy: ctx.actor.userId, updatedAt: new Date() })
      .where(eq(llms.id, input.id));
    await recordAudit(tx, auditWho(ctx), { action: 'update', entity: 'llm', entityId: input.id, changes });
    return (await findLlm(tx, input.id))!;
  });
}
