import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import type { Tx } from '../db/client.ts';
import { projectOperators, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

/**
 * Replaces the agents assigned to a project. "Projects an OPR works on" is not defined by the spec: we
 * read it as this explicit assignment by an ADMIN. Every id must be an OPR account of the project's
 * company (another company's account, an ADMIN, an unknown id: 400 naming the field, nothing written).
 * Answers what changed, for the caller's audit entry.
 */
export async function setProjectOperators(
  tx: Tx,
  ctx: ActionContext,
  projectId: string,
  userIds: readonly string[],
): Promise<{ added: string[]; removed: string[] }> {
  const wanted = [...new Set(userIds)];
  if (wanted.length > 0) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, wanted), eq(users.companyId, ctx.actor.companyId), eq(users.authLevel, 'OPR')));
    if (found.length !== wanted.length) {
      throw new AppError(ErrorCode.VALIDATION, 'v.project.operators', {}, { fields: [{ path: 'operatorIds' }] });
    }
  }
  const current = (
    await tx.select({ userId: projectOperators.userId }).from(projectOperators).where(eq(projectOperators.projectId, projectId))
  ).map((row) => row.userId);
  const added = wanted.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !wanted.includes(id));
  if (removed.length > 0) {
    await tx.delete(projectOperators).where(and(eq(projectOperators.projectId, projectId), inArray(projectOperators.userId, removed)));
  }
  if (added.length > 0) {
    await tx.insert(projectOperators).values(added.map((userId) => ({ projectId, userId, companyId: ctx.actor.companyId })));
  }
  return { added, removed };
}
