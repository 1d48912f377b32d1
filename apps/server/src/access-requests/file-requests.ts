import { and, eq, or, sql } from 'drizzle-orm';
import type { ForgotPasswordInput, RegisterInput } from '@dialwise/contracts';
import type { Db } from '../db/client.ts';
import { accessRequests, companies, users } from '../db/schema.ts';
import { recordAudit } from '../db/record-audit.ts';

export interface Requester {
  ip: string;
  traceId: string;
}

/**
 * "Forgot password" files a reset request that the user's company administrators see; there is no
 * e-mail server in an on-premises B2B console. The caller learns nothing about whether the user exists.
 */
export async function filePasswordReset(db: Db, input: ForgotPasswordInput, who: Requester): Promise<void> {
  const name = input.username.trim();
  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${name})`, and(eq(users.phoneNumber, name), sql`${users.phoneNumber} <> ''`)))
    .limit(1);
  if (!user) return;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accessRequests)
      .values({
        kind: 'password_reset',
        companyId: user.companyId,
        userId: user.id,
        username: user.username,
        payload: input.note ? { note: input.note } : {},
        ip: who.ip,
      })
      .returning({ id: accessRequests.id });
    await recordAudit(
      tx,
      { actorId: null, actorName: null, companyId: user.companyId, traceId: who.traceId },
      {
        action: 'create',
        entity: 'access_request',
        entityId: row!.id,
        changes: { kind: 'password_reset', username: user.username },
      },
    );
  });
}

/** "Register" files an access request for the provider's staff: accounts are not self-served. */
export async function fileAccessRequest(db: Db, input: RegisterInput, who: Requester): Promise<void> {
  const [provider] = await db.select({ id: companies.id }).from(companies).where(eq(companies.isProvider, true)).limit(1);
  await db.transaction(async (tx) => {
    const payload = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Record<string, string>;
    const [row] = await tx
      .insert(accessRequests)
      .values({ kind: 'register', companyId: null, payload, ip: who.ip })
      .returning({ id: accessRequests.id });
    await recordAudit(
      tx,
      { actorId: null, actorName: null, companyId: provider?.id ?? null, traceId: who.traceId },
      {
        action: 'create',
        entity: 'access_request',
        entityId: row!.id,
        changes: { kind: 'register', companyName: input.companyName, email: input.email },
      },
    );
  });
}
