import { eq } from 'drizzle-orm';
import type { ProfileUpdate, SelfInfo } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { companyFacts, toSelfInfo } from '../auth/self-info.ts';
import { auditWho, diffChanges, recordAudit } from '../db/record-audit.ts';
import { accountConflict } from '../accounts/account-conflict.ts';
import { users } from '../db/schema.ts';
import { nextEditVersion } from '../db/edit-version.ts';
import { AppError } from '../http/app-error.ts';

/** The signed-in user edits their own alias, phone and e-mail (phone numbers stay unique: 409). */
export async function updateSelfInfo(ctx: ActionContext, input: ProfileUpdate, now: Date): Promise<SelfInfo> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, ctx.actor.userId)).for('update');
      if (!before) throw AppError.notFound();
      const version = nextEditVersion(before, input.version);
      const next = { alias: input.alias, phoneNumber: input.phoneNumber, email: input.email };
      const changes = diffChanges({ alias: before.alias, phoneNumber: before.phoneNumber, email: before.email }, next);
      if (Object.keys(changes).length === 0) return toSelfInfo(before, await companyFacts(tx, before.companyId));
      const [after] = await tx
        .update(users)
        .set({ ...next, version, updatedAt: now })
        .where(eq(users.id, before.id))
        .returning();
      await recordAudit(tx, auditWho(ctx), { action: 'update', entity: 'profile', entityId: before.id, changes });
      return toSelfInfo(after!, await companyFacts(tx, after!.companyId));
    });
  } catch (error) {
    throw accountConflict(error, { phoneNumber: input.phoneNumber });
  }
}
